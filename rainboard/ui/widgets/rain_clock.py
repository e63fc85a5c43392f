"""The rain clock: the cycle, the round, and how many rounds are left before the rain.

The timer is drawn as a segmented bar, one segment per point the timer was rolled at this cycle
(`state.rain_start`), the points still left (`state.rain`) filled. The bar and the words under it
change as the rain nears, in three steps, so the urgency shows even without colour:

- calm (4 rounds or more): "Rain in 7 rounds", in $success;
- worry (2 or 3): "Rain in 2 rounds!", in $warning;
- danger (1 or 0): "Rain in 1 round!", then "Last round before the rain!" at 0, in bold $error.

Rows: the cycle, the round and a "Precycle" label; the bar; the words. When the space is wide (the
full width of an 80-column screen), the bar joins the first row, so the clock takes two rows.

The game's seed (in a solo challenge, its code) closes the first row, set to the right, so the
table can share the game it is playing; when the row has no room it goes after the words, or on a
row of its own.

The timer drops by one at the end of each round and the rain comes when it would go below zero, so at
0 the round being played is the last one. A viewer standing where the rain cannot reach (Five Pebbles)
is told so.

A step changes a row or two of the clock (the round, the timer), and only those rows are painted again
(PaintedRows); the last drawings are kept by what they were drawn from, so a replay stepping back, or
a layout asking the clock's height, draws nothing again.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from textual.cache import LRUCache
from textual.content import Content
from textual.dom import NoScreen

from .painted_rows import PaintedRows
from .state_view import StateView

if TYPE_CHECKING:
    from rainboard.engine.state import GameState

FILLED = "▰"
EMPTY = "▱"
CALM, WORRY, DANGER = "calm", "worry", "danger"
LEVEL_STYLES = {CALM: "$success", WORRY: "bold $warning", DANGER: "bold $error"}
EMPTY_STYLE = "$text-muted"
PRECYCLE_STYLE = "bold reverse $accent"
SHELTER_STYLE = "$success"
GAP = "   "


def urgency(rain: int) -> str:
    """How near the rain is: calm, worry or danger."""
    if rain <= 1:
        return DANGER
    if rain <= 3:
        return WORRY
    return CALM


def rain_words(rain: int) -> str:
    """The rain timer in words, more pressing as it runs out."""
    if rain < 0:
        return "The rain is falling!"
    if rain == 0:
        return "Last round before the rain!"
    if rain == 1:
        return "Rain in 1 round!"
    return f"Rain in {rain} rounds" + ("!" if urgency(rain) != CALM else "")


def rain_bar(rain: int, start: int, room: int) -> Content:
    """`start` segments with `rain` of them filled; scaled down to `room` columns when longer."""
    start = max(start, rain, 0)
    rain = max(rain, 0)
    if start > room > 0:
        filled = math.ceil(rain * room / start)  # a last point left still shows
        start = room
    else:
        filled = rain
    return Content.assemble(
        (FILLED * filled, LEVEL_STYLES[urgency(rain)]),
        (EMPTY * (start - filled), EMPTY_STYLE),
    )


def _sheltered_region(state: GameState, viewer: int | None) -> str | None:
    """The name of the viewer's region when the rain cannot reach it, else None."""
    if viewer is None or not 0 <= viewer < len(state.players):
        return None
    region = state.data.regions.get(state.players[viewer].region)
    return region.name if region is not None and region.sheltered_from_rain else None


def seed_tag(state: GameState, challenge: str | None = None) -> Content:
    """The words that name the game dealt: "Seed 482913", or a challenge's code."""
    if challenge:
        return Content.styled(f"Challenge {challenge}", "$text-muted")
    return Content.styled(f"Seed {state.seed}", "$text-muted")


def _ending(row: Content, tag: Content, width: int, join: str = GAP) -> Content | None:
    """`row` with `tag` set at its right end, or None when they do not fit side by side."""
    room = width - row.cell_length - tag.cell_length
    if room < len(join):
        return None
    return row + " " * room + tag


