"""Death: karma lost (unless a karma flower wilts instead), the cycle sat out, companions freed."""

from __future__ import annotations

from rainboard.data.models import CardKind

from .events import Died, GatesLeftBehind, KarmaChanged, KarmaSaved, Untamed
from .state import DEAD
from .step import Step


def kill(step: Step, index: int, *, creature: str | None = None, killer: int | None = None) -> None:
    """The player dies now (the rain when neither a creature nor a killer is named)."""
    player = step.player(index)
    step.update_player(index, status=DEAD, busy=0, busy_task=None, hunting=None)
    step.emit(Died(player=index, creature=creature, killer=killer))
    flower = next((h for h in player.hand if getattr(step.data.card(h.card), "saves_karma", False)), None)
    if flower is not None:
        step.take_from_hand(index, flower.card)
        step.discard(flower.card, flower.deck)
        step.emit(KarmaSaved(player=index, card=flower.card, karma=player.karma))
    else:
        karma = max(step.rules.karma_min, player.karma - 1)
        step.update_player(index, karma=karma)
        if karma != player.karma:
            step.emit(KarmaChanged(player=index, before=player.karma, after=karma))
    # death takes back the ways one carried: kept gates go back to their decks, so a player who keeps
    # dying (and so cannot use them) never holds a gate away from everyone
    gates = step.return_held(index, lambda held: step.data.card(held.card).kind == CardKind.GATE)
    if gates:
        step.emit(GatesLeftBehind(player=index, cards=tuple(h.card for h in gates)))
    for other, someone in enumerate(step.state.players):
        if someone.tamed_by == index:
            step.update_player(other, tamed_by=None)
            step.emit(Untamed(player=other, tamer=index))
