"""Issue 23: the story since your last turn must be true.

Every figure a hand-off's story states is what one event did (or the state now, said as now); no
death, karma change, sleep or kill is ever cut; the player taking the keyboard is "you" and nobody
else is; the story starts where each player last moved, in a resumed game as in one that never
stopped; and it is told in the narrator's words, the same as the log's and the cycle report's.

The property test plays a few hundred short seeded games (tests/ui/story_games.py; set
RAINBOARD_STORY_GAMES for more, or run `python -m tests.ui.story_games 2000`).
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup, testing
from rainboard.engine import events as ev
from rainboard.engine.actions import Hibernate, TakeFood
from rainboard.engine.narrator import narrate
from rainboard.saves import latest_unfinished
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.board import BoardScreen, cycle_report_parts
from rainboard.ui.screens.dialogs import HandoffScreen, ReportScreen
from rainboard.ui.screens.setup import TableOptions
from rainboard.ui.screens.turn_result import TurnResultScreen
from rainboard.ui.session import GameSession
from rainboard.ui.turn_story import since_lines
from tests.engine.helpers import put

from . import story_games

DATA = load_data()
SHORT = Path(__file__).resolve().parent.parent / "fixtures" / "short"
GAMES = int(os.environ.get("RAINBOARD_STORY_GAMES", "300"))
BLOCK = 30  # games a test case plays


# -- the property ------------------------------------------------------------------------------------
@pytest.mark.parametrize("first", range(0, GAMES, BLOCK))
def test_every_story_told_in_seeded_games_is_so_and_survives_a_resume(first):
    """In each game (2 to 9 players, eager or steady, hunting, some choosing slugcats at the table):
    every hand-off's story has each food, karma, death, HP, rain and cycle figure of the events since
    that player's last move, in its part of the story, on its player's line; the player is never
    named in their own story; nothing is cut. Resumed from its record at a random action, the game
    tells every later player the same story, word for word."""
    problems, held = [], {"deaths": 0, "kills": 0, "karma": 0, "stories": 0, "resumed": 0}
    for number in range(first, min(first + BLOCK, GAMES)):
        found, counts = story_games.check(number)
        problems += found
        for key in held:
            held[key] += counts.get(key, 0)
    assert not problems, "\n".join(problems[:8])
    # the block played what the story must tell: deaths (some at players' hands), karma, resumes
    assert held["deaths"] and held["kills"] and held["karma"] and held["resumed"] and held["stories"] > 100, held


# -- examples from the issue ---------------------------------------------------------------------------
def two_players() -> GameSession:
    """Ada (Survivor) and Bo (Monk), in that turn order, Ada's first turn begun."""
    setup = Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "monk")], seed=23)
    session = GameSession.start(setup, DATA)
    session.state = testing.set_turn_order(session.state, (0, 1))
    return session


def test_food_eaten_before_a_cycle_ends_is_not_added_to_the_new_cycles():
    """Bo sleeps; Ada eats, sleeps, and the cycle ends; in the new cycle Ada takes a food token. Bo's
    story gives each meal's own figures, in the cycle it was eaten: never "+2 food" for Ada, who has 1."""
    session = two_players()
    state = testing.give_cards(testing.give_cards(session.state, 0, "shelter"), 1, "shelter")
    line, most = DATA.slugcats["survivor"].food_line, DATA.slugcats["survivor"].food_max
    session.state = put(put(state, 0, food=line - 2), 1, food=DATA.slugcats["monk"].food_line)
    session.act(TakeFood())  # Ada
    session.act(Hibernate())  # Bo
    session.act(TakeFood())  # Ada, fed now
    session.act(Hibernate())  # Ada: the cycle ends, and she opens the next one
    session.act(TakeFood())
    assert session.state.players[0].food == 1
    told = since_lines(session, 1)
    assert told[:2] == [f"Ada ate a food token: +1 food ({line}/{most}). Ada curled up in a shelter to hibernate.",
                        "☾ Cycle 1 ended."], told
    assert told[told.index("☀ Cycle 2 began.") + 2:] == [f"Ada ate a food token: +1 food (1/{most}).",
                                                          "☂ Rain in 14 rounds."], told
    assert not any("+2 food" in line for line in told), told


