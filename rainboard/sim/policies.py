"""How simulated players choose: at random, eagerly, or steadily (steady.py).

A policy is called with the state whenever its player must act and returns one of the legal actions.
"""

from __future__ import annotations

from fractions import Fraction

from rainboard.data import GameData
from rainboard.engine import GameState, legal_actions
from rainboard.engine.actions import Attack, CrossGate, Draw, Flee, Hibernate, Keep, SearchShelter, Starve, TakeFood, \
    Walk
from rainboard.engine.queries import chance, is_fed
from rainboard.engine.rng import Chooser


class RandomPolicy:
    """Any legal action, uniformly: for finding crashes, not for judging the game."""

    def __init__(self, data: GameData, chooser):
        self.chooser = chooser

    def __call__(self, state: GameState):
        return self.chooser.choice(legal_actions(state))


def _distances(data: GameData, goal: str) -> dict[str, int]:
    """Steps from each region to `goal` through gates and free crossings, karma permitting at 5."""
    links: dict[str, set[str]] = {r: set(region.free_crossings) for r, region in data.regions.items()}
    for gate in data.gates.values():
        links[gate.a].add(gate.b)
        links[gate.b].add(gate.a)
    distance = {goal: 0}
    frontier = [goal]
    while frontier:
        nxt = []
        for region in frontier:
            for other in links[region]:
                if other not in distance:
                    distance[other] = distance[region] + 1
                    nxt.append(other)
        frontier = nxt
    return distance


def _first(legal, kind, **fields):
    """The first legal action of type `kind` whose fields have these values, or None."""
    for action in legal:
        if type(action) is kind and all(getattr(action, name) == value for name, value in fields.items()):
            return action
    return None


class EagerPolicy:
    """A player with a plan: eat to the line, find a shelter, sleep, and take gates toward the ending.

    Still only legal actions, with a random pick among equals; it exists so simulated games reach the
    end and the numbers in decks/ can be judged on whole games.
    """

    def __init__(self, data: GameData, chooser: Chooser):
        self.chooser = chooser
        self.data = data
        mark_region = next(r for r, reg in data.regions.items() if any(e.card == "mark" for e in reg.deck))
        end_region = next(r for r, reg in data.regions.items() if reg.ascension)
        self.to_mark = _distances(data, mark_region)
        self.to_end = _distances(data, end_region)

    def __call__(self, state: GameState):
        legal = legal_actions(state)
        player = state.players[state.to_act]
        goal = self.to_end if player.has_mark else self.to_mark
        here = goal.get(player.region, 99)

        def onward(action) -> bool:
            """A crossing or a walk that brings the player nearer its goal."""
            if isinstance(action, CrossGate):
                gate_id = action.gate if action.gate is not None else state.pending.card  # the gate just drawn
                return goal.get(self.data.gates[gate_id].other(player.region), 99) < here
            return isinstance(action, Walk) and goal.get(action.to, 99) < here

        for action in legal:
            if onward(action):
                return action
        hibernate = _first(legal, Hibernate)
        attack, flee = _first(legal, Attack, item=None), _first(legal, Flee, item=None)  # bare-handed
        if hibernate is not None:
            return hibernate
        if attack is not None and self._beatable(state):
            return attack
        if flee is not None:
            return flee
        keep = _first(legal, Keep)
        if keep is not None:
            return keep
        starve, search, food = _first(legal, Starve), _first(legal, SearchShelter), _first(legal, TakeFood)
        if starve is not None and (state.rain <= 1 or player.food == 0 and state.rain <= 3):
            return starve
        if search is not None and is_fed(state, state.to_act) and state.rain >= 2:
            return search
        draws = [action for action in legal if isinstance(action, Draw)]
        pool = draws + [food] if food is not None else draws
        return self.chooser.choice(pool or legal)

    @staticmethod
    def _beatable(state: GameState) -> bool:
        """A bare-handed attack (legal now) kills at least half the time."""
        odds = chance(state, Attack())
        return odds is not None and odds >= Fraction(1, 2)
