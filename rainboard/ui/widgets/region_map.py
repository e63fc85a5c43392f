"""The region map: where everyone stands, and which regions the viewer's karma opens.

The map is drawn from a text template in assets/ (map.txt, 38 columns; map_wide.txt, 58 columns,
used when the widget has room). A template is plain art: box-drawing lines ─│┌┐└┘ are karma gates,
┼ is where two gates cross and each goes straight on (the shipped gates, DS - CC among them, cannot
all be drawn without a crossing), the dotted ┄┊╰╮ line is the walk between The Wall and The Underhang,
and `{xx  }` is region `xx`'s cell, exactly as wide as the braces, so the art reads the same before
and after filling in. Leading
lines starting with `#` are notes for whoever edits the template. Regions of the game data with no
cell in the template (house-rule decks) are listed under the map, and so are gates the art does not
draw, so nothing goes missing. When the art does not fit the decks at all (a region it places is
missing, or a line joins regions the data does not join: small test decks), the map becomes a list of
regions, gates and walks rather than draw what is not there.

A cell reads `▸SU AB`: a marker, the region's code, then the tokens of the players there.
- Marker: `▸` the viewer's region (also bold, reversed); `×` a region the viewer's karma cannot reach
  yet (also dim); blank otherwise.
- Code: the region's code from its data, or its id in capitals when another region shares the code
  (The Wall and The Underhang are both "UW" in the data; the map shows UW and UH).
- Tokens: each player's token (widgets/players.py: the first letter of their name, or their number
  when two names share one) on a chip of the player's colour. Dead players have left the board until
  they wake, and ascended players for good: neither is shown (the roster says where they are). When
  the tokens overflow a cell, it shows as many as fit and a `+`, and a line under the map lists the
  full set.

Under the art, in this order: regions and gates the art does not place ("Also:"), crowded cells, the
hunts under way ("⚔ A hunts C"), the region in focus (the viewer's, or one clicked on the map) with its
traits (water, a hazard such as Farm Arrays' worm grass, the rain that cannot reach Five Pebbles, the
Mark, the ending in Subterranean, free walks, its modifiers) and the karma each of its gates asks in
both directions (`SU→HI 3 HI→SU 2`, or `→HI 3 ←2` when room is short; numbers from the engine's
`gate_karma`), and last the legend. When the widget is too short for all of it, the legend goes
first, then the crowded line, the hunts, and the focused region's lines.

"Reachable" is presentation, not a rule: the regions the viewer could walk to through gates whose
karma for that direction is at most their karma, and through free crossings. The engine still decides
every crossing (a gate also needs its card in hand).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from textual.cache import LRUCache
from textual.content import Content, Span

from rainboard.engine.queries import gate_karma
from rainboard.engine.state import ASCENDED, DEAD

from .map_template import COMPACT_TEMPLATE, GATE_LINES, PLACEHOLDER, WALK_LINES, WIDE_TEMPLATE, _data_links, _fits, \
    load_template, template_links, template_width  # noqa: F401 (template_links: the tests read it here)
from .painted_rows import PaintedRows
from .players import player_tokens, token_chip
from .quiet import inner_size
from .region_notes import fit_groups, gate_lines, map_code, pack, region_head, wrap_items
from .state_view import StateView

if TYPE_CHECKING:
    from rainboard.data.models import GameData
    from rainboard.engine.state import GameState

YOU = "▸"
TOO_LOW = "×"
MORE = "+"
_LINE_RUNS = re.compile(f"[{''.join(sorted(GATE_LINES))}]+|[{''.join(sorted(WALK_LINES))}]+")

GATE_STYLE = "$primary"
WALK_STYLE = "$accent"
HERE_STYLE = "bold reverse"
BLOCKED_STYLE = "dim"
CELL_STYLE = "on $panel"  # every cell a tile, so its padding reads as part of it
CODE_STYLE = "bold"
OFF_BOARD = (DEAD, ASCENDED)  # not on the map: the dead until they wake, the ascended for good
HUNT = "⚔"


def _viewer_region(state: GameState, viewer: int | None) -> str | None:
    if viewer is None or not 0 <= viewer < len(state.players):
        return None
    region = state.players[viewer].region
    return region if region in state.data.regions else None


def reachable(state: GameState, viewer: int) -> set[str]:
    """Regions the viewer could get to from where they stand with the karma they have now.

    Follows gates whose karma for the direction taken is at most the viewer's karma, and free
    crossings (the walk between The Wall and The Underhang). Includes the viewer's own region; empty
    when the viewer stands nowhere yet.
    """
    start = _viewer_region(state, viewer)
    if start is None:
        return set()
    karma = state.players[viewer].karma
    data = state.data
    links: dict[str, set[str]] = {rid: set(region.free_crossings) for rid, region in data.regions.items()}
    for gate in data.gates.values():
        for side in (gate.a, gate.b):
            if gate_karma(state, gate.id, side) <= karma:
                links.setdefault(side, set()).add(gate.other(side))
    seen = {start}
    frontier = [start]
    while frontier:
        region = frontier.pop()
        for other in links.get(region, ()):
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    return seen


@lru_cache(maxsize=1024)  # a cell is the same for the same figures: most are, from one state to the next
def _cell(code: str, tokens: tuple[tuple[str, int], ...], width: int, here: bool,
          blocked: bool) -> tuple[Content, bool]:
    """One region's cell, exactly `width` columns, with the (token, player) chips of those there;
    also whether the tokens had to be cut short."""
    marker = YOU if here else TOO_LOW if blocked else " "
    head = marker + code
    room = width - len(head) - 1
    shown = tokens
    if len(tokens) > room:
        shown = tokens[: room - 1] if room >= 2 else []
    cut = len(shown) != len(tokens)
    cell = Content(head).stylize(CODE_STYLE, 1, 1 + len(code))
    if here:
        cell = cell.stylize(HERE_STYLE)
    elif blocked:
        cell = cell.stylize(BLOCKED_STYLE)
    if shown or cut:
        # the chips keep their colours whatever the cell's look: a player is never dimmed out
        cell += Content(" ").stylize(HERE_STYLE if here else "")
        cell += Content("").join(token_chip(token, index) for token, index in shown)
        if cut and room >= 2:
            cell += Content(MORE).stylize(HERE_STYLE if here else BLOCKED_STYLE if blocked else "")
    pad = max(width - cell.cell_length, 0)
    cell = (cell + Content(" " * pad).stylize(HERE_STYLE if here else "")).truncate(width)
    return cell.stylize_before(CELL_STYLE), cut


@lru_cache(maxsize=256)
def _art(text: str) -> Content:
    """A stretch of template art, its gate and walk lines tinted (the line shapes tell them apart)."""
    spans = [Span(run.start(), run.end(), GATE_STYLE if run.group()[0] in GATE_LINES else WALK_STYLE)
             for run in _LINE_RUNS.finditer(text)]
    return Content(text).add_spans(spans)


@lru_cache(maxsize=256)  # most rows of the art look the same from one state to the next
def _art_row(row: str, cells: tuple) -> tuple[Content, tuple[bool, ...]]:
    """A row of the template with its cells filled in, `cells` giving each one's (code, tokens, here,
    blocked) in order; also whether each cell's tokens were cut short."""
    line, last, cuts = Content(""), 0, []
    for match, (code, tokens, here, blocked) in zip(PLACEHOLDER.finditer(row), cells):
        drawn, cut = _cell(code, tokens, match.end() - match.start(), here, blocked)
        line += _art(row[last:match.start()])
        line += drawn
        cuts.append(cut)
        last = match.end()
    return line + _art(row[last:]), tuple(cuts)


