"""A seat with no screen: it follows the table and, when its turn comes, picks a legal move by a
fixed rule. The table's tests and benchmarks run one process of it per seat.

    python -m rainboard.table.headless DATA_DIR CODE SEAT --moves N --out FILE [--policy random|hunter]
                                       [--stall-at K] [--seed S]

FILE gets one line per move this screen saw, as it saw it: `<count> <digest> <seconds> <who>`, the
game's digest after that many actions, the monotonic clock when the screen had it (comparable
between processes of one machine), and `mine` for a line this seat wrote (else `seen`). The
process stops once the table holds N actions (or the game is over). `--stall-at K` makes it hang
when its turn comes with K or more actions in the journal, for a test to kill it there. Moves are
picked by a generator seeded with the seed and the action count, so which screen runs a seat
never changes the game. Last, `rss <KiB>`: the process's peak size.
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
import time
from pathlib import Path

from rainboard.engine import digest

from .seat import NotYourMove, TableSeat
from .tablefile import read_table


def pick(seat: TableSeat, policy: str, seed: str) -> object:
    session = seat.session
    legal = session.legal
    rng = random.Random(f"{seed}-{len(session.actions)}")
    if policy == "hunter":  # hunts and strikes whenever it may: for a test that wants a strike
        eager = [a for a in legal if str(a).split()[0] in ("hunt", "strike")]
        if eager:
            return rng.choice(eager)
    return rng.choice(legal)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rainboard.table.headless")
    parser.add_argument("data_dir", type=Path)
    parser.add_argument("code")
    parser.add_argument("seat", type=int, nargs="?")
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--policy", default="random", choices=("random", "hunter"))
    parser.add_argument("--stall-at", type=int, default=None)
    parser.add_argument("--seed", default="table")
    args = parser.parse_args(argv)

    seat = TableSeat(args.data_dir, read_table(args.data_dir, args.code), args.seat, where="a headless seat")
    out = args.out.open("a", buffering=1)
    mine: set[int] = set()

    def seen(count: int) -> None:
        out.write(f"{count} {digest(seat.session.state)} {time.monotonic():.6f} "
                  f"{'mine' if count in mine else 'seen'}\n")

    seat.on_move = seen
    woken = threading.Event()
    seat.take()
    seat.follow(woken.set)
    seat.catch_up()
    out.write(f"ready {time.monotonic():.6f}\n")
    while len(seat.session.actions) < args.moves and not seat.session.over:
        if seat.my_turn():
            if args.stall_at is not None and len(seat.session.actions) >= args.stall_at:
                out.write("stalled\n")
                time.sleep(3600)
            mine.add(len(seat.session.actions) + 1)
            try:
                seat.session.act(pick(seat, args.policy, args.seed))
            except NotYourMove:
                mine.discard(len(seat.session.actions) + 1)
            continue
        woken.wait(5)
        woken.clear()
        seat.catch_up()
    import resource

    out.write(f"rss {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\n")  # peak size, KiB
    out.write("done\n")
    seat.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
