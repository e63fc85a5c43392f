"""The balance report's output: statistics helpers, the aligned table, and the progress bar.

The rows themselves are plain dicts (the JSON rows, built in balance.py); this module only shows them.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import TextIO


def median(values: Sequence[float]) -> float | None:
    """The median, or None for no values (never NaN: JSON has no NaN)."""
    return statistics.median(values) if values else None


def p90(values: Sequence[float]) -> float | None:
    """The 90th percentile by nearest rank: the smallest value at least 90% of the values do not exceed."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[math.ceil(0.9 * len(ordered)) - 1]


def ratio(part: float, whole: float, digits: int = 4) -> float | None:
    return round(part / whole, digits) if whole else None


HEADER = ("Row", "Games", "Ascended", "Turns med", "Turns p90", "Cycles med", "Deaths/pc",
          "Starved/g", "Kills/g", "Win min", "Win max", "Minutes med", "Minutes p90", "Stalled", "Raised")
LEFT = {0, 9, 10}  # the row's name and the seat win rates (which name a slugcat) read left to right


def _number(value: float | None, digits: int | None = None) -> str:
    """`-` for no value; else `digits` decimals, or by default none for a whole number and one otherwise."""
    if value is None:
        return "-"
    if digits is None:
        digits = 0 if float(value).is_integer() else 1
    return f"{value:.{digits}f}"


def _seat(row: Mapping, which: str, names: Mapping[str, str]) -> str:
    """`41% Monk`: the lowest or highest seat win rate and whose it is; `-` for a solo row."""
    rates = row.get("win_rates")
    if not rates:
        return "-"
    pick = min if which == "min" else max
    slugcat = pick(sorted(rates), key=lambda s: rates[s])
    return f"{rates[slugcat]:.0%} {names.get(slugcat, slugcat)}"


def row_cells(row: Mapping, names: Mapping[str, str]) -> tuple[str, ...]:
    if row["slugcat"] is not None:
        label = names.get(row["slugcat"], row["slugcat"]) + " (solo)"
    else:
        label = f"{row['players']} players" if row["players"] > 1 else "1 player"
    death_rate = "-" if row["death_rate"] is None else f"{row['death_rate']:.3f}"
    return (label, str(row["games"]), str(row["ascended"]), _number(row["median_turns"]),
            _number(row["p90_turns"]), _number(row["median_cycles"]), death_rate,
            _number(row["starvations_per_game"], 1), _number(row.get("player_kills"), 2),
            _seat(row, "min", names), _seat(row, "max", names),
            _number(row["est_minutes"], 0), _number(row["est_minutes_p90"], 0), str(row["stalled"]),
            str(row["raised"]))


def table(rows: Sequence[Mapping], names: Mapping[str, str], width: int | None = None) -> list[str]:
    """The header, a rule, and one aligned line per row; with `width` (the terminal's), columns
    that do not fit go to a further table below, each starting with the row's name, so nothing
    wraps. `--json` has every figure on one line per row."""
    cells = [row_cells(row, names) for row in rows]
    widths = [max(len(r[i]) for r in (HEADER, *cells)) for i in range(len(HEADER))]
    lines: list[str] = []
    for columns in _column_groups(widths, width):
        if lines:
            lines.append("")

        def line(parts: Sequence[str]) -> str:
            out = [parts[i].ljust(widths[i]) if i in LEFT else parts[i].rjust(widths[i]) for i in columns]
            return "  ".join(out).rstrip()

        lines += [line(HEADER), "  ".join("-" * widths[i] for i in columns), *(line(r) for r in cells)]
    return lines


def _column_groups(widths: Sequence[int], most: int | None) -> list[list[int]]:
    """The columns in groups that fit `most` characters a line, each group led by column 0."""
    if most is None or sum(widths) + 2 * (len(widths) - 1) <= most:
        return [list(range(len(widths)))]
    groups: list[list[int]] = [[0]]
    for column in range(1, len(widths)):
        used = sum(widths[i] for i in groups[-1]) + 2 * len(groups[-1])
        if used + widths[column] > most and len(groups[-1]) > 1:
            groups.append([0])
        groups[-1].append(column)
    return groups


def policy_lines(rows: Sequence[Mapping]) -> list[str]:
    """`4 players: steady 24.1%, predator 25.9%`: each mixed row's seat win rate by policy, when
    more than one policy sat at its tables; nothing otherwise."""
    lines = []
    for row in rows:
        rates = row.get("policy_win_rates")
        if rates and len(rates) > 1:
            shown = ", ".join(f"{name} {rate:.1%}" for name, rate in rates.items())
            lines.append(f"{row['players']} players: {shown}")
    return lines


def dice_table(rows: Sequence[Mapping], names: Mapping[str, str]) -> list[str]:
    """Each solo row's median turns under every dice variant played, the first variant's first, each
    other with its change from the first: `118 (+7%)`."""
    variants = list(dict.fromkeys(row["dice"] for row in rows))
    solo = list(dict.fromkeys(row["slugcat"] for row in rows if row["slugcat"] is not None))
    if not solo or len(variants) < 2:
        return []
    found = {(row["dice"], row["slugcat"]): row["median_turns"] for row in rows}
    header = ("Median turns (solo)", *variants)
    lines = []
    for slugcat in solo:
        base = found.get((variants[0], slugcat))
        cells = [names.get(slugcat, slugcat), _number(base)]
        for variant in variants[1:]:
            value = found.get((variant, slugcat))
            change = "" if value is None or not base else f" ({(value - base) / base:+.0%})"
            cells.append(_number(value) + change)
        lines.append(cells)
    widths = [max(len(r[i]) for r in (header, *lines)) for i in range(len(header))]

    def line(parts: Sequence[str]) -> str:
        return "  ".join(p.ljust(w) if i == 0 else p.rjust(w) for i, (p, w) in enumerate(zip(parts, widths))).rstrip()

    return [line(header), "  ".join("-" * w for w in widths), *(line(r) for r in lines)]


class Progress:
    """The games played, as a bar with the time spent and an estimate of the time left (rich's
    progress bar), redrawn in place and gone when done; silent when `stream` is not a terminal."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.shown = _is_tty(stream) and total > 0
        self._bar = None
        if self.shown:
            from rich.console import Console
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress as Bar, TextColumn,
                                       TimeElapsedColumn, TimeRemainingColumn)

            # the bar's own text holds nothing from outside: it may reach the terminal as it is
            console = Console(file=getattr(stream, "stream", stream), stderr=True)
            self._bar = Bar(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TextColumn("·"),
                            TimeElapsedColumn(), TextColumn("elapsed ·"), TimeRemainingColumn(),
                            TextColumn("left"), console=console, transient=True)
            self._task = self._bar.add_task("games", total=total)
            self._bar.start()

    def offset(self, done: int) -> "Progress":
        """This bar, counting on from `done` games already played (rows played once per dice variant)."""
        bar = self

        class _From:
            def update(self, more: int) -> None:
                bar.update(done + more)

        return _From()  # type: ignore[return-value]

    def update(self, done: int) -> None:
        if self._bar is not None:
            self._bar.update(self._task, completed=done, refresh=True)

    def clear(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no such method, or a closed stream
        return False