def rain_content(state: GameState, viewer: int | None, width: int, tag: Content | None = None) -> Content:
    """The rain clock for a space `width` columns wide.

    Three rows (cycle and round; the bar; the words), or two when the space is wide enough for the
    bar beside the cycle. A sheltered viewer's note goes after the words, or on a row of its own
    when it does not fit there. A `tag` (the seed) ends the first row, else the last, else has its own.
    """
    if state.cycle == 0:
        return Content("The first cycle has not begun.")
    header = Content.assemble(("Cycle ", "bold"), (str(state.cycle), "bold"), f" · Round {state.round + 1}")
    if state.precycle:
        header = header + "  " + Content.styled(" Precycle ", PRECYCLE_STYLE)

    count = f" {max(state.rain, 0)}/{max(state.rain_start, state.rain, 0)}"
    label = "Rain "
    whole_bar = Content.assemble((label, "bold"), rain_bar(state.rain, state.rain_start, 0), count)
    if header.cell_length + len(GAP) + whole_bar.cell_length <= width:  # wide: header and bar share a row
        rows = [header + GAP + whole_bar]
    else:
        bar = rain_bar(state.rain, state.rain_start, width - len(label) - len(count))
        rows = [header, Content.assemble((label, "bold"), bar, count)]

    style = LEVEL_STYLES[urgency(state.rain)]
    words = Content.styled(rain_words(state.rain), style)
    rows.append(words)
    sheltered = _sheltered_region(state, viewer)
    if sheltered is not None:
        note = Content.styled(f"The rain cannot reach you in {sheltered}.", SHELTER_STYLE)
        if words.cell_length + 3 + note.cell_length <= width:
            rows[-1] = words + " · " + note
        else:
            if note.cell_length > width:  # the map already says where the viewer is
                note = Content.styled("The rain cannot reach you here.", SHELTER_STYLE)
            rows.append(note)
    if tag is not None:
        first, last = _ending(rows[0], tag, width), _ending(rows[-1], tag, width)
        if first is not None:
            rows[0] = first
        elif last is not None:
            rows[-1] = last
        else:
            rows.append(tag)
    return Content("\n").join(rows)


class RainClock(PaintedRows, StateView):
    """Cycle, round and rain timer, and the seed (or challenge code) of the game dealt."""

    DEFAULT_CSS = """
    RainClock {
        width: 100%;
        height: auto;
    }
    """
    KEEPS_DRAWINGS = True

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._drawings: LRUCache[tuple, Content] = LRUCache(64)

    def show(self, state: GameState, viewer: int | None) -> None:
        with self.changed_rows_only():
            super().show(state, viewer)

    def _drawing(self, state: GameState, viewer: int | None, key: object, width: int) -> Content:
        """The drawing of a state, kept by the slice of it the clock reads (_view_key)."""
        if key is None:
            return super()._drawing(state, viewer, key, width)
        kept_key = (key, width, self._challenge())
        content = self._drawings.get(kept_key)
        if content is None:
            content = self._drawings[kept_key] = super()._drawing(state, viewer, key, width)
        return content

    def _view_key(self, state: GameState, viewer: int | None) -> object:
        """What the clock is drawn from: the cycle, the round, the timer, the seed, and the region
        of the viewer (the rain cannot reach some)."""
        region = state.players[viewer].region if viewer is not None and 0 <= viewer < len(state.players) else None
        return (id(state.data), state.seed, state.cycle, state.round, state.precycle, state.rain, state.rain_start,
                region)

    def _draw(self, state: GameState, viewer: int | None, width: int) -> Content:
        """The rain for this state; `viewer` is told when the rain cannot reach them."""
        return rain_content(state, viewer, max(width, 1), seed_tag(state, self._challenge()))

    def _challenge(self) -> str | None:
        """The code of the solo challenge being played on this screen, if it is one."""
        try:
            session = getattr(self.screen, "session", None)
        except NoScreen:  # not mounted on a screen (yet)
            return None
        code = getattr(session, "challenge", None)
        return code if isinstance(code, str) else None

    def get_content_height(self, container, viewport, width: int) -> int:
        if self._state is None:
            return 0
        # long rows wrap when the space is narrower than them
        return sum(max(1, math.ceil(row.cell_length / max(width, 1)))
                   for row in self._content(width).split("\n"))

