"""A replay readies where its next keys go while a step is on screen: the state and the panels'
drawings a step either way, a cycle and a round either way, at the start and at the end, and the
rows of the card shown there; a key that goes there builds none of them, and what the panels show
is what they would show drawn afresh. The jumps' keys come straight to the screen, and the map
draws its rows and cells from pieces kept by what they show, exactly as drawn anew. A card that
will be taller grows while the step before is on screen, so the key lays nothing out. Each test
counts work done, not time."""

from __future__ import annotations

import random
from collections import Counter

from textual import events
from textual.visual import Visual

from rainboard.engine import digest
from rainboard.saves import ready_states, state_blocks
from rainboard.ui.safe_text import shown
from rainboard.ui.screens.replay import ReplayScreen, viewer_at
from rainboard.ui.widgets import cards, painted_rows, region_map
from rainboard.ui.widgets.cards import HandList, SlugcatCard
from rainboard.ui.widgets.quiet import content_key
from rainboard.ui.widgets.rain_clock import RainClock, rain_content, seed_tag
from rainboard.ui.widgets.region_map import RegionMap, map_content, wide_fits
from rainboard.ui.widgets.roster import Roster, roster_content

from tests.ui.test_panels_repaint_rows import _painted_afresh
from tests.ui.test_replay_steps import ReplayApp, _on_screen, _replay

KEYS = ["right", "left", "right_square_bracket", "left_square_bracket", "right_curly_bracket", "left_curly_bracket",
        "home", "end"]


def _count_builds(monkeypatch, built: Counter, building: list) -> None:
    """Count each drawing a panel makes while `building` is not empty (the map, the roster and the
    rain clock draw through `_draw`; the card builds its text; the hand its lines)."""
    def counting(name, original):
        def wrapper(*args, **kwargs):
            if building:
                built[name] += 1
            return original(*args, **kwargs)
        return wrapper

    for name, cls in (("map", RegionMap), ("roster", Roster), ("rain", RainClock)):
        monkeypatch.setattr(cls, "_draw", counting(name, cls._draw))
    monkeypatch.setattr(cards, "slugcat_card_content", counting("card", cards.slugcat_card_content))
    monkeypatch.setattr(cards, "hand_prompt", counting("hand", cards.hand_prompt))


async def test_a_key_to_a_place_readied_builds_no_drawing_and_paints_no_new_card_row(monkeypatch):
    replay = _replay()
    app = ReplayApp(replay)
    built: Counter = Counter()
    building: list = []
    _count_builds(monkeypatch, built, building)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        card = screen.query_one(SlugcatCard)
        showing = screen.show

        def show():
            building.append(True)
            try:
                showing()
            finally:
                building.clear()

        screen.show = show  # the screen shows a step through it (_go)
        drawn_in_frame: list = []  # the card's rows drawn while the screen paints it
        painting: list = []
        original, paint_line = Visual.to_strips, card.render_line

        def counting(widget, visual, *args, **kwargs):
            if widget is card and painting:
                drawn_in_frame.append(visual)
            return original(widget, visual, *args, **kwargs)

        def painted(y: int):
            painting.append(True)
            try:
                return paint_line(y)
            finally:
                painting.clear()

        monkeypatch.setattr(painted_rows.Visual, "to_strips", staticmethod(counting))
        card.render_line = painted
        screen._go(150)
        await pilot.pause()
        moved = 0
        for key in ["right", "right", "left", "right_curly_bracket", "left_curly_bracket", "right_square_bracket",
                    "left_square_bracket", "left", "end", "home", "right"]:
            await pilot.pause()  # the step on screen: where its keys go is readied now
            built.clear()
            drawn_in_frame.clear()
            before = screen.index
            await pilot.press(key)
            await pilot.pause()
            moved += screen.index != before
            assert built == Counter(), (key, before, screen.index)
            assert drawn_in_frame == [], (key, before, screen.index)
        assert moved >= 10
        # and without readying, the same keys build what they show
        monkeypatch.setattr(ReplayScreen, "_warm_one", lambda self, readying: None)
        screen._go(320)
        await pilot.pause()
        built.clear()
        await pilot.press("right_curly_bracket")
        await pilot.pause()
        assert built["map"] + built["card"] + built["roster"] > 0


def _fresh_rows(content) -> list[tuple]:
    return [content_key(row) for row in content.split("\n", allow_blank=True)]


async def test_steps_and_jumps_at_random_show_what_each_panel_draws_afresh():
    replay = _replay()
    app = ReplayApp(replay)
    chooser = random.Random(11)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for number in range(36):
            if number % 6 == 5:
                screen._go(chooser.randint(0, len(replay)))
            else:
                await pilot.press(chooser.choice(KEYS))
            await pilot.pause()
            state = replay.state_at(screen.index)
            viewer = viewer_at(state)
            where = (number, screen.index)
            region_map, roster = screen.query_one(RegionMap), screen.query_one(Roster)
            card, clock, hand = screen.query_one(SlugcatCard), screen.query_one(RainClock), screen.query_one(HandList)
            width, height = region_map.size
            wanted = map_content(state, viewer, wide=wide_fits(width, height), height=height, width=width)
            assert _fresh_rows(region_map.render()) == _fresh_rows(shown(wanted)), where
            wanted = roster_content(state, roster.size.width, roster.size.height)
            assert _fresh_rows(roster.render()) == _fresh_rows(shown(wanted)), where
            wanted = rain_content(state, viewer, clock.size.width, seed_tag(state))
            assert _fresh_rows(clock.render()) == _fresh_rows(shown(wanted)), where
            rows = _fresh_rows(shown(cards.slugcat_card_content(state, viewer, brief=True)))
            on_card = _fresh_rows(card.render())
            assert on_card[:len(rows)] == rows and all(row[0].strip() == "" for row in on_card[len(rows):]), where
            held = state.players[viewer].hand
            lines = [shown(cards.hand_prompt(state, item.card, viewer), keep="").plain for item in held]
            assert [option.prompt.plain for option in hand.options] == (lines or [cards.EMPTY_HAND]), where
            for widget in (region_map, roster, card, clock):
                assert _on_screen(widget) == _painted_afresh(widget), (where, type(widget).__name__)


