"""The predator: the steady player (steady.py), but one who hunts other players when it pays.

It sees what the steady player sees, and the other players' boards as the roster shows them
(slugcat, region, karma, food, the Mark, their companions), never another player's hand, beyond
what the engine's strike odds tell a striker (strike_back_risk: the victim's likeliest answer).
Everything else it plays as the steady player does; the difference is the other players:

- Hunting and striking. Each turn it weighs a hunt of every player it may hunt, and a strike at the
  one it hunted, as the steady player weighs a fight: the chance the strike kills (the engine's odds,
  companions and each item in hand tried) times what a kill brings, less the chance of dying to the
  victim's answer (the engine's strike-back risk) times what that death would cost, less the turns
  it takes (a hunt now and a strike next turn) at what a draw or a food token would have brought.
  It hunts or strikes only when that comes out above nothing.
- What a kill brings: the meat its diet gets (up to the food it still needs, as the steady player
  counts a creature's food) and the harm done to a rival. A player's death costs them their karma
  point and the rounds they sit out (the rest of the cycle, or rules.toml's
  player_kill_rounds_out); in a race among several, one rival's loss is shared among all the others,
  so the predator counts one share of it for each rival still in the game, two when the victim is
  further along the way to ascending than itself.
- Answering a strike: fight back or flee, with or without an item, by the same sums (a kill brings
  meat and harm; a flee keeps that hunter off for the rest of the cycle, where a failed answer
  leaves it free to strike again).
- Being hunted: fed, with a shelter to sleep in, and tracked by someone likely to kill it, it sleeps
  now rather than wait for the blow.
- Hunter Long Legs: once hunted, it may be tamed instead of struck; the predator does so when an
  explosive companion and a rival held back are worth the food it costs.
"""

from __future__ import annotations

from fractions import Fraction

from rainboard.data import GameData
from rainboard.engine import GameState, legal_actions
from rainboard.engine.actions import Attack, Draw, Flee, Hibernate, Hunt, Strike, TakeFood, TamePlayer
from rainboard.engine.items import held_items
from rainboard.engine.queries import chance, ending_stage, food_gain, food_needed, has_shelter, hunters_of, \
    is_fed, plan_chance, player_attack_plan, strike_back_risk, tame_cost, token_gain
from rainboard.engine.state import ASCENDED, AWAKE, Duel

from .steady import DEATH_COST, SteadyPolicy

KARMA_SHARE = 0.5  # of a death's cost (steady.DEATH_COST), the karma point; the rest is the cycle lost
LEADER = 2  # shares of a rival's loss the predator counts when the rival is further along than itself
ITEM_COST = 0.25  # an item used up, as the steady player counts it
STAYS = Fraction(4, 5)  # the chance a hunted player is still there to strike next turn
AGAIN = Fraction(1, 2)  # the chance a hunter left standing comes back for another strike this cycle
SLEEP_WHEN_HUNTED = Fraction(3, 10)  # tracked by someone this likely to kill it, a fed predator sleeps
COMPANION = 3.0  # a tamed Hunter Long Legs at its side, in food pips
TAME_COST = 1.5  # what the steady player takes off a tame, beyond the food short of the line


