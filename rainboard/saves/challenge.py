"""Solo challenge codes: a few characters anyone can type that pin down one solo game.

A code such as ``RW-7K2Q-M4`` holds six Crockford base32 characters (5 bits each, 30 bits):

* five payload characters (25 bits): a 20-bit seed number, a 4-bit slugcat index (the slugcat's
  place in the deck data's slugcat list, so only the first 16 can be named) and 1 bit for the
  precycles option. The 25 bits go through a fixed, reversible scramble first, so neighbouring
  seeds do not give look-alike codes;
* one check character: a weighted sum of the payload characters in GF(32) with distinct non-zero
  weights. Any single mistyped character, and any swap of two neighbouring characters, changes
  that sum, so such a code is refused instead of dealing a different game. Random junk of the
  right length passes the check one time in 32.

Reading a code is forgiving: lower case is fine, I and L read as 1, O reads as 0, and dashes and
spaces are ignored; the ``RW`` in front may be left out.

A challenge played with a preset other than standard carries the preset's id after a slash:
``RW-7K2Q-M4/short``. The plain code is the standard game, as every code was before presets, so
a shared code always deals the same game under the same rules; ``/standard`` reads as no preset.
Dice other than the rulebook's d20 (rules.toml's [dice] variants) follow an at sign, after any
preset: ``RW-7K2Q-M4@2d10``, ``RW-7K2Q-M4/short@pool``; a code without one is rolled on the d20,
whatever variant the decks' rules.toml names, and ``@d20`` reads as none.

The game a challenge deals is fixed by the code alone (and the deck data): one player with the
code's slugcat, the engine seed ``"challenge-<seed>"`` (a string, so challenge games never share
a random stream with a plain numbered seed), precycles as the code says, no ending wait, and the
rules of the code's preset, rolled on the code's dice.
"""

from __future__ import annotations

import datetime
import hashlib
import random

from attrs import frozen

from rainboard.data import DeckError, with_dice, with_preset
from rainboard.data.dice import DEFAULT_VARIANT, VARIANTS
from rainboard.data.models import STANDARD_PRESET, GameData
from rainboard.data.presets import PRESET_ID
from rainboard.engine import Options, PlayerSetup, Setup

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base32: no I, L, O, U
PREFIX = "RW"
SEED_BITS = 20
SLUGCAT_BITS = 4
SEED_LIMIT = 1 << SEED_BITS  # seeds are 0 .. SEED_LIMIT - 1
MAX_SLUGCATS = 1 << SLUGCAT_BITS  # a code can name one of the first 16 slugcats
PAYLOAD_CHARS = 5
PRESET_MARK = "/"  # between the code and a preset's id
DICE_MARK = "@"  # before a dice variant
CODE_CHARS = PAYLOAD_CHARS + 1

_PAYLOAD_BITS = 5 * PAYLOAD_CHARS
_MASK = (1 << _PAYLOAD_BITS) - 1
_VALUES = {ch: i for i, ch in enumerate(ALPHABET)}
_VALUES.update({"I": 1, "L": 1, "O": 0})
_IGNORED = set("- \t\r\n")
_CHECK_OFFSET = 0b10110  # so that RW-0000-00 is not a valid code

# the payload scramble: rounds of "add a constant, multiply by an odd number, fold the high bits
# down", all modulo 2**25; every step can be undone
_ROUNDS = ((0x0A3C5E7, 0x1B87359), (0x13F2B61, 0x0CC9E2D), (0x05D1E93, 0x1E35A7B), (0x1742C1F, 0x0B4F2C3))
_SHIFT = 13  # at least half of 25 bits, so x ^= x >> 13 undoes itself


class ChallengeError(ValueError):
    """A challenge that cannot be made or read (unknown slugcat, bad code...)."""


class ChallengeCodeError(ChallengeError):
    """A code that cannot be read: mistyped, wrong length, or naming a slugcat the decks lack."""


@frozen
class Challenge:
    seed: int  # 0 .. SEED_LIMIT - 1
    slugcat: str  # the slugcat's id in the deck data
    precycles: bool
    code: str  # canonical form: RW-XXXX-XX, and /<preset> for a preset other than standard
    preset: str = STANDARD_PRESET  # the preset whose rules the challenge is played with
    dice: str = DEFAULT_VARIANT  # the dice variant its checks are rolled with

    def game_data(self, data: GameData) -> GameData:
        """These decks as the challenge plays them: with its preset and its dice."""
        return with_dice(with_preset(data, self.preset), self.dice)


