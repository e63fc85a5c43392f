"""The region map and the rain clock: what they show for concrete game states, and that they mount."""

from __future__ import annotations

import re

import pytest
from attrs import evolve
from textual.app import App, ComposeResult
from textual.containers import Vertical

from rainboard.data import load_data
from rainboard.data.models import GateCard, Region
from rainboard.engine import PlayerSetup, Setup, new_game
from rainboard.engine.testing import place
from rainboard.ui.widgets.rain_clock import FILLED, EMPTY, RainClock, rain_content
from rainboard.ui.widgets.region_map import (
    COMPACT_TEMPLATE,
    WIDE_TEMPLATE,
    RegionMap,
    load_template,
    map_code,
    map_content,
    player_tokens,
    reachable,
    template_links,
)
from tests.engine.helpers import game as mini_game

DATA = load_data()
ALL_CODES = {"SU", "HI", "CC", "GW", "SL", "SH", "SI", "SS", "UW", "UH", "LF", "DS", "SB"}


def game(*slugcats: str, names=("Ada", "Bo", "Cy", "Di")):
    setup = Setup(players=[PlayerSetup(names[i], s) for i, s in enumerate(slugcats)], seed=1)
    state, _ = new_game(setup, DATA)
    return state


put = place  # change a player's fields


@pytest.fixture
def two():
    """Ada (Survivor) and Bo (Hunter), both at karma 1, Ada in the Outskirts."""
    return game("survivor", "hunter")


def cells(content) -> dict[str, str]:
    """Each region cell of a rendered map: code -> the cell's text (marker, code, tokens)."""
    found = {}
    for match in re.finditer(r"([▸× ])([A-Z]{2})(?: ([A-Z0-9+]+))?(?= |─|┼|$)", content.plain, re.M):
        found.setdefault(match.group(2), match.group(0).strip())
    return found


def map_lines(content, template: str = COMPACT_TEMPLATE) -> list[str]:
    """The map's art: its lines without the notes and the legend under it."""
    return content.plain.splitlines()[:len(load_template(template))]


# -- reachable ----------------------------------------------------------------------------------
def test_karma_1_in_outskirts_reaches_only_outskirts(two):
    assert reachable(two, 0) == {"su"}


def test_karma_3_in_outskirts_reaches_all_but_subterranean_and_five_pebbles(two):
    state = put(two, 0, karma=3)
    assert "hi" in reachable(state, 0)  # SU -> HI needs 3
    assert reachable(state, 0) == set(DATA.regions) - {"sb", "ss"}


def test_gates_are_read_in_the_direction_travelled(two):
    # HI -> SU needs karma 2, SU -> HI needs 3
    assert "su" in reachable(put(two, 0, region="hi", karma=2), 0)
    assert reachable(put(two, 0, region="su", karma=2), 0) == {"su"}


def test_the_walk_between_the_wall_and_the_underhang_needs_no_karma(two):
    state = put(two, 0, region="uh", karma=1)
    assert "uw" in reachable(state, 0)
    regions = dict(DATA.regions)
    regions["uh"] = evolve(regions["uh"], free_crossings=())
    regions["uw"] = evolve(regions["uw"], free_crossings=())
    no_walk = evolve(state, data=evolve(DATA, regions=regions))
    assert "uw" not in reachable(no_walk, 0)


def test_a_viewer_standing_nowhere_reaches_nothing(two):
    assert reachable(put(two, 0, region=""), 0) == set()


# -- tokens and codes ---------------------------------------------------------------------------
def test_tokens_are_initials_or_numbers_when_initials_clash():
    assert player_tokens(game("survivor", "hunter")) == ("A", "B")
    assert player_tokens(game("survivor", "hunter", names=("Ada", "al"))) == ("1", "2")


def test_the_wall_and_the_underhang_get_different_codes():
    assert DATA.regions["uw"].code == DATA.regions["uh"].code == "UW"
    assert (map_code(DATA, "uw"), map_code(DATA, "uh"), map_code(DATA, "su")) == ("UW", "UH", "SU")


# -- the map ------------------------------------------------------------------------------------
@pytest.mark.parametrize("wide", [False, True])
def test_map_shows_every_region_once(two, wide):
    shown = cells(map_content(two, 0, wide=wide))
    assert set(shown) == ALL_CODES


def test_viewer_marker_sits_on_the_viewers_region(two):
    state = put(two, 0, region="hi", karma=3)
    content = map_content(state, 0)
    assert cells(content)["HI"].startswith("▸")
    assert sum(line.count("▸") for line in map_lines(content)) == 1
    assert not cells(content)["SU"].startswith("▸")


