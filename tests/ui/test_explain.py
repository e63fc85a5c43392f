"""The explain key (`r`) on the board: the rule behind a move, a card in hand, a creature in a fight and a
region, with every number the engine's, the way to the rule's section of the help, and the same words
as a tooltip under the mouse."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import OptionList

from rainboard.data import load_data
from rainboard.engine import new_game, queries
from rainboard.engine.setup import PlayerSetup, Setup
from rainboard.engine.state import Encounter, Options
from rainboard.engine.testing import give_cards, place, script_dice, stack
from rainboard.ui.app import RainboardApp
from rainboard.ui.explain import explain_region
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.explain import ExplainScreen
from rainboard.ui.screens.help import HelpScreen
from rainboard.ui.screens.setup import TableOptions
from rainboard.ui.session import GameSession

DATA = load_data()


def _state(**changes):
    state, _ = new_game(Setup((PlayerSetup("Ada", "survivor"),), seed="explain", options=Options(precycles=False)),
                        DATA)
    return place(state, 0, **changes) if changes else state


class BoardApp(RainboardApp):
    def __init__(self, state) -> None:
        super().__init__(data=DATA, catch_errors=False, autosave=False)
        self.session = GameSession(data=DATA, setup=Setup((PlayerSetup("Ada", "survivor"),), seed="explain"),
                                   state=state)

    def on_mount(self) -> None:
        super().on_mount()
        self.push_screen(BoardScreen(self.session, TableOptions()))


async def _explained(app, pilot) -> str:
    await pilot.press("r")
    await pilot.pause()
    assert isinstance(app.screen, ExplainScreen)
    return f"{app.screen.explanation.title}: {app.screen.explanation.words}"


async def test_a_greyed_hibernate_is_explained_with_the_food_line():
    state = give_cards(_state(food=2), 0, "shelter")
    app = BoardApp(state)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "r" in {b.key for _, b, enabled, _ in app.screen.active_bindings.values() if enabled and b.show}
        words = await _explained(app, pilot)
        need = queries.food_needed(state, 0)
        assert f"Hibernate: need {need} food, you have 2; the line on your card" in words
        assert app.screen.explanation.section == "Shelters, hibernation and starving"


async def test_the_highlighted_move_and_the_way_to_its_rule_in_the_help():
    app = BoardApp(_state(food=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        actions = app.screen.query_one("#actions", OptionList)
        actions.highlighted = 1  # Take a food token
        words = await _explained(app, pilot)
        gain = queries.token_gain(app.session.state, 0)
        assert f"+{gain.gained} food, to {gain.food}" in words
        await pilot.press("enter")  # the rule in the help
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.query_one("#help-scroll", VerticalScroll).scroll_y > 0  # not the top: the Food section


async def test_a_card_in_hand():
    app = BoardApp(give_cards(_state(), 0, "rock"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        hand = app.screen.query_one("#hand", OptionList)
        hand.focus()
        hand.highlighted = 0
        words = await _explained(app, pilot)
        assert f"Rock: +{DATA.cards['rock'].flee} flee" in words
        assert app.screen.explanation.section == "Items"


async def test_a_creature_in_a_fight_in_the_words_of_its_abilities():
    state = script_dice(stack(_state(), "su", "white_lizard"), 1)  # its ambush misses
    app = BoardApp(state)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.session.state.pending, Encounter)
        words = await _explained(app, pilot)
        lizard = DATA.cards["white_lizard"]
        assert f"HP {lizard.hp}" in words
        assert DATA.abilities["ambush"].text in words  # decks/abilities.toml's own words
        odds = queries.meeting_odds(app.session.state, 0, "white_lizard")
        assert f"its strike kills you {round(odds.struck * 100)}%" in words


async def test_a_region_and_its_gates():
    app = BoardApp(_state())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#map").focus_region = "hi"
        words = await _explained(app, pilot)
        for gate in DATA.gates.values():
            if "hi" in (gate.a, gate.b):
                other = gate.b if gate.a == "hi" else gate.a
                assert f"{DATA.regions[other].name} {gate.karma_from('hi')} (back {gate.karma_from(other)})" in words
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)


async def test_hovering_a_move_shows_the_same_words():
    app = BoardApp(_state(food=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        actions = app.screen.query_one("#actions", OptionList)
        await pilot.hover("#actions", offset=(4, 2))  # the second move: a food token
        await pilot.pause()
        assert actions.tooltip is not None and "food token" in str(actions.tooltip)


def test_region_words_name_every_gate_with_the_engines_karma():
    state = _state()
    words = explain_region(state, "su", 0).words
    assert "You are here, with karma 1" in words
    assert all(f"(back {queries.gate_karma(state, g, other)})" in words
               for g, gate in DATA.gates.items() if "su" in (gate.a, gate.b)
               for other in [gate.b if gate.a == "su" else gate.a])
