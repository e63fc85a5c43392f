"""A browser tab's game under its memory limit: `python -m rainboard.web.limited PROGRAM ARG...` sets
the limit on this process and then becomes PROGRAM (exec), which keeps it.

The server starts each tab's `rainboard play` through this, so a tab that runs away ends alone and
the table and the other tabs play on. The limit is set from Python rather than by the shell's
`ulimit`, whose options differ from one sh to another.
"""

from __future__ import annotations

import os
import sys

try:
    import resource
except ImportError:  # not on Windows: the tabs go without a memory limit there
    resource = None

# Memory a tab's process may hold for its data (RLIMIT_DATA: its heap and what it maps to write;
# not the address space set aside for threads' stacks and malloc's arenas, which RLIMIT_AS would
# count, and which grows with the cores rather than with the game). A tab playing in Chromium held
# at most 75 MB, 45 MB of it on the title at 500x200; past 1 GiB it has run away, and its
# MemoryError ends that tab alone.
TAB_MEMORY = 1024**3


def limit_memory() -> None:
    """Hold this process's data to TAB_MEMORY, or to a lower limit it already has."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    limit = TAB_MEMORY if hard == resource.RLIM_INFINITY else min(TAB_MEMORY, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))


def main(argv: list[str]) -> None:
    if not argv:
        raise SystemExit("usage: python -m rainboard.web.limited PROGRAM [ARG...]")
    if resource is not None:
        limit_memory()
    os.execvp(argv[0], argv)  # the limit holds across exec


if __name__ == "__main__":
    main(sys.argv[1:])
