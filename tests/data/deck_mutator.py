"""A seeded mutator of deck folders, for the deck fuzz test (test_fuzz_decks.py) and
scripts/fuzz_decks.py, which runs the same cases at scale.

A case is a deck folder held as {path inside the folder: text}, changed in one to three ways: a
value swapped for one a careless or hostile table might write (huge, negative, the wrong type, an
id that is a number or a reserved word, a name with control characters), an entry dropped or
doubled, a key dropped or added, a file dropped, doubled or garbled byte by byte. Every case comes
from (seed, number) alone, so any case a run reports can be made again.
"""

from __future__ import annotations

import json
import math
import random
import tomllib
from pathlib import Path

HUGE = 10**30
NUMBERS = [0, -1, 1, 2, 3, 7, 19, 20, 21, 51, 99, 100, 101, 1000, 10**6, 10**9, 2**63, HUGE, -HUGE, -(10**9), 16**5000,
           -20, 0.5, 1.5, 2.25, -0.5, 1e300, 5e-324, math.inf, -math.inf, math.nan]
IDS = ["7", "07", "has space", "treasure", "precycle", "region", "gate_su_hi", "gate", "su", "hi", "ss",
       "shelter", "mark", "batfly", "spear", "Batfly", "x" * 80, "a-b", "_x", "", " ", "choose", "attack",
       "\u0661", "\u00b2", "caf\u00e9", "a\u200bb", "a_b", "z_z", "tab\there"]
TEXTS = ["", " ", "\x1b[31mred\x1b[0m", "bell\x07", "nul\x00", "del\x7f", "c1\x85next", "line\nbreak",
         "[bold]markup[/bold]", "\u202eevil", "y" * 70, "z" * 400, "w" * 5000, "emoji \U0001f40d", "ok name"]
# numbers at and around the edges of what the loader allows (rainboard/data/limits.py): these pass
# the check, and the game must still play with them
EDGES = [0, 1, 2, 3, 5, 9, 10, 20, 30, 50, 60, 100, -1, -20, -100, 0.5, 19.5]
OTHER = [True, False, [], {}, [1, 2], ["a"], {"a": 1}, "3", "ten"]
ID_KEYS = {"id", "card", "to", "start_region", "becomes", "hazard", "in_region", "needs_item", "unless_item",
           "needs_trait", "free_crossings", "traits", "abilities", "kind", "stat", "diet", "food_type", "code"}
TEXT_KEYS = {"name", "text", "label"}


# -- a small TOML writer: everything below the top level as inline tables and arrays --------------
def _string(value: str) -> str:
    # JSON's escapes are TOML's, except that TOML has no \/ (json.dumps never writes it); a lone
    # surrogate becomes \udxxx, which TOML refuses: a case for the loader's TOML errors
    return json.dumps(value, ensure_ascii=False)


def _key(key: str) -> str:
    return key if key and all(c.isascii() and (c.isalnum() or c in "-_") for c in key) else _string(key)


def _value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return hex(value) if value > 10**100 else str(value)  # (Python prints no more than 4300 digits)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(type(value))


def dump_toml(data: dict) -> str:
    return "".join(f"{_key(k)} = {_value(v)}\n" for k, v in data.items())


