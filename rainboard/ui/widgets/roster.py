"""The table: one line per player, always on the board, so everyone at the keyboard can follow the game.

A line reads, for one player, in turn order:

    ▶A Ada    Survivor  SU karma 3 food 2/4 HP 13 rep 1 turn 12 awake

- `▶` marks whose turn it is; `▷` a player who must answer now on someone else's turn (a duel).
- The player's token on their colour (widgets/players.py), name and slugcat; `◆` when the slugcat
  has become a creature (the Hunter's Long Legs).
- The map code of the region they are in; karma; food against what hibernating needs now (the
  engine's `food_needed`: the line, or the whole board after a starved cycle), green once fed
  (`is_fed`), a carnivore's half-eaten pip as ½ (`food_held`, written as the card writes it);
  HP (the slugcat's, or its creature form's: `player_hp`); reputation; turns taken in the game.
- The ending (the engine's `ending_steps`): `◈` bears the Mark of Communication, `◈1/2` has
  carried it into the ascension region and slept there once of the two times asked; lit up (bold,
  reversed) when one sleep or the wait is all that is left.
- How they are: awake, hibernating, starved (asleep without enough food), dead (until the next
  cycle), waiting N (the ending's wait: N turns to ascending), ascended; and a hunt: "hunting C" for
  the hunter, "hunted by A" for the one it tracked down.

Where the line does not fit, the labels shorten (` B ◆ SB ◉5 ●1½/6 ♥13 ★1 t31 ◈1/2 awake`), the status words too
(asleep, wait 2, ⚔ C for hunting or attacking C, ⚔ by A), and columns drop: the name first, then the slugcat, the turns,
the reputation, HP and the region. The token, the form, karma, food, the ending and status always
stay; a column nobody at the table has anything in (the form, the ending) takes no room. When the
roster may not take a line per player (its max-height), the players sit two or more to a line.
The help's rules (assets/rules.md, "Reading the board") explain every sign.

Every figure is read from the state or asked of the engine's queries; nothing here decides a rule.
"""

from __future__ import annotations

from math import ceil

from attrs import frozen
from textual.cache import LRUCache
from textual.content import Content

from rainboard.engine.modifiers import player_hp
from rainboard.engine.queries import EndingProgress, ending_steps, food_held, food_needed, is_fed
from rainboard.engine.state import ASCENDED, AWAKE, DEAD, HIBERNATING, PLAYING, STARVED, Duel, GameState, Status

from .cards import MARK, food_amount
from .painted_rows import PaintedRows
from .players import player_tokens, token_chip
from .region_map import map_code
from .state_view import StateView

TURN, ANSWERING = "▶", "▷"
FORM = "◆"  # the slugcat has become a creature (the card writes it so too)
NAME_ROOM = 8  # a long name is cut on the roster; the card has the whole of it
GAP = "  "  # between players sitting side by side

STATUS_WORDS: dict[Status, tuple[str, str]] = {  # (words, short words)
    AWAKE: ("awake", "awake"),
    HIBERNATING: ("hibernating", "asleep"),
    STARVED: ("starved", "starved"),
    DEAD: ("dead", "dead"),
    ASCENDED: ("ascended", "ascended"),
}
STATUS_STYLES: dict[Status, str] = {
    AWAKE: "$text-muted",
    HIBERNATING: "$text-success",
    STARVED: "$text-warning",
    DEAD: "bold $text-error",
    ASCENDED: "bold $text-success",
}
WAITING_STYLE = "bold $text-accent"  # a few turns from ascending
ENDING_STYLE, CLOSE_STYLE = "$text-accent", "bold reverse $text-accent"  # the Mark; one step from ascending
FORM_STYLE = "bold $text-error"
HUNT_STYLE = "bold $text-warning"

# the columns, left to right; a line too wide drops them in DROPS order
FIELDS = ("marker", "token", "name", "slugcat", "form", "region", "karma", "food", "hp", "rep", "turns", "ending",
          "status")
DROPS = ("name", "slugcat", "turns", "rep", "hp", "region")
FROM_OUTSIDE = frozenset({"name", "slugcat", "form", "region"})  # words from the players and the decks


