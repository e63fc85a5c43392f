"""Kill a table at every write of every kind of checkpoint, for real, and read what it left.

    python scripts/fuzz_checkpoints.py --games 20 --seed 1

For each game (a seed, 1 to 4 players on the test decks) and each kind of checkpoint (a new game,
a resume, the game's end, leaving, leaving after a move taken back, the change after a failed
write), a forked process plays the game up to the checkpoint with the table's autosaver and is
ended with os._exit at the checkpoint's first disk call; then another at its second, and so on
until one runs it to the end (tests/saves/checkpoints.py says what the calls are). After each,
the save and its journal are read and played back: they must hold the moves the disk held
before the checkpoint or after it, never fewer, and a finished game only with its last move.
Exit status 1 if any kill lost a move or left a save that does not read.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.saves import mini_data  # noqa: E402 - the repository's root goes first
from tests.saves.checkpoints import KINDS, Expected, Faults, Scenario, check_on_disk  # noqa: E402

KILLED = 86  # the exit code of a process ended at its call
COMPLETED = 0
BROKEN = 3  # the child failed before the kill: a fault of the scenario, reported
MOST_CALLS = 40


def _child(kind: str, folder: Path, seed: int, players: int, at: int, told: Path) -> None:
    """In the forked process: get to the checkpoint, write down what it may leave, run it."""
    code = BROKEN
    try:
        scenario = Scenario(kind, folder, mini_data(), seed, players)
        expected = scenario.expected
        told.write_text(json.dumps({"path": str(expected.path) if expected.path else None,
                                    "before": expected.before, "after": expected.after}))
        with Faults(at, "kill", exit_code=KILLED):
            scenario.run_checkpoint()
        code = COMPLETED
    except BaseException:  # noqa: BLE001 - whatever it was, the parent hears of it
        traceback.print_exc()
    finally:
        os._exit(code)


def run_one(kind: str, folder: Path, seed: int, players: int, at: int) -> tuple[int, Expected]:
    told = folder.parent / f"{folder.name}.expected.json"
    pid = os.fork()
    if pid == 0:
        _child(kind, folder, seed, players, at, told)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code == BROKEN or not told.exists():
        raise RuntimeError(f"{kind} seed {seed} call {at}: the scenario failed before its checkpoint")
    said = json.loads(told.read_text())
    expected = Expected(kind, folder, Path(said["path"]) if said["path"] else None, tuple(said["before"]),
                        tuple(said["after"]))
    return code, expected


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per kind of checkpoint (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not hasattr(os, "fork"):
        print("needs os.fork (Linux, macOS)")
        return 1
    mini_data()  # loaded once here, so every forked process starts with the decks read
    chooser = random.Random(args.seed)
    games = [(chooser.randrange(1 << 30), chooser.randint(1, 4)) for _ in range(args.games)]
    found: Counter[str] = Counter()
    lost: list[str] = []
    kills = 0
    with tempfile.TemporaryDirectory(prefix="rainboard-checkpoints-") as root:
        for kind in KINDS:
            for number, (seed, players) in enumerate(games):
                if kind == "end" and players == 1:
                    players = 2  # a solo game on the test decks can run very long before it ends
                for at in range(MOST_CALLS):
                    folder = Path(root) / f"{kind}-{number}-{at}"
                    code, expected = run_one(kind, folder, seed, players, at)
                    completed = code == COMPLETED
                    kills += not completed
                    try:
                        found[f"{kind}: {check_on_disk(expected, completed)}"] += 1
                    except Exception as error:  # noqa: BLE001 - a loss: count it, say which
                        lost.append(f"{kind} seed {seed}, {players} players, killed at call {at}: {error}")
                    if completed:
                        break
                else:
                    lost.append(f"{kind} seed {seed}: {MOST_CALLS} calls and still not done")
    print(f"{kills} kills over {len(KINDS) * len(games)} checkpoints: {len(lost)} lost")
    for key, count in sorted(found.items()):
        print(f"  {key:>24} {count}")
    for line in lost[:20]:
        print(f"LOST {line}")
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
