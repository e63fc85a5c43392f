"""Read decks/ (TOML) into checked, frozen definitions.

The strict cattrs converter in strict.py does the structuring: every problem becomes one readable
line naming file, place and problem, so a table editing its house rules sees exactly what to fix.
"""

from __future__ import annotations

import stat
import tomllib
from collections.abc import Callable
from pathlib import Path

import attrs
import cattrs
from attrs import frozen

from .dice import VARIANTS
from .checks import Deckset, RuleCheck, build_gates, check_preset, cross_check
from .limits import (CARDS_MAX, FILE_BYTES_MAX, FILES_MAX, FOLDER_BYTES_MAX, PATH_MAX, PRESETS_MAX, PROBLEMS_MAX,
                     REGIONS_MAX, SLUGCATS_MAX, escaped, one_line, quoted)
from .models import (
    STANDARD_PRESET,
    AbilityWords,
    Card,
    DeckEntry,
    GameData,
    Preset,
    Region,
    Rules,
    Slugcat,
)
from .presets import IMPLICIT_STANDARD, PRESET_ID, PRESETS_FOLDER, PresetFile, fingerprint as _fingerprint, preset_path
from .strict import _describe, _error_lines, converter as strict_converter


class DeckError(ValueError):
    """The deck data cannot be played with; `problems` holds one line per problem."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class UnknownDice(DeckError):
    """A dice variant the engine does not know was asked for."""

    def __init__(self, dice: str):
        super().__init__([f"no dice variant {escaped(str(dice))[:40]!r}; choose one of: {', '.join(VARIANTS)}"])
        self.dice = dice


class UnknownPreset(DeckError):
    """The decks are fine, but offer no preset by the name asked for; `available` lists those they do."""

    def __init__(self, problems: list[str], preset: str, available: list[str]):
        super().__init__(problems)
        self.preset = preset
        self.available = list(available)


@frozen
class DeckChoice:
    """A decks folder (None: the shipped one) and the preset to play it with, as one value for code
    that hands a decks folder on to load_data unread (the simulator's `run`)."""

    folder: Path | None
    preset: str = STANDARD_PRESET
    dice: str | None = None  # the dice variant; None: the one rules.toml names


@frozen
class CardsFile:
    cards: tuple[Card, ...]


@frozen
class SlugcatsFile:
    slugcats: tuple[Slugcat, ...]


@frozen
class PrecycleFile:
    deck: tuple[DeckEntry, ...]


def _read_toml(text: str, shown: str, problems: list[str]) -> dict | None:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        problems.append(f"{shown}: not valid TOML: {exc}")
    except ValueError:  # Python refuses to read a whole number of more than 4300 digits
        problems.append(f"{shown}: not valid TOML: a number with far too many digits")
    except RecursionError:
        problems.append(f"{shown}: not valid TOML: lists or tables nested too deeply")
    return None


def read_deck_files(root: Path) -> dict[str, str]:
    """Every .toml file under a decks folder, by its path inside the folder ("regions/su.toml").
    Only regular files are read, each only as far as FILE_BYTES_MAX, so a folder holding a huge
    file, a device or a pipe is refused without reading it."""
    shown_root = escaped(root.name)
    if not root.is_dir():
        raise DeckError([f"{escaped(str(root))[:200]}: no such decks folder"])
    paths = []
    for path in root.rglob("*.toml"):
        paths.append(path)
        if len(paths) > FILES_MAX:
            raise DeckError([f"{shown_root}: more than {FILES_MAX} .toml files; a decks folder needs far fewer"])
    files: dict[str, str] = {}
    problems: list[str] = []
    total = 0
    for path in sorted(paths):
        name = path.relative_to(root).as_posix()
        shown = f"{shown_root}/{escaped(name)}"
        try:
            info = path.stat()
            if not stat.S_ISREG(info.st_mode):
                problems.append(f"{shown}: cannot be read: not a regular file")
                continue
            if info.st_size > FILE_BYTES_MAX:
                problems.append(f"{shown}: {info.st_size} bytes, more than a deck file may hold ({FILE_BYTES_MAX})")
                continue
            total += info.st_size
            if total > FOLDER_BYTES_MAX:
                problems.append(f"{shown}: the files together hold more than a decks folder may "
                                f"({FOLDER_BYTES_MAX} bytes)")
                break
            with open(path, "rb") as handle:
                data = handle.read(FILE_BYTES_MAX + 1)  # a file that grew since its stat is still cut off
            if len(data) > FILE_BYTES_MAX:
                problems.append(f"{shown}: more than a deck file may hold ({FILE_BYTES_MAX} bytes)")
                continue
            files[name] = data.decode("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(f"{shown}: cannot be read: {getattr(exc, 'strerror', None) or exc}")
    if problems:
        raise DeckError([one_line(p) for p in problems])
    return files


def _check_files(files: dict[str, str], name: str) -> list[str]:
    """Limits on the files as a whole, checked before any is parsed (a save's decks come this way
    without read_deck_files): how many, how long their paths, how big."""
    if len(files) > FILES_MAX:
        return [f"{name}: {len(files)} files, more than a decks folder may hold ({FILES_MAX})"]
    problems = []
    total = 0
    for path, text in files.items():
        shown = f"{name}/{quoted(path, PATH_MAX, mark='')}"
        if not isinstance(path, str) or not isinstance(text, str):
            problems.append(f"{shown}: not a text file")
            continue
        if len(path) > PATH_MAX:
            problems.append(f"{shown}: a path longer than {PATH_MAX} characters")
        size = len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))
        total += size
        if size > FILE_BYTES_MAX:
            problems.append(f"{shown}: {size} bytes, more than a deck file may hold ({FILE_BYTES_MAX})")
    if total > FOLDER_BYTES_MAX and not problems:
        problems.append(f"{name}: the files together hold {total} bytes, more than a decks folder may "
                        f"({FOLDER_BYTES_MAX})")
    return problems


