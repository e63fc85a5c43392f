"""Each layer of rainboard imports only the layers below it, counting imports inside functions:

    data  <-  engine  <-  saves  <-  sim
                 ^          ^
                 +---- ui --+  <-  web

data reads the decks and knows no rule; the engine plays the rules on data; saves keep games
the engine replays; the simulator plays games and may save them; the interface (ui) shows all of
them and is shown by nothing below it; the web server serves the interface and is imported by
nothing of it. A few modules every layer may use sit beneath them all (BASE). The engine's own
shape inside its layer is kept by tests/engine/test_structure.py, circles by test_import_cycles.py.
"""

from __future__ import annotations

from tests.test_import_cycles import import_graph

BASE = {"rainboard", "rainboard.text", "rainboard.paths", "rainboard.lazy"}  # the version, safe text, where decks/ is, lazy packages
BELOW = {  # what each layer may import, besides itself and BASE
    "data": set(),
    "engine": {"data"},
    "saves": {"engine", "data"},
    "sim": {"saves", "engine", "data"},
}
NOT_BELOW = {  # layers nothing under them may import
    "ui": {"data", "engine", "saves", "sim"},
    "web": {"data", "engine", "saves", "sim", "ui"},
}
# Imports that still break a layer, each with why. The test fails if one is gone (strike it here).
# (None left: the last, data/stalemate.py asking the engine's abilities, is now
# engine/deck_checks.py, which the deck loader runs when the caller hands it over.)
KNOWN: set[tuple[str, str]] = set()


def layer(module: str) -> str | None:
    """The layer a module belongs to (`rainboard.engine.dice.base`: engine), None for the base."""
    if module in BASE:
        return None
    return module.split(".")[1]


def crossings(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """Every import of a module from one layer by a module of another, as (importer, imported)."""
    return {(module, other) for module, deps in graph.items() for other in deps
            if layer(other) is not None and layer(other) != layer(module)}


def wrong_way(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """The imports that break a layer."""
    found = set()
    for module, other in crossings(graph):
        here, there = layer(module), layer(other)
        if here in BELOW and there not in BELOW[here]:
            found.add((module, other))
        elif there in NOT_BELOW and here in NOT_BELOW[there]:
            found.add((module, other))
    return found


def test_every_layer_imports_only_the_layers_below_it():
    found = wrong_way(import_graph()) - KNOWN
    assert not found, "\n".join(f"{a} imports {b}" for a, b in sorted(found))


def test_the_known_breaks_are_still_there():
    gone = KNOWN - wrong_way(import_graph())
    assert not gone, f"these no longer break a layer: strike them from KNOWN: {sorted(gone)}"


def test_the_layers_are_all_there():
    layers = {layer(module) for module in import_graph()}
    assert {"data", "engine", "saves", "sim", "ui", "web"} <= layers
    # the walk sees the layers meet: the engine reads data, saves replay with the engine
    found = {(layer(a), layer(b)) for a, b in crossings(import_graph())}
    assert {("engine", "data"), ("saves", "engine"), ("sim", "engine"), ("ui", "engine")} <= found


def test_the_check_sees_each_kind_of_break():
    made_up = {
        "rainboard.data.loader": {"rainboard.engine.state", "rainboard.paths"},  # data reaching up
        "rainboard.engine.game": {"rainboard.saves.savefile", "rainboard.data.models"},  # the engine saving
        "rainboard.saves.store": {"rainboard.sim.play", "rainboard.text"},  # saves running games
        "rainboard.sim.play": {"rainboard.ui.session", "rainboard.saves"},  # the simulator showing them
        "rainboard.ui.app": {"rainboard.web.server", "rainboard.engine"},  # the interface serving itself
        "rainboard.web.server": {"rainboard.ui.app"},  # fine: the server is above the interface
    }
    assert wrong_way(made_up) == {("rainboard.data.loader", "rainboard.engine.state"),
                                  ("rainboard.engine.game", "rainboard.saves.savefile"),
                                  ("rainboard.saves.store", "rainboard.sim.play"),
                                  ("rainboard.sim.play", "rainboard.ui.session"),
                                  ("rainboard.ui.app", "rainboard.web.server")}
