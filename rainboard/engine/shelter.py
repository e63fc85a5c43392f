"""Shelters: searching the deck for one, hibernating fed, starving hungry, sleeping in a kept one."""

from __future__ import annotations

from .actions import HIBERNATE, STARVE, Hibernate, SearchShelter, Starve
from .events import Hibernated, Searching, SearchStarted, ShelterFound, ShelterNotFound, Starved
from .queries import is_fed, search_deck, search_turns
from .state import HIBERNATING, STARVED, Decision, DeckState, GameState
from .step import Step, Turn
from .tables import tables


def sleep_action(state: GameState, index: int):
    """Hibernate when fed, else starve: the one way to sleep in a shelter now."""
    return HIBERNATE if is_fed(state, index) else STARVE


def can_search(state: GameState, index: int) -> bool:
    """Searching needs a shelter somewhere in the deck searched (queries.search_deck) or its discards."""
    return holds_shelter(tables(state.data).shelters, state.decks[search_deck(state, index)])


def holds_shelter(shelters: frozenset, deck: DeckState) -> bool:
    """Some card of the deck, drawn or discarded, is a shelter (one of `shelters`).

    Asked afresh each time: a deck changes with nearly every card drawn, and a memory of the answers
    by deck missed more often than it hit (random 4-player games: 15,300 misses to 10,700 hits), which
    made the question slower than reading the piles. The discard pile is read first: shelters slept
    in or kept go back to it when the cycle ends, and it held one in 93 asks of 100."""
    return not (shelters.isdisjoint(deck.discard) and shelters.isdisjoint(deck.draw))


def search(step: Step, action: SearchShelter) -> Turn:
    """Start a search; its turns pass by themselves, and the last one finds the shelter."""
    index = step.state.current
    turns = search_turns(step.state)
    deck = search_deck(step.state, index)
    owed = turns - 1
    player = step.edit(index)
    # the task remembers a search of another deck than the region's (the precycle deck)
    task = "search" if deck == player.region else f"search {deck}"
    player.busy, player.busy_task = owed, task if owed else None
    step.emit(SearchStarted(player=index, turns=turns))
    if owed == 0 and finish_search(step, index, deck):
        return Turn.WAITS
    return Turn.OVER


def keep_searching(step: Step, index: int) -> Turn | None:
    """Turn-start rule: a turn owed to a search passes by itself; the last one finds the shelter."""
    if step.state.players[index].busy <= 0:
        return None
    player = step.edit(index)  # (begin_turn has it open already: the same copy)
    task = player.busy_task or "search"
    player.busy -= 1
    left = player.busy
    if not left:
        player.busy_task = None
    step.emit(Searching(player=index, left=left))
    if left == 0:
        deck = task.split()[1] if " " in task else player.region
        if finish_search(step, index, deck):
            return Turn.WAITS  # the found shelter waits for the player's choice
    return Turn.OVER


def finish_search(step: Step, index: int, deck_id: str) -> bool:
    """The search's last turn: take the first shelter in the deck searched; True if one was found."""
    deck = step.deck(deck_id)
    shelters = tables(step.data).shelters
    for pile in ("draw", "discard"):
        cards = deck.draw if pile == "draw" else deck.discard
        found = None
        for card in cards:
            if card in shelters:
                found = card
                break
        if found is not None:
            rest = list(cards)
            rest.remove(found)
            deck = step.edit_deck(deck_id)
            if pile == "draw":
                deck.draw = step.dice.shuffle(rest)
            else:
                deck.draw, deck.discard = step.dice.shuffle(deck.draw), tuple(rest)
            step.emit(ShelterFound(player=index, card=found))
            step.state.pending = Decision(player=index, card=found, deck=deck_id)
            return True
    step.emit(ShelterNotFound(player=index, deck=deck_id))
    return False


def _hold_shelter(step: Step, index: int) -> None:
    """The shelter slept or starved in stays out of its deck until the cycle ends (ruling 8: the
    precycle deck's four shelters shelter four players at most, as the rulebook warns): one just
    drawn or found goes into the sleeper's hand, a kept one stays in its holder's (one's own, or a
    tamer's or tamed creature's), and the cycle's end returns it with every kept shelter."""
    pending = step.state.pending
    if isinstance(pending, Decision):
        step.state.pending = None
        step.give(index, pending.card, pending.deck)


def hibernate(step: Step, action: Hibernate) -> Turn:
    """Sleep fed: karma rises when the cycle ends."""
    index = _sleep(step)
    player = step.edit(index)
    player.status = HIBERNATING
    step.emit(Hibernated(player=index, region=player.region))
    return Turn.OVER


def starve(step: Step, action: Starve) -> Turn:
    """Sleep hungry: food goes to zero, the cycle is survived, the next one is harder."""
    index = _sleep(step)
    player = step.edit(index)
    player.status, player.food, player.food_parts = STARVED, 0, 0
    step.emit(Starved(player=index, region=player.region))
    return Turn.OVER


def _sleep(step: Step) -> int:
    index = step.state.to_act
    _hold_shelter(step, index)
    return index