def _structure(raw: dict, cls: type, shown: str, problems: list[str], converter: cattrs.Converter):
    try:
        return converter.structure(raw, cls)
    except Exception as exc:  # every structuring failure becomes a message, never a traceback
        problems.extend(_error_lines(exc, shown))
        return None


def default_decks_dir() -> Path:
    from rainboard import paths

    return paths.decks_dir()


ABILITIES_FILE = "abilities.toml"


def _shipped_ability_words() -> tuple[str, str] | None:
    """(shown name, text) of the shipped abilities.toml, or None when it cannot be read."""
    path = default_decks_dir() / ABILITIES_FILE
    try:
        return f"{path.parent.name}/{ABILITIES_FILE}", path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def load_data(path: Path | DeckChoice | None = None, preset: str | None = None, dice: str | None = None,
              rule_check: RuleCheck | None = None) -> GameData:
    """Load and check a decks folder, with rules.toml as the named preset (default: standard)
    changes it, rolling checks with the dice variant `dice` (default: the one rules.toml names);
    raise DeckError listing every problem found (UnknownPreset when the preset alone is wrong,
    UnknownDice when the variant is). `rule_check`: the checks only the rules can make, which
    this layer cannot (rainboard.engine.deck_checks.rule_problems); decks loaded for play pass it."""
    if isinstance(path, DeckChoice):
        preset = preset if preset is not None else path.preset
        dice = dice if dice is not None else path.dice
        path = path.folder
    root = Path(path) if path is not None else default_decks_dir()
    return load_deck_files(read_deck_files(root), root.name, preset=preset, dice=dice, rule_check=rule_check)


def with_preset(data: GameData, preset: str, name: str = "decks") -> GameData:
    """The same decks played with another of their presets (they are read again from `data.files`),
    with the same dice. (No rule check: loading `data` checked every preset's rules.)"""
    if preset == data.preset:
        return data
    return load_deck_files(data.files, name, preset=preset, dice=data.rules.dice.variant)


def with_dice(data: GameData, dice: str | None, name: str = "decks") -> GameData:
    """The same decks and preset, with checks rolled by another dice variant (None: rules.toml's)."""
    if dice == data.rules.dice.variant:
        return data
    return load_deck_files(data.files, name, preset=data.preset, dice=dice)


