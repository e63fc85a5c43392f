"""Read decks/ (TOML) into checked, frozen definitions.

The strict cattrs converter in strict.py does the structuring: every problem becomes one readable
line naming file, place and problem, so a table editing its house rules sees exactly what to fix.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Callable
from pathlib import Path

import attrs
import cattrs
from attrs import frozen

from .checks import Deckset, build_gates, check_preset, cross_check
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
from .presets import IMPLICIT_STANDARD, PRESET_ID, PRESETS_FOLDER, PresetFile, preset_path
from .strict import CONVERTER, SAVED_CONVERTER, _describe, _error_lines


class DeckError(ValueError):
    """The deck data cannot be played with; `problems` holds one line per problem."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


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
    return None


def read_deck_files(root: Path) -> dict[str, str]:
    """Every .toml file under a decks folder, by its path inside the folder ("regions/su.toml")."""
    if not root.is_dir():
        raise DeckError([f"{root}: no such decks folder"])
    files: dict[str, str] = {}
    problems: list[str] = []
    for path in sorted(root.rglob("*.toml")):
        name = path.relative_to(root).as_posix()
        try:
            files[name] = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(f"{root.name}/{name}: cannot be read: {getattr(exc, 'strerror', None) or exc}")
    if problems:
        raise DeckError(problems)
    return files


def _structure(raw: dict, cls: type, shown: str, problems: list[str], converter: cattrs.Converter = CONVERTER):
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


def load_data(path: Path | DeckChoice | None = None, preset: str | None = None) -> GameData:
    """Load and check a decks folder, with rules.toml as the named preset (default: standard)
    changes it; raise DeckError listing every problem found (UnknownPreset when the preset alone
    is wrong)."""
    if isinstance(path, DeckChoice):
        path, preset = path.folder, preset if preset is not None else path.preset
    root = Path(path) if path is not None else default_decks_dir()
    return load_deck_files(read_deck_files(root), root.name, preset=preset)


def with_preset(data: GameData, preset: str, name: str = "decks") -> GameData:
    """The same decks played with another of their presets (they are read again from `data.files`)."""
    if preset == data.preset:
        return data
    return load_deck_files(data.files, name, preset=preset)


def load_deck_files(files: dict[str, str], name: str = "decks", saved: bool = False,
                    preset: str | None = None) -> GameData:
    """Load and check deck data held as {path inside the folder: TOML text} (a save carries its
    decks this way); problems name files as `<name>/<path>`. `saved`: the decks come from inside a
    save, which may be older than the deck format (see SavedCreatureCard). `preset`: the preset
    (presets/<id>.toml) whose rules are played, standard when None. Every preset is checked."""
    chosen = STANDARD_PRESET if preset is None else preset
    problems: list[str] = []
    converter = SAVED_CONVERTER if saved else CONVERTER

    def shown(path: str) -> str:
        return f"{name}/{path}"

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

    regions: dict[str, Region] = {}
    region_files: dict[str, str] = {}
    region_paths = under("regions")
    if not region_paths:
        problems.append(f"{name}/regions: no region files (*.toml)")
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

    deckset = Deckset(
        rules=rules, rules_file=shown("rules.toml"),
        slugcats=list(slugcats_file.slugcats) if slugcats_file else [],
        slugcat_file=shown("slugcats.toml"),
        cards=cards if cards_complete else None,
        regions=regions, region_files=region_files, regions_complete=regions_complete,
        precycle=precycle.deck if precycle else None, precycle_file=shown("precycle.toml"),
        treasure=treasure.deck if treasure else None, treasure_file=shown("treasure.toml"),
        abilities=abilities, abilities_file=abilities_file,
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
            raise UnknownPreset(problems, chosen, list(presets))
    if problems:
        raise DeckError(problems)
    played = presets[chosen]
    return GameData(
        rules=attrs.evolve(rules, **played.overrides),
        slugcats={s.id: s for s in deckset.slugcats},
        cards=cards,
        regions=regions,
        gates=gates,
        precycle_deck=precycle.deck,
        treasure_deck=treasure.deck,
        fingerprint=_fingerprint(files, played),
        abilities=abilities,
        files=dict(files),
        preset=chosen,
        presets=presets,
    )


def _read_presets(files: dict[str, str], paths: list[str], shown: Callable[[str], str], problems: list[str],
                  converter: cattrs.Converter) -> dict[str, Preset]:
    """Every preset in presets/, standard first and the others by id; a standard that overrides
    nothing stands in when presets/standard.toml is not there."""
    found: dict[str, Preset] = {}
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


def _fingerprint(files: dict[str, str], preset: Preset) -> str:
    """A digest of the decks as played: every file but the presets, then the preset played, unless it
    is the standard one overriding nothing (so the standard game keeps the fingerprint its decks had
    before presets, and tuning one preset moves no other's)."""
    digest = hashlib.sha256()
    for path in sorted(files):
        if _is_preset_file(path):
            continue
        digest.update(path.encode())
        digest.update(files[path].encode())
    if preset.id != STANDARD_PRESET or preset.overrides:
        digest.update(f"\0preset\0{preset.id}\0".encode())
        digest.update(files.get(preset_path(preset.id), "").encode())
    return digest.hexdigest()[:16]


def _is_preset_file(path: str) -> bool:
    return path.startswith(PRESETS_FOLDER + "/") and path.count("/") == 1