# --- GF(32) arithmetic for the check character (x^5 + x^2 + 1, a primitive polynomial) ---

def _gf_tables() -> tuple[list[int], list[int]]:
    exp, log = [0] * 62, [0] * 32
    value = 1
    for power in range(31):
        exp[power] = exp[power + 31] = value
        log[value] = power
        value <<= 1
        if value & 0b100000:
            value ^= 0b100101
    return exp, log


_EXP, _LOG = _gf_tables()


def _gf_mul(a: int, b: int) -> int:
    if a == 0 or b == 0:
        return 0
    return _EXP[_LOG[a] + _LOG[b]]


def _check_symbol(payload: list[int]) -> int:
    """Payload character i has weight alpha**(i+1); the check character itself has weight 1."""
    total = _CHECK_OFFSET
    for i, value in enumerate(payload):
        total ^= _gf_mul(_EXP[i + 1], value)
    return total


# --- the payload scramble ---

def _scramble(value: int) -> int:
    for add, mul in _ROUNDS:
        value = ((value + add) * (mul | 1)) & _MASK
        value ^= value >> _SHIFT
    return value


def _unscramble(value: int) -> int:
    for add, mul in reversed(_ROUNDS):
        value ^= value >> _SHIFT
        value = (value * pow(mul | 1, -1, 1 << _PAYLOAD_BITS) - add) & _MASK
    return value


# --- codes ---

