"""A seeded mutator of save files, shared by the fuzz test (tests/saves/test_fuzz_saves.py) and the
script that runs it at scale (scripts/fuzz_saves.py).

It starts from a few small real saves (tests/saves/fuzzing.py plays them) and damages them as someone
probing the reader would: bytes flipped, inserted, deleted; values swapped for other types, huge
numbers, long strings, control characters and lone surrogates; keys dropped, added, given twice;
nesting too deep; actions swapped, repeated, cut; digests and the outcome changed. Case `n` of a
seed is always the same bytes, whatever was asked before it.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from .mutate_bytes import TEXTUAL

# values to put where another was; the ones in RAW are written into the JSON text as they are
PLAIN = [None, True, False, 0, -1, 1, 2, 9, 10, 2**31, 2**63 - 1, 2**63, 2**64, -(2**64), 10**19, 1.5, 0.0, -0.0,
         "", " ", "x", "0", "1", "-1", "draw", "Ada", "survivor", "\x1b[31mred", "a\nb", "tab\there", "\u2028",
         "\u202eevil", "\ud800", "\udfff\ud800", "²", "٣", "x" * 65, "x" * 5000, "é" * 64, "😀" * 20,
         [], {}, [1], [None], {"a": 1}, ["draw"], {"format": "rainboard-save"}]
RAW = ["1" + "0" * 5000, "-" + "9" * 30, "9" * 21, "1e999", "-1e999", "1.0e-400", "NaN", "Infinity", "-Infinity",
       "[" * 3000 + "]" * 3000, '{"a":' * 2000 + "1" + "}" * 2000, '"\\ud800"', '"\\udc00x"', '"a\\u0000b"',
       "[" + ",".join(["0"] * 300) + "]", "[" + ",".join(["[]"] * 200) + "]", '"' + "y" * 100_000 + '"',
       "12345678901234567890", "-0", "1E2", "0.1"]
ACTIONS = ["draw", "food", "search", "hibernate", "starve", "keep", "cross", "walk uh", "attack", "flee", "tame",
           "leave", "hunt 0", "hunt 1", "hunt ²", "hunt ٣", "hunt 01", "hunt 99999999999999", "strike 1 spear",
           "strike ² spear", "strike 0", "eat mushroom", "buy spear", "choose survivor", "choose hunter",
           "choose monk", " draw ", "DRAW", "draw\t", "draw precycle", "draw treasure", "give pearl",
           "tame 5", "hunt -1", "walk", "walk ²", "cross gate", "x" * 80, "", "draw draw draw"]


class Mutator:
    """Damaged saves: `case(n)` gives (what was done, the file's bytes). `deck_numbers` also lets
    digits be written into the deck files' TOML (counts of a billion cards: the deck loader's
    limits, not the save's, decide those)."""

    def __init__(self, bases: list[bytes], seed: int = 0, deck_numbers: bool = False):
        self.bases = bases
        self.seed = seed
        self.deck_numbers = deck_numbers

    def case(self, n: int) -> tuple[str, bytes]:
        rng = random.Random(f"{self.seed}:{n}")
        index = rng.randrange(len(self.bases))
        structural = rng.choice((0, 1, 1, 1, 2, 3))
        textual = rng.choice((0, 0, 0, 1, 2)) if structural else rng.choice((1, 1, 2, 3))
        done = [f"base {index}"]
        if structural:
            raw, extras = json.loads(self.bases[index]), {}
            for _ in range(structural):
                family = rng.choice(STRUCTURAL)
                try:
                    done.append(family(self, rng, raw, extras))
                except (TypeError, ValueError, KeyError, IndexError, AttributeError):  # an earlier change
                    done.append(f"{family.__name__}: no place for it")  # left nothing of that kind
            body = _dump(raw, extras, rng)
        else:
            body = self.bases[index]
        for _ in range(textual):
            family = rng.choice(TEXTUAL)
            body, what = family(rng, body)
            done.append(what)
        return "; ".join(done), body


# -- changes to the JSON value -------------------------------------------------------------------
def _places(value: Any, deep: bool = True) -> list[tuple[Any, Any]]:
    """Every (container, key or index) in the value, the containers themselves included."""
    found, stack = [], [value]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, child in items:
            found.append((node, key))
            if deep and isinstance(child, (dict, list)):
                stack.append(child)
    return found


def _odd_value(rng: random.Random, extras: dict) -> Any:
    if rng.random() < 0.3:
        return _raw(extras, rng.choice(RAW))
    return copy.deepcopy(rng.choice(PLAIN))  # a later change may add to it: never to the table's own


def _raw(extras: dict, text: str) -> str:
    mark = f"\x00RAW{len(extras)}\x00"
    extras[mark] = text
    return mark


def _dump(raw: Any, extras: dict, rng: random.Random) -> bytes:
    """The JSON text, with each raw piece written in where its mark is (the latest first: a piece
    may hold the marks of earlier ones)."""
    root = raw.get("\x00ROOT") if isinstance(raw, dict) and len(raw) == 1 else None
    text = json.dumps(root if isinstance(root, str) and root in extras else raw, ensure_ascii=rng.random() < 0.5,
                      indent=rng.choice((None, 1)))
    for mark, replacement in reversed(extras.items()):
        text = text.replace(json.dumps(mark), replacement)
    return text.encode("utf-8", "surrogatepass")


def replace_value(self, rng, raw, extras):
    node, key = rng.choice(_places(raw) or [(raw, "format")])
    node[key] = _odd_value(rng, extras)
    return f"value at {key!r} -> {str(node[key])[:30]!r}"


def remove_key(self, rng, raw, extras):
    node, key = rng.choice([(n, k) for n, k in _places(raw) if isinstance(n, dict)] or [(raw, "format")])
    node.pop(key, None)
    return f"removed {key!r}"


def add_key(self, rng, raw, extras):
    dicts = [raw] + [n[k] for n, k in _places(raw) if isinstance(n[k], dict)]
    node = rng.choice(dicts)
    key = rng.choice(["colour", "", "\ud800", "\x1b", "x" * 5000, "0", "actions", "name", "-1"])
    node[key] = _odd_value(rng, extras)
    return f"added key {key[:10]!r}"


def twice(self, rng, raw, extras):
    """A key given twice: the object is written out by hand."""
    dicts = [(None, None, raw)] + [(n, k, n[k]) for n, k in _places(raw) if isinstance(n[k], dict) and n[k]]
    parent, where, node = rng.choice(dicts)
    key = rng.choice(list(node) or ["format"])
    text = json.dumps(node, ensure_ascii=False)
    doubled = f"{{{json.dumps(key)}: {json.dumps(rng.choice(PLAIN))}, {text[1:]}" if node else text
    if parent is None:
        raw.clear()
        raw["\x00ROOT"] = _raw(extras, doubled)
        return f"key {key!r} twice at the top"
    parent[where] = _raw(extras, doubled)
    return f"key {key!r} twice"


def change_actions(self, rng, raw, extras):
    actions = raw.get("actions")
    if not isinstance(actions, list) or not actions:
        raw["actions"] = [rng.choice(ACTIONS)]
        return "actions replaced"
    i, j = rng.randrange(len(actions)), rng.randrange(len(actions))
    how = rng.choice(["swap", "repeat", "drop", "cut", "append", "replace", "many", "odd"])
    if how == "swap":
        actions[i], actions[j] = actions[j], actions[i]
    elif how == "repeat":
        actions.insert(i, actions[i])
    elif how == "drop":
        del actions[i]
    elif how == "cut":
        del actions[i:]
    elif how == "append":
        actions += [rng.choice(ACTIONS) for _ in range(rng.randint(1, 5))]
    elif how == "replace":
        actions[i] = rng.choice(ACTIONS)
    elif how == "many":
        actions *= rng.choice((2, 10, 50))
    else:
        actions[i] = _odd_value(rng, extras)
    return f"actions: {how} at {i}"


def change_digests(self, rng, raw, extras):
    digests = raw.get("digests")
    if not isinstance(digests, dict):
        return "digests: none to change"
    how = rng.choice(["value", "add", "drop", "key", "clear", "flip"])
    keys = list(digests)
    if how == "value" and keys:
        digests[rng.choice(keys)] = rng.choice(["0" * 16, "", "x", "g" * 16, "0" * 65])
    elif how == "flip" and keys:
        key = rng.choice(keys)
        if isinstance(digests[key], str) and digests[key]:
            at = rng.randrange(len(digests[key]))
            digests[key] = digests[key][:at] + rng.choice("0123456789abcdef") + digests[key][at + 1:]
    elif how == "add":
        digests[str(rng.randint(0, 60))] = "0123456789abcdef"
    elif how == "drop" and keys:
        del digests[rng.choice(keys)]
    elif how == "key":
        digests[rng.choice(["01", "-1", "1e3", " 1", "٣", "9" * 30, "", "1.0"])] = "0123456789abcdef"
    else:
        digests.clear()
    return f"digests: {how}"


def forge_outcome(self, rng, raw, extras):
    outcome = raw.get("outcome")
    how = rng.choice(["winner", "turns", "solo", "none", "finished", "invent"])
    if how == "finished":
        raw["finished"] = not raw.get("finished")
    elif how == "none" or not isinstance(outcome, dict):
        raw["outcome"] = None if how == "none" else {"winner": "Bo", "turns": 12, "solo_score": None}
    elif how == "winner":
        outcome["winner"] = rng.choice(["Bo", "Zed", "", "ada", "Ada ", "x" * 64])
    elif how == "turns":
        outcome["turns"] = rng.choice([0, -1, 1, 10**18]) if rng.random() < 0.3 else (outcome.get("turns") or 0) + 1
    elif how == "solo":
        score = outcome.get("solo_score")
        outcome["solo_score"] = (score + rng.choice((-1, 1))) if isinstance(score, int) else rng.choice((None, 5))
    else:
        raw.update(finished=True, outcome={"winner": "Zed", "turns": 3, "solo_score": None})
    return f"outcome: {how}"


def change_players(self, rng, raw, extras):
    setup = raw.get("setup")
    players = setup.get("players") if isinstance(setup, dict) else None
    if not isinstance(players, list) or not players:
        return "players: none to change"
    how = rng.choice(["add", "many", "none", "dup", "name", "slugcat", "options"])
    first = players[0] if isinstance(players[0], dict) else {}
    if how == "add":
        players.append({"name": "Cy", "slugcat": rng.choice([None, "saint", "survivor", "nobody"])})
    elif how == "many":
        players += [{"name": f"P{i}", "slugcat": None} for i in range(rng.choice((8, 9, 100)))]
    elif how == "none":
        players.clear()
    elif how == "dup":
        players.append(dict(first))
    elif how == "name":
        first["name"] = rng.choice(["", "   ", "\x1b[2J", "a\nb", "x" * 65, "\ud800", "Bo", "Zoë", "\u202eevil"])
    elif how == "slugcat":
        first["slugcat"] = rng.choice([None, "hunter", "monk", "", "x" * 70, 3, "survivor"])
    else:
        setup["options"] = {"precycles": rng.choice((True, False, None, 1)), "wait_turns": rng.choice((True, None, 0))}
    return f"players: {how}"


def change_seed(self, rng, raw, extras):
    raw["seed"] = rng.choice([2**64 - 1, 2**64, -(2**63), -(2**64), 10**19, "s" * 64, "s" * 65, "\ud800", "",
                              0, 1.0, None, [], _raw(extras, "1" + "0" * 5000), "fuzz-a", "10"])
    return f"seed -> {str(raw['seed'])[:20]!r}"


def change_decks(self, rng, raw, extras):
    decks = raw.get("decks")
    files = decks.get("files") if isinstance(decks, dict) else None
    if not isinstance(files, dict) or not files:
        return "decks: none to change"
    how = rng.choice(["fingerprint", "preset", "name", "drop", "rename", "add", "text"])
    name = rng.choice(sorted(files))
    if how == "fingerprint":
        decks["fingerprint"] = rng.choice(["0" * 16, "", "x" * 65, decks.get("fingerprint", "")[:-1]])
    elif how == "preset":
        decks["preset"] = rng.choice(["short", "none", "../etc", "", "standard", "x" * 65])
    elif how == "name":
        decks["name"] = rng.choice(["", "d\x1b", "x" * 65, "../../"])
    elif how == "drop":
        del files[name]
    elif how == "rename":
        files[rng.choice([name + "x", name.upper(), "../" + name, "presets/x.toml", "a\x00b"])] = files.pop(name)
    elif how == "add":
        files[rng.choice(["cards/extra.toml", "presets/odd.toml", "x" * 70, "\ud800.toml"])] = rng.choice(
            ["", "[[cards]]\nid = 'x'\n", "= =", "\x00"])
    else:
        what = deck_text(self, rng, files, name)
        if rng.random() < 0.7:  # as a forger would: the fingerprint made to fit the changed files
            what += _refit(decks)
        return what
    return f"decks: {how} {name}"


def _refit(decks: dict) -> str:
    from rainboard.data import load_deck_files

    try:
        data = load_deck_files(dict(decks["files"]), "decks", saved=True, preset=decks.get("preset"))
    except Exception:  # noqa: BLE001 - decks that do not load keep the fingerprint they had
        return ""
    decks["fingerprint"] = data.fingerprint
    return ", fingerprint refitted"


def deck_text(self, rng, files, name):
    """A change to one deck file's TOML that adds no digits (unless `deck_numbers`: then a number
    may grow to billions, or a rule be set to 0, -1 or 2**70)."""
    text = files[name]
    lines = text.split("\n")
    if self.deck_numbers and "rules.toml" in files and rng.random() < 0.3:
        rules = files["rules.toml"].split("\n")
        at = rng.choice([i for i, line in enumerate(rules) if "=" in line and not line.startswith("#")] or [0])
        key = rules[at].split("=")[0].strip()
        rules[at] = f"{key} = {rng.choice([0, -1, 10**9, 2**63, 2**70, 10**30])}"
        files["rules.toml"] = "\n".join(rules)
        return f"deck text: rule {key} -> {rules[at]}"
    how = rng.choice(["drop line", "repeat line", "swap lines", "cut", "char"] + ["digits"] * self.deck_numbers)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    if how == "drop line":
        del lines[i]
    elif how == "repeat line":
        lines.insert(i, lines[i])
    elif how == "swap lines":
        lines[i], lines[j] = lines[j], lines[i]
    elif how == "cut":
        lines = lines[:i]
    elif how == "char" and text:
        at = rng.randrange(len(text))
        char = rng.choice(['"', "'", "[", "]", "=", "\n", "x", "\x00", "\ud800", "\\", "#", " ", "é"])
        lines = (text[:at] + char + text[at + 1:]).split("\n")
    elif how == "digits" and text:
        at = rng.randrange(len(text))
        lines = (text[:at] + rng.choice(["0000000", "9" * 12, "-", "0" * 30]) + text[at:]).split("\n")
    files[name] = "\n".join(lines)
    return f"deck text: {how} in {name}"


def change_top(self, rng, raw, extras):
    how = rng.choice(["format", "version", "rules", "game_id", "challenge", "table", "times", "list", "order"])
    if how == "format":
        raw["format"] = rng.choice(["chess", "", "RAINBOARD-SAVE", "rainboard-save "])
    elif how == "version":
        raw["version"] = rng.choice([0, 2, -1, "1", 1.0, True, 10**19])
    elif how == "rules":
        raw["rules"] = rng.choice([0, 2, 10**19, "1", None, True])
    elif how == "game_id":
        raw["game_id"] = rng.choice(["../x", "", "a b", "x" * 65, ".hidden", "a\x1b"])
    elif how == "challenge":
        raw["challenge"] = rng.choice([{"code": "RW-XXXX-XX"}, {"code": "x" * 70}, {"code": "\x1b"}, {}, "RW"])
    elif how == "table":
        raw["table"] = rng.choice([{"handoffs": 1}, {}, {"handoffs": None}, []])
    elif how == "times":
        raw[rng.choice(["created", "updated"])] = rng.choice(
            ["9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00+14:00", "2026-02-30T00:00:00Z", "2026", "x" * 70,
             "2026-11-23T13:18:00", "2026-11-23T13:18:00.123456+01:00"])
    elif how == "list":
        value = dict(raw)
        raw.clear()
        raw["\x00ROOT"] = _raw(extras, json.dumps([value]))
    else:
        keys = list(raw)
        rng.shuffle(keys)
        shuffled = {k: raw[k] for k in keys}
        raw.clear()
        raw.update(shuffled)
    return f"top: {how}"


STRUCTURAL = [replace_value, replace_value, remove_key, add_key, twice, change_actions, change_actions,
              change_digests, forge_outcome, forge_outcome, change_players, change_seed, change_decks, change_top]
