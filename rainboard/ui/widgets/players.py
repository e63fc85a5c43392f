"""Each player's token: one character and a colour of their own, the same on the map and the roster.

The token is the first letter of the player's name, capitalised; when two names start with the same
letter (or a name has no letter or digit to start with), every player's token is their number
instead: 1 for the first player, 2 for the next, up to 9.

The colour is never the only sign: the token's character is always drawn, on a chip of the player's
colour. A chip carries its own background and letter colour, so it reads the same on dark and light
themes. Seats 1-6 are the Okabe-Ito set (chosen to stay apart for colour-blind eyes), without its
yellow, which vanishes on a light background, and without black; seats 7-9 (plum, violet, sage) were
picked to join them: simulated for protanopia, deuteranopia and tritanopia (colorspacious, severity
100), every two of the nine chips stay at least 10 apart (ΔE in CAM02-UCS; 16.8 for normal vision,
13.8, 13.8 and 11.0 for the three) and each of 7-9 at least 13.7 from every other chip. Each chip
stands out from a dark background (3:1 at least) and its letter from the chip (4.5:1 at least).
tests/ui/test_player_colours.py prints the distances and checks all of this.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.content import Content

if TYPE_CHECKING:
    from rainboard.engine.state import GameState

# (chip, letter) per seat, in player order; the letter is the darker or lighter of black and white,
# whichever stands out more on the chip
PLAYER_COLOURS: tuple[tuple[str, str], ...] = (
    ("#E69F00", "#000000"),  # orange
    ("#56B4E9", "#000000"),  # sky blue
    ("#009E73", "#000000"),  # bluish green
    ("#0072B2", "#FFFFFF"),  # blue
    ("#D55E00", "#000000"),  # vermilion
    ("#CC79A7", "#000000"),  # reddish purple
    ("#995577", "#FFFFFF"),  # plum
    ("#9977FF", "#000000"),  # violet
    ("#99BB77", "#000000"),  # sage
)


def player_tokens(state: GameState) -> tuple[str, ...]:
    """Each player's one-character token, by player index (see the module docstring for the rule)."""
    letters = [next((c.upper() for c in p.name if c.isalnum()), "") for p in state.players]
    if all(letters) and len(set(letters)) == len(letters):
        return tuple(letters)
    return tuple(str(index + 1) for index in range(len(state.players)))


def token_style(index: int) -> str:
    """The style of player `index`'s chip: bold letter on the player's colour."""
    chip, letter = PLAYER_COLOURS[index % len(PLAYER_COLOURS)]
    return f"bold {letter} on {chip}"


def token_chip(token: str, index: int) -> Content:
    """A player's token drawn on their colour."""
    return Content.styled(token, token_style(index))
