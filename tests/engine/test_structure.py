"""The engine's shape: modules that import downwards only, no import hidden in a function, modules
small enough to read at once, and an interface that asks the engine instead of matching words."""

from __future__ import annotations

import ast
from pathlib import Path

import rainboard

PACKAGE = Path(rainboard.__file__).resolve().parent
ENGINE = PACKAGE / "engine"
MAX_LINES = 320


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), filename=str(path))


def _engine_imports(path: Path) -> set[str]:
    """The engine modules this module imports at its top level."""
    found = set()
    for node in _tree(path).body:
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level == 1:  # from . import a, b
                found.update(alias.name for alias in node.names)
            elif node.module and node.module.startswith("rainboard.engine."):
                found.add(node.module.split(".")[2])
    return found


def test_engine_modules_import_downwards_only():
    graph = {p.stem: _engine_imports(p) for p in ENGINE.glob("*.py") if p.stem != "__init__"}
    for deps in graph.values():
        deps.discard("__init__")
    visiting, done = [], set()

    def visit(module):
        if module in done:
            return
        assert module not in visiting, "import cycle: " + " -> ".join(visiting[visiting.index(module):] + [module])
        visiting.append(module)
        for dep in sorted(graph.get(module, ())):
            visit(dep)
        visiting.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)
    assert len(done) >= 20  # the walk saw the whole engine


def test_no_import_inside_a_function_in_the_engine():
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(_tree(path)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
                assert not inner, f"{path.name}: {node.name} imports inside the function"


def test_engine_modules_are_small():
    for path in ENGINE.rglob("*.py"):
        lines = len(path.read_text().splitlines())
        assert lines <= MAX_LINES, f"{path.name} has {lines} lines"


def test_game_module_holds_only_the_two_verbs_and_the_handler_table():
    names = {n.name for n in _tree(ENGINE / "game.py").body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    assert {"legal_actions", "apply", "IllegalAction"} <= names
    # whatever else is there only routes an action to the module that plays it
    assert names - {"legal_actions", "apply", "IllegalAction"} <= {"_eating", "_choose", "_attack", "_flee", "_leave"}


def test_only_apply_ends_a_turn():
    callers = []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "end_turn":
                callers.append(path.stem)
    assert callers == ["game"]


def test_the_interface_never_matches_event_kinds_or_text():
    """Events are matched on their types: no `.kind` of an event and no `.text` of one in the UI."""
    for path in (PACKAGE / "ui").rglob("*.py"):
        source = path.read_text()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Attribute) and node.attr == "kind":
                owner = ast.unparse(node.value)
                assert "event" not in owner.lower() and owner not in ("e", "last"), f"{path.name}: {owner}.kind"
        assert "EVENT_LOOKS.get(event.kind" not in source
