"""The tutorial's steps: the position each begins from and the moves it waits for.

Every step starts from the same dealt game (`start_state`: one Survivor, a fixed seed, no
precycles) and is set up from it by the engine's testing module: a card stacked on a deck, dice
scripted so a roll turns out as the lesson needs, the player placed. A position set up by hand is
not what seed + actions rebuild, so the tutorial is never saved as a game: its progress is only
"at step N", and coming back rebuilds step N's position from here.

A step has one or more stages, each waiting for one kind of move (`wants`) under one verb key; the
words of each stage, with placeholders filled from the engine (facts.py), are in assets/tutorial.toml.
"""

from __future__ import annotations

from collections.abc import Callable
from attrs import evolve, frozen

from rainboard.data import GameData
from rainboard.engine import Action, GameState, Setup, apply, new_game
from rainboard.engine.actions import Attack, CrossGate, Draw, Flee, Give, Hibernate, Keep, Leave, TakeFood, Tame
from rainboard.engine.setup import PlayerSetup
from rainboard.engine.state import Options
from rainboard.engine.testing import give_cards, place, script_dice, stack

from . import facts as f

SEED = "learn-to-play"
SLUGCAT = "survivor"
PLAYER = "Wanderer"
HOME, NEXT = "su", "hi"  # the Survivor's home (Outskirts) and the region its first gate leads to


@frozen
class Stage:
    """One move a step waits for: the verb key that makes it, which legal actions count, the board
    panel it points at (a widget id), and the numbers its words state."""

    verb: str
    wants: Callable[[Action], bool]
    point: str
    facts: Callable[[GameState], dict]


@frozen
class Step:
    id: str
    position: Callable[[GameState], GameState]  # from the dealt game to this step's start
    stages: tuple[Stage, ...]


def start_state(data: GameData) -> GameState:
    """The game every step is set up from: one Survivor, a fixed seed, no precycles."""
    setup = tutorial_setup()
    state, _ = new_game(setup, data)
    return state


def tutorial_setup() -> Setup:
    return Setup((PlayerSetup(PLAYER, SLUGCAT),), seed=SEED, options=Options(precycles=False))


def _is(*kinds) -> Callable[[Action], bool]:
    return lambda action: isinstance(action, kinds)


def _flee_with_item(action: Action) -> bool:
    return isinstance(action, Flee) and action.item is not None


def _line(state: GameState) -> int:
    return f.table(state)["need"]


def _token(state: GameState) -> int:
    return f.draw_facts(state)["token"]


def _scripted(state: GameState, action: Action, wins) -> GameState:
    """Dice scripted so that `action`, taken after drawing the stacked card, turns out as `wins` says."""
    drawn, _ = apply(state, Draw())
    faces = f.find_faces(drawn, action, wins)
    return script_dice(state, *faces) if faces else state


# -- the positions ------------------------------------------------------------------------------------
def _rain(state: GameState) -> GameState:
    return state


def _draw(state: GameState) -> GameState:
    return stack(state, HOME, "dangle_fruit")


def _food_line(state: GameState) -> GameState:
    return place(state, 0, food=max(0, _line(state) - _token(state)))


def _attack(state: GameState) -> GameState:
    state = place(state, 0, food=_line(state))  # fed, as the step before left you
    state = stack(state, HOME, "green_lizard")
    return _scripted(state, Attack(), f.killed)


def _flee(state: GameState) -> GameState:
    state = place(state, 0, food=_line(state))
    state = give_cards(give_cards(state, 0, "rock"), 0, "spear")
    state = stack(state, HOME, "cyan_lizard")
    return _scripted(state, Flee("rock"), f.fled)


def _tame(state: GameState) -> GameState:
    state = place(state, 0, food=_line(state))
    return stack(state, HOME, "pink_lizard")


def _keep_shelter(state: GameState) -> GameState:
    return stack(state, HOME, "shelter")


def _hibernate(state: GameState) -> GameState:
    gate = _first_gate(state)
    need = f.table(state)  # the karma the gate asks, less the one hibernating gives
    state = place(state, 0, food=need["need"], karma=max(1, state.data.gates[gate].karma_from(HOME) - 1))
    return give_cards(state, 0, "shelter")


def _first_gate(state: GameState) -> str:
    return next(gate_id for gate_id, gate in state.data.gates.items() if {gate.a, gate.b} == {HOME, NEXT})


def _gate(state: GameState) -> GameState:
    gate = _first_gate(state)
    state = place(state, 0, karma=state.data.gates[gate].karma_from(HOME))
    return give_cards(state, 0, gate)


def _gift(state: GameState) -> GameState:
    gate = _first_gate(state)
    state = place(state, 0, region=NEXT, karma=state.data.gates[gate].karma_from(HOME))
    state = give_cards(state, 0, "pearl")
    return stack(state, NEXT, "scavenger")


