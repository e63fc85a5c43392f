"""Cards on the table: a player's slugcat, a slugcat to choose, and the hand (a creature met is
drawn in creature_card.py, and read from here as well).

Each card is built by a pure function from the engine's state (or the deck data) into Content, so
it can be tested without an app; the widgets only show what those functions build.
"""

from __future__ import annotations

from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Region
from textual.widgets import Static
from textual.widgets.option_list import Option

from rainboard.engine.modifiers import player_hp
from rainboard.engine.queries import food_held, food_needed
from rainboard.engine.state import ASCENDED, DEAD, HIBERNATING, STARVED, GameState

from ..safe_text import shown
from ..words import card_line
from .creature_card import ability_words, creature_card_content  # noqa: F401 (read from here by the fight panel)
from .painted_rows import PaintedRows
from .quiet import QuietOptionList, SettledSize, auto_height, content_key, wrapped_rows

FOOD_FULL, FOOD_EMPTY, FOOD_LINE = "●", "○", "│"
KARMA_FULL, KARMA_EMPTY = "◉", "○"
MARK = "◈"
NAME_ROOM = 16  # a long player name is cut so the card stays within its column

Piece = tuple[str, str] | str | Content


def _line(*pieces: Piece) -> Content:
    return Content.assemble(*pieces)


def _short(name: str, room: int = NAME_ROOM) -> str:
    return name if len(name) <= room else name[: room - 1] + "…"


# -- the player's slugcat -------------------------------------------------------------------------
def food_pips(food: int, food_max: int, line_at: int) -> Content:
    """The food board: filled pips for food, empty ones for the rest, and the hibernation line drawn
    after `line_at` pips (at the end of the board when a full board is needed)."""
    pieces: list[Piece] = []
    for pip in range(food_max):
        if pip == line_at:
            pieces.append((FOOD_LINE, "bold $text-accent"))
        pieces.append((FOOD_FULL, "$text-success") if pip < food else (FOOD_EMPTY, "$text-muted"))
    if line_at >= food_max:
        pieces.append((FOOD_LINE, "bold $text-accent"))
    return _line(*pieces)


VULGAR = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾"}  # others: ¹⁄₅
SUPER, SUB = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"), str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def food_amount(pips: int, share: int = 0, of: int = 1) -> str:
    """Food in pips, with the share of the next pip a carnivore's plant food makes (queries.food_held)
    as a mixed number: "2", "2½", "½". The card and the roster both write it so."""
    if not share:
        return str(pips)
    glyph = VULGAR.get((share, of)) or f"{str(share).translate(SUPER)}⁄{str(of).translate(SUB)}"
    return f"{pips or ''}{glyph}"


def karma_pips(karma: int, karma_max: int) -> Content:
    """Karma as a row of symbols, filled up to the player's karma."""
    return _line(*[(KARMA_FULL, "bold $text-accent") if k < karma else (KARMA_EMPTY, "$text-muted")
                   for k in range(karma_max)])


def slugcat_card_head(state: GameState, index: int) -> Content:
    """The card's first line: `▶` when the player is to act, their name and slugcat."""
    player = state.players[index]
    head: list[Piece] = [("▶ ", "bold $text-accent")] if state.to_act == index else []
    head.append((_short(player.name), "bold"))
    if player.slugcat is None:
        head.append(("  choosing a slugcat", "$text-muted"))
    else:
        head += [" · ", state.data.slugcats[player.slugcat].name]
    return _line(*head)


