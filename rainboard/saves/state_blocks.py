"""The states of a replay between its snapshots: played again from the snapshot before them, a block
at a time, and the last few blocks visited kept.

A Replay keeps the state every `every` actions (its snapshots); the state after any other action is
played from the snapshot before it, and the states of that stretch (its block) are kept, so a step
to a neighbour, either way, rarely applies anything. A jump (a cycle or a round forward, the end)
leaves the block; the last KEPT_BLOCKS blocks are kept, so the jump back to where the replay stood
applies nothing either.
"""

from __future__ import annotations

from rainboard.engine import Action, GameState, apply

KEPT_BLOCKS = 4  # a few places' worth: where the replay stands, and where it jumped from and to


class StateBlocks:
    """The state after any number of actions, from `snapshots` (the state after 0, `every`,
    2 * `every`... actions) and the `actions` between them (all of them already checked)."""

    def __init__(self, snapshots: list[GameState], actions: list[Action], every: int) -> None:
        self._snapshots, self._actions, self._every = snapshots, actions, every
        self._kept: dict[int, list[GameState]] = {}  # a block's first action -> its states; the last used last

    def state_at(self, index: int) -> GameState:
        """The state after `index` actions (0 to the number of actions; not checked here)."""
        base = index - index % self._every
        kept = self._kept
        block = kept.pop(base, None)
        if block is None:
            block = [self._snapshots[base // self._every]]
            if len(kept) >= KEPT_BLOCKS:
                del kept[next(iter(kept))]  # the block used longest ago
        kept[base] = block
        while len(block) <= index - base:
            state, _ = apply(block[-1], self._actions[base + len(block) - 1], trusted=True)
            block.append(state)
        return block[index - base]