def test_a_long_story_keeps_the_sleep_and_the_karma():
    """Ada plays many turns alone while Bo sleeps: her story keeps every move, her sleep and her karma
    (once cut to its last four phrases with "…")."""
    session = two_players()
    state = testing.give_cards(testing.give_cards(session.state, 0, "shelter"), 1, "shelter")
    session.state = put(put(state, 0, food=0), 1, food=DATA.slugcats["monk"].food_line)
    session.act(TakeFood())
    session.act(Hibernate())  # Bo sleeps
    while session.state.players[0].food < DATA.slugcats["survivor"].food_line:
        session.act(TakeFood())
    session.act(Hibernate())  # the cycle ends
    told = since_lines(session, 1)
    text = "\n".join(told)
    assert "…" not in text
    meals = text.count("Ada ate a food token: +1 food")
    assert meals == DATA.slugcats["survivor"].food_line - 1, told
    assert "Ada curled up in a shelter to hibernate." in text and "Ada's karma rose to 2." in told, told
    assert "Your karma rose to 2." in told, told


def told_to(player: int, *events: ev.Event, players: int = 3) -> list[str]:
    """The story of these events, told to `player` at a table of Ada, Bo and Cy: as the hand-off
    tells what happened since a cycle began."""
    setup = Setup(players=[PlayerSetup(name, slugcat) for name, slugcat in
                           zip(("Ada", "Bo", "Cy"), ("survivor", "hunter", "monk"))][:players], seed=5)
    session = GameSession.start(setup, DATA)
    session.state = testing.set_turn_order(session.state, range(players))
    session.events = [ev.CycleStarted(cycle=1), *events]
    return since_lines(session, player)


def test_the_player_told_is_you_and_the_others_are_named():
    lines = told_to(2, ev.Hunting(player=1, target=2), ev.Pounced(player=1, target=2),
                    ev.Died(player=2, killer=1), ev.KarmaChanged(player=2, before=2, after=1),
                    ev.Fed(player=1, prey=2, before=0, after=3, food_max=5, gained=3))
    assert "Bo started tracking you down and pounced on you! Bo ate you: +3 food (3/5)." in lines, lines
    assert "You died: killed by Bo. Your karma fell to 1." in lines, lines
    assert not any(re.search(r"\bCy\b", line) for line in lines), lines


def test_a_card_drawn_is_told_once_and_nothing_dangles():
    """No "drew a Slugpup and was joined by a Slugpup", "drew a Scavenger Merchant and met a
    scavenger merchant", "their Slugpup made the kill and killed it", nor an "it" for nothing."""
    lines = told_to(2, ev.CardDrawn(player=0, card="slugpup", deck="su"),
                    ev.Joined(player=0, card="slugpup", how="slugpup"),
                    ev.CardDrawn(player=0, card="batfly", deck="su"), ev.CreatureMet(player=0, card="batfly", hp=3),
                    ev.CompanionKilled(player=0, companion="slugpup", target_card="batfly"),
                    ev.CreatureKilled(player=0, card="batfly"),
                    ev.Fed(player=0, card="batfly", before=0, after=1, food_max=7, gained=1),
                    ev.CardDrawn(player=1, card="scavenger_merchant", deck="su"),
                    ev.MarketOpened(player=1, card="scavenger_merchant", offers=("spear",)),
                    ev.Bought(player=1, card="spear", paid=("pearl",)),
                    ev.MerchantLeft(player=1, card="scavenger_merchant"))
    ada = next(line for line in lines if "Slugpup" in line)
    assert ada == ("A Slugpup tagged along with Ada. Ada met a Batfly (HP 3). Ada's Slugpup brought down the "
                   "Batfly. Ada ate the Batfly: +1 food (1/7)."), ada
    bo = next(line for line in lines if line.startswith("Bo"))
    assert bo == "Bo drew Scavenger Merchant from the Outskirts deck and bought a Spear for Pearl.", bo
    assert not any(" it " in line or line.endswith(" it.") for line in lines), lines