def _legend() -> Content:
    return Content.assemble(
        (YOU, HERE_STYLE), " you  ",
        (TOO_LOW, BLOCKED_STYLE), " karma too low  ",
        ("─", GATE_STYLE), " gate  ",
        ("┄", WALK_STYLE), " walk",
    )


def _link(data: GameData, pair: frozenset, glyph: str) -> Content:
    first, second = sorted(pair)
    return Content.assemble((map_code(data, first), CODE_STYLE), (glyph, GATE_STYLE if glyph == "─" else WALK_STYLE),
                            (map_code(data, second), CODE_STYLE))


def _present(state: GameState) -> dict[str, tuple[tuple[str, int], ...]]:
    """The tokens on the board, by region: (token, player index), in player order."""
    tokens = player_tokens(state)
    present: dict[str, tuple[tuple[str, int], ...]] = {}
    for index, player in enumerate(state.players):
        if player.status not in OFF_BOARD and player.region:
            present[player.region] = present.get(player.region, ()) + ((tokens[index], index),)
    return present


def _chips(tokens: tuple[tuple[str, int], ...]) -> Content:
    return Content("").join(token_chip(token, index) for token, index in tokens)


def _hunts(state: GameState) -> list[Content]:
    """Each hunt under way: "⚔ A hunts C", the hunter first."""
    tokens = player_tokens(state)
    return [Content.assemble((HUNT, "bold $text-warning"), " ", token_chip(tokens[index], index), " hunts ",
                             token_chip(tokens[player.hunting], player.hunting))
            for index, player in enumerate(state.players)
            if player.hunting is not None and 0 <= player.hunting < len(state.players)]


