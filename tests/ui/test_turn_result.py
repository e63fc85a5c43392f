"""Hotseat play a table can follow: each player's own result before the hand-off (and undo from it),
the hand-off's news since one's last turn, odds on every risky option, keys that never skip an item,
and the reasons a move is missing."""

from __future__ import annotations

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup, apply, queries, testing
from rainboard.engine.actions import Attack, CrossGate, Flee, Tame
from rainboard.engine.state import HandCard
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.dialogs import HandoffScreen
from rainboard.ui.screens.turn_result import TurnResultScreen
from rainboard.ui.session import GameSession
from rainboard.ui.widgets.told_lines import ToldLines
from rainboard.ui.words import percent

from tests.engine.helpers import put, rig, stack

DATA = load_data()
NAMES = ("Ada", "Bo", "Cy")
SLUGCATS = ("survivor", "hunter", "monk")


def table(players: int = 3) -> GameSession:
    """Ada, Bo and Cy in that turn order, slugcats chosen, Ada's first turn begun."""
    setup = Setup(players=[PlayerSetup(NAMES[i], SLUGCATS[i]) for i in range(players)], seed=11)
    session = GameSession.start(setup, DATA)
    session.state = testing.set_turn_order(session.state, range(players))
    return session


class TableApp(RainboardApp):
    def __init__(self, session: GameSession, **kwargs) -> None:
        super().__init__(data=DATA, catch_errors=False, **kwargs)
        self.session = session

    def on_mount(self) -> None:
        self.push_screen(BoardScreen(self.session))


def option_lines(board: BoardScreen) -> list[tuple[str, bool]]:
    """The action list's lines as (text, selectable)."""
    actions = board.query_one("#actions")
    return [(str(option.prompt), not option.disabled) for option in actions.options]


def texts(screen) -> str:
    """What the screen's texts say: its panels' and its scrolling views' (a turn's lines and card)."""
    return "\n".join([str(s.render()) for s in screen.query("Static")] + [v.text for v in screen.query(ToldLines)])


async def test_the_mover_sees_their_result_before_the_hand_off_and_can_take_the_move_back():
    session = table()
    before = session.state
    async with TableApp(session).run_test(size=(80, 24)) as pilot:
        app = pilot.app
        await pilot.pause()
        await pilot.press("f")  # Ada takes a food token: her turn is over
        await pilot.pause()
        assert isinstance(app.screen, TurnResultScreen)
        shown = texts(app.screen)
        assert "Ada, your turn is over" in shown and "Take a food token" in shown
        assert "food 1, need 4" in shown  # her food against her line, from the engine's food_needed
        assert "pass the keyboard to Bo" in shown
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)  # no hand-off: Ada is still at the keyboard
        assert session.state == before and session.actions == []
        assert any("Took back: Take a food token" in n.message for n in app._notifications)
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.player_name == "Bo"


async def test_a_move_that_rolled_dice_stays_and_the_result_says_why():
    session = table()
    session.state = rig(stack(session.state, "su", "green_lizard"), 20)  # Ada draws it and kills it
    async with TableApp(session).run_test(size=(120, 40)) as pilot:
        app = pilot.app
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)  # the fight goes on within the turn
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, TurnResultScreen)
        shown = texts(app.screen)
        assert "draws Green Lizard" in shown and "The Green Lizard is dead." in shown
        assert "▸ Attack · " in shown and "20 vs 14 ✓ success" in shown
        taken = list(session.actions)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert isinstance(app.screen, TurnResultScreen) and session.actions == taken
        assert any("rolled dice: it cannot be taken back" in n.message for n in app._notifications)


async def test_the_hand_off_tells_what_each_other_player_did_since_your_last_turn():
    session = table()
    session.state = stack(put(session.state, 1, region="su"), "su", "dangle_fruit")  # for Bo
    async with TableApp(session).run_test(size=(80, 24)) as pilot:
        app = pilot.app
        await pilot.pause()
        for key in ("f", "enter", "enter", "d", "enter"):  # Ada's food token, Bo's draw, each result
            await pilot.press(key)
            await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.player_name == "Cy"
        since = app.screen.since
        gained = session.state.players[1].food
        # Cy has not moved yet (the slugcats were dealt): her news is the cycle's, in the order it came
        assert since[0] == "☀ Cycle 1 began." and "rolled the rain timer" in since[1]
        assert since[2:] == [f"Ada ate a food token: +1 food (1/{DATA.slugcats['survivor'].food_max}).",
                             f"Bo ate Dangle Fruit: +{gained} food ({gained}/{DATA.slugcats['hunter'].food_max}).",
                             f"☂ Rain in {session.state.rain} rounds."]
        await pilot.press("enter")
        await pilot.pause()
        for key in ("f", "enter"):  # Cy's food token, her result: the round ends, back to Ada
            await pilot.press(key)
            await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.player_name == "Ada"
        assert [line.split()[0] for line in app.screen.since[:2]] == ["Bo", "Cy"]
        assert f"(it was {session.steps[0].rain_before} at your last turn)" in app.screen.since[-1]