@frozen
class Seat:
    """One player's line on the roster, as figures (what the line shows, before it is drawn)."""

    index: int
    token: str
    name: str
    slugcat: str  # the slugcat's name; "" while choosing
    region: str  # the region's map code; "" when nowhere yet, dead or ascended
    karma: int
    food: int
    need: int | None  # food needed to hibernate (queries.food_needed); None while choosing
    held: tuple[int, int, int]  # food: pips, and a carnivore's share of its next pip (queries.food_held)
    fed: bool
    hp: int | None
    reputation: int
    turns: int
    status: str  # in words
    status_short: str
    status_style: str
    turn: bool  # it is this player's turn
    answering: bool  # this player must choose now, on someone else's turn
    form: str = ""  # the creature the slugcat has become (its card's name); "" while a slugcat
    ending: EndingProgress | None = None  # how far along the ending (queries.ending_steps)


def status_words(state: GameState, index: int) -> tuple[str, str, str]:
    """How a player is, in words, in short words, and the style: their Status, else the ending's
    wait, else a hunt they are in, else awake."""
    player = state.players[index]
    if player.slugcat is None:
        return "choosing", "choosing", "$text-muted"
    if player.status != AWAKE:
        words, short = STATUS_WORDS[player.status]
        return words, short, STATUS_STYLES[player.status]
    if player.waiting:
        return f"waiting {player.waiting}", f"wait {player.waiting}", WAITING_STYLE
    tokens = player_tokens(state)
    hunters = "".join(tokens[i] for i, other in enumerate(state.players) if other.hunting == index and i != index)
    words, short = [], []
    if player.hunting is not None:
        words.append(f"hunting {tokens[player.hunting]}")
        short.append(f"⚔ {tokens[player.hunting]}")
    if hunters:
        words.append(f"hunted by {hunters}")
        short.append(f"⚔ by {hunters}")
    duel = state.pending if isinstance(state.pending, Duel) else None
    if duel is not None and duel.attacker == index:
        words.append(f"attacking {tokens[duel.player]}")
        short.append(f"⚔ {tokens[duel.player]}")
    if duel is not None and duel.player == index:
        words.append(f"attacked by {tokens[duel.attacker]}")
        short.append(f"⚔ by {tokens[duel.attacker]}")
    if words:
        return ", ".join(words), ", ".join(short), HUNT_STYLE
    words_awake, short_awake = STATUS_WORDS[AWAKE]
    return words_awake, short_awake, STATUS_STYLES[AWAKE]


def seat_order(state: GameState) -> tuple[int, ...]:
    """Players in turn order (every player once, those outside the order after it)."""
    order = tuple(i for i in state.order if 0 <= i < len(state.players))
    return order + tuple(i for i in range(len(state.players)) if i not in order)


def seats(state: GameState) -> tuple[Seat, ...]:
    """Every player's line on the roster, in turn order."""
    data = state.data
    tokens = player_tokens(state)
    playing = state.phase == PLAYING and bool(state.order)
    current = state.current if playing else None
    to_act = state.to_act
    found = []
    for index in seat_order(state):
        player = state.players[index]
        chosen = player.slugcat is not None
        on_board = player.status not in (DEAD, ASCENDED)  # as on the map: the dead are off it until they wake
        words, short, style = status_words(state, index)
        found.append(Seat(
            index=index,
            token=tokens[index],
            name=player.name,
            slugcat=data.slugcats[player.slugcat].name if chosen else "",
            region=map_code(data, player.region) if player.region in data.regions and on_board else "",
            karma=player.karma,
            food=player.food,
            need=food_needed(state, index) if chosen else None,
            held=food_held(state, index) if chosen else (player.food, 0, 1),
            fed=is_fed(state, index) if chosen else False,
            hp=player_hp(state, index) if chosen else None,
            reputation=player.reputation,
            turns=player.turns,
            status=words,
            status_short=short,
            status_style=style,
            turn=index == current,
            answering=index == to_act and index != current and playing,
            form=data.cards[player.form].name if player.form in data.cards else "",
            ending=ending_steps(state, index) if chosen else None,
        ))
    return tuple(found)


def _cut(text: str, room: int) -> str:
    return text if len(text) <= room else text[: room - 1] + "…"


