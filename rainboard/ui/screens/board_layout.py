"""Where the hand sits on the board (and on a replay), for the screen's size.

On a short screen (80x24) the left column is full with the map, the roster and the card, and the hand
sits above the log on the right. From TALL_ROWS rows on, the left column had a third of its rows
empty under the map while the moves and the log were cramped on the right: there the hand moves
under the card, beside the map it is played on, and the log (the story of the game) takes the rows
the hand left on the right. The sizes themselves are in screens.tcss, under the `-tall` class that
Textual's breakpoints put on the screen (TALL_BREAKPOINTS).

A screen composes the hand where its size puts it (hand_beside_card); when the terminal or the
browser window is resized across TALL_ROWS, place_hand moves it: a widget cannot change its parent,
so the old list goes and a new one is filled in the other column.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.geometry import Size
from textual.screen import Screen

from ..widgets.cards import HandList

TALL_ROWS = 34  # with the rain clock and the footer, 31 rows for the columns
TALL_BREAKPOINTS = [(0, "-short"), (TALL_ROWS, "-tall")]


def hand_beside_card(size: Size) -> bool:
    """Whether a board of this size has the hand in the left column, under the card."""
    return size.height >= TALL_ROWS


def hand_home(screen: Screen) -> str:
    """The id of the column the hand belongs in now."""
    return "board-left" if hand_beside_card(screen.app.size) else "board-right"


def place_hand(screen: Screen, fill: Callable[[], None]) -> None:
    """Move the hand to the column the screen's size puts it in, if it is not there yet, and have
    `fill` draw the screen again (the new list shows the hand)."""
    hands = screen.query("#hand")
    if not hands or hands.first().parent is None or hands.first().parent.id == hand_home(screen):
        return

    async def move() -> None:
        old = screen.query_one("#hand", HandList)
        home = hand_home(screen)
        if old.parent is None or old.parent.id == home:
            return
        focused = old.has_focus
        await old.remove()
        new = HandList(id="hand")
        new.border_title = "Hand"
        column = screen.query_one(f"#{home}")
        if home == "board-left":
            await column.mount(new)  # last, under the card
        else:
            await column.mount(new, before="#log")
        fill()
        if focused:
            new.focus()

    screen.call_later(move)