def _caught(state: GameState) -> GameState:
    gate = _first_gate(state)
    state = place(state, 0, karma=state.data.gates[gate].karma_from(HOME), food=_line(state) - 1)
    return evolve(state, rain=0)  # the last round before the rain


def _mark_region(state: GameState) -> str:
    return next(rid for rid, region in state.data.regions.items() if region.gives_mark)


def _ascension_region(state: GameState) -> str:
    return next(rid for rid, region in state.data.regions.items() if region.ascension)


def _mark(state: GameState) -> GameState:
    where = _mark_region(state)
    state = place(state, 0, region=where, wake_region=where, karma=state.data.rules.karma_max)
    return stack(state, where, "mark")


def _ending(state: GameState) -> GameState:
    where = _ascension_region(state)
    state = place(state, 0, region=where, wake_region=where, karma=state.data.rules.karma_max, has_mark=True,
                  reached_ending=True, ending_hibernations=state.data.rules.ending_hibernations - 1,
                  food=_line(state))
    return give_cards(state, 0, "shelter")


def _paced(state: GameState, step: int) -> GameState:
    """The dealt game moved on in time as the steps go: a round a step in the first cycle, and after
    the step that hibernates a second cycle, so the rain timer and the round keep going the way play
    took them rather than starting over at every step."""
    slept = next(n for n, step_ in enumerate(STEPS) if step_.id == "karma") + 1
    cycle, rounds = (state.cycle, step) if step < slept else (state.cycle + 1, step - slept)
    rounds = min(rounds, max(0, state.rain - 1))  # never the rain itself: that is a step of its own
    player = state.players[0]
    state = place(state, 0, turns=player.turns + step, cycle_turns=player.cycle_turns + rounds)
    return evolve(state, cycle=cycle, rain=state.rain - rounds, round=state.round + rounds)


DRAW = Stage("d", _is(Draw), "actions", f.draw_facts)

STEPS: tuple[Step, ...] = (
    Step("rain", _rain, (Stage("f", _is(TakeFood), "rain", f.rain_facts),)),
    Step("draw", _draw, (Stage("d", _is(Draw), "map", f.draw_facts),)),
    Step("food_line", _food_line, (Stage("f", _is(TakeFood), "card", f.line_facts),)),
    Step("attack", _attack, (DRAW, Stage("a", _is(Attack), "fight", f.attack_facts))),
    Step("flee", _flee, (DRAW, Stage("e", _flee_with_item, "fight", f.flee_facts))),
    Step("tame", _tame, (DRAW, Stage("t", _is(Tame), "fight", f.tame_facts))),
    Step("shelter", _keep_shelter, (DRAW, Stage("k", _is(Keep), "fight", f.shelter_facts))),
    Step("karma", _hibernate, (Stage("h", _is(Hibernate), "card", f.hibernate_facts),)),
    Step("gate", _gate, (Stage("c", _is(CrossGate), "map", f.gate_facts),)),
    Step("gift", _gift, (DRAW, Stage("g", _is(Give), "fight", f.gift_facts),
                         Stage("l", _is(Leave), "roster", f.gift_facts))),
    Step("rain_death", _caught, (Stage("f", _is(TakeFood), "rain", f.rain_death_facts),)),
    Step("mark", _mark, (Stage("d", _is(Draw), "card", f.mark_facts),)),
    Step("ending", _ending, (Stage("h", _is(Hibernate), "card", f.ending_facts),)),
)


_DEALT: dict[int, tuple[GameData, GameState]] = {}


def _dealt(data: GameData) -> GameState:
    """The dealt game for these decks, dealt once."""
    kept = _DEALT.get(id(data))
    if kept is None or kept[0] is not data:
        kept = _DEALT[id(data)] = (data, start_state(data))
    return kept[1]


class Tutorial:
    """Where a player is in the tutorial: the step, and the stage within it."""

    def __init__(self, data: GameData, step: int = 0) -> None:
        self.data = data
        self.step = min(max(0, step), len(STEPS) - 1)
        self.stage = 0
        self.finished = False

    @property
    def steps(self) -> int:
        return len(STEPS)

    @property
    def current(self) -> Step:
        return STEPS[self.step]

    @property
    def waiting_for(self) -> Stage:
        return self.current.stages[self.stage]

    def position(self) -> GameState:
        """The state this step begins from, rebuilt from the dealt game."""
        return self.current.position(_paced(_dealt(self.data), self.step))

    def took(self) -> bool:
        """The stage's move was made: on to the next stage. True when that finished the step."""
        self.stage += 1
        if self.stage < len(self.current.stages):
            return False
        if self.step + 1 >= len(STEPS):
            self.finished = True
            self.stage = len(self.current.stages) - 1  # the last words stay on screen
        else:
            self.step += 1
            self.stage = 0
        return True