def test_tokens_sit_in_their_players_cells(two):
    state = put(put(two, 0, region="hi"), 1, region="uw")
    shown = cells(map_content(state, 1))
    assert shown["HI"].endswith("HI A")
    assert shown["UW"] == "▸UW B"
    assert shown["UH"].endswith("UH")  # the walk's other end is empty


def test_unreachable_regions_are_crossed_out(two):
    low = cells(map_content(two, 0))  # karma 1 in SU: nothing else reachable
    assert all(low[code].startswith("×") for code in ALL_CODES - {"SU"})
    high = cells(map_content(put(two, 0, karma=3), 0))
    assert {code for code, cell in high.items() if cell.startswith("×")} == {"SB", "SS"}


def test_crowded_cells_show_a_plus_and_list_everyone_below():
    state = game("survivor", "monk", "spearmaster")  # all three wake in the Outskirts
    content = map_content(state, 0)
    assert cells(content)["SU"] == "▸SU A+"
    assert any(line.startswith("Crowded:") and "SU ABC" in line for line in content.plain.splitlines())


def test_a_region_without_a_place_on_the_map_is_listed_under_it(two):
    regions = dict(DATA.regions)
    regions["zz"] = Region(id="zz", code="ZZ", name="House Rules")
    state = put(evolve(two, data=evolve(DATA, regions=regions)), 1, region="zz")
    also = [line for line in map_content(state, 0).plain.splitlines() if line.startswith("Also:")]
    assert also and "ZZ B" in also[0]


def test_compact_map_fits_the_board_column(two):
    art = load_template(COMPACT_TEMPLATE)
    assert max(len(line) for line in art) <= 38
    crowded = game("survivor", "monk", "spearmaster")
    for state in (two, crowded, put(two, 0, region="sh", hunting=1)):
        lines = map_content(state, 0).plain.splitlines()
        assert max(len(line) for line in lines) <= 38
        assert len(lines) <= len(art) + 7  # crowded or hunts, the region, two lines of gates, the legend
        for height in range(len(art), len(lines) + 1):  # a shorter space: the notes under the art give way
            short = map_content(state, 0, height=height).plain.splitlines()
            assert len(short) <= height and short[:len(art)] == lines[:len(art)]


def test_wide_map_fits_its_space(two):
    lines = load_template(WIDE_TEMPLATE)
    assert max(len(line) for line in lines) <= 60 and len(lines) + 1 <= 15


@pytest.mark.parametrize("name", [COMPACT_TEMPLATE, WIDE_TEMPLATE])
def test_template_lines_join_exactly_the_gates_and_the_walk(name):
    gates, walks = template_links(load_template(name))
    assert gates == {frozenset((g.a, g.b)) for g in DATA.gates.values()}
    assert len(gates) == 20
    assert walks == {frozenset(("uw", "uh"))}


def test_a_crossing_lets_both_lines_go_straight_on():
    art = ("      {cc  }",
           "        │",
           "{su  }──┼──{hi  }",
           "        │",
           "      {ds  }")
    gates, _ = template_links(art)
    assert gates == {frozenset(("cc", "ds")), frozenset(("su", "hi"))}


def test_a_line_that_stops_short_is_caught():
    with pytest.raises(ValueError, match="stops at row 1"):
        template_links(("{su  }──   {hi  }",))
    assert template_links(("{su  }──┐", "        └{hi  }")) == ({frozenset(("su", "hi"))}, frozenset())


def test_a_gate_the_art_does_not_draw_is_listed_under_the_map(two):
    gates = dict(DATA.gates)
    gates["gate_si_ss"] = GateCard(id="gate_si_ss", name="Gate", a="si", b="ss", a_to_b=1, b_to_a=1)
    state = evolve(two, data=evolve(DATA, gates=gates))
    also = [line for line in map_content(state, 0).plain.splitlines() if line.startswith("Also:")]
    assert also and "SI─SS" in also[0]


def test_decks_the_art_does_not_fit_are_listed_not_drawn():
    state = mini_game("survivor", "hunter")  # the small test decks: 8 regions, other gates
    plain = map_content(state, 0).plain
    assert "┐" not in plain and "│" not in plain
    assert "▸SU A" in plain and "×LF B" in plain
    assert any(line.startswith("Gates:") for line in plain.splitlines()) and "HI─UW" in plain
    assert "UH┄UW" in plain


