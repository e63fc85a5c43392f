"""What the map says about one region: its name, its traits and the karma each of its gates asks,
in both directions.

    ▸SU Outskirts
    SU→DS 2, DS→SU 2 · SU→HI 3, HI→SU 2
    SU→LF 2, LF→SU 2

Traits come from the region's data: water, a hazard met every few turns (Farm Arrays' worm grass),
sheltered from the rain (Five Pebbles), the Mark found there, the ending played there (Subterranean),
free walks (The Wall and The Underhang), and its modifiers in the words of the slugcat cards. The
gate numbers are the engine's `gate_karma`, read from each side; when room is short a gate reads
`→HI 3 ←2`: 3 to go to HI, 2 to come back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.content import Content

from rainboard.engine.queries import gate_karma

from .slugcat_preview import modifier_words

if TYPE_CHECKING:
    from rainboard.data.models import GameData
    from rainboard.engine.state import GameState

CODE_STYLE = "bold"
KARMA_STYLE = "bold $text-accent"
TRAIT_STYLE = "$text-muted"
HERE = "▸"


def map_code(data: GameData, region_id: str) -> str:
    """The code shown for a region: its own, or its id in capitals when another region shares it."""
    code = data.regions[region_id].code
    shared = any(other != region_id and r.code == code for other, r in data.regions.items())
    return region_id.upper() if shared else code


def region_traits(state: GameState, region_id: str) -> list[str]:
    """A region's traits in words, from its data: "water", "Worm Grass every 2 turns", ..."""
    data = state.data
    region = data.regions[region_id]
    traits = []
    if region.water:
        traits.append("water")
    if region.hazard is not None:
        every = region.hazard_every
        traits.append(f"{data.card(region.hazard).name} every {every} turn{'s' if every != 1 else ''}")
    if region.sheltered_from_rain:
        traits.append("safe from the rain")
    if region.gives_mark:
        traits.append("the Mark is found here")
    if region.ascension:
        traits.append("the ending is played here")
    traits += [f"free walk to {map_code(data, other)}" for other in region.free_crossings if other in data.regions]
    traits += [modifier_words(data, modifier) for modifier in region.modifiers]
    return traits


def gate_karmas(state: GameState, region_id: str) -> list[tuple[str, str, int, int]]:
    """The region's gates as (gate id, region on the other side, karma to go there, karma to come
    back), ordered by the other side's map code."""
    data = state.data
    found = []
    for gate in data.gates.values():
        if region_id not in (gate.a, gate.b):
            continue
        other = gate.other(region_id)
        found.append((gate.id, other, gate_karma(state, gate.id, region_id), gate_karma(state, gate.id, other)))
    return sorted(found, key=lambda found_gate: map_code(data, found_gate[1]))


def _gate(data: GameData, region_id: str, other: str, out: int, back: int, short: bool) -> Content:
    here, there = map_code(data, region_id), map_code(data, other)
    if short:
        return Content.assemble("→", (there, CODE_STYLE), " ", (str(out), KARMA_STYLE), " ←", (str(back), KARMA_STYLE))
    return Content.assemble((here, CODE_STYLE), "→", (there, CODE_STYLE), " ", (str(out), KARMA_STYLE), ", ",
                            (there, CODE_STYLE), "→", (here, CODE_STYLE), " ", (str(back), KARMA_STYLE))


def pack(items: list[Content], width: int, separator: str) -> list[Content]:
    """Items joined by `separator` on as few lines as fit in `width` cells (an item longer than the
    width gets a line of its own, cut short)."""
    lines: list[Content] = []
    for item in items:
        if lines and lines[-1].cell_length + len(separator) + item.cell_length <= width:
            lines[-1] = lines[-1] + separator + item
        else:
            lines.append(item)
    return [line.truncate(width) for line in lines]


def region_head(state: GameState, region_id: str, here: bool, width: int) -> list[Content]:
    """The region's code and name (with `▸` when the viewer is there), then its traits."""
    data = state.data
    head = Content.assemble((HERE, "bold") if here else "", (map_code(data, region_id), CODE_STYLE), " ",
                            (data.regions[region_id].name, "bold"))
    traits = [Content.styled(words, TRAIT_STYLE) for words in region_traits(state, region_id)]
    return pack([head, *traits], width, " · ")


def gate_lines(state: GameState, region_id: str, width: int, short: bool = False) -> list[Content]:
    """The karma each of the region's gates asks, both ways, folded into lines of `width`."""
    items = [_gate(state.data, region_id, other, out, back, short)
             for _, other, out, back in gate_karmas(state, region_id)]
    return pack(items, width, "  " if short else " · ")


def wrap_items(label: str, items: list[Content], width: int) -> list[Content]:
    """`label` then the items, separated by two spaces, folded into lines of at most `width`."""
    lines: list[Content] = []
    line = Content(label)
    indent = len(label)
    for item in items:
        if line.cell_length > indent and line.cell_length + 2 + item.cell_length > width:
            lines.append(line)
            line = Content(" " * indent)
        line = line + ("  " if line.cell_length > indent else " ") + item
    lines.append(line)
    return lines


def fit_groups(groups: list[tuple[int, list[Content]]], room: int | None) -> tuple[list[Content], int]:
    """The groups' lines in their order, leaving out the least needed groups (highest number first,
    the later of equals) until they fit in `room` lines; also how many lines were left out."""
    kept = [(rank, position, lines) for position, (rank, lines) in enumerate(groups) if lines]
    left_out = 0
    if room is not None:
        while kept and sum(len(lines) for _, _, lines in kept) > room:
            worst = max(kept, key=lambda group: (group[0], group[1]))
            kept.remove(worst)
            left_out += len(worst[2])
    return [line for _, _, lines in kept for line in lines], left_out
