"""The engine's two verbs: what may be done now, and doing it."""

from __future__ import annotations

from .actions import (
    Action,
    Attack,
    Buy,
    ChooseSlugcat,
    CrossGate,
    Draw,
    Eat,
    Flee,
    Give,
    Hibernate,
    Hunt,
    Keep,
    Leave,
    SearchShelter,
    Starve,
    Strike,
    TakeFood,
    Tame,
    TamePlayer,
    Walk,
    parse_action,
)
from . import combat, hunts, scavengers
from .combat import legal_in_combat, start_encounter
from .items import eat, held_items
from .events import Event, the
from .flow import end_turn, feed, finish_search, hibernate, is_fed, move_to, starve
from .setup import start_game
from .state import CHOOSING, OVER, PRECYCLE_DECK, Decision, DeckState, Duel, Encounter, GameState, Market
from .step import Step


class IllegalAction(ValueError):
    """An action that is not among the legal ones now; the message says what is legal."""


def legal_actions(state: GameState) -> list[Action]:
    """Everything the player to act (`state.to_act`) may do now, in a stable order."""
    if state.phase == OVER:
        return []
    if state.phase == CHOOSING:
        taken = {p.slugcat for p in state.players}
        return [ChooseSlugcat(s) for s in state.data.slugcats if s not in taken]
    pending = state.pending
    if isinstance(pending, Encounter):
        return legal_in_combat(state, pending) + _eating(state)
    if isinstance(pending, Decision):
        return _legal_decision(state, pending)
    if isinstance(pending, Market):
        return scavengers.legal_in_market(state, pending)
    if isinstance(pending, Duel):
        return hunts.legal_in_duel(state, pending)
    return _legal_turn(state) + _eating(state)


def _eating(state: GameState) -> list[Action]:
    """Food items can be eaten at any moment of one's own turn, without using it up."""
    index = state.current
    if state.to_act != index:
        return []
    return [Eat(item.id) for item in held_items(state, index) if item.food > 0]


def _fed(state: GameState, index: int) -> bool:
    player = state.players[index]
    slugcat = state.data.slugcats[player.slugcat]
    return player.food >= (slugcat.food_max if player.starving else slugcat.food_line)


def _legal_decision(state: GameState, decision: Decision) -> list[Action]:
    card = state.data.card(decision.card)
    player = state.players[decision.player]
    if card.kind == "shelter":
        return [Hibernate() if _fed(state, decision.player) else Starve(), Keep()]
    moves: list[Action] = []
    if player.region in (card.a, card.b) and player.karma >= card.karma_from(player.region):
        moves.append(CrossGate())
    moves.append(Keep())
    return moves


def _has_shelter(state: GameState, index: int) -> bool:
    """A kept shelter of one's own, or, for a tamed creature, one its tamer holds here."""
    player = state.players[index]
    hands = [player.hand]
    if player.tamed_by is not None and state.players[player.tamed_by].region == player.region:
        hands.append(state.players[player.tamed_by].hand)
    return any(state.data.card(h.card).kind == "shelter" for hand in hands for h in hand)


def _legal_turn(state: GameState) -> list[Action]:
    index = state.current
    player = state.players[index]
    if hunts.must_hunt(state, index):
        return hunts.legal_hunts(state, index)
    rules = state.data.rules
    region = state.data.regions[player.region]
    moves: list[Action] = []
    if state.precycle and player.cycle_turns <= rules.precycle_forced_turns:
        moves.append(Draw(PRECYCLE_DECK))
    else:
        moves.append(Draw())
        if state.precycle:
            moves.append(Draw(PRECYCLE_DECK))
    moves.append(TakeFood())
    deck = state.decks[player.region]
    if any(state.data.card(c).kind == "shelter" for c in deck.draw + deck.discard):
        moves.append(SearchShelter())
    kinds = {held.card: state.data.card(held.card) for held in player.hand}
    if _has_shelter(state, index):
        moves.append(Hibernate() if _fed(state, index) else Starve())
    for card_id, card in kinds.items():
        if card.kind == "gate" and player.region in (card.a, card.b):
            if player.karma >= card.karma_from(player.region):
                moves.append(CrossGate(card_id))
    moves += [Walk(other) for other in region.free_crossings]
    moves += hunts.legal_hunts(state, index)
    return moves


def apply(state: GameState, action: Action | str) -> tuple[GameState, list[Event]]:
    """Apply a legal action; return the next state and the events that happened on the way."""
    if isinstance(action, str):
        action = parse_action(action)
    legal = legal_actions(state)
    if action not in legal:
        if state.phase == OVER:
            raise IllegalAction(f"{action}: the game is over")
        options = ", ".join(str(a) for a in legal)
        who = state.players[state.to_act].name
        raise IllegalAction(f"{action}: not allowed now; {who} may: {options}")
    step = Step(state)
    _HANDLERS[type(action)](step, action)
    return step.finish(), step.events


# -- handlers: each does one action and ends the turn when the action is over ----------------------
def _choose(step: Step, action: ChooseSlugcat) -> None:
    index = step.state.to_act
    player = step.update_player(index, slugcat=action.slugcat)
    step.emit("slugcat_chosen", f"{player.name} plays {step.data.slugcats[action.slugcat].name}.", player=index)
    if all(p.slugcat is not None for p in step.state.players):
        start_game(step)


