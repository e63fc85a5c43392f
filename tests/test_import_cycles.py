"""No module of rainboard imports itself round a circle, counting imports inside functions: a
circle dodged by a late import still ties the modules together, so neither can be understood or
changed alone. (The engine's own layering is kept by tests/engine/test_structure.py.)"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "rainboard"

# Circles not yet taken apart, each by its modules. The test fails if one grows, if a new one
# appears, and if one is gone (then strike it here).
KNOWN: list[set[str]] = [
    # the screens that lead to each other: board -> game over -> setup / replay / challenge -> board
    {"rainboard.ui.keeping", "rainboard.ui.screens.board", "rainboard.ui.screens.challenge",
     "rainboard.ui.screens.game_over", "rainboard.ui.screens.replay", "rainboard.ui.screens.setup",
     "rainboard.ui.sharing"},
]


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def import_graph() -> dict[str, set[str]]:
    """Each rainboard module and the rainboard modules it imports, anywhere in it."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
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


def test_a_made_up_circle_is_found():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]


def test_no_module_imports_itself_round_a_circle():
    found = circles(import_graph())
    new = [group for group in found if group not in KNOWN]
    assert not new, f"import circles: {[sorted(group) for group in new]}"
    gone = [group for group in KNOWN if group not in found]
    assert not gone, f"these circles are gone: strike them from KNOWN: {[sorted(group) for group in gone]}"
