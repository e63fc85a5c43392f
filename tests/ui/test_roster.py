"""The table on the board: the roster of every player, their colours on the map and the roster, the dead
off the map, hunts, and the focused region's traits and gate karma both ways."""

from __future__ import annotations

import re

import pytest
from attrs import evolve
from textual.app import App, ComposeResult
from textual.containers import Vertical

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup, new_game
from rainboard.engine.modifiers import player_hp
from rainboard.engine.queries import food_needed, gate_karma
from rainboard.engine.state import ASCENDED, AWAKE, DEAD, HIBERNATING, STARVED, Duel, Status
from rainboard.engine.testing import place, set_turn_order
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.session import GameSession
from rainboard.ui.widgets.cards import SlugcatCard, slugcat_card_content
from rainboard.ui.widgets.players import PLAYER_COLOURS, player_tokens, token_style
from rainboard.ui.widgets.region_map import RegionMap, map_content
from rainboard.ui.widgets.region_notes import gate_karmas, gate_lines, map_code, region_head, region_traits
from rainboard.ui.widgets.roster import STATUS_WORDS, Roster, roster_lines, seats, status_words

DATA = load_data()
NAMES = ("Ada", "Bo", "Cy", "Di", "Ez", "Fa", "Gu", "Hy", "Io")
SLUGCATS = ("survivor", "hunter", "monk", "gourmand", "artificer", "rivulet", "spearmaster", "saint", "inv")


def table(players: int, seed: int = 1):
    """A game of `players` (Ada, Bo, ... on the slugcats above), turn order as listed, Ada to play."""
    setup = Setup(players=[PlayerSetup(NAMES[i], SLUGCATS[i]) for i in range(players)], seed=seed)
    state, _ = new_game(setup, DATA)
    return set_turn_order(state, range(players))


def three():
    """Ada fed at karma 3 in Five Pebbles, Bo starving after a hungry cycle in Farm Arrays, Cy dead."""
    state = table(3)
    state = place(state, 0, karma=3, food=5, reputation=2, turns=14, region="ss")
    state = place(state, 1, karma=2, food=3, starving=True, turns=13, region="lf")
    return place(state, 2, status=DEAD, turns=12)


def nine():
    """All nine slugcats, scattered: karma, food and turns differ from player to player."""
    state = table(9)
    regions = ("su", "lf", "hi", "gw", "sh", "sl", "uw", "uh", "ds")
    for index in range(9):
        state = place(state, index, karma=1 + index % 5, food=index % 4, turns=20 + index, region=regions[index],
                      reputation=1 + index % 3)
    return state


def plain(lines) -> list[str]:
    return [line.plain for line in lines]


def line_of(lines: list[str], token: str) -> str:
    """The roster line (or side-by-side entry) of the player with this token."""
    for line in lines:
        for entry in re.split(r"\s{2,}(?=[▶▷ ]?\S )", line):
            if re.match(rf"^[▶▷ ]?{token} ", entry):
                return entry
    raise AssertionError(f"no line for {token} in {lines}")


# -- the figures ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("make", [three, nine], ids=["3 players", "9 players"])
def test_the_roster_figures_are_the_states(make):
    state = make()
    found = seats(state)
    assert [seat.index for seat in found] == list(state.order)
    for seat in found:
        player = state.players[seat.index]
        assert (seat.karma, seat.food, seat.reputation, seat.turns) == (player.karma, player.food,
                                                                          player.reputation, player.turns)
        assert seat.need == food_needed(state, seat.index)
        assert seat.hp == player_hp(state, seat.index)
        assert seat.token == player_tokens(state)[seat.index]
        assert seat.slugcat == DATA.slugcats[player.slugcat].name
        if player.status == DEAD:
            assert seat.region == ""
        else:
            assert seat.region == map_code(DATA, player.region)


@pytest.mark.parametrize("make", [three, nine], ids=["3 players", "9 players"])
@pytest.mark.parametrize("width", [38, 58])
def test_each_line_shows_the_players_figures(make, width):
    state = make()
    lines = plain(roster_lines(state, width))
    assert len(lines) == len(state.players)
    for seat in seats(state):
        line = line_of(lines, seat.token)
        assert len(line) <= width
        assert re.search(rf"(◉|karma ){seat.karma}\b", line)
        assert re.search(rf"(●|food ){seat.food}/{seat.need}\b", line)
        assert seat.status in line
        if width == 58:  # room for every figure
            assert re.search(rf"(♥|HP ){seat.hp}\b", line) and re.search(rf"(★|rep ){seat.reputation}\b", line)
            assert re.search(rf"(t|turn ){seat.turns}\b", line)
            assert seat.slugcat in line


def test_the_food_line_is_the_engines_a_starved_cycle_asks_a_full_board():
    state = three()
    bo = next(seat for seat in seats(state) if seat.index == 1)
    assert bo.need == DATA.slugcats["hunter"].food_max  # starving: the whole board
    assert bo.need != DATA.slugcats["hunter"].food_line
    assert f"3/{bo.need}" in line_of(plain(roster_lines(state, 38)), "B")


