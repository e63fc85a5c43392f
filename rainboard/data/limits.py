"""Every limit a decks folder must keep, in one place, and the checks that keep them.

A decks folder is written by hand, and a save carries one inside it, so its files may come from
anywhere. Whatever `rainboard decks check` passes must load in a moment and play: so files have a
size, lists a length, numbers a range, ids one pattern and texts a length, and no text holds a
control character. The limits leave the shipped decks (decks/) plenty of room: each is several
times what they use, and the comment beside it says what that is.

Values quoted in a problem go through `quoted`, which escapes control characters (\\x1b, never the
raw character) and cuts long values short, so every problem stays one short line.
"""

from __future__ import annotations

import math
import re
import unicodedata

# -- files ------------------------------------------------------------------------------------------
FILE_BYTES_MAX = 256 * 1024  # one deck file; the shipped decks' largest (cards/creatures.toml) is 16 KB
FOLDER_BYTES_MAX = 1024 * 1024  # all the files together; the shipped decks are 72 KB
FILES_MAX = 100  # .toml files in a folder; the shipped decks have 24
PATH_MAX = 100  # characters in a file's path inside the folder ("regions/su.toml")
PROBLEMS_MAX = 100  # problems listed; past that, one line says how many more there are

# -- lists ------------------------------------------------------------------------------------------
LIST_MAX = 300  # entries in any list of a file (cards, deck entries...); the longest shipped is 36
REGIONS_MAX = 30  # the shipped decks have 13
PLAYERS_MAX = 9  # the rulebook: "playable with up to 9 players"; every part of Rainboard asks this one
SLUGCATS_MAX = PLAYERS_MAX  # one per player; nine are shipped
CARDS_MAX = 300  # card definitions over all card files; 60 are shipped
PRESETS_MAX = 20  # presets/*.toml; 2 are shipped
DECK_COUNT_MAX = 50  # copies of one card in a deck entry; the shipped decks use 1-5
GATE_COPIES_MAX = 20  # copies of one gate in a region's deck; the shipped decks use 1-4
DECK_CARDS_MAX = 300  # cards in one deck, gates included; shipped decks hold 15-35

# -- texts ------------------------------------------------------------------------------------------
ID_PATTERN = re.compile(r"[a-z][a-z0-9_]*")  # card, creature, item, region, slugcat and trait ids
ID_MAX = 32  # the longest shipped id has 18 characters
NAME_MAX = 40  # names and modifier labels; the longest shipped has 24
TEXT_MAX = 300  # a card's or region's line of text; the longest shipped has 117
CODE_PATTERN = re.compile(r"[A-Z0-9]{1,4}")  # a region's code on the map: "SU"
QUOTE_MAX = 60  # characters of a value quoted in a problem
# Deck ids the engine keeps beside the regions' own decks (engine/state.py) and the word a draw
# from one's region is saved with (engine/actions.py): no region may be called so.
RESERVED_REGION_IDS = ("precycle", "treasure", "region")
GATE_PREFIX = "gate_"  # gate cards are named gate_<region>_<region> (models.gate_id): no card may be

# -- numbers ----------------------------------------------------------------------------------------
DIE_SIDES = (2, 100)  # the check, turn-order and precycle dice; the shipped decks roll d20s
RAIN_DICE = (1, 10)  # the rain timer's dice (shipped: 2d6+6)
RAIN_SIDES = (2, 20)
RAIN_BONUS = (0, 60)  # also a precycle's extra rain
HP = (1, 100)  # a creature's or slugcat's HP; shipped 2-30
STAT = (-100, 100)  # attack and flee stats and modifier values, on the check die's scale; shipped -15..4
FOOD = (0, 20)  # food values, pips, tame discounts; shipped 0-12
TAME = (-20, 20)  # a slugcat's tame stat (pips off a tame price; negative adds); shipped -1..2
PEARLS = (0, 20)  # an item's worth in pearls, in halves; shipped 0-2
KARMA = (1, 10)  # karma and reputation levels; the rulebook has five
TURNS = (0, 1000)  # turn counts on cards (becomes_after, after_turns); shipped 20-30
SMALL = (0, 20)  # the rules' small counts (turns a search takes, offers, friends...)
FIGHT_EXCHANGES = (1, 100)  # fight_exchanges_max; shipped 30
GIFT_PEARLS = (0.1, 20)  # gift_pearls_per_reputation; shipped 0.5


