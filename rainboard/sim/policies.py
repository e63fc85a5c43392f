"""How simulated players choose: at random, eagerly, or steadily (steady.py).

A policy is called with the state whenever its player must act and returns one of the legal actions.
"""

from __future__ import annotations

from fractions import Fraction

from rainboard.data import GameData
from rainboard.engine import GameState, legal_actions
from rainboard.engine.actions import Attack
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
        texts = {str(a): a for a in legal}
        player = state.players[state.to_act]
        goal = self.to_end if player.has_mark else self.to_mark
        here = goal.get(player.region, 99)

        def onward(text: str) -> bool:
            action = texts[text]
            gate_id = getattr(action, "gate", None)
            if text == "cross":
                gate_id = state.pending.card
            if gate_id is not None:
                return goal.get(self.data.gates[gate_id].other(player.region), 99) < here
            to = getattr(action, "to", None)
            return to is not None and goal.get(to, 99) < here

        for text in texts:
            if text.startswith(("cross", "walk")) and onward(text):
                return texts[text]
        for wanted in ("hibernate", "attack" if "attack" in texts and self._beatable(state) else "flee", "flee"):
            if wanted in texts:
                return texts[wanted]
        if "keep" in texts:
            return texts["keep"]
        fed = is_fed(state, state.to_act)
        if "starve" in texts and (state.rain <= 1 or player.food == 0 and state.rain <= 3):
            return texts["starve"]
        if fed and "search" in texts and state.rain >= 2:
            return texts["search"]
        draws = [a for t, a in texts.items() if t.startswith("draw")]
        pool = draws + [texts["food"]] if "food" in texts else draws
        return self.chooser.choice(pool or legal)

    @staticmethod
    def _beatable(state: GameState) -> bool:
        """A bare-handed attack (legal now) kills at least half the time."""
        odds = chance(state, Attack())
        return odds is not None and odds >= Fraction(1, 2)