# -- places in a parsed file ------------------------------------------------------------------------
def _places(node, path=()):
    """Every (path, value) below a parsed TOML document, containers included."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield path + (key,), value
            yield from _places(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield path + (i,), value
            yield from _places(value, path + (i,))


def _parent(doc, path):
    node = doc
    for step in path[:-1]:
        node = node[step]
    return node


def _last_key(path) -> str | None:
    for step in reversed(path):
        if isinstance(step, str):
            return step
    return None


def _short(value) -> str:
    if isinstance(value, int) and value.bit_length() > 1000:
        return f"<a number of {value.bit_length()} bits>"
    return f"{value!r:.60}"


def _bad_value(rng: random.Random, key: str | None, old):
    roll = rng.random()
    if key in ID_KEYS and roll < 0.6:
        value = rng.choice(IDS)
        return [value] if isinstance(old, list) else value
    if key in TEXT_KEYS and roll < 0.6:
        return rng.choice(TEXTS)
    if isinstance(old, (int, float)) and not isinstance(old, bool) and roll < 0.8:
        return rng.choice(NUMBERS)
    return rng.choice(NUMBERS + IDS + TEXTS + OTHER)


def _mutate_document(rng: random.Random, doc: dict) -> str:
    places = list(_places(doc))
    if not places:
        doc[rng.choice(["id", "cards", "deck", "junk"])] = rng.choice(NUMBERS + OTHER)
        return "added a key to an empty file"
    path, old = rng.choice(places)
    parent = _parent(doc, path)
    last = path[-1]
    kind = rng.random()
    if kind < 0.55:
        parent[last] = _bad_value(rng, _last_key(path), old)
        return f"{'.'.join(map(str, path))} = {_short(parent[last])}"
    if kind < 0.65 and isinstance(parent, list):
        del parent[last]
        return f"dropped {'.'.join(map(str, path))}"
    if kind < 0.75 and isinstance(parent, list):
        parent.insert(last, json.loads(json.dumps(old)) if not isinstance(old, float) else old)
        return f"doubled {'.'.join(map(str, path))}"
    if kind < 0.85 and isinstance(parent, dict):
        del parent[last]
        return f"dropped key {'.'.join(map(str, path))}"
    if kind < 0.92 and isinstance(old, dict):
        old[rng.choice(["wings", "hp", "count", "id", "Name", "\x1b"])] = rng.choice(NUMBERS + IDS)
        return f"added a key to {'.'.join(map(str, path))}"
    if isinstance(old, list) and old:
        old.extend(rng.choice(old) for _ in range(rng.choice([1, 5, 50])))
        return f"grew the list {'.'.join(map(str, path))}"
    parent[last] = _bad_value(rng, _last_key(path), old)
    return f"{'.'.join(map(str, path))} = {_short(parent[last])}"


def _push_to_edges(rng: random.Random, doc: dict) -> str:
    """Several numbers of one file set to values at the edges of the limits at once."""
    numbers = [path for path, value in _places(doc) if isinstance(value, (int, float)) and not isinstance(value, bool)]
    changed = []
    for path in rng.sample(numbers, min(len(numbers), rng.randint(1, 6))):
        value = rng.choice(EDGES)
        _parent(doc, path)[path[-1]] = value
        changed.append(f"{'.'.join(map(str, path))} = {value}")
    return ", ".join(changed) or "no numbers"


def _garble(rng: random.Random, text: str) -> bytes:
    data = bytearray(text.encode("utf-8"))
    for _ in range(rng.randint(1, 4)):
        if not data:
            break
        at = rng.randrange(len(data))
        how = rng.random()
        if how < 0.4:
            data[at] = rng.randrange(256)
        elif how < 0.7:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
        elif how < 0.85:
            del data[at:]
        else:
            data[at:at] = rng.choice([b"\x1b[2J", b"\r", b"\x00", b"\"\"\"", b"[[cards]]\n", b"=", b"\xff\xfe",
                                      b"\nn = " + b"9" * 5000 + b"\n", b"\nd = " + b"[" * 2000 + b"\n"])
    return bytes(data)


def mutate(files: dict[str, str], rng: random.Random) -> tuple[dict[str, str | bytes], list[str]]:
    """A mutated copy of a deck folder's files (a value may be bytes that are not UTF-8: a garbled
    file), with a few words for each change."""
    files = dict(files)
    notes: list[str] = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        names = sorted(files)
        name = rng.choice(names)
        kind = rng.random()
        text = files[name]
        if kind < 0.72 and isinstance(text, str):
            try:
                doc = tomllib.loads(text)
            except tomllib.TOMLDecodeError:
                continue
            edges = rng.random() < 0.3
            notes.append(f"{name}: {_push_to_edges(rng, doc) if edges else _mutate_document(rng, doc)}")
            files[name] = dump_toml(doc)
        elif kind < 0.82:
            files[name] = _garble(rng, text if isinstance(text, str) else text.decode("utf-8", "replace"))
            notes.append(f"{name}: garbled")
        elif kind < 0.87:
            del files[name]
            notes.append(f"{name}: deleted")
        elif kind < 0.93:
            folder = name.rpartition("/")[0]
            copy = f"{folder}/{rng.choice(['copy', 'treasure', 'x y', '7', 'zz'])}.toml".lstrip("/")
            files[copy] = text
            notes.append(f"{name}: copied to {copy}")
        else:
            extra = rng.choice(["regions/zz.toml", "cards/extra.toml", "presets/odd.toml", "presets/Bad Name.toml",
                                "notes.toml", "regions/sub/x.toml"])
            files[extra] = rng.choice(["", "x = 1\n", "[[cards]]\nkind = \"food\"\nid = \"zz\"\nname = \"Z\"\npips = 1\n",
                                       'id = "zz"\ncode = "ZZ"\nname = "Z"\n'])
            notes.append(f"added {extra}")
    if not notes:
        notes.append("unchanged")
    return files, notes


def read_folder(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): p.read_text(encoding="utf-8") for p in sorted(root.rglob("*.toml"))}


def write_folder(root: Path, files: dict[str, str | bytes]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))


def case(base: dict[str, str], seed: int, number: int) -> tuple[dict[str, str | bytes], list[str]]:
    """Case `number` of run `seed`: the same every time."""
    return mutate(base, random.Random(f"{seed}:{number}"))


# -- running a case -----------------------------------------------------------------------------------
def load_case(files: dict[str, str | bytes], folder: Path | None = None):
    """Load the case's decks: from `folder` (written there first) when given or when a file is not
    text, else as a save carries them; then make the table `decks check` prints of them. Returns
    GameData; raises whatever the loader raises."""
    from rainboard.cli import deck_table
    from rainboard.data import load_data, load_deck_files

    if folder is not None or any(isinstance(t, bytes) for t in files.values()):
        assert folder is not None, "a garbled case needs a folder"
        write_folder(folder, files)
        data = load_data(folder)
    else:
        data = load_deck_files(files, "decks")
    deck_table(data)
    return data


def play_case(data, seed: str, cap: int = 300):
    """A short game of the random policy with one or two players; every action's text must read
    back as the same action (a save must replay). Returns the SimResult."""
    from rainboard.engine.actions import parse_action
    from rainboard.engine.rng import Chooser
    from rainboard.sim import play_random, random_setup

    chooser = Chooser(seed)
    players = min(len(data.slugcats), 1 + chooser.below(2))

    def round_trip(state, action, events):
        text = str(action)
        if parse_action(text) != action:
            raise AssertionError(f"the action {text!r} reads back as {parse_action(text)!r}")

    return play_random(random_setup(data, seed, players, chooser), data, chooser, cap, check=round_trip)