# -- the rain clock -----------------------------------------------------------------------------
def rain(state, timer, start=10, precycle=False):
    return evolve(state, rain=timer, rain_start=start, precycle=precycle)


def test_rain_words_grow_urgent(two):
    calm = rain_content(rain(two, 7), 0, 38).plain
    assert "Rain in 7 rounds" in calm and "!" not in calm
    assert "Rain in 2 rounds!" in rain_content(rain(two, 2), 0, 38).plain
    assert "Last round before the rain!" in rain_content(rain(two, 0), 0, 38).plain


def test_rain_style_follows_urgency(two):
    def styles(timer):
        return {str(span.style) for span in rain_content(rain(two, timer), 0, 38).spans}

    assert any("$success" in s for s in styles(7)) and not any("$error" in s for s in styles(7))
    assert any("$warning" in s for s in styles(2))
    assert any("$error" in s for s in styles(0))


def test_rain_bar_has_a_segment_per_point_rolled(two):
    for width in (30, 80):  # the bar has its own row, or shares the first
        plain = rain_content(rain(two, 3, start=9), 0, width).plain
        assert plain.count(FILLED) == 3 and plain.count(EMPTY) == 6


def test_a_long_timer_in_a_narrow_space_is_scaled_but_never_hides_the_last_point(two):
    plain = rain_content(rain(two, 1, start=16), 0, 20).plain
    assert plain.count(FILLED) == 1 and plain.count(FILLED) + plain.count(EMPTY) <= 20 - len("Rain  1/16")
    assert "1/16" in plain


def test_precycle_and_round_are_shown(two):
    assert "Precycle" in rain_content(rain(two, 5, precycle=True), 0, 38).plain
    plain = rain_content(evolve(rain(two, 5), round=2), 0, 38).plain
    assert "Precycle" not in plain and "Round 3" in plain and "Cycle 1" in plain


def test_the_rain_cannot_reach_five_pebbles(two):
    assert "cannot reach you" in rain_content(rain(put(two, 0, region="ss"), 1), 0, 38).plain
    assert "cannot reach" not in rain_content(rain(two, 1), 0, 38).plain


def test_rain_clock_takes_two_rows_across_a_wide_screen(two):
    state = evolve(rain(put(two, 0, region="ss"), 12, start=16, precycle=True), cycle=12, round=9)
    rows = rain_content(state, 0, 80).plain.splitlines()
    assert len(rows) == 2 and all(len(row) <= 80 for row in rows)
    assert "Precycle" in rows[0] and rows[0].count(FILLED) == 12
    assert "Rain in 12 rounds" in rows[1] and "cannot reach you" in rows[1]
    assert len(rain_content(state, 0, 38).plain.splitlines()) == 4  # narrow: header, bar, words, note


def test_rain_rows_fit_the_board_column(two):
    state = rain(put(two, 0, region="ss"), 0, start=16, precycle=True)
    assert all(len(row) <= 38 for row in rain_content(state, 0, 38).plain.splitlines())


# -- mounted ------------------------------------------------------------------------------------
class Board(App):
    CSS = "#left { width: 38; }"

    def __init__(self, state, left: bool = True):
        super().__init__()
        self.state = state
        self.left = left

    def compose(self) -> ComposeResult:
        with Vertical(id="left" if self.left else "full"):
            yield RainClock()
            yield RegionMap()

    def on_mount(self) -> None:
        self.query_one(RainClock).show(self.state, 0)
        self.query_one(RegionMap).show(self.state, 0)


def screen_text(widget) -> list[str]:
    return [widget.render_line(y).text for y in range(widget.size.height)]


async def test_widgets_mount_in_the_board_column_at_80x24(two):
    app = Board(rain(two, 2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = [line.rstrip() for line in screen_text(app.query_one(RegionMap))]
        assert any("SU" in line for line in shown)
        # the compact map, the viewer's region and its gates, and the legend
        assert shown == [line.rstrip() for line in map_content(rain(two, 2), 0).plain.splitlines()]
        assert "▸SU Outskirts" in shown and shown[-1].startswith("▸ you")
        clock = screen_text(app.query_one(RainClock))
        assert any("Rain in 2 rounds!" in line for line in clock)


async def test_map_picks_the_wide_template_when_it_has_room(two):
    app = Board(two, left=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = [line.rstrip() for line in screen_text(app.query_one(RegionMap))]
        assert shown == [line.rstrip() for line in map_content(two, 0, wide=True, width=80).plain.splitlines()]
        assert shown[0].startswith("×SI       ──")  # the wide art's cells
        assert any("SU" in line for line in shown)