def slugcat_card_content(state: GameState, index: int, brief: bool = False) -> Content:
    """A player's card: name and slugcat, HP, reputation, turns, food board with its hibernation
    line, karma, where they are and how they are, and how far along the ending.

    `brief` is the card beside the roster, which already tells the turns, the region and how the
    player is: the head is left to the card's frame (slugcat_card_head), HP and reputation join the
    karma row, and the turns and status lines go.
    """
    data = state.data
    rules = data.rules
    player = state.players[index]
    if player.slugcat is None:
        return Content("") if brief else slugcat_card_head(state, index)
    slugcat = data.slugcats[player.slugcat]
    lines: list[Content] = [] if brief else [slugcat_card_head(state, index)]

    hp = player_hp(state, index)
    if not brief:
        lines.append(_line(f"HP {hp} · rep {player.reputation}/{rules.reputation_max} · turn {player.turns}"))

    need = food_needed(state, index)
    board = food_pips(player.food, slugcat.food_max, need)
    amount = food_amount(*food_held(state, index))
    lines.append(_line(board, f" food {amount}, need {need}"))
    karma = _line(karma_pips(player.karma, rules.karma_max), f" karma {player.karma}")
    if brief:
        karma += f" · HP {hp} · rep {player.reputation}/{rules.reputation_max}"
    lines.append(karma)

    if not brief:
        lines.append(_status_line(state, index))
    lines += pack(_notes(state, index), CARD_ROOM)
    return Content("\n").join(lines)


CARD_ROOM = 34  # a card's text width: 38 columns less its border and padding


def pack(pieces: list[Content], room: int, separator: str = " · ") -> list[Content]:
    """Short notes joined on as few lines as fit in `room` cells."""
    lines: list[Content] = []
    for piece in pieces:
        if lines and lines[-1].cell_length + len(separator) + piece.cell_length <= room:
            lines[-1] = lines[-1] + separator + piece
        else:
            lines.append(piece)
    return lines


def _status_line(state: GameState, index: int) -> Content:
    player = state.players[index]
    region = state.data.regions[player.region].name if player.region else "?"
    if player.status == DEAD:
        return _line(("☠ dead", "bold $text-error"), " until the next cycle")
    if player.status == HIBERNATING:
        return _line(("⌂ hibernating", "$text-success"), f" in {region}")
    if player.status == STARVED:
        return _line(("⌂ asleep hungry", "$text-warning"), f" in {region}")
    if player.status == ASCENDED:
        return _line(("✧ ascended", "bold $text-success"), f" after {player.turns} turns")
    return _line(("awake", "$text-muted"), f" in {region}")


def compact_card_content(state: GameState, index: int) -> Content:
    """The brief card with how the player is (awake, hibernating, dead) under it, its head left to
    the frame: a turn's result where the rows are few (80x24) and the full card would push the
    turn's first lines out of sight."""
    return Content("\n").join([slugcat_card_content(state, index, brief=True), _status_line(state, index)])


def _notes(state: GameState, index: int) -> list[Content]:
    """What else is true of the player now: hunger, a creature form, a hunt, a search, the Mark."""
    data = state.data
    player = state.players[index]
    notes: list[Content] = []
    if player.starving:
        notes.append(_line(("starving: full board needed", "$text-warning")))
    if player.form is not None:
        notes.append(_line(("◆ ", "bold $text-error"), (data.cards[player.form].name, "bold")))
        if player.tamed_by is not None:
            notes.append(_line(f"tamed by {_short(state.players[player.tamed_by].name)}"))
    if player.hunting is not None:
        notes.append(_line((f"⚔ hunting {_short(state.players[player.hunting].name)}", "$text-warning")))
    if player.busy_task == "search" and player.busy:
        notes.append(_line(f"searching, {player.busy} more turn{'s' if player.busy != 1 else ''}"))
    ending = _ending_line(state, index)
    if ending is not None:
        notes.append(ending)
    return notes


def _ending_line(state: GameState, index: int) -> Content | None:
    """The Mark and the steps after it: reach the ascension region, sleep there, wait."""
    player = state.players[index]
    rules = state.data.rules
    if not player.has_mark:
        return None
    ascension = next((r.name for r in state.data.regions.values() if r.ascension), "the end")
    pieces: list[Piece] = [(f"{MARK} Mark", "bold $text-accent")]
    if player.waiting:
        pieces.append(f" · waiting {player.waiting} turn{'s' if player.waiting != 1 else ''}")
    elif player.reached_ending:
        pieces.append(f" · {ascension} · slept {player.ending_hibernations}/{rules.ending_hibernations}")
    else:
        pieces.append(f" · take it to {ascension}")
    return _line(*pieces)


