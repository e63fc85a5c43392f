"""Turning a save back into a game at the table: resume it, or branch off a replay."""

from __future__ import annotations

from array import array
from bisect import bisect_right
from pathlib import Path

from .session import KEEP_EVENTS, EventWindow, GameSession, LastMove, last_move


def session_from_replay(replay, upto: int, data, setup, challenge: str | None = None) -> GameSession:
    """The game as it stood after `upto` of the replay's actions, ready to be played on: its events
    numbered from the start (as a new game's session numbers them), of which it holds only what the
    screens and the news need (GameSession.needed_from: the newest KEEP_EVENTS, each player's news
    and the last cycle's report), and where each player last moved, so the news a hand-off tells is
    the same as if the game had never stopped. The save's digests up to that point go with it, so
    the game's next save still holds them."""
    from rainboard.engine import digest

    known = getattr(replay, "event_starts", None)  # a resumed save has them counted already
    if known is not None and len(known) > upto:
        # where each action's events begin in the game's events; left an array, as a list it made an
        # int object for each action (800 KiB for 20,000 actions, if only for a moment)
        starts = known[:upto + 1]
        total = starts[upto] + len(replay.events_at(upto))
    else:
        starts = array("q", [0])
        total = len(replay.events_at(0))
        for step in range(1, upto + 1):
            starts.append(total)
            total += len(replay.events_at(step))
    state = replay.state_at(upto)
    marks = last_moves(replay, upto, starts, len(state.players))
    floor = min([total - KEEP_EVENTS, *(mark.news_from for mark in marks.values())])
    # the cycle that ended last and the one after it (the report, and the news of one not yet moved)
    cycles = [n for n in getattr(replay, "cycle_starts", [0]) if n <= upto]
    floor = min(floor, starts[cycles[-2]] if len(cycles) >= 2 else 0)
    floor = max(floor, 0)
    first = bisect_right(starts, floor) - 1  # the action whose events hold event number `floor`
    held: list = []
    for step in range(first, upto + 1):
        held.extend(replay.events_at(step))
    session = GameSession(data=data, setup=setup, state=state, events=EventWindow(held, starts[first]),
                          actions=list(replay.actions[:upto]), challenge=challenge, last_moves=marks)
    session.digests = {n: kept for n, kept in replay.save.digests.items() if n <= upto}
    if upto not in session.digests:  # computed only when the save lacks it
        session.digests[upto] = digest(state)
    return session


def last_moves(replay, upto: int, starts: list[int], players: int) -> dict[int, LastMove]:
    """Each player's last move among the replay's first `upto` actions, read from the record once,
    from the last action backwards until every player is found (a round or so: everyone moves each
    cycle). `starts[n]` is where action n's events begin in the session's events."""
    found: dict[int, LastMove] = {}
    for number in range(upto, 0, -1):
        before = replay.state_at(number - 1)
        actor = before.to_act
        if actor is not None and actor not in found:
            found[actor] = last_move(starts[number], replay.events_at(number), before.rain)
            if len(found) == players:
                break
    return found


def open_save(path: Path):
    """Read and replay a save: (save, replay, data, setup); SaveError if anything is wrong. The
    game's end only (no snapshots), from the resume cache beside the save when it fits
    (saves/cached_resume.py). What the replay counted is left for the autosave of this very save
    to take up (`handed_over`), so it can keep the cache going."""
    from rainboard.engine.digest import forget_memo
    from rainboard.saves import read_save
    from rainboard.saves.cached_resume import Handover, resume_game

    save = read_save(path)
    replay = resume_game(save, path, keep_events=KEEP_EVENTS)
    try:
        _handed[:] = [save, Handover(replay)]
    except Exception:  # noqa: BLE001 - without it the cache is only not kept up; the game goes on
        _handed.clear()
    forget_written_sources()
    forget_memo()  # the digests' memo of the states passed: the game going on digests its own
    return save, replay, replay.data, replay.setup


def forget_written_sources() -> None:
    """Let go of the source texts attrs and cattrs leave in `linecache` for the methods they write
    (a traceback through one then shows its line number without the line). attrs gives no way not to
    leave them, and for the engine's, the decks' and the saves' classes they are some 600 KiB that
    nothing at the table reads. Called once a save is read back: its classes are all made by then,
    and what the board draws next takes the room they leave."""
    import linecache

    for name in [name for name in linecache.cache if name.startswith(WRITTEN_SOURCES)]:
        linecache.cache.pop(name, None)


WRITTEN_SOURCES = ("<attrs generated ", "<cattrs generated ")  # linecache's names for their texts


_handed: list = []  # [the save open_save last read, its Handover]: one at a time, taken by the autosave


def handed_over(save):
    """The Handover of the save open_save last read, if `save` is that very one (once)."""
    if _handed and _handed[0] is save:
        handover = _handed[1]
        _handed.clear()
        return handover
    return None


def open_replay(path: Path, watch=None):
    """Like open_save, but a save that drifts out of sync still plays up to the last good point:
    (save, replay, data, setup, problem) where problem says where it stopped, or None. `watch` is
    called with every state played (Replay); a drifting save's states up to the drift, twice."""
    import attrs

    from rainboard.saves import Replay, SaveError, read_save

    save = read_save(path)
    try:
        replay = Replay(save, path, watch=watch)
        return save, replay, replay.data, replay.setup, None
    except SaveError as error:
        if error.action is None:  # not one action's fault: nothing of the game can be trusted
            raise
        if error.digest_mismatch:  # the last digest that held: every one before the failing one did
            good = max((n for n in save.digests if n < error.action), default=0)
        else:
            good = error.action - 1
        kept = {n: d for n, d in save.digests.items() if n <= good}
        shorter = attrs.evolve(save, actions=save.actions[:good], digests=kept)
        replay = Replay(shorter, path, partial=True, watch=watch)
        return save, replay, replay.data, replay.setup, str(error)
