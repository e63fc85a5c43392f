"""The steady player: what a careful person at the table would do, knowing only what they can see.

It knows its own hand and board, the rain timer, the printed deck lists (decks/) and what the
engine's rule queries answer (odds included). It never looks at the order of a deck.

Its plan, in words:
- Route: the fewest steps to Five Pebbles (for the Mark) and then to Subterranean, where a step is a
  gate crossed or a cycle slept to raise karma for a gate that asks more than it has.
- Each cycle: when karma is what stands in the way, eat to the line and sleep as soon as it can;
  when a gate card is what it lacks, keep drawing for it and sleep only as the rain closes in.
- Food: a food token or a draw, whichever gives more for the turn (a draw may also bring a shelter
  or a gate); a shelter search when fed and the rain leaves time for it; starving in a kept shelter
  rather than dying in the rain.
- Fights: attack, flee or tame, by the chance of dying each way and the food a kill brings.
- Other players: it never hunts one unless its creature form must. Struck at, it fights back or
  flees (with or without an item) as it judges a fight: fighting back may kill the hunter and feed
  it, a flee keeps that hunter off for the rest of the cycle, and either, failing, leaves the hunter
  free to come back. Tracked down by someone likely to kill it, and fed with a kept shelter, it
  sleeps at once.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from fractions import Fraction

from rainboard.data import GameData
from rainboard.data.models import CardKind
from rainboard.engine import GameState, legal_actions
from rainboard.engine.actions import Attack, Buy, CrossGate, Draw, Eat, Flee, Give, Hibernate, Hunt, Keep, \
    Leave, SearchShelter, Starve, Strike, TakeFood, Tame, TamePlayer, Walk
from rainboard.engine.queries import chance, food_gain, food_needed, gate_karma, has_shelter, is_fed, \
    meeting_odds, search_turns, strike_risk, tame_cost, token_gain
from rainboard.engine.state import PRECYCLE_DECK, Decision, Duel, Encounter, Market

from .rivals import DEATH_COST, ITEM_COST, Rivals

HOP = 1.0  # route cost of a gate crossed
RAISE = 1.0  # route cost of a cycle slept for a karma point
GATE_TURNS = 5  # draws a wanted gate card found now saves later (the policy's own estimate)
SLEEP_WHEN_HUNTED = Fraction(3, 10)  # tracked by a player this likely to kill it, a fed player sleeps


class SteadyPolicy(Rivals):
    def __init__(self, data: GameData, chooser):
        self.data = data
        self.chooser = chooser
        self.mark_region = next(r for r, reg in data.regions.items() if reg.gives_mark)
        self.end_region = next(r for r, reg in data.regions.items() if reg.ascension)
        self.links: dict[str, list[tuple[str | None, str]]] = {r: [] for r in data.regions}
        for region_id, region in data.regions.items():
            self.links[region_id] += [(None, other) for other in region.free_crossings]
        for gate_id, gate in data.gates.items():
            self.links[gate.a].append((gate_id, gate.b))
            self.links[gate.b].append((gate_id, gate.a))
        self.decks: dict[str, Counter] = {}
        for region_id, region in data.regions.items():
            deck = Counter({e.card: e.count for e in region.deck})
            for gate_id, gate in data.gates.items():
                if region_id in (gate.a, gate.b):
                    link = next(g for g in region.gates if g.to == gate.other(region_id))
                    deck[gate_id] += link.copies
            self.decks[region_id] = deck
        self.decks[PRECYCLE_DECK] = Counter({e.card: e.count for e in data.precycle_deck})
        self._routes: dict[tuple, dict] = {}

    # -- the route -------------------------------------------------------------------------------------
    def _distance(self, state: GameState, goal: str) -> dict[tuple[str, int], float]:
        """Route cost from every (region, karma) to `goal`: gates crossed and karma points slept for."""
        key = (goal, state.data.fingerprint)
        if key in self._routes:
            return self._routes[key]
        top = state.data.rules.karma_max
        # backwards from the goal: (region, karma) reaches the goal for cost d
        dist: dict[tuple[str, int], float] = {}
        heap = [(0.0, goal, k) for k in range(1, top + 1)]
        while heap:
            cost, region, karma = heapq.heappop(heap)
            if (region, karma) in dist:
                continue
            dist[(region, karma)] = cost
            if karma > 1:  # one karma point less, then a cycle slept
                heapq.heappush(heap, (cost + RAISE, region, karma - 1))
            for gate_id, other in self.links[region]:  # someone at `other` steps here
                if gate_id is None:
                    heapq.heappush(heap, (cost + HOP / 4, other, karma))
                elif gate_karma(state, gate_id, other) <= karma:
                    heapq.heappush(heap, (cost + HOP, other, karma))
        self._routes[key] = dist
        return dist

    def _goal(self, state: GameState, index: int) -> str:
        return self.end_region if state.players[index].has_mark else self.mark_region

    def _cost(self, state: GameState, index: int, region: str | None = None, karma: int | None = None) -> float:
        player = state.players[index]
        dist = self._distance(state, self._goal(state, index))
        return dist.get((region or player.region, karma or player.karma), 99.0)

    def _onward(self, state: GameState, index: int, to: str) -> bool:
        """Crossing to `to` now brings the goal nearer."""
        return self._cost(state, index, to) < self._cost(state, index)

    def _wanted_gate(self, state: GameState, index: int, gate_id: str) -> bool:
        """The gate lies on a best route from here, now or once karma allows (worth keeping)."""
        player = state.players[index]
        gate = self.data.gates[gate_id]
        if player.region not in (gate.a, gate.b):
            return False
        needed = max(player.karma, gate_karma(state, gate_id, player.region))
        via = (needed - player.karma) * RAISE + HOP + self._cost(state, index, gate.other(player.region), needed)
        return via <= self._cost(state, index) + 1e-9

    def _needs_karma(self, state: GameState, index: int) -> bool:
        """Karma, not a gate card, is what the route waits for: sleep as soon as fed."""
        player = state.players[index]
        if player.has_mark and player.region == self.end_region:
            return True  # the ending's sleeps
        if player.karma >= state.data.rules.karma_max:
            return False
        here = self._cost(state, index)
        return self._cost(state, index, karma=player.karma + 1) + RAISE <= here + 1e-9

    # -- a turn ------------------------------------------------------------------------------------------
    def __call__(self, state: GameState):
        legal = legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        pending = state.pending
        if isinstance(pending, Encounter):
            return self._fight(state, pending, legal)
        if isinstance(pending, Decision):
            return self._decide(state, pending, legal)
        if isinstance(pending, Market):
            return self._trade(state, legal)
        if isinstance(pending, Duel):
            return self._answer(state, pending, legal)
        if state.to_act is None or state.players[state.to_act].slugcat is None:
            return self.chooser.choice(legal)
        return self._turn(state, state.to_act, legal)

    def _turns_left(self, state: GameState) -> int:
        return state.rain + 1

    def _turn(self, state: GameState, index: int, legal: list):
        player = state.players[index]
        fed = is_fed(state, index)
        left = self._turns_left(state)
        need = food_needed(state, index) - player.food
        # a food item eaten costs nothing
        for action in legal:
            if isinstance(action, Eat) and need > 0:
                return action
        sleep = next((a for a in legal if isinstance(a, (Hibernate, Starve))), None)
        if isinstance(sleep, Hibernate) and fed and self._threat(state, index) >= SLEEP_WHEN_HUNTED:
            return sleep  # tracked by someone likely to kill it: asleep, it cannot be struck
        safe_here = self.data.regions[player.region].sheltered_from_rain
        if not any(isinstance(a, Draw) for a in legal):
            # a creature form that must hunt: strike at the one it tracked, else track someone
            strikes = [a for a in legal if isinstance(a, (Strike, TamePlayer))]
            hunts = [a for a in legal if isinstance(a, Hunt)]
            if (strikes or hunts) and not (sleep is not None and left <= 2):
                return max(strikes, key=lambda a: chance(state, a) or 0) if strikes else hunts[0]
        calm = self._calm(state, index, legal)
        if calm is not None:
            return calm
        legal = [a for a in legal if not isinstance(a, (Hunt, Strike, TamePlayer))]  # no fights with friends
        # travel: onward gates held, free crossings
        if left >= 3 or safe_here:
            for action in legal:
                to = self._destination(state, index, action)
                if to is not None and self._onward(state, index, to):
                    if not (isinstance(sleep, Hibernate) and self._needs_karma(state, index)):
                        return action
        # sleep
        if sleep is not None and not safe_here:
            if isinstance(sleep, Hibernate) and (self._needs_karma(state, index) or left <= 1):
                return sleep
            if isinstance(sleep, Starve) and left <= 1:
                return sleep
            if isinstance(sleep, Starve) and not self._can_eat_in_time(state, index, need, left, True):
                if not self._wants_draws(state, index):
                    return sleep
        draw = next((a for a in legal if isinstance(a, Draw)), None)
        search = next((a for a in legal if isinstance(a, SearchShelter)), None)
        food = next((a for a in legal if isinstance(a, TakeFood)), None)
        if safe_here or draw is None:
            return draw or food or legal[0]
        sheltered = has_shelter(state, index)
        searching = search_turns(state)  # the rules in play say how long a search takes
        if fed and not sheltered and search is not None and searching <= left:
            if self._needs_karma(state, index) or left <= searching or not self._wants_draws(state, index):
                return search
        if fed or need <= 0:
            return draw
        # hungry: the better turn of food, counting what else a draw may bring
        if not self._can_eat_in_time(state, index, need, left, sheltered) and not sheltered:
            # the line is out of reach this cycle: a shelter to starve in is what matters
            if search is not None and searching <= left <= searching + 1:
                return search
            return draw
        token = float(token_gain(state, index).worth) if food is not None else 0
        value = self._draw_value(state, index, draw, need, sheltered)
        if food is not None and token >= value:
            return food
        return draw

    def _destination(self, state: GameState, index: int, action) -> str | None:
        if isinstance(action, Walk):
            return action.to
        if isinstance(action, CrossGate) and action.gate is not None:
            return self.data.gates[action.gate].other(state.players[index].region)
        return None

    def _wants_draws(self, state: GameState, index: int) -> bool:
        """Drawing still has a purpose this cycle: a gate card for the route, or the Mark."""
        player = state.players[index]
        if player.region == self.mark_region and not player.has_mark:
            return True
        if player.has_mark and player.region == self.end_region:
            return False
        return not self._needs_karma(state, index)

    def _can_eat_in_time(self, state: GameState, index: int, need: int, left: int, sheltered: bool) -> bool:
        per_turn = max(float(token_gain(state, index).worth), 0.5)
        turns = math.ceil(need / per_turn)
        return turns + (0 if sheltered else search_turns(state)) <= left

    def _draw_value(self, state: GameState, index: int, draw: Draw, need: int, sheltered: bool) -> float:
        """A draw's worth in food pips: food cards, prey likely killed, and a shelter found (saving a
        search) or a gate wanted, less the chance of dying to what comes up."""
        deck_id = state.players[index].region if draw.deck == "region" else draw.deck
        deck = self.decks[deck_id]
        total = sum(deck.values())
        token = max(float(token_gain(state, index).worth), 0.5)
        value = 0.0
        for card_id, count in deck.items():
            card = self.data.card(card_id)
            share = count / total
            if card.kind == CardKind.FOOD:
                value += share * min(need, float(food_gain(state, index, card.pips, card.food_type).worth))
            elif card.kind == CardKind.CREATURE:
                odds = meeting_odds(state, index, card_id)
                gain = min(need, float(food_gain(state, index, card.food, "meat").worth)) if card.edible else 0
                dies = self._death_chance(odds.kill, odds.struck)
                flee_dies = self._death_chance(odds.escape, odds.struck)
                value += share * max(float(odds.kill) * gain - dies * DEATH_COST, -flee_dies * DEATH_COST)
            elif card.kind == CardKind.SHELTER and not sheltered:
                value += share * search_turns(state) * token
            elif card.kind == CardKind.GATE and self._wanted_gate(state, index, card_id):
                value += share * GATE_TURNS * token
        return value

    @staticmethod
    def _death_chance(success: Fraction, struck: Fraction) -> float:
        """Dying before succeeding, trying the same move every exchange."""
        fail = (1 - success) * struck
        ends = success + fail
        return float(fail / ends) if ends else 0.0

    # -- choices inside a turn -------------------------------------------------------------------------
    def _decide(self, state: GameState, decision: Decision, legal: list):
        index = decision.player
        left = self._turns_left(state)
        sleep = next((a for a in legal if isinstance(a, (Hibernate, Starve))), None)
        keep = next((a for a in legal if isinstance(a, (Keep, Leave))), None)
        if sleep is not None:  # a shelter
            if self.data.regions[state.players[index].region].sheltered_from_rain:
                return keep
            if isinstance(sleep, Hibernate) and (self._needs_karma(state, index) or left <= 2
                                                  or not self._wants_draws(state, index)):
                return sleep
            if isinstance(sleep, Starve) and left <= 1:
                return sleep
            return keep
        cross = next((a for a in legal if isinstance(a, CrossGate)), None)
        gate = self.data.gates[decision.card]
        to = gate.other(state.players[index].region)
        if cross is not None and self._onward(state, index, to) and left >= 3:
            return cross
        return keep

    def _fight(self, state: GameState, encounter: Encounter, legal: list):
        index = encounter.player
        player = state.players[index]
        leave = next((a for a in legal if isinstance(a, Leave)), None)
        if leave is not None:
            return leave
        gives = [a for a in legal if isinstance(a, Give)]
        if gives:
            return gives[0]
        struck = strike_risk(state) or Fraction(0)
        creature = self.data.cards[encounter.card]
        need = max(0, food_needed(state, index) - player.food)
        gain = min(need, float(food_gain(state, index, creature.food, "meat").worth)) if creature.edible else 0
        best, best_value = None, None
        for action in legal:
            if isinstance(action, Attack):
                success = chance(state, action)
                value = float(success) * (gain + 0.5) - self._death_chance(success, struck) * DEATH_COST
            elif isinstance(action, Flee):
                success = chance(state, action)
                value = -self._death_chance(success, struck) * DEATH_COST
            elif isinstance(action, Tame):
                cost = tame_cost(state, index, creature, self._item(action.item))[0]
                short = max(0, food_needed(state, index) - (player.food - cost))
                value = -short - 1.5
            else:
                continue
            if action.item is not None:
                value -= ITEM_COST  # an item spent
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best or legal[0]

    def _item(self, item_id: str | None):
        return self.data.cards[item_id] if item_id else None

    def _trade(self, state: GameState, legal: list):
        buys = [a for a in legal if isinstance(a, Buy)]
        for action in buys:
            card = self.data.card(action.card)
            if getattr(card, "saves_karma", False):
                return action
        return next(a for a in legal if isinstance(a, Leave))
