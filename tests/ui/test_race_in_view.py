"""The race in view (issue 23): who bears the Mark, their sleeps in Subterranean, who is in creature
form and who is one sleep or the wait from ascending, on the board's roster and the replay's, at
120x40 and 80x24; the food a carnivore half-ate written one way on the roster and the card; the flee
line never cut from the fight panel; the hand under the card on a tall board, where a third of the
column stood empty; and the help's key to every sign."""

from __future__ import annotations

import random
import re
from datetime import datetime, timezone

import pytest
from textual.app import App

from rainboard import paths
from rainboard.engine import PlayerSetup, Setup
from rainboard.engine.queries import ending_steps
from rainboard.engine.testing import give_cards, place, stack
from rainboard.saves import Replay, new_save, record
from rainboard.sim import EagerPolicy
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.help import fill_numbers
from rainboard.ui.screens.replay import ReplayScreen
from rainboard.ui.session import GameSession
from rainboard.ui.widgets.cards import MARK, slugcat_card_content
from rainboard.ui.widgets.fight import your_modifiers
from rainboard.ui.widgets.roster import ANSWERING, CLOSE_STYLE, FORM, TURN, Roster, roster_lines
from tests.ui.playing import SHIPPED, BoardApp, table

SIZES = pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])


def rows(widget) -> list[str]:
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


def entry(lines: list[str], token: str) -> str:
    """The roster line of the player with this token (after the turn marker)."""
    found = [line for line in lines if re.match(rf"^[{TURN}{ANSWERING} ]{token} ", line)]
    assert len(found) == 1, (token, lines)
    return found[0]


def racing(waiting: bool = False):
    """Ada bears the Mark in Five Pebbles; Bo, the Hunter, has become Hunter Long Legs and is half way
    to a pip of food; Cy has carried the Mark into Subterranean and slept there once of two (or, with
    `waiting`, slept twice and waits 3 turns)."""
    session = table()
    state = place(session.state, 0, has_mark=True, region="ss")
    state = place(state, 1, form="hunter_long_legs", food=1, food_parts=1, turns=21)
    cy = dict(has_mark=True, reached_ending=True, ending_hibernations=2, waiting=3) if waiting else \
        dict(has_mark=True, reached_ending=True, ending_hibernations=1)
    session.state = place(state, 2, region="sb", **cy)
    return session


# -- the roster ----------------------------------------------------------------------------------------------
@SIZES
async def test_the_roster_shows_the_mark_the_sleeps_and_a_creature_form(size):
    session = racing()
    needed = SHIPPED.rules.ending_hibernations
    async with BoardApp(session).run_test(size=size) as pilot:
        await pilot.pause()
        shown = rows(pilot.app.screen.query_one("#roster", Roster))
        ada, bo, cy = entry(shown, "A"), entry(shown, "B"), entry(shown, "C")
        assert MARK in ada and f"{MARK}0/" not in ada  # the Mark, not yet in Subterranean
        assert FORM in bo and MARK not in bo
        assert f"{MARK}1/{needed}" in cy or f"{MARK} slept 1/{needed}" in cy
        assert FORM not in ada + cy


def test_one_sleep_or_the_wait_from_ascending_stands_out():
    state = racing().state
    assert ending_steps(state, 2).close and not ending_steps(state, 0).close
    for width in (38, 58):
        ada, _, cy = roster_lines(state, width)  # in turn order
        lit = [span for span in cy.spans if str(span.style) == CLOSE_STYLE]
        assert lit and MARK in cy.plain[lit[0].start:lit[0].end]
        assert not [span for span in ada.spans if str(span.style) == CLOSE_STYLE]
    waiting = racing(waiting=True).state
    assert ending_steps(waiting, 2).close
    cy = roster_lines(waiting, 38)[2]
    assert re.search(r"\bwait(ing)? 3\b", cy.plain) and f"{MARK}2/2" in cy.plain
    assert [span for span in cy.spans if str(span.style) == CLOSE_STYLE]


