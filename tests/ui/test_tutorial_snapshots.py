"""Snapshots of Learn to play: its first step, a fight (the attack, its odds on screen) and its last
step, at the smallest size (80x24) and a roomy one (120x40). The game is the tutorial's own fixed
one, on the frozen snapshot decks (tests/fixtures/snapshot-decks) so that tuning the shipped numbers
does not redraw these."""

from __future__ import annotations

from pathlib import Path

import pytest

from rainboard.data import load_data
from rainboard.tutorial import Tutorial
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.tutorial import TutorialBoardScreen

DATA = load_data(Path(__file__).parents[1] / "fixtures" / "snapshot-decks")
SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
ATTACK, LAST = 3, 12  # the steps: the attack, and the ending


class TutorialApp(RainboardApp):
    """The app opened on the tutorial at one step, over the title as Learn to play opens it."""

    def __init__(self, step: int) -> None:
        super().__init__(data=DATA, catch_errors=False, autosave=False)
        self.step = step

    def on_mount(self) -> None:
        super().on_mount()
        self.push_screen(TutorialBoardScreen(Tutorial(DATA, self.step)))


@SIZES
def test_first_step(snap_compare, size):
    assert snap_compare(TutorialApp(0), terminal_size=size)


@SIZES
def test_fight_step(snap_compare, size):
    """The attack step after its draw: the Green Lizard in the fight panel, lit, with the odds."""
    assert snap_compare(TutorialApp(ATTACK), press=["d"], terminal_size=size)


@SIZES
def test_last_step(snap_compare, size):
    assert snap_compare(TutorialApp(LAST), terminal_size=size)