def ending_cell(ending: EndingProgress | None) -> tuple[str, str, str]:
    """The ending's column: (words, signs, style). Nothing before the Mark or once ascended (the
    status says so); `◈` with the Mark; `◈1/2` once it is in the ascension region, with the
    sleeps taken there of those asked; bold when one sleep or the wait is all that is left."""
    if ending is None or not ending.mark or ending.ascended:
        return "", "", ""
    style = CLOSE_STYLE if ending.close else ENDING_STYLE
    if not ending.reached:
        return f"{MARK} Mark", MARK, style
    slept = f"{ending.sleeps}/{ending.needed}"
    return f"{MARK} slept {slept}", f"{MARK}{slept}", style


def _cells(seat: Seat) -> dict[str, tuple[str, str, str]]:
    """Each column of a seat's line: (with words, with signs, style)."""
    marker = TURN if seat.turn else ANSWERING if seat.answering else " "
    amount = food_amount(*seat.held)
    food = f"{amount}/{seat.need}" if seat.need is not None else amount
    hp = str(seat.hp) if seat.slugcat else ""
    name = _cut(seat.name, NAME_ROOM)
    return {
        "marker": (marker, marker, "bold $text-accent"),
        "token": (seat.token, seat.token, ""),
        "name": (name, name, "bold" if seat.turn or seat.answering else ""),
        "slugcat": (seat.slugcat or "—", seat.slugcat or "—", "$text-muted"),
        "form": (f"{FORM} {seat.form}" if seat.form else "", FORM if seat.form else "", FORM_STYLE),
        "region": (seat.region or "··", seat.region or "··", "bold"),
        "karma": (f"karma {seat.karma}", f"◉{seat.karma}", "$text-accent"),
        "food": (f"food {food}", f"●{food}", "$text-success" if seat.fed else ""),
        "hp": (f"HP {hp}", f"♥{hp}", "") if hp else ("", "", ""),  # no HP while choosing a slugcat
        "rep": (f"rep {seat.reputation}", f"★{seat.reputation}", ""),
        "turns": (f"turn {seat.turns}", f"t{seat.turns}", "$text-muted"),
        "ending": ending_cell(seat.ending),
        "status": (seat.status, seat.status_short, seat.status_style),
    }


def _layouts():
    """The ways to draw a line, best first: (columns, words for labels, words for the status). A
    column is kept rather than the status's longer words."""
    yield FIELDS, True, True
    yield FIELDS, False, True
    fields = list(FIELDS)
    for drop in DROPS:
        yield tuple(fields), False, False
        fields.remove(drop)
        yield tuple(fields), False, True
    yield tuple(fields), False, False


def _entries(found: tuple[Seat, ...], room: int) -> list[Content]:
    """Each seat's line, its columns aligned, in the best layout that fits `room` cells (the last,
    cut short, when none does)."""
    cells = [_cells(seat) for seat in found]
    # a column nobody has anything in (no one bears the Mark, no one is a creature) takes no room
    empty = {field for field in ("form", "ending") if not any(cell[field][0] for cell in cells)}
    for fields, worded, status_worded in _layouts():
        fields = tuple(field for field in fields if field not in empty)

        def text(cell: dict, field: str) -> str:
            words, signs, _ = cell[field]
            return words if (status_worded if field == "status" else worded) else signs

        widths = {f: max(len(text(c, f)) for c in cells) for f in fields}
        # the marker and the token sit together; every other column is a space apart
        width = sum(widths.values()) + len(fields) - 2
        if width <= room:
            break
    lines = []
    for seat, cell in zip(found, cells):
        pieces: list[Content | tuple[str, str] | str] = []
        for field in fields:
            shown = text(cell, field)
            style = cell[field][2]
            padded = shown if field == "status" else shown.ljust(widths[field])
            if field == "token":
                pieces.append(token_chip(padded, seat.index))
            elif field in FROM_OUTSIDE:  # made Content, which drops any control character in them
                pieces.append(Content.styled(padded, style) if style else Content(padded))
            elif field == "ending" and shown:  # reversed when close: the words alone, not the padding
                pieces += [(shown, style), " " * (len(padded) - len(shown))]
            else:  # figures and Rainboard's own words, joined as they are
                pieces.append((padded, style) if style and padded else padded)
            if field != "marker":
                pieces.append(" ")
        line = Content.assemble(*pieces).rstrip()
        if line.cell_length > room:
            line = line.truncate(max(room - 1, 0)) + "…"
        lines.append(line)
    return lines


