"""A seat's link and a table's watch link: the addresses that open them in a browser, through
`rainboard serve`, and where that server was last said to be (so `rainboard host`, the setup
screen and `rainboard tables --new-link` print links a phone on the couch can open)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlencode

SERVED_AT = "served-at.txt"  # in the tables folder: the address `rainboard serve` last said to open
DEFAULT_SERVED = "http://127.0.0.1:8000/"  # `rainboard serve`'s address when it has said none
MAX_ADDRESS = 300  # characters of an address read back; more is not one of ours
_ADDRESS = re.compile(r"^https?://[A-Za-z0-9.\-\[\]:]+/$")


def seat_link(code: str, number: int, token: str, served: str | None = None) -> str:
    """The address that opens seat `number` of table `code` in a browser, through `rainboard serve`
    at `served` (by default, its default address)."""
    return f"{served or DEFAULT_SERVED}?{urlencode({'table': code, 'seat': number, 'token': token})}"


def watch_link(code: str, served: str | None = None) -> str:
    """The address that opens a spectator's view of table `code` in a browser (no hand, no moves)."""
    return f"{served or DEFAULT_SERVED}?{urlencode({'table': code, 'watch': 1})}"


def note_served_at(data_dir: Path, address: str) -> None:
    """Keep the address `rainboard serve` offers, for the seat links printed afterwards. A folder
    that cannot be written to only means links name the default address."""
    from rainboard.saves import disk

    from .tablefile import tables_dir

    try:
        tables_dir(data_dir).mkdir(parents=True, exist_ok=True)
        disk.write_whole(tables_dir(data_dir) / SERVED_AT, address.encode() + b"\n")
    except OSError:
        pass


def served_at(data_dir: Path) -> str:
    """Where seat links point: the address `rainboard serve` last offered for this data folder,
    else its default address."""
    from .tablefile import tables_dir

    try:
        text = (tables_dir(data_dir) / SERVED_AT).read_bytes()[:MAX_ADDRESS].decode("utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return DEFAULT_SERVED
    return text if _ADDRESS.match(text) else DEFAULT_SERVED