def test_the_long_hunt_and_the_gates_left_behind_read_as_sentences():
    lines = told_to(0, ev.Transformed(player=1, slugcat="hunter", creature="hunter_long_legs"),
                    ev.Died(player=1, creature="green_lizard"),
                    ev.GatesLeftBehind(player=1, cards=("gate_lf_sb",)))
    bo = next(line for line in lines if line.startswith("Bo"))
    assert "!." not in bo and "Bo's long hunt was over: Hunter had become Hunter Long Legs" in bo, bo
    assert "Bo died: killed by a Green Lizard. Bo's Karma Gate LF-SB went back to its deck." in bo, bo
    gate = ev.GatesLeftBehind(player=1, cards=("gate_lf_sb",))
    assert narrate(gate, two_players().state) == "Bo's Karma Gate LF-SB goes back to its deck."


def test_a_cycle_is_told_to_begin_before_what_was_done_in_it():
    """No more "Cycle 1 began" after the draws made in cycle 1 (see also the food test above, whose
    story crosses a cycle's end)."""
    lines = told_to(1, ev.RainTimerRolled(player=0, dice=2, sides=6, faces=(3, 4), bonus=6, precycle_bonus=0,
                                          timer=13),
                    ev.CardDrawn(player=0, card="spear", deck="su"), ev.CardKept(player=0, card="spear", picked_up=True))
    assert lines[:2] == ["☀ Cycle 1 began.", "☂ Ada rolled the rain timer: 2d6 (3 + 4) + 6 = 13."], lines
    assert lines[2:] == ["Cy has had no turn since.", "Ada picked up the Spear.", "☂ Rain in 17 rounds."], lines


def test_the_cycle_report_tells_each_fate_in_the_narrators_words():
    """The report names where the rain spared a player from the event, not a region written in."""
    session = two_players()
    session.events = [ev.CycleStarted(cycle=1), ev.Hibernated(player=0, region="su"),
                      ev.SparedByRain(player=1, region="ss"), ev.CycleEnded(cycle=1),
                      ev.KarmaChanged(player=0, before=1, after=2), ev.CycleStarted(cycle=2)]
    session.state = testing.place(session.state, 0, karma=2)
    title, lines, _ = cycle_report_parts(session)
    assert lines[:2] == ["⌂ Ada curled up in a shelter to hibernate.", "◈ The rain could not reach Bo in Five Pebbles."]
    assert "Ada's karma rose to 2." in lines and "Cycle 2 began." in lines, lines


# -- a resumed game ------------------------------------------------------------------------------------
class ThreeAtTable(RainboardApp):
    """Ada, Bo and Cy on the short decks, hand-offs on, saved as they go."""

    def on_mount(self) -> None:
        self.call_later(self._start)

    def _start(self) -> None:
        setup = Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "saint"),
                               PlayerSetup("Cy", "monk")], seed="news")
        self.begin(GameSession.start(setup, load_data(SHORT)), TableOptions(handoffs=True))


async def test_continue_tells_the_story_since_the_players_last_move_as_if_never_stopped(_private_data_dir):
    """After q and Continue, the hand-off tells the player to move what happened since their own
    last move, from the game's record: the same story as a table that never stopped."""
    app = ThreeAtTable(catch_errors=False)
    chooser = random.Random(23)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        for _ in range(14):
            while isinstance(app.screen, (ReportScreen, HandoffScreen, TurnResultScreen)):
                await pilot.press("enter")
                await pilot.pause()
            board = app.screen
            await pilot.press(str(board._legal.index(chooser.choice(board._legal)) + 1))
            await pilot.pause()
        actions = list(next(s for s in app.screen_stack if isinstance(s, BoardScreen)).session.actions)
    path = latest_unfinished(_private_data_dir)
    unbroken = GameSession.start(Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "saint"),
                                               PlayerSetup("Cy", "monk")], seed="news"), load_data(SHORT))
    for action in actions:
        unbroken.act(action)
    player = unbroken.state.to_act
    again = RainboardApp(catch_errors=False, resume=path)
    async with again.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, HandoffScreen)
        assert again.screen.since == since_lines(unbroken, player)
        assert len(again.screen.since) > 1 and unbroken.state.players[player].name not in " ".join(again.screen.since)
