"""What the explain key explains on the board, and the tooltip a mouse resting on a thing shows.

The words come from ui/explain.py; this module only finds the thing: the move or card under the
cursor of its list, the creature of the fight, the region clicked on the map, the player's roster
line (from the log), or what the board is waiting on.
"""

from __future__ import annotations

from textual.widgets import OptionList

from .explain import Explanation, explain_card, explain_move, explain_player, explain_region, explain_state
from .widgets.cards import HandList
from .widgets.region_map import RegionMap


def highlighted(board) -> Explanation:
    """The explanation of what is highlighted on this board (a BoardScreen)."""
    state, viewer = board.session.state, board.viewer
    focused = board.focused
    moves = board.moves
    if isinstance(focused, OptionList) and focused.id == "actions" and focused.highlighted is not None \
            and focused.highlighted < len(moves):
        return explain_move(state, moves[focused.highlighted], viewer)
    if isinstance(focused, HandList) and focused.highlighted_card is not None:
        return explain_card(state, focused.highlighted_card, viewer)
    if focused is not None and focused.id == "log":
        return explain_player(state, viewer)
    region = board.query_one("#map", RegionMap).focus_region
    if region is not None:
        return explain_region(state, region, viewer)
    return explain_state(state, viewer)


def hover_words(board, widget, meta: dict, offset) -> str | None:
    """The tooltip for a mouse at `offset` in `widget` (its style's `meta`): a move, a card or a region."""
    state, viewer = board.session.state, board.viewer
    option = meta.get("option")
    if isinstance(widget, OptionList) and widget.id == "actions" and isinstance(option, int):
        moves = board.moves
        return explain_move(state, moves[option], viewer).short if option < len(moves) else None
    if isinstance(widget, HandList) and isinstance(option, int) and option < len(widget.cards):
        return explain_card(state, widget.cards[option], viewer).short
    if isinstance(widget, RegionMap) and offset is not None:
        region = widget.region_at(offset.x, offset.y)
        return explain_region(state, region, viewer).short if region is not None else None
    return None


def hover(board, event) -> None:
    """Set the tooltip of the widget under the mouse to the words for the thing under it."""
    widget = event.widget
    if widget is None or not isinstance(widget, (OptionList, RegionMap)):
        return
    try:
        words = hover_words(board, widget, event.style.meta, event.get_content_offset(widget))
    except (IndexError, KeyError, ValueError):  # the list changed under the mouse
        words = None
    if widget.tooltip != words:
        widget.tooltip = words
