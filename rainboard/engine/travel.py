"""Travel between regions: karma gates (drawn or kept) and free crossings (The Wall, The Underhang)."""

from __future__ import annotations

from .actions import CROSS, KEEP, LEAVE, CrossGate, Walk
from .events import CardLetGo, EndingReached, GatesLeftBehind, Moved
from .queries import can_cross, travels_alone, usable_cards
from .state import AWAKE, Decision, GameState
from .step import Step, Turn
from .tables import GATE, SHELTER


def move_to(step: Step, index: int, region_id: str, *, gate: str | None = None, karma: int | None = None,
            leader: int | None = None) -> None:
    """Enter another region; kept shelters stay behind (back to their decks); a tamed creature in
    the same region follows."""
    step.return_held(index, lambda held: step.data.card(held.card).kind == SHELTER)
    leave_far_gates(step, index, region_id)
    player = step.edit(index)
    origin, reached_before = player.region, player.reached_ending
    reached = reached_before or (player.has_mark and step.data.regions[region_id].ascension)
    player.region, player.region_turns, player.reached_ending = region_id, 0, reached
    step.emit(Moved(player=index, origin=origin, region=region_id, gate=gate, karma=karma, leader=leader))
    if reached and not reached_before:
        step.emit(EndingReached(player=index, region=region_id))
    for other, someone in enumerate(step.state.players):
        if someone.tamed_by == index and someone.region == origin and someone.status == AWAKE:
            move_to(step, other, region_id, leader=index)


def leave_far_gates(step: Step, index: int, region_id: str) -> None:
    """Kept gate cards are a way back to a gate of the region one is in: those with neither end in
    `region_id` go back to their decks (so nobody can hold a gate away from everyone for ever)."""
    def far(held) -> bool:
        card = step.data.card(held.card)
        return card.kind == GATE and region_id not in (card.a, card.b)

    gone = step.return_held(index, far)
    if gone:
        step.emit(GatesLeftBehind(player=index, cards=tuple(h.card for h in gone)))


def legal_travel(state: GameState, index: int, gates: tuple[str, ...]) -> list:
    """Crossing a kept gate this player (or a partner here) holds, `gates` (queries.usable_ids),
    where it can from here, then free crossings; a tamed creature goes only where its tamer takes it."""
    if not travels_alone(state, index):
        return []
    moves: list = []
    for card in gates:
        if can_cross(state, index, card):
            cross = _CROSSINGS.get(card)
            if cross is None:
                cross = _CROSSINGS[card] = CrossGate(card)
            moves.append(cross)
    moves += free_walks(state.data, state.players[index].region)
    return moves


def free_walks(data, region_id: str) -> tuple:
    """A Walk to each region reachable from `region_id` without a gate, in the region's order."""
    region = data.regions[region_id]
    entry = _FREE.get(region_id)
    if entry is not None and entry[0] is region:
        return entry[1]
    walks = []
    for other in region.free_crossings:
        walk = _WALKS.get(other)
        if walk is None:
            walk = _WALKS[other] = Walk(other)
        walks.append(walk)
    found = _FREE[region_id] = (region, tuple(walks))
    return found[1]


# one CrossGate and one Walk for each gate and region offered so far (actions are values, as the
# shared actions in actions.py; a turn's list is made for every state), and the walks from each
# region asked about, kept with the region they were read from (deck data of another set asks again)
_CROSSINGS: dict[str, CrossGate] = {}
_WALKS: dict[str, Walk] = {}
_FREE: dict[str, tuple] = {}


def legal_gate_decision(state: GameState, decision: Decision) -> list:
    """Cross the drawn gate (karma permitting), keep it, or, holding that gate already, let it go:
    one copy of a gate in hand at most, so the others stay in the deck for everyone."""
    moves: list = []
    if travels_alone(state, decision.player) and can_cross(state, decision.player, decision.card):
        moves.append(CROSS)
    card = decision.card
    for held in state.players[decision.player].hand:
        if held.card == card:
            moves.append(LEAVE)
            break
    else:
        moves.append(KEEP)
    return moves


def let_go(step: Step) -> Turn:
    """Put a drawn gate card back on its discard pile."""
    decision = step.state.pending
    step.state.pending = None
    step.discard(decision.card, decision.deck)
    step.emit(CardLetGo(player=decision.player, card=decision.card))
    return Turn.OVER


def cross(step: Step, action: CrossGate) -> Turn:
    """Cross the gate just drawn, or a kept one (which costs the turn): either way the card is spent."""
    index = step.state.to_act
    if action.gate is None:
        decision = step.state.pending
        step.state.pending = None
        card_id, deck_id = decision.card, decision.deck
    else:
        holder = dict((card, who) for who, card in usable_cards(step.state, index, GATE))[action.gate]
        held = step.take_from_hand(holder, action.gate)
        card_id, deck_id = held.card, held.deck
    gate = step.data.gates[card_id]
    here = step.player(index).region
    step.discard(card_id, deck_id)
    move_to(step, index, gate.other(here), gate=card_id, karma=gate.karma_from(here))
    return Turn.OVER


def walk(step: Step, action: Walk) -> Turn:
    move_to(step, step.state.current, action.to)
    return Turn.OVER