async def test_a_new_step_drops_the_places_readied_for_the_last():
    replay = _replay()
    app = ReplayApp(replay)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        readied: list[int] = []
        readying = replay.ready
        replay.ready = lambda index: readied.append(index) or readying(index)
        screen._go(100)
        first = list(screen._to_ready)
        screen._go(300)  # before the first step was painted: its places are not readied
        second = list(screen._to_ready)
        await pilot.pause()
        assert readied == second
        assert {99, 101} <= set(first) and not {99, 101} & set(readied)
        assert {299, 301, 0, len(replay)} <= set(readied)


def test_states_readied_are_the_states_played_and_leave_the_blocks_stood_in(monkeypatch):
    replay = _replay()
    applied: Counter = Counter()
    playing = state_blocks.apply
    monkeypatch.setattr(state_blocks, "apply", lambda *args, **kwargs: applied.update(["apply"]) or
                        playing(*args, **kwargs))
    standing = 205
    replay.state_at(standing)
    far = [0, 17, 64, 130, 260, 333, len(replay)]
    for place in far:
        replay.ready(place)
    applied.clear()
    readied = [replay.state_at(place) for place in far]
    assert applied["apply"] == 0  # each found readied
    fresh = _replay()
    assert [digest(state) for state in readied] == [digest(fresh.state_at(place)) for place in far]
    applied.clear()
    replay.state_at(standing + 1)  # the block stood in is still kept: one action on
    assert applied["apply"] == 1
    for place in range(ready_states.READIED + 1):
        replay.ready(place)
    applied.clear()
    replay.state_at(333)  # readied longest ago: let go, played again in its block (333 is no snapshot)
    assert applied["apply"] > 0


def test_the_map_drawn_from_kept_rows_and_cells_is_the_map_drawn_anew():
    replay = _replay()
    chooser = random.Random(5)
    for _ in range(60):
        state = replay.state_at(chooser.randint(0, len(replay)))
        viewer = chooser.choice([None, *range(len(state.players))])
        for wide, height in ((True, None), (False, 12), (True, 18)):
            kept = map_content(state, viewer, wide=wide, height=height, width=60)
            for cached in (region_map._art_row, region_map._cell, region_map._art):
                cached.cache_clear()
            anew = map_content(state, viewer, wide=wide, height=height, width=60)
            assert _fresh_rows(kept) == _fresh_rows(anew)


async def test_the_jump_keys_come_straight_to_the_screen_past_the_focused_hand():
    replay = _replay()
    app = ReplayApp(replay)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        hand = screen.query_one(HandList)
        hand.focus()
        await pilot.pause()
        screen._go(150)
        await pilot.pause()
        reached: list = []
        posting = hand.post_message
        hand.post_message = lambda message: reached.append(message) or posting(message)
        for key in ("right_square_bracket", "left_square_bracket", "right_curly_bracket", "left_curly_bracket"):
            before = screen.index
            await pilot.press(key)
            await pilot.pause()
            assert screen.index != before, key
        assert hand.has_focus
        assert not [message for message in reached if isinstance(message, events.Key)]


def _four_player_replay(watch=None):
    """A four-player game with the gourmand, whose card grows a row in its first steps."""
    from rainboard.engine import PlayerSetup

    players = [PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "monk"), PlayerSetup("Cy", "hunter"),
               PlayerSetup("Di", "gourmand")]
    return _replay(40, players, seed="bench-keys", picks=7, watch=watch)


STEPS = 20


async def test_a_taller_card_coming_grows_the_card_before_its_key_so_no_step_lays_out(monkeypatch):
    """The card is as tall as the tallest at the table so far. A step that brings a taller card
    (a note more) grows it while the step before is on screen, as its place is readied: the key
    itself asks no panel for a layout, stepping forward from the start, where cards grow."""
    from textual.widget import Widget

    asked: list[tuple[str, str]] = []  # (when, the widget) for each layout asked
    when: list[str] = []
    refresh = Widget.refresh

    def recording(self, *regions, layout: bool = False, **kwargs):
        if layout and when:
            asked.append((when[-1], str(self.id)))
        return refresh(self, *regions, layout=layout, **kwargs)

    monkeypatch.setattr(Widget, "refresh", recording)
    app = ReplayApp(_four_player_replay())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        showing, warming = screen.show, screen._warm_one

        def show():
            when.append("key")
            try:
                showing()
            finally:
                when.pop()

        def warm(readying):
            when.append("readying")
            try:
                warming(readying)
            finally:
                when.pop()

        screen.show, screen._warm_one = show, warm
        card = screen.query_one(SlugcatCard)
        heights = [card.outer_size.height]
        for _ in range(STEPS):
            await pilot.pause()
            await pilot.press("right")
            await pilot.pause()
            heights.append(card.outer_size.height)
        assert screen.index == STEPS
    assert [widget for moment, widget in asked if moment == "key"] == []
    assert ("readying", "card") in asked  # the card did grow on the way, ahead of its key
    assert heights == sorted(heights) and heights[-1] > heights[0]
