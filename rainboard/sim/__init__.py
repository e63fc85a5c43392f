"""The simulator: headless games played by policies, and the balance report built on them."""

from .play import (
    DEFAULT_ACTION_CAP,
    PLAYER_NAMES,
    POLICIES,
    GameRecorder,
    SimResult,
    make_policy,
    play_random,
    policy_names,
    random_setup,
    run,
    seat_policy,
)
from .policies import EagerPolicy, RandomPolicy
from .predator import PredatorPolicy
from .steady import SteadyPolicy

__all__ = ["DEFAULT_ACTION_CAP", "PLAYER_NAMES", "POLICIES", "EagerPolicy", "GameRecorder", "PredatorPolicy",
           "RandomPolicy", "SimResult", "SteadyPolicy", "make_policy", "play_random", "policy_names", "random_setup",
           "run", "seat_policy"]