@SIZES
async def test_the_wait_shows_on_the_roster(size):
    session = racing(waiting=True)
    async with BoardApp(session).run_test(size=size) as pilot:
        await pilot.pause()
        cy = entry(rows(pilot.app.screen.query_one("#roster", Roster)), "C")
        assert "wait 3" in cy or "waiting 3" in cy


def test_a_table_without_the_mark_or_a_creature_keeps_its_columns():
    state = table().state
    for width in (38, 58):
        text = " ".join(line.plain for line in roster_lines(state, width))
        assert MARK not in text and FORM not in text
    assert roster_lines(state, 38)[0].plain.startswith("▶A Survivor SU ◉1 ●0/4")  # the slugcat still fits


# -- food: one form on the roster and the card --------------------------------------------------------------
@SIZES
async def test_the_roster_and_the_card_write_half_a_pip_the_same_way(size):
    """Bo, a carnivore, took one food token on top of a pip: half a pip (ruling 7). The card and the
    roster both write 1½."""
    session = racing()
    session.state = place(session.state, 1, form=None)
    need = SHIPPED.slugcats["hunter"].food_line
    async with BoardApp(session, handoffs=False).run_test(size=size) as pilot:
        await pilot.pause()
        bo = entry(rows(pilot.app.screen.query_one("#roster", Roster)), "B")
        assert f"1½/{need}" in bo
        assert f"food 1½, need {need}" in slugcat_card_content(session.state, 1).plain
        assert "+½" not in slugcat_card_content(session.state, 1).plain


# -- the replay ------------------------------------------------------------------------------------------------
def raced_replay() -> tuple[Replay, object]:
    """A three-player game played by the eager policy until a player has slept once in Subterranean
    with the Mark (by then another bears the Mark and the Hunter is Hunter Long Legs), saved."""
    setup = Setup(players=[PlayerSetup(name, cat) for name, cat in zip(("Ada", "Bo", "Cy"), ("survivor", "hunter",
                                                                                              "monk"))], seed=11)
    session = GameSession.start(setup, SHIPPED)  # as dealt: a save is the seed and the moves
    policy = EagerPolicy(SHIPPED, random.Random(3))
    for _ in range(20000):
        if any(ending_steps(session.state, i).sleeps for i in range(3)) or session.over:
            break
        session.act(policy(session.state))
    assert any(ending_steps(session.state, i).sleeps for i in range(3)), "nobody slept in Subterranean"
    moment = datetime(2026, 11, 23, 12, 0, tzinfo=timezone.utc)
    save = new_save(session.setup, session.data, True, moment, game_id="race-replay")
    return Replay(record(save, list(session.actions), dict(session.digests), finished=False, outcome=None,
                         now=moment)), session.setup


@SIZES
async def test_the_replay_has_the_roster_with_the_race(size):
    replay, setup = raced_replay()

    class Watching(App):
        def get_default_screen(self):
            return ReplayScreen(replay, SHIPPED, setup)

    app = Watching()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        screen = app.screen
        roster = screen.query_one("#roster", Roster)
        shown = rows(roster)
        state = replay.state_at(len(replay))
        assert len(shown) == 3
        for index, player in enumerate(state.players):
            line = entry(shown, player.name[0])
            steps = ending_steps(state, index)
            assert f"{player.karma}" in line
            assert (MARK in line) == steps.mark
            if steps.reached:
                assert f"{MARK}{steps.sleeps}/{steps.needed}" in line or f"slept {steps.sleeps}/" in line
            assert (FORM in line) == (player.form is not None)
        assert roster.region.bottom <= screen.query_one("#card").region.y  # under the map, over the card
        await pilot.press("home")  # at the start nobody has anything yet
        await pilot.pause()
        assert MARK not in " ".join(rows(roster))