def load_deck_files(files: dict[str, str], name: str = "decks", saved: bool = False,
                    preset: str | None = None, dice: str | None = None,
                    rule_check: RuleCheck | None = None) -> GameData:
    """Load and check deck data held as {path inside the folder: TOML text} (a save carries its
    decks this way); problems name files as `<name>/<path>`. `saved`: the decks come from inside a
    save, which may be older than the deck format (see SavedCreatureCard). `preset`: the preset
    (presets/<id>.toml) whose rules are played, standard when None. `dice`: the dice variant checks
    are rolled with, rules.toml's [dice] variant when None. Every preset is checked, and with
    `rule_check` (see load_data) every preset's rules go through it as rules.toml's do."""
    if dice is not None and dice not in VARIANTS:
        raise UnknownDice(dice)
    chosen = STANDARD_PRESET if preset is None else preset
    name = escaped(name)
    problems = _check_files(files, name)
    if problems:
        raise DeckError([one_line(p) for p in problems[:PROBLEMS_MAX]])
    converter = strict_converter(saved)  # let go with this call (strict.converter)

    def shown(path: str) -> str:
        return f"{name}/{escaped(path)}"

    def load(path: str, cls: type):
        if path not in files:
            problems.append(f"{shown(path)}: missing file")
            return None
        raw = _read_toml(files[path], shown(path), problems)
        return None if raw is None else _structure(raw, cls, shown(path), problems, converter)

    def under(folder: str) -> list[str]:
        return sorted(p for p in files if p.startswith(folder + "/") and p.count("/") == 1)

    rules = load("rules.toml", Rules)
    presets = _read_presets(files, under(PRESETS_FOLDER), shown, problems, converter)
    # Decks from before abilities.toml (every save made until then carries such decks) take the
    # shipped words: words change nothing in play, and the save's own files, and so its fingerprint,
    # stay as they were.
    abilities_file = shown(ABILITIES_FILE)
    abilities_text = files.get(ABILITIES_FILE)
    if abilities_text is None:
        shipped = _shipped_ability_words()
        if shipped is None:
            problems.append(f"{abilities_file}: missing file (and the shipped one cannot be read)")
        else:
            abilities_file, abilities_text = shipped
    abilities = None
    if abilities_text is not None:
        raw = _read_toml(abilities_text, abilities_file, problems)
        if raw is not None:
            abilities = _structure(raw, dict[str, AbilityWords], abilities_file, problems, converter)
    slugcats_file = load("slugcats.toml", SlugcatsFile)
    precycle = load("precycle.toml", PrecycleFile)
    treasure = load("treasure.toml", PrecycleFile)

    cards: dict[str, Card] = {}
    card_files = under("cards")
    if not card_files:
        problems.append(f"{name}/cards: no card files (*.toml)")
    cards_complete = True
    for p in card_files:
        loaded = load(p, CardsFile)
        if loaded is None:
            cards_complete = False
            continue
        for i, card in enumerate(loaded.cards):
            if card.id in cards:
                problems.append(f"{shown(p)}: cards[{i}].id: {card.id!r} is defined twice")
            cards[card.id] = card
    if len(cards) > CARDS_MAX:
        problems.append(f"{name}/cards: {len(cards)} cards, more than decks may define ({CARDS_MAX})")

    regions: dict[str, Region] = {}
    region_files: dict[str, str] = {}
    region_paths = under("regions")
    if not region_paths:
        problems.append(f"{name}/regions: no region files (*.toml)")
    if len(region_paths) > REGIONS_MAX:
        problems.append(f"{name}/regions: {len(region_paths)} region files, more than decks may have ({REGIONS_MAX})")
        region_paths = []
    regions_complete = True
    for p in region_paths:
        region = load(p, Region)
        if region is None:
            regions_complete = False
            continue
        if region.id in regions:
            problems.append(f"{shown(p)}: id: region {region.id!r} is defined twice")
        regions[region.id] = region
        region_files[region.id] = shown(p)

    if slugcats_file is not None and len(slugcats_file.slugcats) > SLUGCATS_MAX:
        problems.append(f"{shown('slugcats.toml')}: slugcats: {len(slugcats_file.slugcats)} slugcats, at most "
                        f"{SLUGCATS_MAX} (one per player, and a game takes up to {SLUGCATS_MAX} players)")
    deckset = Deckset(
        rules=rules, rules_file=shown("rules.toml"),
        slugcats=list(slugcats_file.slugcats) if slugcats_file else [],
        slugcat_file=shown("slugcats.toml"),
        cards=cards if cards_complete else None,
        regions=regions, region_files=region_files, regions_complete=regions_complete,
        precycle=precycle.deck if precycle else None, precycle_file=shown("precycle.toml"),
        treasure=treasure.deck if treasure else None, treasure_file=shown("treasure.toml"),
        abilities=abilities, abilities_file=abilities_file, rule_check=rule_check,
    )
    gates = build_gates(deckset, problems)
    cross_check(deckset, gates, problems)
    if rules is not None and not problems:  # each preset's rules, checked as rules.toml's are
        for p in presets.values():
            if p.overrides:
                check_preset(deckset, gates, attrs.evolve(rules, **p.overrides), shown(preset_path(p.id)), problems)
    if chosen not in presets and preset_path(chosen) not in files:  # (a file that failed is reported above)
        offered = ", ".join(presets)
        where = shown(preset_path(chosen)) if PRESET_ID.match(chosen) else shown(PRESETS_FOLDER)
        problems.append(f"{where}: no preset {chosen!r} (these decks offer: {offered})")
        if len(problems) == 1:
            raise UnknownPreset([one_line(p) for p in problems], chosen, list(presets))
    if problems:
        raise DeckError(_shown_problems(problems, name))
    played = presets[chosen]
    played_rules = attrs.evolve(rules, **played.overrides)
    if dice is not None and dice != played_rules.dice.variant:
        played_rules = attrs.evolve(played_rules, dice=attrs.evolve(played_rules.dice, variant=dice))
    else:
        dice = None  # the variant the files name: nothing to mark in the fingerprint
    return GameData(
        rules=played_rules,
        slugcats={s.id: s for s in deckset.slugcats},
        cards=cards,
        regions=regions,
        gates=gates,
        precycle_deck=precycle.deck,
        treasure_deck=treasure.deck,
        fingerprint=_fingerprint(files, played, dice),
        abilities=abilities,
        files=dict(files),
        preset=chosen,
        presets=presets,
    )


