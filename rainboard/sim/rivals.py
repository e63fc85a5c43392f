"""How the steady player (steady.py) deals with other players: answering a strike, sleeping when a
likely killer has tracked it down, taming a creature form that must hunt whoever it finds, and
what a death at another player's hand costs and a kill of one brings, in food pips. The predator
(predator.py) weighs its hunts with the same sums."""

from __future__ import annotations

from fractions import Fraction

from rainboard.engine import GameState
from rainboard.engine.actions import Attack, Flee, Hunt, TamePlayer
from rainboard.engine.hunts import must_hunt
from rainboard.engine.queries import chance, food_gain, food_needed, hunters_of, plan_chance, player_attack_plan, \
    player_kill_food, tame_cost
from rainboard.engine.state import Duel

DEATH_COST = 12  # a death, in food pips: a karma point and the rest of the cycle
ITEM_COST = 0.25  # an item used up
KARMA_SHARE = 0.5  # of a death's cost (DEATH_COST), the karma point; the rest is the cycle lost
AGAIN = Fraction(1, 2)  # the chance a hunter left free comes back for another strike this cycle
CHEAP_TAME = 2  # food pips it will pay to tame a creature form that must hunt whoever it finds


class Rivals:
    """The steady player's dealings with other players (a part of SteadyPolicy, which gives `_item`)."""

    @staticmethod
    def _threat(state: GameState, index: int) -> Fraction:
        """The chance the likeliest of the players tracking this one down kills it with the strike
        they may make next turn (bare-handed, companions beside them: their hands are not on show)."""
        worst = Fraction(0)
        for hunter in hunters_of(state, index):
            worst = max(worst, plan_chance(state, player_attack_plan(state, hunter, index)))
        return worst

    @staticmethod
    def death_loss(state: GameState, index: int) -> float:
        """What dying at another player's hand costs player `index`, in food pips: the karma point
        (none to lose at the lowest karma), and the share of the cycle sat out
        (player_kill_rounds_out rounds of those left, or all of them)."""
        rules = state.data.rules
        karma = KARMA_SHARE if state.players[index].karma > rules.karma_min else 0.0
        out = rules.player_kill_rounds_out
        lost = 1.0 if out == 0 else min(1.0, out / (state.rain + 1))
        return DEATH_COST * (karma + (1 - KARMA_SHARE) * lost)

    def kill_gain(self, state: GameState, index: int, victim: int) -> float:
        """A kill of player `victim` by `index`, in food pips: the meat, up to the food still needed
        (as a creature's food counts in a fight)."""
        need = max(0, food_needed(state, index) - state.players[index].food)
        return min(need, float(food_gain(state, index, player_kill_food(state, victim), "meat").worth))

    def _calm(self, state: GameState, index: int, legal: list):
        """A creature form that must hunt whoever it finds (Hunter Long Legs), here with this player,
        and cheap to tame: tame it once tracked down (a tame is not a fight), or track it down now.
        None otherwise."""
        for action in legal:
            if isinstance(action, TamePlayer):
                return action
        for action in legal:
            if isinstance(action, Hunt) and self._tameable_threat(state, index, action.target):
                return action
        return None

    @staticmethod
    def _tameable_threat(state: GameState, index: int, target: int) -> bool:
        them = state.players[target]
        if them.form is None or them.tamed_by is not None or not must_hunt(state, target):
            return False
        cost = tame_cost(state, index, state.data.cards[them.form])
        return cost is not None and cost[0] <= min(CHEAP_TAME, state.players[index].food)

    def _answer(self, state: GameState, duel: Duel, legal: list):
        """Struck at: fight back or flee, by what each brings (a kill's gain; either, failing, leaves
        the hunter free to strike again this cycle; a flee that works keeps it off)."""
        index, attacker = duel.player, duel.attacker
        again = self._again(state, index, attacker)
        gain = self.kill_gain(state, index, attacker)
        best, best_value = None, None
        for action in legal:
            if not isinstance(action, (Attack, Flee)):
                continue
            success = float(chance(state, action))
            value = success * gain if isinstance(action, Attack) else 0.0
            value -= (1 - success) * again
            item = self._item(action.item)
            if item is not None and not item.reusable:
                value -= ITEM_COST
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best

    def _again(self, state: GameState, index: int, attacker: int) -> float:
        """What a hunter left free to strike again costs, in food pips: it may come back this cycle."""
        if state.rain < 2:
            return 0.0
        kills = plan_chance(state, player_attack_plan(state, attacker, index))
        return float(AGAIN * kills) * self.death_loss(state, index)
