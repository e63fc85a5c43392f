"""A replay's states, some worked out ahead: the places its next keys go are readied while a step is
on screen, so a key that goes there finds the state made.

The states readied are played in blocks of their own (state_blocks.py), apart from the blocks
where the replay stands: readying the places a cycle or a round away, either way, would otherwise
push out the very block a step from here needs. The last READIED states readied are kept, each by
its index, and a state asked for is looked up among them first.
"""

from __future__ import annotations

from collections import OrderedDict

from rainboard.engine import Action, GameState

from .state_blocks import StateBlocks

READIED = 16  # a few keys' worth of places: a step and a cycle and a round either way, from here and the last


class ReadyStates:
    """The state after any number of actions (as StateBlocks gives it), and states readied ahead."""

    def __init__(self, snapshots: list[GameState], actions: list[Action], every: int) -> None:
        self._standing = StateBlocks(snapshots, actions, every)  # where the replay stands and steps
        self._ahead = StateBlocks(snapshots, actions, every)  # where it may go next
        self._readied: OrderedDict[int, GameState] = OrderedDict()  # index -> state, the last readied last

    def state_at(self, index: int) -> GameState:
        """The state after `index` actions (not checked here): readied, or played in its block."""
        state = self._readied.get(index)
        return state if state is not None else self._standing.state_at(index)

    def ready(self, index: int) -> None:
        """Work out the state after `index` actions and keep it, the oldest readied let go past READIED."""
        readied = self._readied
        state = readied.pop(index, None)
        readied[index] = state if state is not None else self._ahead.state_at(index)
        while len(readied) > READIED:
            readied.popitem(last=False)