def _shown_problems(problems: list[str], name: str) -> list[str]:
    """Problems as a DeckError holds them: each one escaped, short and on one line, and at most
    PROBLEMS_MAX of them (the last saying how many more there were)."""
    shown = [one_line(p) for p in problems[:PROBLEMS_MAX]]
    if len(problems) > PROBLEMS_MAX:
        shown[-1] = f"{name}: and {len(problems) - PROBLEMS_MAX + 1} more problems"
    return shown


def _read_presets(files: dict[str, str], paths: list[str], shown: Callable[[str], str], problems: list[str],
                  converter: cattrs.Converter) -> dict[str, Preset]:
    """Every preset in presets/, standard first and the others by id; a standard that overrides
    nothing stands in when presets/standard.toml is not there."""
    found: dict[str, Preset] = {}
    if len(paths) > PRESETS_MAX:
        problems.append(f"{shown(PRESETS_FOLDER)}: {len(paths)} presets, at most {PRESETS_MAX}")
        paths = []
    for path in paths:
        preset_id = path.removeprefix(PRESETS_FOLDER + "/").removesuffix(".toml")
        if not PRESET_ID.match(preset_id):
            problems.append(f"{shown(path)}: a preset is named by its file: use lower-case letters, digits, "
                            f"'-' and '_' (like short.toml)")
            continue
        raw = _read_toml(files[path], shown(path), problems)
        if raw is not None and not isinstance(raw.get("rules", {}), dict):
            problems.append(f"{shown(path)}: rules: expected a table ([rules]), got {_describe(raw['rules'])}")
            continue
        read = None if raw is None else _structure(raw, PresetFile, shown(path), problems, converter)
        if read is None:
            continue
        # the keys the file sets, with their values as Rules read them (a whole number for a float field)
        found[preset_id] = Preset(preset_id, read.name, read.text,
                                  {key: getattr(read.rules, key) for key in raw.get("rules", {})})
    standard = found.pop(STANDARD_PRESET, None)
    if standard is None and preset_path(STANDARD_PRESET) not in files:
        standard = IMPLICIT_STANDARD
    first = {STANDARD_PRESET: standard} if standard is not None else {}
    return first | dict(sorted(found.items()))
