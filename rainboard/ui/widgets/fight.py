"""The fight panel: the creature met (or the player striking at you) where the map was, and your own
attack and flee as the engine will roll them.

The panel has the map's rows, no more: at 80x24 that is twelve lines of 34 cells, and a creature with
two abilities and a story of three lines, then your modifiers, took thirteen, so the flee line was
cut. The panel is given its text in ways, fullest first, and shows the first that fits its rows now
(and again when it is resized): the creature's story goes first, then the rule between the creature
and you. What you roll with always stays.
"""

from __future__ import annotations

from textual.content import Content

from rainboard.data.dice import VARIANT_NAMES
from rainboard.engine.queries import attack_plan, flee_modifiers, hp_against
from rainboard.engine.state import Duel, Encounter, GameState

from ..safe_text import shown
from .cards import creature_card_content
from .quiet import Panel, inner_size, quiet_update, wrapped_rows

YOU = "── you ──"


def your_modifiers(state: GameState, viewer: int, hp: int) -> list[Content]:
    """The player's attack (on a foe of `hp`) and flee modifiers, without an item, as the engine
    will roll them (queries.attack_plan, queries.flee_modifiers)."""
    parts = []
    rolled = {"attack": attack_plan(state, viewer, hp).check.modifiers, "flee": flee_modifiers(state, viewer)}
    for stat, mods in rolled.items():
        total = sum(value for _, value in mods)
        named = ", ".join(f"{label} {value:+d}" for label, value in mods)
        parts.append(f"{stat} {total:+d}" + (f" ({named})" if named else ""))
    return [Content("You: " + " · ".join(parts))]


def fight_ways(state: GameState, viewer: int) -> list[Content]:
    """The creature met and the player's modifiers, fullest first: with the creature's story and a
    rule before "you", without the story, and without the rule either."""
    pending = state.pending
    assert isinstance(pending, Encounter)
    creature = state.data.cards[pending.card]
    mods = your_modifiers(state, viewer, creature.hp)
    card = creature_card_content(state, pending.card, viewer)
    bare = creature_card_content(state, pending.card, viewer, story=False)
    rule = Content.styled(f"\n{YOU}", "$text-muted")
    ways = [Content("\n").join([card, rule, *mods]), Content("\n").join([bare, rule, *mods]),
            Content("\n").join([bare, *mods])]
    return [shown(way) for way in ways]


def duel_ways(state: GameState, viewer: int) -> list[Content]:
    """A player striking at the viewer, what each answer does, and the viewer's modifiers: with a
    rule before "you", and without it."""
    pending = state.pending
    assert isinstance(pending, Duel)
    attacker = state.players[pending.attacker]
    hp = hp_against(state, viewer, pending.attacker)  # halved if the defender's form blasts
    dice = VARIANT_NAMES[state.data.rules.dice.variant]  # the table's dice, in the setup's words
    head = [Content.styled(f"{attacker.name} strikes at you!", "bold"),
            Content(f"Fight back: your attack against their HP ({hp}), rolled on {dice}."),
            Content("Flee: beat their chase and they leave you alone this cycle.")]
    mods = your_modifiers(state, viewer, hp)
    ways = [Content("\n").join([*head, Content.styled(YOU, "$text-muted"), *mods]), Content("\n").join([*head, *mods])]
    return [shown(way) for way in ways]


class FightPanel(Panel):
    """The left panel in a fight, a duel or a decision: the first of its ways that fits its rows."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._ways: tuple[Content, ...] = ()
        self._title: str | None = None

    def show_title(self, title: str) -> None:
        """The panel's border title. Setting one repaints the whole panel, even the same title: the
        panel is given its title on every move of a fight, so only a new one is set."""
        if title != self._title:
            self._title = title
            self.border_title = title

    def show_ways(self, *ways: Content) -> None:
        """Show the first of `ways` (fullest first) that fits the panel's rows; the last if none does."""
        self._ways = ways
        self._fit()

    def _fit(self) -> None:
        if not self._ways:
            return
        width, height = inner_size(self)  # (the panel may be out of view: see inner_size)
        chosen = self._ways[0]
        if width > 0 and height > 0:
            chosen = next((way for way in self._ways if wrapped_rows(way, width) <= height), self._ways[-1])
        quiet_update(self, chosen)

    def on_resize(self) -> None:
        self._fit()
