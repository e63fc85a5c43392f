"""Rainboard keeps to the public API of Textual, textual-serve and cattrs, but in one module:
rainboard/ui/textual_internals.py, which names each private name it leans on and checks at import
that it is still there. An override whose name moved in an upgrade would never be called, and
nothing would say so; here the suite says so."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
from functools import cache
from pathlib import Path

import pytest
from textual.app import App
from textual.widget import Widget

from rainboard.ui.textual_internals import NEEDED, TextualMoved, check, is_there, missing

PACKAGE = Path(__file__).resolve().parent.parent / "rainboard"
LIBRARIES = ("textual", "textual_serve", "cattrs")
INTERNALS = PACKAGE / "ui" / "textual_internals.py"


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


@cache
def library_private_names() -> frozenset[str]:
    """Every private name the libraries define: functions, classes, class attributes and the
    attributes their code sets (`self._x = ...`)."""
    names = set()
    for library in LIBRARIES:
        spec = importlib.util.find_spec(library)
        if spec is None:
            continue
        for path in Path(spec.origin).parent.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    names.add(node.name)
                elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                    names.add(node.attr)
                elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    names.add(node.id)
    return frozenset(filter(_private, names))


def _modules() -> list[Path]:
    return [path for path in sorted(PACKAGE.rglob("*.py")) if path != INTERNALS]


def _is_library(module: str) -> bool:
    return module.split(".")[0] in LIBRARIES


def private_imports(tree: ast.Module) -> list[str]:
    """Imports of a library's private module or of a private name from one."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level and _is_library(node.module):
            if any(_private(part) for part in node.module.split(".")):
                found.append(f"from {node.module} import ...")
            found += [f"from {node.module} import {alias.name}" for alias in node.names if _private(alias.name)]
        elif isinstance(node, ast.Import):
            found += [f"import {alias.name}" for alias in node.names
                      if _is_library(alias.name) and any(_private(p) for p in alias.name.split("."))]
    return found


