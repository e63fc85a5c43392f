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
  point (if they have one to lose) and the rounds they sit out (the rest of the cycle, or
  rules.toml's player_kill_rounds_out); in a race among several, one player's loss is every other
  player's gain alike, so the predator counts one share of it per rival the victim has.
- Answering a strike: as the steady player does (fight back or flee, with or without an item, by
  what each brings), but a kill brings the harm to a rival as well as the meat.
- Being hunted: as the steady player, fed and tracked by someone likely to kill it, it sleeps now
  in a kept shelter rather than wait for the blow.
- Hunter Long Legs: once hunted, it may be tamed instead of struck; the predator does so when an
  explosive companion and a rival held back are worth the food it costs.
"""

from __future__ import annotations

from fractions import Fraction

from rainboard.data import GameData
from rainboard.engine import GameState, legal_actions
from rainboard.engine.actions import Draw, Hunt, Strike, TakeFood, TamePlayer
from rainboard.engine.items import held_items
from rainboard.engine.queries import chance, food_needed, has_shelter, strike_back_risk, tame_cost, token_gain
from rainboard.engine.state import ASCENDED

from .rivals import ITEM_COST
from .steady import SteadyPolicy

STAYS = Fraction(4, 5)  # the chance a hunted player is still there to strike next turn
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
        if pending is None and state.to_act is not None and state.players[state.to_act].slugcat is not None:
            choice = self._hunting_turn(state, state.to_act, legal)
            if choice is not None:
                return choice
        return super().__call__(state)

    # -- what a kill is worth ------------------------------------------------------------------------------
    def kill_gain(self, state: GameState, index: int, victim: int) -> float:
        """A kill of `victim` by `index`, in food pips: the meat (up to the food still needed) and
        the harm to a rival."""
        return super().kill_gain(state, index, victim) + self.harm(state, index, victim)

    @staticmethod
    def harm(state: GameState, index: int, victim: int) -> float:
        """What `index` gains from `victim` dying: the victim's loss, shared among all the victim's
        rivals still in the game (one share to `index`). Every rival gains alike from one player's
        setback; counting more for a victim further along had all the predators at a table fall on
        whoever led, cycle after cycle, and some games never ended."""
        rivals = sum(1 for j, p in enumerate(state.players) if j != victim and p.status != ASCENDED)
        return SteadyPolicy.death_loss(state, victim) / max(1, rivals)

    # -- a turn ---------------------------------------------------------------------------------------------
    def _hunting_turn(self, state: GameState, index: int, legal: list):
        """A strike, a tame or a hunt that beats ordinary play this turn; None to play on as the
        steady player."""
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
        value = float(kills) * self.kill_gain(state, index, action.target)
        value -= float(dies) * self.death_loss(state, index)
        item = state.data.cards[action.item] if action.item else None
        return value - (ITEM_COST if item is not None and not item.reusable else 0.0)

    def best_strike(self, state: GameState, index: int, victim: int) -> float:
        """The best strike `index` could make at `victim` with what it holds now, or a tame of the
        victim's creature form if it can pay for one now."""
        items = [None] + [item.id for item in held_items(state, index) if item.usable_in_attack]
        best = max(self.strike_value(state, index, Strike(victim, item)) for item in items)
        form = state.players[victim].form
        if form is not None:
            cost = tame_cost(state, index, state.data.cards[form])
            if cost is not None and cost[0] <= state.players[index].food:
                best = max(best, self.strike_value(state, index, TamePlayer(victim)))
        return best