def roster_lines(state: GameState, width: int, rows: int | None = None) -> list[Content]:
    """The roster's lines for a space `width` cells wide: a line per player, or, when `rows` lines
    are fewer than the players, as many players side by side as it takes to fit."""
    found = seats(state)
    if not found:
        return []
    across = 1 if rows is None or rows <= 0 or len(found) <= rows else ceil(len(found) / rows)
    if across == 1:
        return _entries(found, width)
    room = max((width - len(GAP) * (across - 1)) // across, 1)
    entries = _entries(found, room)
    down = ceil(len(found) / across)
    lines = []
    for row in range(down):
        line = Content("")
        for column in range(across):
            at = column * down + row
            if at >= len(entries):
                break
            entry = entries[at]
            line += (GAP if column else "") + entry + " " * (room - entry.cell_length)
        lines.append(line.rstrip())
    return lines


def roster_content(state: GameState, width: int, rows: int | None = None) -> Content:
    """The roster as one piece of text (see roster_lines)."""
    return Content("\n").join(roster_lines(state, width, rows))


class Roster(PaintedRows, StateView):
    """Every player at the table, a line each, whoever is looking.

    A move changes a line or two (the player who acted, the turn's marker), and only those rows are
    painted again (PaintedRows). The lines are worked out once per slice of the state, width and
    rows, and kept a while, so the height asked for and a replay stepping back find them made."""

    DEFAULT_CSS = """
    Roster {
        width: 100%;
        height: auto;
    }
    """
    KEEPS_DRAWINGS = True

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._lines_kept: LRUCache[tuple, list[Content]] = LRUCache(32)
        self._drawings: LRUCache[tuple, Content] = LRUCache(32)  # the lines joined, shown as text

    def show(self, state: GameState, viewer: int | None) -> None:
        with self.changed_rows_only():
            super().show(state, viewer)

    def _roster_lines(self, width: int, rows: int | None, state: GameState | None = None) -> list[Content]:
        """roster_lines for the state shown (or `state`, readied), kept by the slice of it the roster
        reads (_view_key)."""
        state = self._state if state is None else state
        if state is None:
            return []
        if rows is not None and (rows <= 0 or len(state.players) <= rows):
            rows = None  # a line per player, as with no limit: the same lines
        key = self._key if state is self._state else self._view_key(state, None)
        if key is None:
            return roster_lines(state, width, rows)
        key = (key, width, rows)
        lines = self._lines_kept.get(key)
        if lines is None:
            lines = self._lines_kept[key] = roster_lines(state, width, rows)
        return lines

    def _rows(self, height: int | None) -> int | None:
        return height if height and height > 0 else None

    def _max_rows(self, container, viewport) -> int | None:
        """The lines the roster may take: its max-height, resolved in its container."""
        limit = self.styles.max_height
        if limit is None:
            return None
        return int(limit.resolve(container, viewport))

    def _view_key(self, state: GameState, viewer: int | None) -> object:
        """What the roster is drawn from: the players (a player the move left alone is the very same
        object in the next state, so the tuples compare at once), the turn order, whose turn it is,
        who answers, and a duel under way. Whoever looks, the roster is the same."""
        duel = state.pending if isinstance(state.pending, Duel) else None
        return id(state.data), state.players, state.order, state.turn, state.to_act, state.phase, duel

    def _drawing(self, state: GameState, viewer: int | None, key: object, width: int) -> Content:
        """The roster drawn, kept by the slice of the state it reads, the width and the rows."""
        if key is None:
            return super()._drawing(state, viewer, key, width)
        kept_key = (key, width, self._rows(self.size.height))
        drawing = self._drawings.get(kept_key)
        if drawing is None:
            drawing = self._drawings[kept_key] = super()._drawing(state, viewer, key, width)
        return drawing

    def _draw(self, state: GameState, viewer: int | None, width: int) -> Content:
        return Content("\n").join(self._roster_lines(width, self._rows(self.size.height), state))

    def get_content_height(self, container, viewport, width: int) -> int:
        if self._state is None:
            return 0
        return len(self._roster_lines(width, self._max_rows(container, viewport)))

    def _rows_needed(self, content: Content, width: int) -> int:
        # the lines it would take with room for all (the drawing itself fits the rows it has)
        return len(self._roster_lines(width, None))