def make_code(seed: int, slugcat_index: int, precycles: bool, preset: str = STANDARD_PRESET,
              dice: str = DEFAULT_VARIANT) -> str:
    """The canonical code (``RW-XXXX-XX``, then ``/<preset>`` unless standard, then ``@<dice>`` unless
    d20) for a seed, a slugcat's index in the data, the option, the preset and the dice."""
    if not isinstance(preset, str) or not PRESET_ID.match(preset):
        raise ValueError(f"a preset is named by lower-case letters, digits, '-' and '_', not {preset!r}")
    if dice not in VARIANTS:
        raise ValueError(f"a challenge's dice are one of {', '.join(VARIANTS)}, not {dice!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"a challenge seed is a whole number from 0 to {SEED_LIMIT - 1}, not {seed!r}")
    if isinstance(slugcat_index, bool) or not isinstance(slugcat_index, int) \
            or not 0 <= slugcat_index < MAX_SLUGCATS:
        raise ValueError(f"a challenge code can name slugcats 0 to {MAX_SLUGCATS - 1}, not {slugcat_index!r}")
    value = _scramble((seed << (SLUGCAT_BITS + 1)) | (slugcat_index << 1) | int(bool(precycles)))
    payload = [(value >> (5 * (PAYLOAD_CHARS - 1 - i))) & 31 for i in range(PAYLOAD_CHARS)]
    chars = "".join(ALPHABET[v] for v in payload + [_check_symbol(payload)])
    suffix = "" if preset == STANDARD_PRESET else f"{PRESET_MARK}{preset}"
    suffix += "" if dice == DEFAULT_VARIANT else f"{DICE_MARK}{dice}"
    return f"{PREFIX}-{chars[:4]}-{chars[4:]}{suffix}"


def read_code(code: str) -> tuple[int, int, bool, str, str]:
    """(seed, slugcat index, precycles, preset, dice) from a typed code, without deck data; raises
    ChallengeCodeError."""
    shown = " ".join(str(code).split())
    rest, at, dice = shown.partition(DICE_MARK)
    dice = dice.strip().lower()
    if at and dice not in VARIANTS:
        raise ChallengeCodeError(f"{shown} is not a valid code: {dice!r} after {DICE_MARK!r} is not a dice "
                                 f"variant ({', '.join(VARIANTS)})")
    base, mark, preset = rest.partition(PRESET_MARK)
    preset = preset.strip().lower()
    if mark and not preset:
        raise ChallengeCodeError(f"{shown} is not a valid code: no preset named after {PRESET_MARK!r}")
    if mark and not PRESET_ID.match(preset):
        raise ChallengeCodeError(f"{shown} is not a valid code: {preset!r} cannot be a preset's name")
    return (*decode_code(base), preset or STANDARD_PRESET, dice or DEFAULT_VARIANT)


def decode_code(code: str) -> tuple[int, int, bool]:
    """(seed, slugcat index, precycles) from a typed code without a preset, without deck data;
    raises ChallengeCodeError."""
    shown = " ".join(str(code).split())
    if not shown:
        raise ChallengeCodeError("no challenge code given")
    chars = [ch for ch in shown.upper() if ch not in _IGNORED]
    if len(chars) == CODE_CHARS + len(PREFIX):
        if "".join(chars[: len(PREFIX)]) != PREFIX:
            raise ChallengeCodeError(f"{shown} is not a valid code: codes start with {PREFIX}-")
        chars = chars[len(PREFIX):]
    for ch in chars:
        if ch not in _VALUES:
            raise ChallengeCodeError(f"{shown} is not a valid code: {ch!r} is never used in codes")
    if len(chars) != CODE_CHARS:
        raise ChallengeCodeError(
            f"{shown} is not a valid code: a code has {CODE_CHARS} letters and digits after {PREFIX}- "
            f"(like {EXAMPLE_CODE})"
        )
    values = [_VALUES[ch] for ch in chars]
    if _check_symbol(values[:PAYLOAD_CHARS]) != values[PAYLOAD_CHARS]:
        raise ChallengeCodeError(f"{shown} is not a valid code: a character is mistyped")
    value = 0
    for v in values[:PAYLOAD_CHARS]:
        value = (value << 5) | v
    value = _unscramble(value)
    return value >> (SLUGCAT_BITS + 1), (value >> 1) & (MAX_SLUGCATS - 1), bool(value & 1)


def canonical_code(code: str) -> str:
    """The code as ``RW-XXXX-XX`` in capitals (and ``/<preset>`` in lower case), however it was typed;
    raises ChallengeCodeError."""
    return make_code(*read_code(code))


def parse_code(code: str, data: GameData) -> Challenge:
    """The challenge a typed code names for these decks; raises ChallengeCodeError. The challenge is
    played with the code's preset and dice, whichever `data` holds (Challenge.game_data)."""
    seed, index, precycles, preset, dice = read_code(code)
    canonical = make_code(seed, index, precycles, preset, dice)
    slugcats = list(data.slugcats)
    if index >= len(slugcats):
        raise ChallengeCodeError(
            f"{canonical} is not a valid code for these decks: it names slugcat {index + 1}, "
            f"but these decks have {len(slugcats)}"
        )
    if data.presets and preset not in data.presets:
        raise ChallengeCodeError(
            f"{canonical} is not a valid code for these decks: they have no {preset!r} preset "
            f"(they offer: {', '.join(data.presets)})"
        )
    return Challenge(seed=seed, slugcat=slugcats[index], precycles=precycles, code=canonical, preset=preset,
                     dice=dice)


def code_fingerprint(code: str, data: GameData) -> str | None:
    """The fingerprint of the game a code deals on these decks (their fingerprint with the code's
    preset and dice), the key its results are kept under; None when the code cannot be played on them."""
    try:
        preset, dice = read_code(code)[3:]
        return with_dice(with_preset(data, preset), dice).fingerprint
    except (ChallengeCodeError, DeckError):
        return None


def slugcat_id(data: GameData, name: str) -> str:
    """A slugcat's id from its id or name, any case ("survivor", "The Survivor"); raises ChallengeError."""
    wanted = " ".join(name.split()).casefold()
    if wanted.startswith("the "):
        wanted = wanted[4:]
    for sid, slugcat in data.slugcats.items():
        if wanted in (sid.casefold(), slugcat.name.casefold()):
            return sid
    raise ChallengeError(f"no slugcat {name!r} in these decks (known: {', '.join(data.slugcats)})")


def _index(data: GameData, slugcat: str) -> int:
    sid = slugcat_id(data, slugcat)
    index = list(data.slugcats).index(sid)
    if index >= MAX_SLUGCATS:
        raise ChallengeError(f"challenge codes can name only the first {MAX_SLUGCATS} slugcats, not {sid}")
    return index


def challenge_for(data: GameData, seed: int, slugcat: str, precycles: bool = True) -> Challenge:
    """The challenge for a seed and a slugcat (id or name) on these decks, with their preset and dice."""
    index = _index(data, slugcat)
    sid = list(data.slugcats)[index]
    dice = data.rules.dice.variant
    return Challenge(seed=seed, slugcat=sid, precycles=precycles, preset=data.preset, dice=dice,
                     code=make_code(seed, index, precycles, data.preset, dice))


def _choosable(data: GameData) -> int:
    count = min(len(data.slugcats), MAX_SLUGCATS)
    if count == 0:
        raise ChallengeError("these decks have no slugcats")
    return count


def random_challenge(
    data: GameData, rng: random.Random, slugcat: str | None = None, *, precycles: bool = True
) -> Challenge:
    """A fresh challenge with the decks' preset: a random seed and, unless one is given, a random slugcat."""
    count = _choosable(data)
    seed = rng.randrange(SEED_LIMIT)
    if slugcat is None:
        slugcat = list(data.slugcats)[rng.randrange(count)]
    return challenge_for(data, seed, slugcat, precycles)


def daily_challenge(
    day: datetime.date, data: GameData, slugcat: str | None = None, *, precycles: bool = True
) -> Challenge:
    """The day's challenge: seed and slugcat from a hash of the ISO date, the same for everyone.

    Giving a slugcat keeps the day's seed and swaps the slugcat, which gives another code. The day's
    seed and slugcat are the same with every preset; the code names the decks' preset.
    """
    if isinstance(day, datetime.datetime):
        day = day.date()
    count = _choosable(data)
    digest = hashlib.sha256(f"rainboard daily challenge {day.isoformat()}".encode()).digest()
    seed = int.from_bytes(digest[:4], "big") % SEED_LIMIT
    if slugcat is None:
        slugcat = list(data.slugcats)[int.from_bytes(digest[4:8], "big") % count]
    return challenge_for(data, seed, slugcat, precycles)


def challenge_seed(challenge: Challenge) -> str:
    """The engine seed a challenge's game is dealt from."""
    return f"challenge-{challenge.seed}"


def challenge_setup(challenge: Challenge, player_name: str) -> Setup:
    """The solo game a challenge names: one player, its slugcat, its seed and options."""
    return Setup(
        players=[PlayerSetup(player_name, challenge.slugcat)],
        seed=challenge_seed(challenge),
        options=Options(precycles=challenge.precycles, wait_turns=False),
    )


def claim_problem(code: str, setup: Setup, data: GameData) -> str | None:
    """Why a game is not the one the challenge code it claims deals, as one line starting with
    "challenge: ", or None when it is: one player with the code's slugcat, the code's seed and
    options (no ending wait), played on `data` with the code's preset and dice. The code's slugcat
    index is read against `data`, the decks the game is played with (a save's own), so a save is
    judged by what it carries. Replays, verifying and the score book all ask this one question."""
    try:
        challenge = parse_code(code, data)
    except ChallengeCodeError as exc:
        return f"challenge: {exc}"
    dealt = challenge_setup(challenge, "")
    dealt_game = _game_facets(dealt, data, challenge.preset, challenge.dice)
    played_game = _game_facets(setup, data, data.preset, data.rules.dice.variant)
    # a table of another size has no one slugcat to compare: its size says what disagrees
    differ = [key for key in dealt_game if key in played_game and dealt_game[key] != played_game[key]]
    if not differ:
        return None
    return (f"challenge: {challenge.code} deals {_facets_told(dealt_game, differ)}; "
            f"the save plays {_facets_told(played_game, differ)}")


def _game_facets(setup: Setup, data: GameData, preset: str, dice: str) -> dict[str, str]:
    """What a challenge fixes about a game, each in the words a refusal shows it in."""
    from .converter import describe_value  # the saves' way of quoting a value

    players = len(setup.players)
    facets = {"seed": f"seed {describe_value(setup.seed)}",
              "players": "one player" if players == 1 else f"{players} players"}
    if players == 1:
        sid = setup.players[0].slugcat
        known = data.slugcats.get(sid) if sid is not None else None
        facets["slugcat"] = ("with no slugcat chosen" if sid is None
                             else f"with {known.name if known is not None else describe_value(sid)}")
    waits = {False: "no ending wait", True: "the ending wait", None: "the ending wait by table size"}
    facets.update(precycles=f"precycles {'on' if setup.options.precycles else 'off'}",
                  wait=waits[setup.options.wait_turns], preset=f"the {preset} preset", dice=f"{dice} dice")
    return facets


def _facets_told(facets: dict[str, str], keys: list[str]) -> str:
    """The facets named by `keys` in a phrase: `seed 7 with The Hunter, precycles off`."""
    told = ""
    for key in keys:
        part = facets[key]
        told += part if not told else f" {part}" if key == "slugcat" else f", {part}"
    return told


EXAMPLE_CODE = make_code(0x7C2A5, 0, True)