def _draw(step: Step, action: Draw) -> None:
    index = step.state.current
    player = step.player(index)
    deck_id = player.region if action.deck == "region" else action.deck
    card_id = step.draw_card(deck_id)
    if card_id is None:
        step.emit("deck_empty", f"The {step.deck_name(deck_id)} deck is empty.", player=index)
        end_turn(step)
        return
    card = step.data.card(card_id)
    step.emit("drew", f"{player.name} draws {card.name} from {the(step.deck_name(deck_id))} deck.",
              player=index, card=card_id)
    if card.kind == "creature":
        start_encounter(step, index, card_id, deck_id, ends_turn=True)
    elif card.kind == "food":
        feed(step, index, card.pips, card.food_type, card.name)
        step.discard(card_id, deck_id)
        end_turn(step)
    elif card.kind in ("shelter", "gate"):
        step.update(pending=Decision(player=index, card=card_id, deck=deck_id))
    elif card.kind == "item":
        step.give(index, card_id, deck_id)
        step.emit("kept", f"{player.name} picks up the {card.name}.", player=index, card=card_id)
        end_turn(step)
    else:  # the Mark
        assert card.kind == "mark", card.kind
        if not player.has_mark:
            step.update_player(index, has_mark=True)
            step.emit("mark", f"{player.name} receives the Mark of Communication.", player=index, card=card_id)
        # the Mark is shuffled back into the whole deck (discards too), so every player can find it;
        # into the draw pile alone, a pile of just the Mark would be drawn for ever
        deck = step.deck(deck_id)
        step.set_deck(deck_id, DeckState(draw=step.dice.shuffle(deck.draw + deck.discard + (card_id,))))
        step.emit("deck_reshuffled", f"The Mark is shuffled back into {the(step.deck_name(deck_id))} deck.",
                  card=card_id)
        end_turn(step)


def _food(step: Step, action: TakeFood) -> None:
    feed(step, step.state.current, step.rules.food_token_pips, "plant", "a food token")
    end_turn(step)


def _search(step: Step, action: SearchShelter) -> None:
    index = step.state.current
    owed = step.rules.search_shelter_turns - 1
    step.update_player(index, busy=owed, busy_task="search" if owed else None)
    step.emit("search", f"{step.player(index).name} starts searching for a shelter "
              f"({step.rules.search_shelter_turns} turns).", player=index)
    if owed == 0 and finish_search(step, index):
        return
    end_turn(step)


def _shelter_card(step: Step, index: int):
    """The shelter in play: the decision's card, or a kept one taken out of the hand."""
    pending = step.state.pending
    if isinstance(pending, Decision):
        step.update(pending=None)
        return pending.card, pending.deck
    held = next((h for h in step.player(index).hand if step.data.card(h.card).kind == "shelter"), None)
    if held is None:
        return None, None  # a tamed creature sleeping in its tamer's shelter: the card stays with them
    step.take_from_hand(index, held.card)
    return held.card, held.deck


def _sleep(step: Step, fall_asleep) -> None:
    """Hibernate or starve in the shelter in play; either way the turn and the player's cycle end."""
    index = step.state.to_act
    card, deck = _shelter_card(step, index)
    if card is not None:
        step.discard(card, deck)
    fall_asleep(step, index)
    end_turn(step)


def _hibernate(step: Step, action: Hibernate) -> None:
    _sleep(step, hibernate)


def _starve(step: Step, action: Starve) -> None:
    _sleep(step, starve)


def _keep(step: Step, action: Keep) -> None:
    decision = step.state.pending
    step.update(pending=None)
    step.give(decision.player, decision.card, decision.deck)
    step.emit("kept", f"{step.player(decision.player).name} keeps the {step.name_of(decision.card)}.",
              player=decision.player, card=decision.card)
    end_turn(step)


def _cross(step: Step, action: CrossGate) -> None:
    index = step.state.to_act
    if action.gate is None:
        decision = step.state.pending
        step.update(pending=None)
        card_id, deck_id = decision.card, decision.deck
    else:
        held = step.take_from_hand(index, action.gate)
        card_id, deck_id = held.card, held.deck
    gate = step.data.gates[card_id]
    here = step.player(index).region
    step.discard(card_id, deck_id)
    move_to(step, index, gate.other(here), f"passes the {gate.name} (karma {gate.karma_from(here)})")
    end_turn(step)


def _walk(step: Step, action: Walk) -> None:
    index = step.state.current
    move_to(step, index, action.to, "climbs across")
    end_turn(step)


def _attack(step: Step, action: Attack) -> None:
    if isinstance(step.state.pending, Duel):
        hunts.fight_back(step, action.item)
    else:
        combat.attack(step, action.item)


def _flee(step: Step, action: Flee) -> None:
    if isinstance(step.state.pending, Duel):
        hunts.flee_attacker(step, action.item)
    else:
        combat.flee(step, action.item)


def _leave(step: Step, action: Leave) -> None:
    if isinstance(step.state.pending, Market):
        scavengers.leave_market(step)
    else:
        combat.leave(step)


def _eat(step: Step, action: Eat) -> None:
    eat(step, step.state.current, action.item)  # a free action: the turn goes on


_HANDLERS = {
    ChooseSlugcat: _choose,
    Draw: _draw,
    TakeFood: _food,
    SearchShelter: _search,
    Hibernate: _hibernate,
    Starve: _starve,
    Keep: _keep,
    CrossGate: _cross,
    Walk: _walk,
    Attack: _attack,
    Flee: _flee,
    Tame: lambda step, action: combat.tame(step, action.item),
    Give: lambda step, action: combat.give(step, action.item),
    Leave: _leave,
    Buy: lambda step, action: scavengers.buy(step, action.card),
    Eat: _eat,
    Hunt: lambda step, action: hunts.hunt(step, action.target),
    Strike: lambda step, action: hunts.strike(step, action.target),
    TamePlayer: lambda step, action: hunts.tame_player(step, action.target),
}
