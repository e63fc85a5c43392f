"""The rules engine: a pure, seeded state machine for Rain World: The Board Game.

No interface, files, clock or global randomness here: a seed, the deck data and a list of actions
always rebuild the same game.

    state, events = new_game(Setup(players=[PlayerSetup("Ada", "survivor")], seed=7), data)
    state, events = apply(state, legal_actions(state)[0])
"""

from .actions import Action, ActionParseError, parse_action
from .digest import digest
from .events import Event, Roll
from .narrator import narrate
from .game import IllegalAction, apply, legal_actions
from .modifiers import check_modifiers
from .outcome import Outcome, Placing, outcome
from .setup import PlayerSetup, Setup, SetupError, new_game
from .state import GameState, Options, Player
from .version import RULES_VERSION

__all__ = [
    "Action",
    "ActionParseError",
    "Event",
    "GameState",
    "IllegalAction",
    "Options",
    "Outcome",
    "Placing",
    "Player",
    "PlayerSetup",
    "RULES_VERSION",
    "Roll",
    "Setup",
    "SetupError",
    "apply",
    "check_modifiers",
    "digest",
    "legal_actions",
    "narrate",
    "new_game",
    "outcome",
    "parse_action",
]
