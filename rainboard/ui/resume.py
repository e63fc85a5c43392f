"""Turning a save back into a game at the table: resume it, or branch off a replay."""

from __future__ import annotations

from pathlib import Path

from .session import GameSession


def session_from_replay(replay, upto: int, data, setup, challenge: str | None = None) -> GameSession:
    """The game as it stood after `upto` of the replay's actions, ready to be played on."""
    events = []
    for step in range(1, upto + 1):
        events.extend(replay.events_at(step))
    state = replay.state_at(upto)
    session = GameSession(data=data, setup=setup, state=state, events=events,
                          actions=list(replay.actions[:upto]), challenge=challenge)
    from rainboard.engine import digest

    session.digests = {n: replay_digest for n, replay_digest in getattr(replay, "digests", {}).items() if n <= upto}
    session.digests.setdefault(upto, digest(state))
    return session


def open_save(path: Path):
    """Read and replay a save: (save, replay, data, setup); SaveError if anything is wrong."""
    from rainboard.saves import Replay, game_from_save, read_save

    save = read_save(path)
    data, setup = game_from_save(save)
    replay = Replay(save)
    return save, replay, data, setup


def open_replay(path: Path):
    """Like open_save, but a save that drifts out of sync still plays up to the last good point:
    (save, replay, data, setup, problem) where problem says where it stopped, or None."""
    import re

    import attrs

    from rainboard.saves import Replay, SaveError, game_from_save, read_save

    save = read_save(path)
    data, setup = game_from_save(save)
    try:
        return save, Replay(save), data, setup, None
    except SaveError as error:
        found = re.search(r"action (\d+)", str(error))
        if not found:
            raise
        number = int(found.group(1))
        if "digest" in str(error):
            good = max((n for n in map(int, save.digests) if n < number), default=0)
        else:
            good = number - 1
        kept = {k: v for k, v in save.digests.items() if int(k) <= good}
        shorter = attrs.evolve(save, actions=list(save.actions[:good]), digests=kept)
        return save, Replay(shorter), data, setup, str(error)