# -- the fight panel ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("creature", ["salamander", "hunter_long_legs"])
@SIZES
async def test_the_fight_panel_keeps_the_flee_line(size, creature):
    """At 80x24 a creature with abilities and a story of three lines left no row for the player's
    own attack and flee: the story gives way first."""
    session = table()
    session.state = stack(session.state, "su", creature)
    session.act(session.legal[0])  # Ada draws it
    async with BoardApp(session).run_test(size=size) as pilot:
        await pilot.pause()
        panel = pilot.app.screen.query_one("#fight")
        assert panel.display and pilot.app.screen.query_one("#left-switch").current == "fight"
        text = " ".join(line.strip(" │╭╮╰╯─") for line in rows(panel))
        hp = SHIPPED.cards[creature].hp
        told = " ".join(your_modifiers(session.state, 0, hp)[0].plain.split())
        assert told in " ".join(text.split())
        assert "flee" in told
        story = SHIPPED.cards[creature].text.split()[0]
        if size == (120, 40):
            assert story in text  # room for the creature's story too


# -- the layout ---------------------------------------------------------------------------------------------------
async def test_a_tall_board_puts_the_hand_under_the_card_and_gives_the_log_the_room():
    async with BoardApp(table()).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        left, hand = screen.query_one("#board-left"), screen.query_one("#hand")
        assert hand.parent is left and hand.region.y >= screen.query_one("#card").region.bottom
        assert screen.query_one("#log").region.height >= 21  # it had 17
        assert screen.query_one("#actions").region.height >= 13  # it had 11
        # the left column is filled: the map, the roster, the card and the hand leave no stretch empty
        used = sum(widget.region.height for widget in (screen.query_one("#left-switch"), screen.query_one("#roster"),
                                                       screen.query_one("#card"), hand))
        assert used == left.region.height
        drawn = rows(screen.query_one("#map"))
        assert sum(1 for line in drawn if not line.strip()) <= 8  # the map's blank rows: a few, not fifteen
        assert "Hand" in str(hand.border_title) and hand.option_count == 1  # Ada's hand: nothing


async def test_a_short_board_keeps_the_hand_above_the_log():
    async with BoardApp(table()).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        hand = screen.query_one("#hand")
        assert hand.parent is screen.query_one("#board-right")
        assert hand.region.bottom <= screen.query_one("#log").region.y


async def settled_in(pilot, screen, column: str):
    """Pause until the hand has moved to `column` (a few rounds of the message queue, no clock)."""
    for _ in range(10):
        await pilot.pause()
        hands = screen.query("#hand")
        if len(hands) == 1 and hands.first().parent is not None and hands.first().parent.id == column:
            return hands.first()
    raise AssertionError(f"the hand did not move to #{column}")


async def test_the_hand_moves_when_the_window_grows_or_shrinks():
    session = table()
    session.state = give_cards(place(session.state, 0, hand=()), 0, "spear", "rock")
    async with BoardApp(session).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert screen.query_one("#hand").parent.id == "board-right"
        await pilot.resize_terminal(120, 40)
        hand = await settled_in(pilot, screen, "board-left")
        assert hand.option_count == 2 and screen.has_class("-tall")
        await pilot.resize_terminal(80, 24)
        hand = await settled_in(pilot, screen, "board-right")
        assert hand.parent.id == "board-right" and hand.option_count == 2 and not screen.has_class("-tall")
        await pilot.press("f")  # the board still plays
        await pilot.pause()
        assert session.actions[-1] == "food"


# -- the help -------------------------------------------------------------------------------------------------------
def test_the_help_explains_every_sign_of_the_roster():
    rules = fill_numbers(paths.asset_text("rules.md"), SHIPPED.rules)
    assert "## Reading the board" in rules
    section = rules.split("## Reading the board", 1)[1].split("\n## ", 1)[0]
    needed = SHIPPED.rules.ending_hibernations
    for sign in (TURN, ANSWERING, "◉3", "●2/4", "½", "♥13", "★1", "t12", FORM, MARK, f"{MARK}1/{needed}",
                 "wait 3", "⚔ C", "⚔ by A"):
        assert sign in section, sign
    assert "Mark of Communication" in section and "Hunter Long Legs" in section and "Subterranean" in section
