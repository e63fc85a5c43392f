"""Snapshots of a turn's end and of a decision's card, on the frozen decks of test_snapshots.py, at
80x24 and 120x40: the result a player sees of their own turn, a hunted player's hand-off, and a
drawn gate they cannot cross, with its karma each way and the reason the crossing is missing."""

from __future__ import annotations

from tests.engine.helpers import put, rig, stack
from tests.ui.test_snapshots import SIZES, SnapApp, board, fight, normal_turn, play


@SIZES
def test_turn_result_after_a_kill(snap_compare, size):
    """Ada faces a Salamander with a spear: `a` shows the spear first, `a` again strikes with it (a 15
    kills); her result tells the draw, the attack as offered with its odds, the roll and the meal."""
    session = fight()
    session.state = rig(session.state, 15)
    assert snap_compare(SnapApp(board(session)), press=["a", "a"], terminal_size=size)


@SIZES
def test_handoff_to_a_hunted_player(snap_compare, size):
    """Ada tracks Cy down; Bo flees the Worm Grass and takes a food token; Cy's hand-off warns her
    before anything else."""
    session = normal_turn()
    assert snap_compare(SnapApp(board(session)), press=["u", "enter", "enter", "e", "f", "enter"],
                        terminal_size=size)


@SIZES
def test_board_drawn_gate_too_dear(snap_compare, size):
    """Ada draws a gate her karma cannot open: the card on the left, the crossing greyed with why."""
    session = normal_turn()
    session.state = stack(put(session.state, 0, hand=()), "su", "gate_lf_su")
    play(session, "draw")
    assert snap_compare(SnapApp(board(session)), terminal_size=size)