async def test_the_hunted_player_is_warned_before_the_strike():
    session = table()
    session.state = put(session.state, 1, region="su")  # Bo in Ada's region
    async with TableApp(session).run_test(size=(80, 24)) as pilot:
        app = pilot.app
        await pilot.pause()
        for key in ("u", "enter", "enter"):  # Ada hunts Bo (Cy is there too: the key shows Bo first)
            await pilot.press(key)
            await pilot.pause()
        assert session.actions == ["hunt 1"]
        assert isinstance(app.screen, HandoffScreen) and app.screen.player_name == "Bo"
        assert app.screen.warnings == ["⚔ Ada is hunting you, and can strike on their next turn."]
        assert "Ada is hunting you" in texts(app.screen)


async def test_every_risky_option_shows_the_engines_odds_and_the_spear_comes_first():
    session = table()
    session.state = put(session.state, 0, food=3, hand=(HandCard("spear", "su"), HandCard("rock", "su"),
                                                          HandCard("batfly_bait", "su")))
    session.state, _ = apply(stack(session.state, "su", "green_lizard"), "draw")
    state = session.state
    async with TableApp(session).run_test(size=(80, 24)) as pilot:
        app = pilot.app
        await pilot.pause()
        board = app.screen
        lines = option_lines(board)
        risk = percent(queries.strike_risk(state))
        for action, (line, _) in zip(board._legal, lines):
            if isinstance(action, (Attack, Flee, Tame)):
                assert f" · {percent(queries.chance(state, action))}" in line, line
                assert (f"☠{risk}" in line) != isinstance(action, Tame), line
        attacks = [a for a in board._legal if isinstance(a, Attack)]
        assert attacks == [Attack("spear"), Attack()]  # the item before the bare attack
        fights = [line for action, (line, _) in zip(board._legal, lines) if isinstance(action, (Attack, Flee))]
        assert all(len(line) <= 38 for line in fights), fights  # no attack or flee wraps at 80 columns
        await pilot.press("a")  # two attacks: the key shows the spear and waits
        await pilot.pause()
        assert session.state is state
        assert board._legal[board.query_one("#actions").highlighted] == Attack("spear")
        await pilot.press("a")  # again: the one shown
        await pilot.pause()
        assert session.actions[-1] == "attack spear"


async def test_a_gate_you_cannot_cross_says_why_with_the_gates_karma():
    session = table()
    session.state = put(stack(session.state, "su", "gate_hi_su"), 0, karma=1)
    async with TableApp(session).run_test(size=(80, 24)) as pilot:
        app = pilot.app
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        board = app.screen
        state = session.state
        need = queries.gate_karma(state, "gate_hi_su", "su")
        assert CrossGate() not in board._legal
        lines = option_lines(board)
        assert (f"✗ Cross to Industrial Complex: needs karma {need}, you have 1", False) in lines
        card = str(board.query_one("#fight").render())
        back = queries.gate_karma(state, "gate_hi_su", "hi")
        assert f"▶ Outskirts → Industrial Complex: karma {need}" in card
        assert f"Industrial Complex → Outskirts: karma {back}" in card
        await pilot.press("c")  # the missing move's key does nothing
        await pilot.pause()
        assert session.state is state


async def test_a_solo_player_has_no_result_to_dismiss_and_no_hand_off():
    """Alone, the log and the card tell the turn: it ends on the board (issue 23: an Enter a turn
    saved), where ctrl+z still takes the move back."""
    session = table(players=1)
    async with TableApp(session).run_test(size=(80, 24)) as pilot:
        app = pilot.app
        await pilot.pause()
        board = app.screen
        await pilot.press("f")
        await pilot.pause()
        assert app.screen is board and session.actions == ["food"]
        assert "Ada eats a food token" in "\n".join(board.query_one("#log").plain_lines)


async def test_a_strike_and_its_answer_each_get_their_own_result():
    session = table()
    session.state = rig(put(put(session.state, 1, region="su"), 0, hunting=1), 2, 1, 20)  # Ada misses
    async with TableApp(session).run_test(size=(80, 24)) as pilot:
        app = pilot.app
        await pilot.pause()
        await pilot.press("x")  # Ada strikes at Bo and misses
        await pilot.pause()
        assert isinstance(app.screen, TurnResultScreen)
        assert "Ada, Bo must answer your strike" in texts(app.screen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert app.screen.warnings == ["⚔ Ada is attacking you: fight back or flee!"]
        assert "Ada pounced on you!" in app.screen.since
        await pilot.press("enter", "e")  # Bo flees: Ada's chase shows 1, Bo's flee 20
        await pilot.pause()
        assert isinstance(app.screen, TurnResultScreen)
        shown = texts(app.screen)
        assert "Bo, you answered Ada" in shown and "▸ Flee from Ada · " in shown and "Bo gets away" in shown


def test_the_news_of_a_cycles_end_reads_as_a_sentence():
    """Karma risen at a cycle's end: "Bo's karma rose to 2", never "Bo their karma rose", after the
    sleep that earned it and the cycle's end."""
    from rainboard.engine.actions import Hibernate
    from rainboard.ui.turn_story import since_lines

    session = table(2)
    fed = put(put(session.state, 0, food=4), 1, food=6)
    session.state = testing.give_cards(testing.give_cards(fed, 0, "shelter"), 1, "shelter")
    session.act(Hibernate())  # Ada sleeps
    session.act(Hibernate())  # Bo sleeps: the cycle ends, both rise
    lines = since_lines(session, 0)
    at = lines.index("Bo curled up in a shelter to hibernate.")
    assert lines[at:at + 4] == ["Bo curled up in a shelter to hibernate.", "☾ Cycle 1 ended.", "Bo's karma rose to 2.",
                                "Your karma rose to 2."], lines
