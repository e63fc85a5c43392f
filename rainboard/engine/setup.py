"""A new game: players, options, seed and deck data in; the first cycle's opening state out."""

from __future__ import annotations

from attrs import field, frozen

from rainboard.data.limits import PLAYERS_MAX
from rainboard.data.models import GameData, gate_id

from .cycles import start_cycle
from .events import CreatureHidden, Event, Roll, SlugcatChosen, TurnOrderSet, TurnOrderTie
from .turns import begin_turn
from .rng import seed_state
from .state import CHOOSING, PLAYING, PRECYCLE_DECK, TREASURE_DECK, GameState, Options, Player
from .step import Step


class SetupError(ValueError):
    """A setup the game cannot start from (too many players, a slugcat taken twice...)."""


# Bounds on deck data that would make a game hang or fill the memory before its first turn (a
# save carries its own decks, so they may come from anywhere). The deck loader has its own,
# tighter ones; these keep the engine safe whatever loaded the data. The shipped decks hold 425
# cards and roll d6 to d20.
MAX_CARDS = 20_000  # cards in every deck together at the start
MAX_DIE_SIDES = 1_000
MAX_RAIN_DICE = 100


@frozen
class PlayerSetup:
    name: str
    slugcat: str | None = None  # None: picked in turn order once the order is rolled


@frozen
class Setup:
    players: tuple[PlayerSetup, ...] = field(converter=tuple)
    seed: int | str = 0
    options: Options = Options()


def new_game(setup: Setup, data: GameData) -> tuple[GameState, list[Event]]:
    """Roll turn order; if every slugcat is already chosen, start the first cycle at once."""
    players = setup.players
    most = min(PLAYERS_MAX, len(data.slugcats))  # each player a different slugcat
    if not 1 <= len(players) <= most:
        raise SetupError(f"a game needs 1 to {most} players, not {len(players)}")
    chosen = [p.slugcat for p in players if p.slugcat is not None]
    for slugcat in chosen:
        if slugcat not in data.slugcats:
            raise SetupError(f"no slugcat {slugcat!r} (known: {', '.join(data.slugcats)})")
    if len(set(chosen)) != len(chosen):
        raise SetupError("each slugcat can be played by one player only")
    for p in players:
        if not p.name.strip():
            raise SetupError("every player needs a name")
    problem = _beyond_bounds(data)
    if problem:
        raise SetupError(problem)

    rules = data.rules
    state = GameState(
        data=data,
        seed=setup.seed,
        options=setup.options,
        rng=seed_state(setup.seed),
        phase=CHOOSING,
        players=tuple(
            Player(name=p.name.strip(), slugcat=p.slugcat, karma=rules.karma_start,
                   reputation=rules.reputation_start)
            for p in players
        ),
    )
    step = Step(state)
    order = _roll_turn_order(step, list(range(len(players))))
    step.state.order = tuple(order)
    step.emit(TurnOrderSet(order=tuple(order)))
    if all(p.slugcat is not None for p in step.state.players):
        start_game(step)
    return step.finish(), step.events


def _beyond_bounds(data: GameData) -> str | None:
    """Why the deck data is too big to start a game with, or None."""
    rules = data.rules
    for name in ("check_die", "turn_order_die", "rain_sides", "precycle_die"):
        sides = getattr(rules, name)
        if not 1 <= sides <= MAX_DIE_SIDES:
            return f"rules: {name} is {sides}; a die has 1 to {MAX_DIE_SIDES} sides"
    if not 0 <= rules.rain_dice <= MAX_RAIN_DICE:
        return f"rules: rain_dice is {rules.rain_dice}; the rain rolls 0 to {MAX_RAIN_DICE} dice"
    counts = [e.count for region in data.regions.values() for e in region.deck]
    counts += [link.copies for region in data.regions.values() for link in region.gates]
    counts += [e.count for e in (*data.precycle_deck, *data.treasure_deck)]
    if sum(max(0, count) for count in counts) > MAX_CARDS:
        return f"the decks hold {sum(max(0, c) for c in counts)} cards; a game starts with at most {MAX_CARDS}"
    return None


def _roll_turn_order(step: Step, contenders: list[int]) -> list[int]:
    """Highest d20 first; tied players roll again among themselves."""
    die = step.rules.turn_order_die
    rolls = {}
    for index in contenders:
        face = step.dice.roll(die)
        rolls[index] = face
        roll = Roll(who=step.player(index).name, purpose="turn order", die=f"d{die}", natural=face)
        step.emit_roll(roll, index)
    order: list[int] = []
    for face in sorted(set(rolls.values()), reverse=True):
        tied = [i for i in contenders if rolls[i] == face]
        if len(tied) > 1:
            step.emit(TurnOrderTie(tied=tuple(tied)))
            tied = _roll_turn_order(step, tied)
        order += tied
    return order


def choose_slugcat(step: Step, action) -> None:
    """A player picks a slugcat in turn order; once everyone has, the game starts."""
    index = step.state.to_act
    step.edit(index).slugcat = action.slugcat
    step.emit(SlugcatChosen(player=index, slugcat=action.slugcat))
    if all(p.slugcat is not None for p in step.state.players):
        start_game(step)


def start_game(step: Step) -> None:
    """Everyone to their slugcat's start region, decks shuffled, the first cycle begins."""
    data = step.data
    for index in range(len(step.state.players)):
        player = step.edit(index)
        player.region = player.wake_region = data.slugcats[player.slugcat].start_region
    for region_id, region in data.regions.items():
        cards = [e.card for e in region.deck for _ in range(e.count)]
        for link in region.gates:
            cards += [gate_id(region_id, link.to)] * link.copies
        step.new_deck(region_id, cards)
    step.new_deck(PRECYCLE_DECK, [e.card for e in data.precycle_deck for _ in range(e.count)])
    step.new_deck(TREASURE_DECK, [e.card for e in data.treasure_deck for _ in range(e.count)])
    # a creature some slugcat turns into (Hunter Long Legs) goes into one region's deck when
    # nobody plays that slugcat
    played = {p.slugcat for p in step.state.players}
    regions = sorted(data.regions)
    for slugcat in data.slugcats.values():
        if slugcat.becomes is not None and slugcat.id not in played:
            region_id = regions[step.dice.below(len(regions))]
            deck = step.edit_deck(region_id)
            deck.draw = step.dice.shuffle(deck.draw + (slugcat.becomes,))
            step.emit(CreatureHidden(slugcat=slugcat.id, creature=slugcat.becomes, region=region_id))
    step.state.phase = PLAYING
    start_cycle(step)
    begin_turn(step)