class MostNotes:
    """Watches a game's states go by (a replay played once as it opens) and keeps where a player's
    card had the most lines of notes, the one thing that makes a card taller: (state, index)."""

    def __init__(self) -> None:
        self.most, self.where, self._players = -1, None, ()

    def __call__(self, state: GameState) -> None:
        before = self._players
        for index, player in enumerate(state.players):  # a player a move left alone is the same object
            if index >= len(before) or before[index] is not player:
                lines = len(pack(_notes(state, index), CARD_ROOM))
                if lines > self.most:
                    self.most, self.where = lines, (state, index)
        self._players = state.players


class SlugcatCard(PaintedRows, SettledSize, Static):
    """The card of one player: their slugcat's body, food, karma and state (`brief`: the short card
    beside the roster, its head in the frame).

    Each player's card is built once for what it shows (that player, the names at the table) and
    kept, so finding the tallest card builds only those that changed; and a new card repaints only
    its rows that differ from the last (PaintedRows), and its frame's top only for a new head."""

    DEFAULT_CSS = """
    SlugcatCard {
        height: auto;
        width: 1fr;
        border: round $primary;
        padding: 0 1;
    }
    """

    def __init__(self, *args, brief: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.brief = brief
        self._tallest = (0, 0)  # (width, rows) of the tallest card shown at that width
        self._showing: tuple[GameState, int] | None = None  # the card shown, to fit again at a new width
        self._key: tuple | None = None  # what the card shown was built from (show)
        self._head: tuple | None = None  # the look of the head in the frame
        self._cards: LRUCache[tuple, tuple[Content, int]] = LRUCache(64)  # (card, rows) by what it shows
        self._shown: tuple = (None, None, 0)  # the look of the card shown, its rows and the width then
        self._expected: tuple[GameState, int] | None = None  # the tallest card still to come (expect)

    def expect(self, state: GameState, index: int) -> None:
        """Be from the start as tall as this card (a replay's tallest, MostNotes), so the card does
        not grow, and the whole screen move, when a step reaches it."""
        self._expected = (state, index)

    def show(self, state: GameState, index: int) -> None:
        # the card reads the players (all of them: it is as tall as the tallest) and who is to act;
        # a move that changed neither leaves it as it is, without building it again
        width = self.content_region.width
        key = (id(state.data), index, state.to_act, state.players, width)
        self._showing = (state, index)
        if key == self._key:
            return
        self._key = key
        names = tuple(player.name for player in state.players)
        with self.changed_rows_only():
            self._update(*self._as_tall_as_any(state, index, names, width), width)
            if self.brief:
                head = shown(slugcat_card_head(state, index), keep="")
                if content_key(head) != self._head:
                    self._head = content_key(head)
                    self.border_title = head
                    self.refresh(self._frame_top())

    def _update(self, content: Content, rows: int | None, width: int) -> None:
        """Show `content`, `rows` rows at `width` (None: not known), as quiet_update would: nothing
        for the very same card, no layout of the screen for a card as tall as the one shown."""
        look = content_key(content)
        before = self._shown
        self._shown = (look, rows, width)
        if look == before[0]:
            return
        same_rows = rows is not None and width > 0 and before[1:] == (rows, width)
        self.update(content, layout=not same_rows and auto_height(self))

    def _frame_top(self) -> Region:
        """The frame's top row, where the head is written (in the card's own cells, as refresh takes them)."""
        top, _, _, left = self.styles.gutter
        return Region(-left, -top, self.outer_size.width, 1)

    def _card(self, state: GameState, index: int, names: tuple[str, ...], width: int) -> tuple[Content, int]:
        """A player's card and the rows it takes at `width`. It reads that player alone and the
        names of the others (a hunt, a tamer): a player a move left alone is the same object after
        it, and their card is found kept."""
        key = (id(state.data), index, state.players[index], names, self.brief, width)
        kept = self._cards.get(key)
        if kept is None:
            card = shown(slugcat_card_content(state, index, brief=self.brief))
            kept = self._cards[key] = (card, wrapped_rows(card, width) if width > 0 else 0)
        return kept

    def _as_tall_as_any(self, state: GameState, index: int, names: tuple[str, ...],
                        width: int, keep: bool = True) -> tuple[Content, int | None]:
        """The card and its rows, with blank rows under it up to the tallest card at the table so
        far: the card keeps its size as the keyboard passes round (or a replay steps), and nothing
        else moves. `keep` False leaves the tallest so far as it was (a card readied, not shown)."""
        content, rows = self._card(state, index, names, width)
        if width <= 0:
            return content, None
        tallest = max(self._card(state, other, names, width)[1] for other in range(len(state.players)))
        if self._expected is not None:
            tallest = max(tallest, self._card(*self._expected, names, width)[1])
        if width == self._tallest[0]:  # and it only grows: a card that shrank back would move the board
            tallest = max(tallest, self._tallest[1])
        if keep:
            self._tallest = (width, tallest)
        # a blank row is a space: Content drops a last line that is empty
        return (content + Content("\n " * (tallest - rows)), tallest) if rows < tallest else (content, rows)

    def ready(self, state: GameState, index: int) -> None:
        """Build and keep the cards that showing `state` would build (every player's, to find the
        tallest), and draw the rows of the one it would show, leaving the card shown as it is: a
        replay readies where its next keys go."""
        width = self.content_region.width
        if width > 0:
            names = tuple(player.name for player in state.players)
            content, rows = self._as_tall_as_any(state, index, names, width, keep=False)
            if width == self._tallest[0] and rows is not None and rows > self._tallest[1] and self._showing:
                # a taller card is coming: the card grows now, while the player looks at this step,
                # so the key that shows it lays nothing out (the card only ever grows)
                self._tallest = (width, rows)
                self._key = None
                self.show(*self._showing)
                content = self._as_tall_as_any(state, index, names, width, keep=False)[0]
            self.draw_rows(content)

    def on_resize(self) -> None:
        """A card first shown before it had a width (a board opened on a resumed game) is made as tall
        as the tallest at the table now that it has one, as it was before the game was left."""
        if self._showing is not None and self.content_region.width != self._tallest[0]:
            self.show(*self._showing)


# -- the hand ---------------------------------------------------------------------------------------
EMPTY_HAND = "Nothing in hand"


def hand_prompt(state: GameState, card_id: str, holder: int) -> Content:
    """A hand card's line with its name picked out."""
    text = card_line(state, card_id, holder)
    name, colon, rest = text.partition(":")
    return _line((name, "bold"), colon + rest)


class HandList(QuietOptionList):
    """The cards a player holds, one per line."""

    DEFAULT_CSS = """
    HandList {
        height: auto;
        max-height: 8;
    }
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.cards: tuple[str, ...] = ()
        self._key: tuple | None = None  # what the list shown was built from (show)
        self._hand_lines: LRUCache[tuple, list[Content]] = LRUCache(32)  # each hand's lines, by what they read

    def show(self, state: GameState, index: int) -> None:
        """List this player's hand (or say it is empty); nothing is built again when neither the
        players nor whose turn it is changed (a card's line reads the holder and the turn)."""
        key = (id(state.data), index, state.players, state.current, state.to_act)
        if key == self._key:
            return
        self._key = key
        player = state.players[index]
        hand = player.hand
        self.cards = tuple(held.card for held in hand)
        if not hand:
            self.replace_options([Option(Content.styled(EMPTY_HAND, "italic $text-muted"), id="empty", disabled=True)])
            return
        self.replace_options([Option(line, id=f"hand-{n}") for n, line in enumerate(self._listed(state, index))])

    def ready(self, state: GameState, index: int) -> None:
        """Build and keep the lines of the hand that showing `state` would list (a replay readies
        where its next keys go)."""
        self._listed(state, index)

    def _listed(self, state: GameState, index: int) -> list[Content]:
        """The lines of a player's hand. A card's line reads the card and, of the holder, their
        slugcat and form (words.card_line): the lines of a hand seen before are found kept."""
        player = state.players[index]
        lines_key = (id(state.data), index, player.hand, player.slugcat, player.form)
        lines = self._hand_lines.get(lines_key)
        if lines is None:
            lines = self._hand_lines[lines_key] = [shown(hand_prompt(state, held.card, index), keep="")
                                                   for held in player.hand]
        return lines

    @property
    def highlighted_card(self) -> str | None:
        """The card under the cursor, if any."""
        if self.highlighted is None or not self.cards:
            return None
        return self.cards[self.highlighted]