def quoted(value: object, limit: int = QUOTE_MAX, mark: str = '"') -> str:
    """A value as a problem quotes it: a string between `mark`s with every control or invisible
    character escaped, cut to `limit` characters."""
    if isinstance(value, str):
        text = escaped(value)
        if len(text) > limit:
            text = text[:limit - 3] + "..."
        return f"{mark}{text}{mark}"
    if isinstance(value, int) and value.bit_length() > 4 * limit:  # (and too long for Python to print)
        return f"a number of {'-' if value < 0 else ''}{value.bit_length()} bits"
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def escaped(text: str) -> str:
    """`text` with control characters, lone surrogates and other unprintable characters written
    as escapes (\\x1b, \\u202e); nothing else changes."""
    if text.isprintable():
        return text
    out = []
    for char in text:
        if char.isprintable():
            out.append(char)
        elif ord(char) < 0x100:
            out.append(f"\\x{ord(char):02x}")
        elif ord(char) < 0x10000:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(f"\\U{ord(char):08x}")
    return "".join(out)


def bad_character(text: str) -> str | None:
    """The first control character (C0, DEL, C1) or lone surrogate in `text`, escaped; None if
    there is none."""
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cs"):
            return escaped(char)
    return None


def one_line(problem: str, limit: int = 400) -> str:
    """A problem as it is shown: escaped, and cut short if something made it long."""
    problem = escaped(problem)
    return problem if len(problem) <= limit else problem[:limit - 3] + "..."


# -- attrs validators (models.py): each raises "field: problem", which strict.py folds into the place
def _fail(attribute, text: str):
    raise ValueError(f"{attribute.name}: {text}")


def between(low, high):
    """A number from `low` to `high` (a float must be finite)."""
    def check(instance, attribute, value):
        if isinstance(value, float) and not math.isfinite(value):
            _fail(attribute, f"must be a number between {low} and {high}, got {value}")
        if not low <= value <= high:
            _fail(attribute, f"must be between {low} and {high}, got {quoted(value)}")

    return check


def optional(check):
    def run(instance, attribute, value):
        if value is not None:
            check(instance, attribute, value)

    return run


def identifier(instance, attribute, value: str) -> None:
    """An id: lower-case letters, digits and '_', starting with a letter (a save spells actions
    with ids, `attack spear`, so an id must be one plain word that is not a number)."""
    _identifier(attribute, value)


def _identifier(attribute, value: str, what: str = "") -> None:
    if len(value) > ID_MAX:
        _fail(attribute, f"{what}{quoted(value)} is longer than {ID_MAX} characters")
    if not ID_PATTERN.fullmatch(value):
        _fail(attribute, f"{what}{quoted(value)} is not an id: use lower-case letters, digits and '_', "
                         "starting with a letter (like green_lizard)")


def identifiers(instance, attribute, value: tuple[str, ...]) -> None:
    for i, item in enumerate(value):
        _identifier(attribute, item, f"[{i}] ")


def card_id(instance, attribute, value: str) -> None:
    _identifier(attribute, value)
    if value.startswith(GATE_PREFIX):
        _fail(attribute, f"{quoted(value)}: ids starting with {GATE_PREFIX!r} are kept for the karma gates "
                         "(gate_su_hi)")


def region_id(instance, attribute, value: str) -> None:
    _identifier(attribute, value)
    if value in RESERVED_REGION_IDS:
        _fail(attribute, f"{quoted(value)} is a name the game keeps for its own decks; these cannot name "
                         f"a region: {', '.join(RESERVED_REGION_IDS)}")


def region_code(instance, attribute, value: str) -> None:
    if not CODE_PATTERN.fullmatch(value):
        _fail(attribute, f"{quoted(value)} is not a region code: 1 to 4 capital letters or digits (like SU)")


def _words(attribute, value: str, limit: int, required: bool, what: str = "") -> None:
    char = bad_character(value)
    if char is not None:
        _fail(attribute, f"{what}holds the control character {char}; write plain text")
    if len(value) > limit:
        _fail(attribute, f"{what}{len(value)} characters, at most {limit}: {quoted(value)}")
    if required and not value.strip():
        _fail(attribute, f"{what}must not be blank")


def name(instance, attribute, value: str) -> None:
    """A name or label: shown on cards, the map and in the log; one short line."""
    _words(attribute, value, NAME_MAX, required=True)


def text(instance, attribute, value: str) -> None:
    """A card's or region's line of text."""
    _words(attribute, value, TEXT_MAX, required=False)
