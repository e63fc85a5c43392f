"""The nine seat colours stay apart for the common colour-vision deficiencies, and read on the dark
background.

Each chip's colour is simulated (colorspacious, Machado et al. 2009) for protanopia, deuteranopia and
tritanopia at full severity, and every two chips are compared in CAM02-UCS, whose ΔE is the distance
a person sees (1 is about the smallest difference noticed side by side). Run with -s to see the tables.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from colorspacious import cspace_convert

from rainboard.ui.widgets.players import PLAYER_COLOURS

VISIONS = {"normal": None, "protanopia": "protanomaly", "deuteranopia": "deuteranomaly", "tritanopia": "tritanomaly"}
THRESHOLD = 10.0  # the least ΔE (CAM02-UCS) between any two seats' chips, in every vision
DARK_BACKGROUNDS = ("#121212", "#1E1E1E")  # textual-dark's background and surface, behind the map and roster
CHIP_CONTRAST = 3.0  # WCAG 2.1's least contrast for a graphical object against what is around it
LETTER_CONTRAST = 4.5  # and for text (the token's letter on its chip)


def _rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)]) / 255


def _seen(colours: list[str], vision: str | None) -> np.ndarray:
    """The chips as CAM02-UCS points, as a person with that vision sees them."""
    rgb = np.array([_rgb(c) for c in colours])
    if vision is not None:
        space = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
        rgb = np.clip(cspace_convert(rgb, space, "sRGB1"), 0, 1)
    return cspace_convert(rgb, "sRGB1", "CAM02-UCS")


def distances(colours: list[str], vision: str | None) -> np.ndarray:
    points = _seen(colours, vision)
    return np.linalg.norm(points[:, None, :] - points[None, :, :], axis=2)


def _luminance(colour: str) -> float:
    c = _rgb(colour)
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return float(linear @ [0.2126, 0.7152, 0.0722])


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two colours."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _table(name: str, d: np.ndarray) -> str:
    seats = range(1, len(d) + 1)
    lines = [f"{name}: ΔE CAM02-UCS between seats", "      " + "".join(f"{s:>6}" for s in seats)]
    for i in seats:
        lines.append(f"{i:>6}" + "".join("     -" if i == j else f"{d[i - 1, j - 1]:6.1f}" for j in seats))
    return "\n".join(lines)


CHIPS = [chip for chip, _letter in PLAYER_COLOURS]


@pytest.mark.parametrize("vision", VISIONS)
def test_every_two_seats_stay_apart(vision):
    d = distances(CHIPS, VISIONS[vision])
    print()
    print(_table(vision, d))
    pairs = sorted((d[i, j], i + 1, j + 1) for i, j in itertools.combinations(range(len(CHIPS)), 2))
    closest, a, b = pairs[0]
    print(f"closest: seats {a} and {b}, ΔE {closest:.1f} (at least {THRESHOLD} asked)")
    assert len(CHIPS) == 9
    assert closest >= THRESHOLD, f"{vision}: seats {a} and {b} are only {closest:.1f} apart"


def test_every_chip_reads_on_the_dark_background_and_its_letter_on_the_chip():
    print()
    for seat, (chip, letter) in enumerate(PLAYER_COLOURS, start=1):
        on_dark = min(contrast(chip, background) for background in DARK_BACKGROUNDS)
        print(f"seat {seat} {chip}: {on_dark:.1f}:1 on the dark background, letter {letter} {contrast(chip, letter):.1f}:1")
        assert on_dark >= CHIP_CONTRAST, f"seat {seat}'s chip {chip} is lost on the dark background"
        assert contrast(chip, letter) >= LETTER_CONTRAST, f"seat {seat}'s letter does not read on {chip}"
        other = "#FFFFFF" if letter.upper() == "#000000" else "#000000"
        assert contrast(chip, letter) >= contrast(chip, other), f"seat {seat}: the other letter colour reads better"


def test_the_simulation_sees_what_it_should():
    """The check can tell colours apart only as well as its simulation: red and green, far apart for
    normal vision, come close for deuteranopia; blue and green for tritanopia."""
    red_green = ["#D62728", "#2CA02C"]
    assert distances(red_green, None)[0, 1] > 3 * distances(red_green, "deuteranomaly")[0, 1]
    blue_green = ["#1F77B4", "#17BECF"]
    assert distances(blue_green, None)[0, 1] > distances(blue_green, "tritanomaly")[0, 1]
