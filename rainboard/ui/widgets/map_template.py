"""The map's art templates (assets/map.txt, map_wide.txt): reading them, and checking that the lines
they draw are the gates and walks of the decks (a broken or outdated template is caught)."""

from __future__ import annotations

import re
from functools import lru_cache

from rainboard import paths
from rainboard.data import GameData

COMPACT_TEMPLATE = "map.txt"
WIDE_TEMPLATE = "map_wide.txt"
PLACEHOLDER = re.compile(r"\{([a-z0-9_]+) *\}")

GATE_LINES = frozenset("─│┌┐└┘├┤┬┴┼")
WALK_LINES = frozenset("┄┊╰╮╭╯┈┆")


@lru_cache(maxsize=None)
def load_template(name: str) -> tuple[str, ...]:
    """The art lines of a map template in assets/, without its leading `#` notes or trailing blanks.

    Raises OSError when the asset is missing.
    """
    lines = paths.asset_text(name).splitlines()
    while lines and lines[0].startswith("#"):
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return tuple(line.rstrip() for line in lines)


def template_width(lines: tuple[str, ...]) -> int:
    """Columns the template's art takes."""
    return max((len(line) for line in lines), default=0)


# What each line glyph joins: up, down, left, right.
_JOINS = {"─": "lr", "┄": "lr", "│": "ud", "┊": "ud", "┌": "rd", "┐": "ld", "└": "ur", "┘": "ul",
          "╭": "rd", "╮": "ld", "╰": "ur", "╯": "ul", "┈": "lr", "┆": "ud", "┼": "udlr"}
_CROSSING = "┼"  # two lines cross here without meeting: a line goes straight through
_STEP = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}
_BACK = {"u": "d", "d": "u", "l": "r", "r": "l"}


@lru_cache(maxsize=8)
def template_links(template: tuple[str, ...]) -> tuple[frozenset, frozenset]:
    """The pairs of regions the template's art joins: (by gate lines, by walk lines).

    Follows each line from the cell it leaves to the cell it reaches. Raises ValueError when a line
    branches or stops short, so a broken template is caught (tests read every template through this).
    """
    grid = [line.ljust(template_width(template)) for line in template]
    owner: dict[tuple[int, int], str] = {}
    for y, line in enumerate(grid):
        for match in PLACEHOLDER.finditer(line):
            for x in range(match.start(), match.end()):
                owner[(y, x)] = match.group(1)
    gates: set[frozenset] = set()
    walks: set[frozenset] = set()
    for (y, x), region in owner.items():
        for way, (dy, dx) in _STEP.items():
            cy, cx, came = y + dy, x + dx, _BACK[way]
            if (cy, cx) in owner or not (0 <= cy < len(grid) and 0 <= cx < len(grid[cy])):
                continue
            if came not in _JOINS.get(grid[cy][cx], ""):
                continue
            walk = False
            while (cy, cx) not in owner:
                if not (0 <= cy < len(grid) and 0 <= cx < len(grid[cy])) or came not in _JOINS.get(grid[cy][cx], ""):
                    raise ValueError(f"map template: a line from {{{region}}} stops at row {cy + 1}, column {cx + 1}")
                glyph = grid[cy][cx]
                walk = walk or glyph in WALK_LINES
                out = _BACK[came] if glyph == _CROSSING else _JOINS[glyph].replace(came, "")
                dy, dx = _STEP[out]
                cy, cx, came = cy + dy, cx + dx, _BACK[out]
            (walks if walk else gates).add(frozenset((region, owner[(cy, cx)])))
    return frozenset(gates), frozenset(walks)


def _data_links(data: GameData) -> tuple[set[frozenset], set[frozenset]]:
    gates = {frozenset((gate.a, gate.b)) for gate in data.gates.values()}
    walks = {frozenset((rid, other)) for rid, region in data.regions.items() for other in region.free_crossings}
    return gates, walks


def _fits(data: GameData, template: tuple[str, ...]) -> bool:
    """Whether the template's art tells the truth about these decks: every region it places exists
    and every line it draws is a gate or walk of the data (the data may have more: listed below)."""
    placed = {match.group(1) for row in template for match in PLACEHOLDER.finditer(row)}
    drawn_gates, drawn_walks = template_links(template)
    gates, walks = _data_links(data)
    return placed <= set(data.regions) and drawn_gates <= gates and drawn_walks <= walks