# what goes first when the map is short of rows: the legend, then the crowded line, the hunts, the
# focused region's traits past its first line, its gates and its name; the regions and gates the art
# leaves out always stay
ALSO_RANK, REGION_RANK, GATES_RANK, TRAITS_RANK, HUNTS_RANK, CROWDED_RANK, LEGEND_RANK = range(7)


def render_map(state: GameState, viewer: int | None, template: tuple[str, ...], height: int | None = None,
               width: int | None = None, focus: str | None = None) -> Content:
    """The map drawn on the given template lines (see map_content).

    Under the art: what the art leaves out, crowded cells, hunts, the focused region (`focus`, else
    the viewer's) and the legend, as many as fit in `height` lines, folded to `width` (at least the
    art's). When the template does not fit the game's decks (a region it places is missing, or a
    line it draws is no gate of theirs), every region and link is listed instead, so the map never
    shows what is not.
    """
    data = state.data
    here = _viewer_region(state, viewer)
    open_regions = reachable(state, viewer) if here is not None else set(data.regions)
    present = _present(state)

    def cell(region_id: str, width: int) -> tuple[Content, bool]:
        return _cell(map_code(data, region_id), present.get(region_id, ()), width,
                     here=region_id == here, blocked=region_id not in open_regions)

    def loose_cell(region_id: str) -> Content:
        tokens_here = present.get(region_id, ())
        return cell(region_id, 1 + len(map_code(data, region_id)) + (1 + len(tokens_here) if tokens_here else 0))[0]

    room_width = max(template_width(template), width or 0)
    gates, walks = _data_links(data)
    art: list[Content] = []
    also: list[Content] = []
    crowded: list[Content] = []
    if not _fits(data, template):
        also += wrap_items("Regions:", [loose_cell(rid) for rid in data.regions], room_width)
        also += wrap_items("Gates:", [_link(data, pair, "─") for pair in sorted(gates, key=sorted)], room_width)
        if walks:
            also += wrap_items("Walks:", [_link(data, pair, "┄") for pair in sorted(walks, key=sorted)], room_width)
    else:
        placed: set[str] = set()
        for row in template:
            regions = [match.group(1) for match in PLACEHOLDER.finditer(row)]
            line, cuts = _art_row(row, tuple((map_code(data, region_id), present.get(region_id, ()), region_id == here,
                                              region_id not in open_regions) for region_id in regions))
            placed.update(regions)
            crowded += [Content.assemble((map_code(data, region_id), CODE_STYLE), " ", _chips(present[region_id]))
                        for region_id, cut in zip(regions, cuts) if cut]
            art.append(line)
        drawn_gates, drawn_walks = template_links(template)
        extra = [loose_cell(rid) for rid in data.regions if rid not in placed]
        extra += [_link(data, pair, "─") for pair in sorted(gates - drawn_gates, key=sorted)]
        extra += [_link(data, pair, "┄") for pair in sorted(walks - drawn_walks, key=sorted)]
        if extra:
            also += wrap_items("Also:", extra, room_width)
    crowded_lines = wrap_items("Crowded:", crowded, room_width) if crowded else []
    hunts = pack(_hunts(state), room_width, "  ")
    about = focus if focus in data.regions else here
    head = region_head(state, about, about == here, room_width) if about else []
    room = None if height is None else max(height - len(art), 0)

    def under(short: bool) -> tuple[list[Content], int]:
        gate_rows = gate_lines(state, about, room_width, short=short) if about else []
        return fit_groups([(ALSO_RANK, also), (CROWDED_RANK, crowded_lines), (HUNTS_RANK, hunts),
                     (REGION_RANK, head[:1]), (TRAITS_RANK, head[1:]), (GATES_RANK, gate_rows),
                     (LEGEND_RANK, [_legend()])], room)

    # the gates in full words, unless the short form lets more of the lines stay
    lines, left_out = under(short=False)
    if left_out:
        short_lines, short_left_out = under(short=True)
        if short_left_out < left_out:
            lines = short_lines
    return Content("\n").join(art + lines)


def map_content(state: GameState, viewer: int | None, wide: bool = False, height: int | None = None,
                width: int | None = None, focus: str | None = None) -> Content:
    """The region map for `viewer` (a player index; None marks no one's region or reach).

    `wide` uses the larger template when assets/ has it; the compact one is 38 columns wide. The
    lines under the art fit `height` rows when it is given (see render_map).
    """
    template = load_template(COMPACT_TEMPLATE)
    if wide:
        try:
            template = load_template(WIDE_TEMPLATE)
        except OSError:
            pass
    return render_map(state, viewer, template, height=height, width=width, focus=focus)


