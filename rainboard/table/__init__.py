"""Tables: one game, each player (or group of players) at a screen of their own.

A table is an ordinary game save and journal, followed by several windows (terminals, browser
tabs) at once, plus a small table file naming its seats (tablefile.py). Every window replays the
same journal with the engine (lockstep); only the window whose seat is to act appends a line,
under a lock (seat.py); the others hear of it through file notices (follow.py). What a seat may see
is decided in one place (view.py).
"""

from .host import host_table
from .seat import NotYourMove, SeatSession, TableDrift, TableSeat
from .tablefile import Seat, Table, TableError, list_tables, normal_code, read_table
from .view import hidden_cards, is_private, seat_event, seat_events, seat_view

__all__ = ["NotYourMove", "Seat", "SeatSession", "Table", "TableDrift", "TableError", "TableSeat",
           "hidden_cards", "host_table", "is_private", "list_tables", "normal_code", "read_table", "seat_event",
           "seat_events", "seat_view"]