def _self_or_super(node: ast.expr) -> bool:
    return (isinstance(node, ast.Name) and node.id in ("self", "cls")
            or isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super")


def _other_modules(tree: ast.Module) -> set[str]:
    """The names a module binds to modules of other packages (`import os`: os._exit is not ours to judge)."""
    return {(alias.asname or alias.name).split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
            for alias in node.names if not _is_library(alias.name)}


def private_reads(tree: ast.Module, library: frozenset[str]) -> list[str]:
    """`thing._name` on anything but self, cls or super() where a library defines `_name` (a
    widget's scrollbar's `_repaint_required`, a converter's `_structure_tuple`, a screen's
    `_compositor`). What a class does with its own private names is checked against its bases
    (test_no_class_overrides_or_touches_a_private_name_of_its_library_bases)."""
    others = _other_modules(tree)
    return [f"line {node.lineno}: {ast.unparse(node)}" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in library and not _self_or_super(node.value)
            and not (isinstance(node.value, ast.Name) and node.value.id in others)]


def _touched_on_self(cls_node: ast.ClassDef) -> set[str]:
    """The private names a class defines, or reads and writes on self or super()."""
    names = {node.name for node in cls_node.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    names |= {target.id for node in cls_node.body if isinstance(node, (ast.Assign, ast.AnnAssign))
              for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
              if isinstance(target, ast.Name)}
    names |= {node.attr for node in ast.walk(cls_node) if isinstance(node, ast.Attribute) and _self_or_super(node.value)}
    return set(filter(_private, names))


@cache
def rainboard_classes() -> tuple[type, ...]:
    """Every class of the modules that use a library (the web's only where its extra is installed)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if not any(f"import {lib}" in source or f"from {lib}" in source for lib in LIBRARIES):
            continue
        try:
            module = importlib.import_module(_module_name(path))
        except ImportError:  # the web extra's modules, where it is not installed
            continue
        found += [value for value in vars(module).values()
                  if inspect.isclass(value) and value.__module__ == module.__name__]
    return tuple(found)


def _library_bases(cls: type) -> list[type]:
    """The library classes `cls` sits on, or, for a mixin, those of every rainboard class it is mixed into."""
    bases = []
    for user in (cls, *(other for other in rainboard_classes() if cls in other.__mro__[1:])):
        bases += [base for base in user.__mro__[1:] if _is_library(base.__module__) and base not in bases]
    return bases


def clashes(module_name: str, tree: ast.Module) -> list[str]:
    """Private names a rainboard class shares with one of its library base classes (a mixin's: those
    of the classes it is mixed into): an override of a library's private method, or a read or write
    of its private attribute."""
    module = importlib.import_module(module_name)
    found = []
    for node in tree.body:
        cls = getattr(module, node.name, None) if isinstance(node, ast.ClassDef) else None
        if not inspect.isclass(cls):
            continue
        bases = _library_bases(cls)
        for name in sorted(_touched_on_self(node)):
            owners = [base.__name__ for base in bases if is_there(base, name)]
            if owners:
                found.append(f"{node.name}.{name} (a private name of {owners[0]})")
    return found


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")


# -- the internals module ----------------------------------------------------------------------------
def test_every_internal_name_rainboard_leans_on_is_there():
    assert missing(NEEDED) == []
    check(NEEDED)  # and importing the module did the same
    assert len(NEEDED) >= 10


def test_a_name_that_moved_is_named_in_the_error():
    gone = ((Widget, "_size_updated", "SettledSize overrides it"), (App, "_no_such_hook", "AppHooks calls it"))
    with pytest.raises(TextualMoved, match=r"App\._no_such_hook \(AppHooks calls it\)") as raised:
        check(gone)
    assert "Widget._size_updated" not in str(raised.value)  # only what is really gone
    assert missing(gone) == ["App._no_such_hook (AppHooks calls it)"]


def test_instance_attributes_count_as_there():
    """A name set in __init__ (the scrollbars, the repaint flag) is found, and a made-up one is not."""
    assert not hasattr(Widget, "_repaint_required") and is_there(Widget, "_repaint_required")
    assert not is_there(Widget, "_repaint_wanted")


def test_every_private_name_the_internals_module_uses_is_one_it_checks():
    """What textual_internals.py reaches under the API is exactly what it lists in NEEDED (no more:
    an unchecked name there could move unseen)."""
    library = library_private_names()
    tree = ast.parse(INTERNALS.read_text(encoding="utf-8"))
    used = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr in library}
    used |= {node.name for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
             and node.name in library}
    assert used == {name for _owner, name, _why in NEEDED}


# -- the rest of the package -------------------------------------------------------------------------
def test_the_library_names_are_found():
    library = library_private_names()
    assert {"_size_updated", "_compositor", "_structure_tuple", "_make_app", "_repaint_required"} <= library
    assert "_legal" not in library  # the board's own list of moves


def test_no_module_but_the_internals_imports_or_reads_a_private_name_of_textual_textual_serve_or_cattrs():
    library = library_private_names()
    found = []
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{path.relative_to(PACKAGE)}: {what}" for what in private_imports(tree) + private_reads(tree, library)]
    assert not found, "\n".join(found)


def test_no_class_overrides_or_touches_a_private_name_of_its_library_bases():
    found = []
    checked = 0
    for path in _modules():
        source = path.read_text(encoding="utf-8")
        if not any(f"import {lib}" in source or f"from {lib}" in source for lib in LIBRARIES):
            continue
        try:
            found += [f"{path.relative_to(PACKAGE)}: {what}" for what in clashes(_module_name(path), ast.parse(source))]
        except ImportError:  # the web extra's modules, where it is not installed
            continue
        checked += 1
    assert not found, "\n".join(found)
    assert checked > 30  # the widgets, the screens, the app, the converters


def test_the_checks_see_what_the_old_code_did():
    """The old quiet.py, event_log.py and strict.py fail the checks above."""
    library = library_private_names()
    old = ast.parse(
        "from textual._two_way_dict import TwoWayDict\n"
        "def key(option):\n"
        "    return option.prompt, option._divider\n"
        "def tuples(conv, value, type_):\n"
        "    return conv._structure_tuple(value, type_)\n"
        "class Bars:\n"
        "    def _scroll_update(self, size):\n"
        "        for bar in (self._vertical_scrollbar,):\n"
        "            bar._repaint_required = False\n")
    assert private_imports(old) == ["from textual._two_way_dict import ..."]
    assert [line.split(": ")[1] for line in private_reads(old, library)] == [
        "option._divider", "conv._structure_tuple", "bar._repaint_required"]
    assert {"_scroll_update", "_vertical_scrollbar"} <= _touched_on_self(old.body[3])
    # the overrides in the one module allowed them are seen, the mixins' through the classes using them
    seen = clashes("rainboard.ui.textual_internals", ast.parse(INTERNALS.read_text(encoding="utf-8")))
    assert {"SettledSize._size_updated (a private name of Static)", "AppHooks._shutdown (a private name of App)",
            "QuietScrollbars._repaint_required (a private name of OptionList)"} & set(seen) == {
        "SettledSize._size_updated (a private name of Static)", "AppHooks._shutdown (a private name of App)"}, seen


# -- cattrs' tuples, through its public hook factory --------------------------------------------------
def test_tuples_are_read_entry_by_entry_and_a_bad_entry_is_named_by_its_index():
    import attrs
    import cattrs
    from cattrs.errors import ClassValidationError

    from rainboard.data.strict import checked_tuples

    @attrs.frozen
    class Shape:
        sizes: tuple[int, ...]
        pair: tuple[str, int]

    conv = cattrs.Converter(detailed_validation=True)
    seen = []
    checked_tuples(conv, lambda value, type_: seen.append((value, type_)))
    assert conv.structure({"sizes": [1, 2], "pair": ["a", 3]}, Shape) == Shape((1, 2), ("a", 3))
    assert [value for value, _ in seen] == [[1, 2], ["a", 3]]
    with pytest.raises(ClassValidationError) as raised:
        conv.structure({"sizes": [1, "x"], "pair": ["a", "b", "c"]}, Shape)
    lines = cattrs.transform_error(raised.value, format_exception=lambda exc, _type: str(exc))
    assert any("$.sizes[1]" in line for line in lines), lines
    assert any("$.pair" in line and "expected 2 entries" in line for line in lines), lines