class PredatorPolicy(SteadyPolicy):
    """SteadyPolicy, hunting and striking other players by expected value (module docstring)."""

    def __init__(self, data: GameData, chooser):
        super().__init__(data, chooser)

    def __call__(self, state: GameState):
        legal = legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        pending = state.pending
        if isinstance(pending, Duel):
            return self._answer(state, pending, legal)
        if pending is None and state.to_act is not None and state.players[state.to_act].slugcat is not None:
            choice = self._hunting_turn(state, state.to_act, legal)
            if choice is not None:
                return choice
        return super().__call__(state)

    # -- what a death is worth --------------------------------------------------------------------------
    @staticmethod
    def death_loss(state: GameState) -> float:
        """What dying at another player's hand costs, in food pips: the karma point, and the share
        of the cycle sat out (player_kill_rounds_out rounds of those left, or all of them)."""
        out = state.data.rules.player_kill_rounds_out
        left = state.rain + 1
        lost = 1.0 if out == 0 else min(1.0, out / left)
        return DEATH_COST * (KARMA_SHARE + (1 - KARMA_SHARE) * lost)

    def kill_gain(self, state: GameState, index: int, victim: int) -> float:
        """A kill of `victim` by `index`, in food pips: the meat (up to the food still needed) and
        the harm to a rival."""
        need = max(0, food_needed(state, index) - state.players[index].food)
        meat = float(food_gain(state, index, state.data.rules.player_kill_food, "meat").worth)
        return min(need, meat) + self.harm(state, index, victim)

    def harm(self, state: GameState, index: int, victim: int) -> float:
        """What `index` gains from `victim` dying: the victim's loss, one share of it for each rival
        of `index` still in the game, LEADER shares when the victim is further along (at most all)."""
        rivals = sum(1 for j, p in enumerate(state.players) if j != index and p.status != ASCENDED)
        shares = LEADER if self._ahead(state, victim, index) else 1
        return min(1.0, shares / max(1, rivals)) * self.death_loss(state)

    def _ahead(self, state: GameState, one: int, other: int) -> bool:
        """`one` is further along the way to ascending than `other`: further along the ending, else
        nearer its next goal by the steady player's route."""
        a, b = ending_stage(state.players[one]), ending_stage(state.players[other])
        if a != b:
            return a > b
        return self._cost(state, one) < self._cost(state, other)

    # -- a turn ---------------------------------------------------------------------------------------------
    def _hunting_turn(self, state: GameState, index: int, legal: list):
        """A sleep, a strike, a tame or a hunt that beats ordinary play this turn; None to play on
        as the steady player."""
        sleep = next((a for a in legal if isinstance(a, Hibernate)), None)
        if sleep is not None and is_fed(state, index) and self._threat(state, index) >= SLEEP_WHEN_HUNTED:
            return sleep
        strikes = [a for a in legal if isinstance(a, (Strike, TamePlayer))]
        hunts = [a for a in legal if isinstance(a, Hunt)]
        if not strikes and not hunts:
            return None
        turn = self._turn_value(state, index, legal)
        best, best_value = None, 0.0
        for action in strikes:
            value = self.strike_value(state, index, action) - turn
            if value > best_value:
                best, best_value = action, value
        if self._turns_left(state) >= 3:  # a turn to hunt, one to strike, one to spare
            for action in hunts:
                value = float(STAYS) * self.best_strike(state, index, action.target) - 2 * turn
                if value > best_value:
                    best, best_value = action, value
        return best

    def _turn_value(self, state: GameState, index: int, legal: list) -> float:
        """What a turn of ordinary play brings, in food pips: the better of a draw and a food token
        (nothing when the player may not draw: a creature form that must hunt)."""
        draw = next((a for a in legal if isinstance(a, Draw)), None)
        if draw is None:
            return 0.0
        need = food_needed(state, index) - state.players[index].food
        value = self._draw_value(state, index, draw, need, has_shelter(state, index))
        if need > 0 and any(isinstance(a, TakeFood) for a in legal):
            value = max(value, float(token_gain(state, index).worth))
        return max(value, 0.0)

    def strike_value(self, state: GameState, index: int, action) -> float:
        """A strike at the hunted player (or a tame of its creature form), in food pips."""
        if isinstance(action, TamePlayer):
            form = state.data.cards[state.players[action.target].form]
            cost = tame_cost(state, index, form)[0]
            short = max(0, food_needed(state, index) - (state.players[index].food - cost))
            return COMPANION + self.harm(state, index, action.target) - short - TAME_COST
        kills = chance(state, action)
        dies = (1 - kills) * strike_back_risk(state, index, action.target)
        value = float(kills) * self.kill_gain(state, index, action.target) - float(dies) * self.death_loss(state)
        item = state.data.cards[action.item] if action.item else None
        return value - (ITEM_COST if item is not None and not item.reusable else 0.0)

    def best_strike(self, state: GameState, index: int, victim: int) -> float:
        """The best strike `index` could make at `victim` with what it holds now."""
        items = [None] + [item.id for item in held_items(state, index) if item.usable_in_attack]
        return max(self.strike_value(state, index, Strike(victim, item)) for item in items)

    def _threat(self, state: GameState, index: int) -> Fraction:
        """The chance the likeliest of the players tracking this one kills it with its strike
        (bare-handed: their hands are not on show)."""
        worst = Fraction(0)
        for hunter in hunters_of(state, index):
            if state.players[hunter].status == AWAKE:
                worst = max(worst, plan_chance(state, player_attack_plan(state, hunter, index)))
        return worst

    # -- answering a strike ----------------------------------------------------------------------------------
    def _answer(self, state: GameState, duel: Duel, legal: list):
        """Fight back or flee, by what each brings: a kill's gain, or safety from this hunter."""
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
            item = state.data.cards[action.item] if action.item else None
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
        return float(AGAIN * kills) * self.death_loss(state)