def test_nine_players_fit_two_to_a_line_in_a_short_roster():
    state = place(place(nine(), 8, hunting=3), 0, status=HIBERNATING)
    lines = plain(roster_lines(state, 38, rows=6))
    assert len(lines) == 5 and all(len(line) <= 38 for line in lines)
    for seat in seats(state):  # the token, karma, food and status always stay
        entry = line_of(lines, seat.token)
        assert f"◉{seat.karma}" in entry and f"●{seat.food}/{seat.need}" in entry
        assert seat.status_short in entry
    assert len(plain(roster_lines(state, 38, rows=9))) == 9  # room for a line each


# -- status ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("status", list(Status))
def test_status_words_for_every_status(status):
    state = place(table(2), 1, status=status)
    words, short, _ = status_words(state, 1)
    assert (words, short) == STATUS_WORDS[status]
    assert words in line_of(plain(roster_lines(state, 58)), "B")
    assert short in line_of(plain(roster_lines(state, 20)), "B")


def test_the_status_words_name_each_state():
    assert {status: STATUS_WORDS[status][0] for status in Status} == {
        AWAKE: "awake", HIBERNATING: "hibernating", STARVED: "starved", DEAD: "dead", ASCENDED: "ascended"}


def test_waiting_for_the_ending():
    state = place(table(2), 0, has_mark=True, reached_ending=True, ending_hibernations=2, waiting=3)
    assert status_words(state, 0)[:2] == ("waiting 3", "wait 3")
    assert "waiting 3" in line_of(plain(roster_lines(state, 58)), "A")


def test_a_hunt_shows_on_the_roster_and_the_map():
    state = place(table(3), 0, hunting=2)
    assert status_words(state, 0)[:2] == ("hunting C", "⚔ C")
    assert status_words(state, 2)[:2] == ("hunted by A", "⚔ by A")
    assert status_words(state, 1)[0] == "awake"
    lines = plain(roster_lines(state, 58))
    assert "hunting C" in line_of(lines, "A") and "hunted by A" in line_of(lines, "C")
    assert "⚔ A hunts C" in map_content(state, 1).plain.splitlines()
    assert "hunts" not in map_content(table(3), 1).plain


def test_a_duel_names_the_attacker_and_the_one_who_answers():
    state = evolve(table(3), pending=Duel(player=2, attacker=0))
    assert status_words(state, 0)[0] == "attacking C"
    assert status_words(state, 2)[0] == "attacked by A"
    lines = plain(roster_lines(state, 58))
    assert line_of(lines, "A").startswith("▶A")  # Ada's turn
    assert line_of(lines, "C").startswith("▷C")  # Cy answers on it


def test_whose_turn_it_is_is_marked():
    state = set_turn_order(table(3), (1, 2, 0))
    lines = plain(roster_lines(state, 58))
    assert lines[0].startswith("▶B") and lines[1].startswith(" C") and lines[2].startswith(" A")
    assert sum(line.count("▶") for line in lines) == 1


# -- colours --------------------------------------------------------------------------------------------
def test_every_seat_has_its_own_colour_and_letter():
    assert len(set(PLAYER_COLOURS)) == len(PLAYER_COLOURS) == 9
    assert len({token_style(i) for i in range(9)}) == 9
    state = nine()
    lines = roster_lines(state, 58)
    tokens = player_tokens(state)
    for seat, line in zip(seats(state), lines):
        chips = [span for span in line.spans if str(span.style) == token_style(seat.index)]
        assert len(chips) == 1 and line.plain[chips[0].start:chips[0].end] == tokens[seat.index]


def test_the_map_draws_each_token_on_its_players_colour():
    state = place(place(nine(), 0, region="su"), 1, region="su")
    content = map_content(state, 0)
    art = content.plain.splitlines()[0:8]
    assert any("SU AB" in row for row in art)
    for index, token in enumerate(player_tokens(state)):
        chips = [span for span in content.spans if str(span.style) == token_style(index)]
        assert chips and all(content.plain[span.start:span.end] == token for span in chips)


def test_tokens_are_numbers_when_initials_clash_and_still_coloured():
    state = table(2)
    state = place(state, 1, name="alf")
    assert player_tokens(state) == ("1", "2")
    lines = roster_lines(state, 58)
    assert line_of(plain(lines), "2").startswith(" 2 alf")


# -- the dead --------------------------------------------------------------------------------------------
def test_the_dead_leave_the_map_and_stay_on_the_roster():
    state = three()  # Cy is dead; she died in the Outskirts
    assert state.players[2].region == "su"
    art = map_content(state, 0).plain.splitlines()[:8]
    assert not any(re.search(r"SU \S*C", row) for row in art)
    assert "dead" in line_of(plain(roster_lines(state, 38)), "C")
    awake = place(state, 2, status=AWAKE)
    assert any(re.search(r"SU C", row) for row in map_content(awake, 0).plain.splitlines()[:8])