def wide_fits(width: int, height: int | None) -> bool:
    """Whether the wide map fits a space this big (height None: the widget grows to fit)."""
    try:
        wide = load_template(WIDE_TEMPLATE)
    except OSError:
        return False
    # the legend and a line of overflow under the art
    return width >= template_width(wide) and (height is None or height >= len(wide) + 2)


class RegionMap(PaintedRows, StateView):
    """The map of regions and karma gates, from one player's point of view.

    A click on a region's cell puts that region in focus: the lines under the map tell its traits and
    gates instead of the viewer's own; a click on it again, or the next player's turn, brings the
    focus back to the viewer's region. A move repaints only the rows it changed (PaintedRows), and
    the last drawings are kept by what they were drawn from, so a replay stepping back draws nothing.
    """

    DEFAULT_CSS = """
    RegionMap {
        width: 100%;
        height: auto;
        color: $foreground;
    }
    """
    KEEPS_DRAWINGS = True

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.focus_region: str | None = None
        self._template: tuple[str, ...] = ()
        self._drawings: LRUCache[tuple, tuple[Content, tuple[str, ...]]] = LRUCache(64)

    def show(self, state: GameState, viewer: int | None) -> None:
        if viewer != self._viewer:
            self.focus_region = None
        with self.changed_rows_only():
            super().show(state, viewer)

    def _content(self, width: int) -> Content:
        if self._key is None:
            return super()._content(width)
        # the cells a click finds are those of the template drawn
        content, self._template = self._kept(self._state, self._viewer, self._key, width)
        return content

    def _drawing(self, state: GameState, viewer: int | None, key: object, width: int) -> Content:
        return super()._drawing(state, viewer, key, width) if key is None else self._kept(state, viewer, key, width)[0]

    def _kept(self, state: GameState, viewer: int | None, key: object, width: int) -> tuple[Content, tuple[str, ...]]:
        """The drawing of this slice of a state and the template it is drawn on, kept by them."""
        kept_key = (key, width, self._fixed_height(), self.focus_region)
        kept = self._drawings.get(kept_key)
        if kept is None:
            on_screen = self._template  # drawing sets it; a map readied, not shown, leaves it as it was
            content = super()._drawing(state, viewer, key, width)
            kept = self._drawings[kept_key] = (content, self._template)
            self._template = on_screen
        return kept

    def ready(self, state: GameState, viewer: int | None) -> None:
        # another viewer's map is shown with no region in focus (show): not the drawing kept now
        if viewer == self._viewer or self.focus_region is None:
            super().ready(state, viewer)

    def _drawn_for(self, width: int) -> tuple:
        return super()._drawn_for(width) + (self.focus_region,)

    def _view_key(self, state: GameState, viewer: int | None) -> object:
        """What the map is drawn from: each player's name (their token), region, status (off the
        board or on it), karma (the regions it opens) and hunt, and who is looking. Most moves change
        none of these: the map is drawn again only when someone moved, woke, died or gained karma."""
        return id(state.data), viewer, tuple((p.name, p.region, p.status, p.karma, p.hunting) for p in state.players)

    def _fixed_height(self) -> int | None:
        return None if self.styles.height is None or self.styles.height.is_auto else inner_size(self).height

    def _draw(self, state: GameState, viewer: int | None, width: int) -> Content:
        """The map for this state, seen by player `viewer`; the wide drawing when it fits."""
        height = self._fixed_height()
        wide = wide_fits(width, height)
        try:
            self._template = load_template(WIDE_TEMPLATE if wide else COMPACT_TEMPLATE)
            return map_content(state, viewer, wide=wide, height=height, width=width, focus=self.focus_region)
        except OSError:  # a broken install: say so rather than crash the board
            return Content(f"No map: assets/{COMPACT_TEMPLATE} is missing.")

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._content(width).plain.splitlines()) if self._state is not None else 0

    def region_at(self, x: int, y: int) -> str | None:
        """The region whose cell is drawn at this spot of the widget, if any."""
        if not 0 <= y < len(self._template) or self._state is None:
            return None
        for match in PLACEHOLDER.finditer(self._template[y]):
            if match.start() <= x < match.end() and match.group(1) in self._state.data.regions:
                return match.group(1)
        return None

    def on_click(self, event) -> None:
        region = self.region_at(event.x, event.y)
        if region is None:
            return
        self.focus_region = None if region == self.focus_region else region
        self.redraw()
