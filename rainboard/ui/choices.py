"""What the board offers: the legal actions in the order a player reads them, each as a line of the
action list, the moves that are missing with the reason why, and the card behind a decision.

Every line comes from the engine: the legal actions, their odds (queries.chance, failure_risk), the
reasons a move is missing (queries.blocked_moves), a gate's karma (queries.gate_karma) and the food
a shelter needs (queries.food_needed, is_fed).
"""

from __future__ import annotations

from collections.abc import Mapping

from textual.content import Content
from textual.widgets.option_list import Option

from rainboard.engine import legal_actions, queries
from rainboard.engine.actions import Action, Attack, Flee, Strike
from rainboard.engine.narrator import a
from rainboard.engine.state import PLAYING, Decision, Duel, Encounter, GameState, Market

from .safe_text import shown
from .words import DEATH, action_key, action_label, blocked_label, card_line

ROOM_AT_80 = 38  # the action list's text width at 80 columns
BLOCKED = "✗ "


def ordered(state: GameState, legal: list[Action]) -> list[Action]:
    """The legal actions as the list shows them: each attack, flee or strike with an item before
    the bare one, the likeliest to succeed first, so the key for the verb lands on the best."""
    groups: dict[object, list[Action]] = {}
    for action in legal:
        key = (type(action), getattr(action, "target", None)) if isinstance(action, (Attack, Flee, Strike)) else action
        groups.setdefault(key, []).append(action)
    listed: list[Action] = []
    for group in groups.values():
        with_items = [a for a in group if getattr(a, "item", None) is not None]
        bare = [a for a in group if getattr(a, "item", None) is None]
        with_items.sort(key=lambda a: queries.chance(state, a) or 0, reverse=True)
        listed += with_items + bare
    return listed


def action_options(state: GameState, legal: list[Action], room: int = 0,
                   keys: Mapping[str, str] | None = None) -> list[Option]:
    """One line per legal action, "1 Attack with Spear · 55% · ☠10% [a]" (its number while there are
    keys for it, and its key unless that would take another row of the `room` cells), then a greyed
    line for each move that is missing and why. `keys`: the key in force for each verb, when remapped
    (keys.verb_keys)."""
    room = room or ROOM_AT_80
    options = []
    for n, action in enumerate(legal, start=1):
        number = f"{n} " if n <= 9 else "  "
        label = action_label(state, action)
        key = action_key(action)
        key = keys.get(key, key) if keys and key else key
        hint = f" [{key}]" if key and _rows(number + label + f" [{key}]", room) == _rows(number + label, room) else ""
        options.append(Option(shown(Content.assemble((number, "bold"), label, (hint, "$text-muted")), keep="")))
    index = state.to_act
    if index is not None:
        for blocked in queries.blocked_moves(state, index):
            line = Content.styled(BLOCKED + blocked_label(state, blocked), "$text-muted")
            options.append(Option(shown(line, keep=""), disabled=True))
    return options


def risk_note(state: GameState) -> str:
    """Under the action list in a fight that can kill, a strike at a player or the answer to one:
    what its ☠ figure means."""
    pvp = isinstance(state.pending, Duel) or state.pending is None and state.phase == PLAYING \
        and any(isinstance(action, Strike) for action in legal_actions(state))
    return f"{DEATH}: the chance to die if it fails" if pvp or queries.strike_risk(state) else ""


def prompt_line(state: GameState, viewer: int) -> Content:
    """The line over the action list: whose turn it is, or what they face."""
    name = state.players[viewer].name
    pending = state.pending
    if isinstance(pending, Encounter):
        creature = state.data.cards[pending.card]
        return Content.from_markup("[b]$name[/b] faces [b]$creature[/b] (exchange $n).", name=name,
                                   creature=a(creature.name), n=str(pending.exchange))
    if isinstance(pending, Duel):
        return Content.from_markup("[b]$name[/b], [b]$attacker[/b] is attacking you: fight back or flee!",
                                   name=name, attacker=state.players[pending.attacker].name)
    if isinstance(pending, Market):
        return Content.from_markup("[b]$name[/b] meets a scavenger merchant.", name=name)
    if pending is not None:
        return Content.from_markup("[b]$name[/b] drew the [b]$card[/b]: what now?", name=name,
                                   card=state.data.card(pending.card).name)
    return Content.from_markup("[b]$name[/b]'s turn · cycle $cycle", name=name, cycle=str(state.cycle))


def _rows(text: str, room: int) -> int:
    """About how many rows a line of text takes in `room` cells (a key hint is left off a line it
    would push onto another row)."""
    return -(-len(text) // room)


def decision_card(state: GameState, viewer: int) -> tuple[str, Content] | None:
    """The card a decision is about (a drawn or found shelter, a drawn gate) or a merchant's blanket,
    as the left panel shows it: its title and its words, with what it asks of this player. None
    without such a decision."""
    pending = state.pending
    if isinstance(pending, Market):
        lines = [Content.styled("Scavenger merchant", "bold"), Content("Pay with items worth enough pearls.")]
        lines += [Content(f"· {card_line(state, card)}") for card in pending.offers] or [Content("Nothing left.")]
        return "Merchant", Content("\n").join(lines)
    if not isinstance(pending, Decision):
        return None
    data = state.data
    card = data.card(pending.card)
    player = state.players[viewer]
    lines = [Content.styled(card.name, "bold")]
    if card.kind == "gate":
        gate = data.gates[pending.card]
        ways = ((gate.a, gate.b), (gate.b, gate.a))
        for start, end in sorted(ways, key=lambda way: way[0] != player.region):  # the way from here first
            here = "▶ " if start == player.region else "  "
            karma = queries.gate_karma(state, pending.card, start)
            lines.append(Content(f"{here}{data.regions[start].name} → {data.regions[end].name}: karma {karma}"))
        lines.append(Content.styled(f"You: karma {player.karma}, in {data.regions[player.region].name}",
                                    "$text-muted"))
        lines.append(Content("Cross now and the card is spent, or keep it to cross on a later turn."))
        return "Karma gate", Content("\n").join(lines)
    if getattr(card, "text", ""):
        lines.append(Content(card.text))
    need = queries.food_needed(state, viewer)
    if queries.is_fed(state, viewer):
        lines.append(Content.styled(f"Fed: {player.food} food, {need} needed. Hibernate to gain karma.",
                                    "$text-success"))
    else:
        lines.append(Content.styled(f"Hibernate needs {need} food, you have {player.food}: sleeping here "
                                    "now is starving.", "$text-warning"))
    lines.append(Content("Keep it to sleep in later, in this region."))
    return "Shelter", Content("\n").join(lines)
