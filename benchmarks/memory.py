"""Memory after 3,000 actions of a 4-player random game: the engine alone (keeping only the newest
state, or every state), and a GameSession, the interface's game, which keeps a state per action to
undo with.

Each case runs in a fresh process, so the process's peak size (max RSS) belongs to that case alone; a
process that only imports Rainboard and loads the decks is the reference. "RSS before" is the process
once imports, decks and the choice of game are done, "RSS after" once the 3,000 actions are; the
tracemalloc figures count only what Python allocated in between. Run with `make bench` or
`python benchmarks/memory.py`. It prints numbers; it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tracemalloc
from pathlib import Path

ACTIONS = 3000
CASES = {
    "reference": "imports and decks only, no game",
    "engine": "engine, newest state only",
    "engine-all": "engine, every state kept",
    "engine-digest": "engine, newest state, digest each",
    "session": "GameSession (keeps undo history)",
}


def _long_game(data, actions: int):
    """A setup whose random game lasts at least `actions` actions, and the chooser to replay it."""
    from rainboard.engine import apply, legal_actions, new_game
    from rainboard.engine.state import OVER
    from rainboard.sim import random_setup

    for attempt in range(100):
        chooser = random.Random(attempt)
        setup = random_setup(data, f"memory-{attempt}", 4, chooser)
        state, _ = new_game(setup, data)
        for _ in range(actions):
            if state.phase == OVER:
                break
            state, _ = apply(state, chooser.choice(legal_actions(state)))
        else:
            return setup, attempt
    raise RuntimeError("no random game lasted long enough")


def _rss() -> float:
    """The process's resident size now, in MiB."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize() / 2**20


def child(case: str, actions: int) -> dict:
    from rainboard.data import load_data
    from rainboard.engine import apply, digest, legal_actions, new_game

    if case == "session":
        import rainboard.ui.session  # noqa: F401  (its imports are not the game's memory)
    data = load_data()
    setup, attempt = _long_game(data, actions) if case != "reference" else (None, None)
    before = _rss()
    tracemalloc.start()
    kept = []
    if case in ("engine", "engine-all", "engine-digest"):
        chooser = random.Random(attempt)
        setup_again = _same_setup(data, attempt, chooser)
        state, _ = new_game(setup_again, data)
        for _ in range(actions):
            state, _ = apply(state, chooser.choice(legal_actions(state)))
            if case == "engine-all":
                kept.append(state)
            elif case == "engine-digest":
                digest(state)
    elif case == "session":
        from rainboard.ui.session import GameSession

        chooser = random.Random(attempt)
        session = GameSession.start(_same_setup(data, attempt, chooser), data)
        for _ in range(actions):
            session.act(chooser.choice(session.legal))
        kept.append(session)
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return {"case": case, "traced_now": current / 2**20, "traced_peak": peak / 2**20, "max_rss": rss,
            "rss_before": before, "rss_after": _rss()}


def _same_setup(data, attempt, chooser):
    from rainboard.sim import random_setup

    return random_setup(data, f"memory-{attempt}", 4, chooser)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--case", choices=CASES, help=argparse.SUPPRESS)
    parser.add_argument("--actions", type=int, default=ACTIONS)
    args = parser.parse_args()
    if args.case:
        print(json.dumps(child(args.case, args.actions)))
        return
    here = Path(__file__).resolve()
    print(f"\n## Memory after {args.actions:,} actions of a 4-player random game (each case in a fresh process)")
    print(f"{'':<36}{'traced now':>11}{'traced peak':>12}{'RSS before':>11}{'RSS after':>10}{'max RSS':>9}"
          "   (MiB)")
    for case, label in CASES.items():
        out = subprocess.run([sys.executable, str(here), "--case", case, "--actions", str(args.actions)],
                             capture_output=True, text=True, check=True)
        row = json.loads(out.stdout.strip().splitlines()[-1])
        print(f"{label:<36}{row['traced_now']:>11.1f}{row['traced_peak']:>12.1f}{row['rss_before']:>11.1f}"
              f"{row['rss_after']:>10.1f}{row['max_rss']:>9.1f}")


if __name__ == "__main__":
    main()
