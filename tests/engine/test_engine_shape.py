"""The engine's builders keep one shape: no code generated at run time, and one way to change a
player or a deck (open it with `step.edit(i)` / `step.edit_deck(id)` and write its fields by name),
so a rule reads the same way wherever it is written.

These read the engine's source (ast), as test_structure.py does for the imports.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import attrs

import rainboard

ENGINE = Path(rainboard.__file__).resolve().parent / "engine"
# the step and its open copies are where the one way is built; testing.py builds positions for
# tests out of finished states (attrs.evolve), outside any step
BUILDERS = {"step.py", "drafts.py"}
OLD_WAYS = {"update_player", "set_player", "set_deck", "replacer", "field_replacer", "copier", "freezer",
            "slot_init", "slot_inits"}


def _modules():
    for path in sorted(ENGINE.rglob("*.py")):
        yield path, ast.parse(path.read_text(), filename=str(path))


def _calls(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            yield node, name


def _builtin(func) -> bool:
    """`exec(...)` or `builtins.exec(...)`, not a method of the same name (`re.compile`)."""
    return isinstance(func, ast.Name) or isinstance(func.value, ast.Name) and func.value.id == "builtins"


def _where(path: Path, node) -> str:
    return f"{path.relative_to(ENGINE)}:{node.lineno}"


def test_no_engine_module_generates_code():
    found = [f"{_where(path, node)} {name}()" for path, tree in _modules() for node, name in _calls(tree)
             if name in ("exec", "eval", "compile") and _builtin(node.func)]
    assert not found, "code generated at run time: " + ", ".join(found)
    assert not (ENGINE / "quick.py").exists()


def test_every_engine_value_class_keeps_attrs_own_init():
    """Events, actions and the state's values are built by the __init__ attrs writes for them."""
    checked = 0
    for path in ENGINE.rglob("*.py"):
        parts = path.relative_to(ENGINE).with_suffix("").parts
        name = ".".join(("rainboard", "engine", *parts)).removesuffix(".__init__")
        module = importlib.import_module(name)
        for cls in vars(module).values():
            if isinstance(cls, type) and attrs.has(cls) and cls.__module__ == module.__name__:
                source = inspect.getsourcefile(cls.__init__) or cls.__init__.__code__.co_filename
                assert source.startswith("<attrs generated"), f"{cls.__qualname__}.__init__ comes from {source}"
                checked += 1
    assert checked >= 100  # events, actions, state values, odds, rules tables


def test_no_engine_module_uses_the_old_builders():
    found = [f"{_where(path, node)} {name}()" for path, tree in _modules() for node, name in _calls(tree)
             if name in OLD_WAYS]
    found += [f"{_where(path, node)} import of {alias.name}" for path, tree in _modules() for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) for alias in node.names if alias.name in OLD_WAYS]
    assert not found, "players and decks change through step.edit / step.edit_deck: " + ", ".join(found)


def test_players_and_decks_are_never_put_in_whole_during_a_step():
    """Outside the step itself, no module stores into a state's `players` or `decks` (as an attribute
    or an item), calls Step.update (gone: the draft's fields are written by name), or swaps a class."""
    found = []
    for path, tree in _modules():
        if path.name in BUILDERS:
            continue
        for node in ast.walk(tree):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
            for target in targets:
                for part in ast.walk(target):
                    if isinstance(part, ast.Subscript):
                        part = part.value
                    if isinstance(part, ast.Attribute) and part.attr in ("players", "decks", "__class__"):
                        found.append(f"{_where(path, node)} stores into .{part.attr}")
        found += [f"{_where(path, node)} step.update()" for node, name in _calls(tree)
                  if name == "update" and isinstance(node.func, ast.Attribute)
                  and isinstance(node.func.value, ast.Name) and node.func.value.id == "step"]
        found += [f"{_where(path, node)} object.__setattr__()" for node, name in _calls(tree)
                  if name == "__setattr__"]
    assert not found, ", ".join(dict.fromkeys(found))


def test_only_the_game_start_makes_players_and_decks_and_only_tests_evolve_them():
    """A player is made when the game is set up; a deck is added by Step.new_deck; after that both only
    change through an edit. attrs.evolve of a player or a deck belongs to testing.py alone."""
    makers = {"Player": {"setup.py"}, "DeckState": {"step.py", "testing.py"}}
    found = []
    for path, tree in _modules():
        for node, name in _calls(tree):
            if name in makers and path.name not in makers[name]:
                found.append(f"{_where(path, node)} {name}()")
            if name == "evolve" and path.name != "testing.py" and node.args:
                first = ast.unparse(node.args[0])
                if any(word in first for word in ("player", "deck", "state")):
                    found.append(f"{_where(path, node)} evolve({first})")
    assert not found, ", ".join(found)


def test_the_checks_above_see_a_rule_written_the_old_way(tmp_path):
    """The checks read real code: the same walk finds each old way in a sample written with them."""
    sample = ast.parse(
        "def rule(step, index):\n"
        "    step.update_player(index, food=3)\n"
        "    step.state.players[index] = None\n"
        "    step.update(pending=None)\n"
        "    exec('x = 1')\n"
    )
    names = [name for _, name in _calls(sample)]
    assert "update_player" in names and "exec" in names and "update" in names
    assert [name for node, name in _calls(sample) if _builtin(node.func)] == ["exec"]
    assert not [node for node, _ in _calls(ast.parse("re.compile('x')")) if _builtin(node.func)]
    stores = [part.attr for node in ast.walk(sample) if isinstance(node, ast.Assign)
              for part in ast.walk(node.targets[0]) if isinstance(part, ast.Attribute)]
    assert "players" in stores
