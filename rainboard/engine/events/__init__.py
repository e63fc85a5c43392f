"""What happened during a step, one frozen class per kind of happening, with named fields.

Events carry indices and ids, never sentences: the narrator (narrator.py) turns them into English,
and the interface matches on their types and fields. `kind` is a short stable name for logs and
tests; nothing should decide anything by it.
"""

from .base import Roll, Event
from .table import (
    TurnOrderTie,
    TurnOrderSet,
    SlugcatChosen,
    CreatureHidden,
    Rolled,
    CycleStarted,
    PrecycleRolled,
    RainTimerRolled,
    TurnStarted,
    RoundEnded,
    RainFell,
    SparedByRain,
    CycleEnded,
    Woke,
    DeckReshuffled,
    DeckEmpty,
    CardDrawn,
    CardKept,
    CardLetGo,
    CardConcealed,
    MarkReceived,
    Fed,
    SearchStarted,
    Searching,
    ShelterFound,
    ShelterNotFound,
    Hibernated,
    Starved,
    KarmaChanged,
    KarmaSaved,
    Died,
    Moved,
    EndingReached,
    EndingSlept,
    GatesLeftBehind,
    Waited,
    Ascended,
    GameOver,
)
from .fights import (
    CreatureMet,
    Ambushed,
    Blasted,
    CreatureGaveUp,
    CreatureKilled,
    CompanionKilled,
    AttackMissed,
    StrikeDodged,
    Fled,
    Caught,
    Tamed,
    Untamed,
    Joined,
    LetPass,
    WalkedPast,
    ReputationChanged,
    MarketOpened,
    Bought,
    MerchantLeft,
    Hunting,
    Pounced,
    MustAnswer,
    BrokeApart,
    Transformed,
)

# The events with which play passes on from the player who moved: the round's end, the rain, the
# cycle's end or start, and the next turn (announced, or owed to a search or the ending's wait).
# The engine emits none of them while a move is being played out, only once the move has passed play
# on (turns.end_turn, or the last slugcat chosen starting the game), so the first of them in an
# action's events is where its turn passed.
PLAY_PASSES = (RoundEnded, RainFell, CycleEnded, CycleStarted, TurnStarted, Searching, Waited)


def play_passed_at(events) -> int:
    """Where in one action's events play passed on from the player who acted (the round ended, the
    next turn began...): what follows is news to them. len(events) when the action did not pass play
    on (a fight goes on, a strike waits for its answer)."""
    for index, event in enumerate(events):
        if isinstance(event, PLAY_PASSES):
            return index
    return len(events)


__all__ = ["PLAY_PASSES", "play_passed_at", "Ambushed", "Ascended", "AttackMissed", "Blasted", "Bought", "BrokeApart", "CardConcealed", "CardDrawn", "CardKept", "CardLetGo", "Caught", "CompanionKilled", "CreatureHidden", "CreatureGaveUp", "CreatureKilled", "CreatureMet", "CycleEnded", "CycleStarted", "DeckEmpty", "DeckReshuffled", "Died", "EndingReached", "EndingSlept", "GatesLeftBehind", "Event", "Fed", "Fled", "GameOver", "Hibernated", "Hunting", "Joined", "KarmaChanged", "KarmaSaved", "LetPass", "MarkReceived", "MarketOpened", "MerchantLeft", "Moved", "MustAnswer", "Pounced", "PrecycleRolled", "RainFell", "RainTimerRolled", "ReputationChanged", "Roll", "Rolled", "RoundEnded", "SearchStarted", "Searching", "ShelterFound", "ShelterNotFound", "SlugcatChosen", "SparedByRain", "Starved", "StrikeDodged", "Tamed", "Transformed", "TurnOrderSet", "TurnOrderTie", "TurnStarted", "Untamed", "Waited", "WalkedPast", "Woke"]