# -- the focused region: traits and gates ----------------------------------------------------------------
@pytest.mark.parametrize("region", sorted(DATA.regions))
def test_every_gate_of_a_region_shows_its_karma_both_ways(region):
    state = table(1)
    here = map_code(DATA, region)
    long = " ".join(line.plain for line in gate_lines(state, region, 58))
    short = " ".join(line.plain for line in gate_lines(state, region, 38, short=True))
    gates = [g for g in DATA.gates.values() if region in (g.a, g.b)]
    assert len(gate_karmas(state, region)) == len(gates) > 0
    for gate in gates:
        other = gate.other(region)
        there = map_code(DATA, other)
        out, back = gate_karma(state, gate.id, region), gate_karma(state, gate.id, other)
        assert f"{here}→{there} {out}, {there}→{here} {back}" in long
        assert f"→{there} {out} ←{back}" in short


def test_the_viewers_region_and_its_gates_are_under_the_map():
    state = place(table(2), 0, region="hi", karma=3)
    lines = map_content(state, 0).plain.splitlines()
    assert "▸HI Industrial Complex" in lines
    hi_su = DATA.gates["gate_hi_su"]
    assert any(f"HI→SU {gate_karma(state, hi_su.id, 'hi')}, SU→HI {gate_karma(state, hi_su.id, 'su')}" in line
               for line in lines)
    focused = map_content(state, 0, focus="lf").plain.splitlines()
    assert "LF Farm Arrays" in " ".join(focused) and "▸LF" not in " ".join(focused)


def test_region_traits_come_from_the_data():
    state = table(1)
    assert region_traits(state, "lf")[0] == "Worm Grass every 2 turns"
    assert {"safe from the rain", "the Mark is found here"} <= set(region_traits(state, "ss"))
    assert "the ending is played here" in region_traits(state, "sb")
    assert "water" in region_traits(state, "gw") and "water" not in region_traits(state, "su")
    assert "free walk to UH" in region_traits(state, "uw")
    assert "-1 flee" in region_traits(state, "si")
    assert all(len(line.plain) <= 38 for line in region_head(state, "sh", True, 38))


# -- mounted ----------------------------------------------------------------------------------------------
class Column(App):
    CSS = "#left { width: 38; } #roster { max-height: 30%; }"

    def __init__(self, state):
        super().__init__()
        self.state = state

    def compose(self) -> ComposeResult:
        with Vertical(id="left"):
            yield RegionMap(id="map")
            yield Roster(id="roster")
            yield SlugcatCard(id="card", brief=True)

    def on_mount(self) -> None:
        for widget in (self.query_one(RegionMap), self.query_one(Roster), self.query_one(SlugcatCard)):
            widget.show(self.state, 0)


def rows(widget) -> list[str]:
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


async def test_a_short_roster_seats_players_side_by_side():
    app = Column(nine())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        roster = app.query_one(Roster)
        shown = rows(roster)
        assert roster.size.height == 5 == len(shown)  # 30% of 24 rows is 7: two to a line
        assert all(line_of(shown, token) for token in player_tokens(app.state))


async def test_a_click_on_a_region_focuses_it_and_again_lets_it_go():
    state = table(2)
    app = Column(state)
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.pause()
        board_map = app.query_one(RegionMap)
        assert "▸SU Outskirts" in rows(board_map)
        await pilot.click(RegionMap, offset=(1, 2))  # the Farm Arrays cell, left on the third row
        assert board_map.focus_region == "lf"
        assert any(line.startswith("LF Farm Arrays") for line in rows(board_map))
        await pilot.click(RegionMap, offset=(1, 2))
        assert board_map.focus_region is None
        assert "▸SU Outskirts" in rows(board_map)


def test_the_brief_card_leaves_the_roster_its_lines():
    state = three()
    brief = slugcat_card_content(state, 0, brief=True).plain.splitlines()
    assert not any(line.startswith("Ada") or "turn 14" in line or "in Five Pebbles" in line for line in brief)
    assert any("karma 3 · HP" in line and "rep 2/5" in line for line in brief)
    full = slugcat_card_content(state, 0).plain.splitlines()
    assert full[0].startswith("▶ Ada") and "HP 13 · rep 2/5 · turn 14" in full


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_board_shows_every_player_on_the_roster(size):
    session = GameSession.start(Setup(players=[PlayerSetup(n) for n in NAMES], seed="roster9"), DATA)
    for slugcat in SLUGCATS:
        session.act(session.legal[[a.slugcat for a in session.legal].index(slugcat)])

    class One(App):
        def get_default_screen(self):
            return BoardScreen(session)

    app = One()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        roster = app.screen.query_one("#roster", Roster)
        shown = rows(roster)
        for seat in seats(session.state):
            entry = line_of(shown, seat.token)
            assert f"{seat.karma}" in entry and f"{seat.food}/{seat.need}" in entry
        assert roster.region.bottom <= app.screen.query_one("#card").region.y
        assert roster.region.y >= app.screen.query_one("#map").region.y + 8  # under the map's art
