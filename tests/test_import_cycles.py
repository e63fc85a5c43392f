"""No module of rainboard imports itself round a circle, counting imports inside functions: a
circle dodged by a late import still ties the modules together, so neither can be understood or
changed alone. (The layers are kept by tests/engine/test_structure.py.)

One module is let off its late imports: rainboard/ui/navigation.py, which owns the jumps between
the screens. The screens lead round a ring (board -> game over -> setup, replay, challenge ->
board), so each screen imports navigation and navigation imports each screen inside the function
that opens it. Those late imports are the ring's one door, and the checks below keep it to that: no
circle with navigation's late imports left out, none of navigation's imports of a screen at its top
(importing it loads no screen), and no screen of the ring importing another, late or not."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "rainboard"

# Circles not yet taken apart, each by its modules. The test fails if one grows, if a new one
# appears, and if one is gone (then strike it here).
KNOWN: list[set[str]] = []

NAVIGATION = "rainboard.ui.navigation"
# the screens that lead round the ring: each reaches the others through navigation alone
RING = {f"rainboard.ui.screens.{name}" for name in ("board", "game_over", "setup", "replay", "challenge", "saves")}


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def _late(tree: ast.Module) -> set[int]:
    """The imports of a module that sit inside a function (by node id)."""
    return {id(inner) for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            for inner in ast.walk(node) if isinstance(inner, (ast.Import, ast.ImportFrom))}


def import_graph(late: bool = True, late_from: frozenset[str] = frozenset()) -> dict[str, set[str]]:
    """Each rainboard module and the rainboard modules it imports: anywhere in it, or (`late`
    False) at its top level only. The late imports of the modules in `late_from` are left out."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside = _late(tree)
        for node in ast.walk(tree):
            if id(node) in inside and (not late or name in late_from):
                continue
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                continue
            for target in targets:
                while target not in modules and "." in target:
                    target = target.rpartition(".")[0]
                if target in modules and target != name:
                    graph[name].add(target)
                    break
    return graph


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The groups of modules that reach each other (strongly connected, more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(module: str) -> None:  # Tarjan's algorithm; the graph is a few hundred modules deep at most
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = set()
            while True:
                other = stack.pop()
                group.add(other)
                if other == module:
                    break
            if len(group) > 1:
                found.append(group)

    for module in graph:
        if module not in index:
            visit(module)
    return found


def test_the_graph_sees_late_imports():
    graph = import_graph()
    assert "rainboard.ui.app" in graph["rainboard.cli"]  # imported inside cmd_play
    assert "rainboard.saves.journal" in graph["rainboard.saves.store"]
    top = import_graph(late=False)
    assert "rainboard.ui.app" not in top["rainboard.cli"]
    assert "rainboard.ui.screens.board" in graph[NAVIGATION] and "rainboard.ui.screens.board" not in top[NAVIGATION]
    assert "rainboard.ui.screens.board" not in import_graph(late_from=frozenset({NAVIGATION}))[NAVIGATION]


def test_a_made_up_circle_is_found():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]


def test_no_module_imports_itself_round_a_circle():
    found = circles(import_graph(late_from=frozenset({NAVIGATION})))
    new = [group for group in found if group not in KNOWN]
    assert not new, f"import circles: {[sorted(group) for group in new]}"
    gone = [group for group in KNOWN if group not in found]
    assert not gone, f"these circles are gone: strike them from KNOWN: {[sorted(group) for group in gone]}"


def test_every_circle_of_late_imports_passes_through_navigation_alone():
    """With navigation's late imports counted, the circles they close all run through navigation:
    taken out, nothing is left of them (the check above), so each is one screen asking for another."""
    graph = import_graph()
    for group in circles(graph):
        assert NAVIGATION in group, sorted(group)
        rest = {name: deps - {NAVIGATION} for name, deps in graph.items() if name != NAVIGATION}
        assert not [g for g in circles(rest) if g & group], sorted(group)


def test_navigation_loads_no_screen_until_asked_and_the_ring_meets_only_there():
    top = import_graph(late=False)
    assert not {m for m in top[NAVIGATION] if m.startswith("rainboard.ui.screens")}, top[NAVIGATION]
    graph = import_graph()
    assert RING <= set(graph)  # every screen of the ring is still there by that name
    for screen in sorted(RING):
        assert not graph[screen] & RING, f"{screen} imports {sorted(graph[screen] & RING)}: ask navigation"
    # the app's helpers reach the screens of the ring through navigation too
    for helper in ("rainboard.ui.keeping", "rainboard.ui.sharing"):
        assert not graph[helper] & RING, f"{helper} imports {sorted(graph[helper] & RING)}"
    opened = {m for m in graph[NAVIGATION] if m.startswith("rainboard.ui.screens")}
    assert {"rainboard.ui.screens.board", "rainboard.ui.screens.game_over", "rainboard.ui.screens.setup"} <= opened
