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


# -- the interface and the simulator ask the rule queries --------------------------------------------------
# Data that decides a rule: a slugcat's food line and diet, a starved cycle, traits and abilities, a
# gate's karma, the carnivore's share, a gift's rate, the reputation floor, HP, a tame price. Showing
# one of these is fine; comparing or computing with one is working the rule out again.
RULE_FIELDS = {"food_line", "food_max", "starving", "diet", "traits", "abilities", "karma_from",
               "carnivore_plant_parts", "gift_pearls_per_reputation", "reputation_min", "hp", "tame_cost",
               "base_tame_cost", "food_token_pips"}
ASKERS = ("ui/words.py", "ui/widgets/cards.py", "ui/widgets/fight.py", "ui/widgets/roster.py", "ui/screens/game_over.py",
          "sim/policies.py", "sim/steady.py")  # the fight panel's modifiers left board.py for widgets/fight.py


def _interface_and_simulator(root: Path = PACKAGE) -> list[Path]:
    return sorted((root / "ui").rglob("*.py")) + sorted((root / "sim").rglob("*.py"))


def rules_worked_out(path: Path) -> list[str]:
    """Where a module works a rule out itself: a comparison, sum or condition on rule data, a look at
    the kinds of cards in a hand, or exact fractions (a carnivore's share, odds)."""
    found = []
    for node in ast.walk(_tree(path)):
        where = f"{path.name}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, (ast.Compare, ast.BinOp, ast.BoolOp, ast.UnaryOp, ast.IfExp)):
            test = node.test if isinstance(node, ast.IfExp) else node  # a chosen value may be shown
            read = {n.attr for n in ast.walk(test) if isinstance(n, ast.Attribute)} & RULE_FIELDS
            if read:
                found.append(f"{where}: {ast.unparse(node)} reads {', '.join(sorted(read))}")
        if isinstance(node, (ast.GeneratorExp, ast.ListComp, ast.SetComp)):
            over_hand = any(isinstance(n, ast.Attribute) and n.attr == "hand"
                            for g in node.generators for n in ast.walk(g.iter))
            kinds = [n for n in ast.walk(node) if isinstance(n, ast.Attribute) and n.attr == "kind"]
            if over_hand and kinds:
                found.append(f"{where}: {ast.unparse(node)} sorts a hand by card kind")
        interface = path.parent.name != "sim"  # the simulator's policies may weigh chances
        if interface and (isinstance(node, ast.Name) and node.id == "Fraction"
                          or isinstance(node, ast.ImportFrom) and node.module == "fractions"):
            found.append(f"{where}: exact fractions in the interface")
    return found


def test_the_interface_and_the_simulator_work_out_no_rule():
    """The copies once in words.py (a carnivore's food in Fractions, the reputation a gift earns, a
    kept shelter found by card kind), cards.py (the food line), board.py, game_over.py and sim.py
    (fed by the food line, a fight worth taking by HP) are gone: each asks rainboard.engine.queries."""
    found = [line for path in _interface_and_simulator() for line in rules_worked_out(path)]
    assert not found, "\n".join(found)
    for name in ASKERS:
        source = (PACKAGE / name).read_text()
        assert "engine.queries import" in source or "engine import abilities, queries" in source, name


def test_the_rule_check_sees_a_rule_worked_out(tmp_path):
    """The check above is not blind: the old words for eating and sleeping, and the old policy, fail it."""
    old = tmp_path / "words.py"
    old.write_text(
        "from fractions import Fraction\n"
        "def food(state, slugcat, pips):\n"
        "    if slugcat.diet == 'carnivore':\n"
        "        return Fraction(pips, state.data.rules.carnivore_plant_parts)\n"
        "def kept(state, player):\n"
        "    return any(state.data.card(h.card).kind == 'shelter' for h in player.hand)\n"
        "def fed(player, slugcat):\n"
        "    return player.food >= (slugcat.food_max if player.starving else slugcat.food_line)\n"
        "def beatable(creature):\n"
        "    return creature.hp <= 14\n"
    )
    found = rules_worked_out(old)
    assert len(found) == 7, found  # fractions imported and used, the diet, hand kinds, the food line (twice), HP
