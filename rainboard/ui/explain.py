"""The rule behind a thing on the board, in words: a move, a card in hand, a creature in a fight, a
region and its gates, a player's roster line.

One place for these words: the explain key (`r`, screens/explain.py) shows them whole, and a mouse
resting on a move, a card or a region shows the first sentence as a tooltip. Every number is asked
of the engine (rule queries, odds, the decks in play), never worked out here; each explanation names
the section of the rules (assets/rules.md) that the help can open at.
"""

from __future__ import annotations

from attrs import frozen

from rainboard.engine import Action, GameState
from rainboard.engine import queries
from rainboard.engine.actions import (
    Attack,
    Buy,
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
)
from rainboard.engine.state import Decision, Duel, Encounter

from .widgets.cards import ability_words
from .widgets.region_notes import gate_karmas, region_traits
from .words import action_label, blocked_label, card_line, percent, signed

# the headings of assets/rules.md each explanation rests on (the help jumps to them)
TURN = "Your turn"
FOOD = "Food"
SHELTERS = "Shelters, hibernation and starving"
KARMA = "Karma"
GATES = "Regions and gates"
TRAITS = "Region traits"
COMBAT = "Combat"
TAMING = "Taming and companions"
ITEMS = "Items"
SCAVENGERS = "Scavengers"
HUNTING = "Hunting other players"
BOARD = "Reading the board"
ENDING = "The ending and winning"


@frozen
class Explanation:
    """What a thing is and the rule behind it: a title, sentences, and the rules' section."""

    title: str
    sentences: tuple[str, ...]
    section: str

    @property
    def words(self) -> str:
        return " ".join(self.sentences)

    @property
    def short(self) -> str:
        """The first sentence, for a tooltip."""
        return self.sentences[0] if self.sentences else self.title


def _me(state: GameState, viewer: int | None) -> int:
    if viewer is not None:
        return viewer
    return state.to_act if state.to_act is not None else state.current


# -- moves ---------------------------------------------------------------------------------------------------
def explain_move(state: GameState, action: Action, viewer: int | None = None) -> Explanation:
    """A legal move: what it does and the rule's numbers for this player now."""
    me = _me(state, viewer)
    player = state.players[me]
    title = action_label(state, action)
    odds = _odds(state, action)
    if isinstance(action, Hibernate):
        need = queries.food_needed(state, me)
        return Explanation(title, (f"Hibernate: you need {need} food, you have {player.food}; the line on your card.",
                                   "Sleeping fed in a shelter ends your cycle safe from the rain and raises your "
                                   "karma."), SHELTERS)
    if isinstance(action, Starve):
        need = queries.food_needed(state, me)
        return Explanation(title, (f"Starve: sleep in the shelter below the line ({player.food} of {need} food).",
                                   "You survive the rain but gain no karma, and the next cycle starts hungry."),
                           SHELTERS)
    if isinstance(action, TakeFood):
        gain = queries.token_gain(state, me)
        return Explanation(title, (f"Take a food token: +{gain.gained} food, to {gain.food}; it never fails.",
                                   "It uses your turn, like a draw."), FOOD)
    if isinstance(action, Draw):
        deck = state.decks.get(player.region if action.deck == "region" else action.deck)
        left = f" ({len(deck.draw)} cards left to draw)" if deck is not None else ""
        return Explanation(title, (f"Draw the top card of the deck{left}: food is eaten, a creature fights you, a "
                                   "shelter or a gate asks what to do, an item goes to your hand.",), TURN)
    if isinstance(action, SearchShelter):
        turns = state.data.rules.search_shelter_turns
        return Explanation(title, (f"Search the deck for a shelter: it takes {turns} turns, then the shelter is "
                                   "yours to sleep in or keep.",), SHELTERS)
    if isinstance(action, Keep):
        return Explanation(title, ("Keep the card in your hand: a shelter to sleep in later, a gate to cross "
                                   "when your karma allows.",), TURN)
    if isinstance(action, (CrossGate, Walk)):
        return _explain_crossing(state, me, action, title)
    if isinstance(action, Attack):
        return Explanation(title, (f"Attack: your roll must beat its HP{odds}.",
                                   "A kill feeds you its food; a miss lets it strike back."), COMBAT)
    if isinstance(action, Flee):
        return Explanation(title, (f"Flee: your roll against its speed{odds}.",
                                   "Caught, it strikes at you."), COMBAT)
    if isinstance(action, (Tame, TamePlayer)):
        return Explanation(title, ("Tame: feed it the food it asks and it joins your hand, fighting beside you; "
                                   "a tame always works.",), TAMING)
    if isinstance(action, Give):
        after = queries.gift_reputation(state, me, action.item)
        return Explanation(title, (f"Give: your scavenger reputation goes from {player.reputation} to {after}.",
                                   f"At {state.data.rules.scavenger_ignore_at} scavengers let you pass, at "
                                   f"{state.data.rules.scavenger_friend_at} they join you."), SCAVENGERS)
    if isinstance(action, Leave):
        return Explanation(title, ("Leave: go on your way; the card goes back under its deck.",), TURN)
    if isinstance(action, Buy):
        return Explanation(title, ("Buy: pay a merchant with items worth the pearls it asks.",), SCAVENGERS)
    if isinstance(action, Eat):
        item = state.data.cards[action.item]
        gain = queries.food_gain(state, me, item.food, item.food_type)
        return Explanation(title, (f"Eat the {item.name}: +{gain.gained} food, to {gain.food}; it does not use "
                                   "your turn.",), FOOD)
    if isinstance(action, (Hunt, Strike)):
        return Explanation(title, (f"{title.split(' · ')[0]}: track a player down, then strike at them next turn"
                                   f"{odds}.",), HUNTING)
    return Explanation(title, (title,), TURN)


def _odds(state: GameState, action: Action) -> str:
    """", 55% (☠10% if it fails)" from the engine's odds, or nothing for a move without a roll."""
    chance = queries.chance(state, action)
    if chance is None:
        return ""
    risk = queries.failure_risk(state, action)
    fails = f", {percent(risk)} to die if it fails" if risk else ""
    return f": {percent(chance)} to succeed{fails}"


def _explain_crossing(state: GameState, me: int, action, title: str) -> Explanation:
    player = state.players[me]
    gate_id = action.gate if isinstance(action, CrossGate) else None
    if gate_id is None and isinstance(state.pending, Decision):  # the gate card just drawn
        gate_id = state.pending.card
    if gate_id in state.data.gates:
        need = queries.gate_karma(state, gate_id, player.region)
        return Explanation(title, (f"Cross the gate: from here it asks {need} karma, you have {player.karma}.",
                                   "Karma rises each cycle you hibernate fed."), GATES)
    return Explanation(title, ("Walk across to the next region.",), GATES)


def explain_blocked(state: GameState, blocked: queries.Blocked) -> Explanation:
    """A move listed greyed, and the rule that keeps it out of reach."""
    line = blocked_label(state, blocked)
    section = {"karma": GATES, "far": GATES, "food": SHELTERS, "pearls": SCAVENGERS, "aggressive": COMBAT,
               "follows": TAMING}.get(blocked.reason, TURN)
    if isinstance(blocked.action, Hibernate):
        line += "; the line on your card"
    if isinstance(blocked.action, Tame):
        section = TAMING
    return Explanation(line.split(":")[0], (line + ".",), section)


# -- cards, creatures, regions, players -----------------------------------------------------------------------
def explain_card(state: GameState, card_id: str, viewer: int | None = None) -> Explanation:
    """A card in hand: what it does, and the rule of its kind."""
    me = _me(state, viewer)
    card = state.data.card(card_id)
    line = card_line(state, card_id, me)
    if card.kind == "creature":
        return Explanation(card.name, (f"{line}.", *_abilities(state, card_id, me),
                                       "A companion in your hand rolls its own attack after yours."), TAMING)
    if card.kind == "shelter":
        return Explanation(card.name, (f"{line}.", "Hibernate in it once you reach the food line; it keeps you "
                                       "safe from the rain."), SHELTERS)
    if card.kind == "gate":
        region = state.players[me].region
        karma = queries.gate_karma(state, card_id, region) if region in (card.a, card.b) else None
        here = f" From here it asks {karma} karma; you have {state.players[me].karma}." if karma is not None else ""
        return Explanation(card.name, (f"{line} (karma each way).{here}",), GATES)
    if card.kind == "item":
        return Explanation(card.name, (f"{line}.", "Items are used in fights, given to scavengers or eaten."),
                           ITEMS)
    return Explanation(card.name, (f"{line}.",), TURN)


def _abilities(state: GameState, card_id: str, me: int) -> tuple[str, ...]:
    creature = state.data.cards[card_id]
    return tuple(f"{words}." for words in ability_words(state, creature, me))


def explain_creature(state: GameState, card_id: str, viewer: int | None = None) -> Explanation:
    """The creature in a fight: its numbers, its abilities in the words of decks/abilities.toml, and
    the odds of meeting it."""
    me = _me(state, viewer)
    creature = state.data.cards[card_id]
    odds = queries.meeting_odds(state, me, card_id)
    sentences = [f"{creature.name}: HP {creature.hp}, attack {signed(creature.attack)}, speed "
                 f"{signed(creature.flee)}, food {creature.food}.",
                 *_abilities(state, card_id, me),
                 f"Bare-handed you kill it {percent(odds.kill)} of the time and get away {percent(odds.escape)}; "
                 f"its strike kills you {percent(odds.struck)}."]
    return Explanation(creature.name, tuple(sentences), COMBAT)


def explain_region(state: GameState, region_id: str, viewer: int | None = None) -> Explanation:
    """A region: its traits and the karma each of its gates asks, both ways."""
    me = _me(state, viewer)
    region = state.data.regions[region_id]
    traits = region_traits(state, region_id)
    gates = [f"{state.data.regions[other].name} {out} (back {back})" for _, other, out, back in
             gate_karmas(state, region_id)]
    sentences = [f"{region.name}: " + (", ".join(traits) if traits else "no special traits") + "."]
    if gates:
        sentences.append("Its gates ask this karma: " + "; ".join(gates) + ".")
    if region_id == state.players[me].region:
        sentences.append(f"You are here, with karma {state.players[me].karma}.")
    return Explanation(region.name, tuple(sentences), GATES if gates else TRAITS)


def explain_player(state: GameState, index: int) -> Explanation:
    """One roster line: where the player is and what they carry towards the ending."""
    player = state.players[index]
    need = queries.food_needed(state, index)
    region = state.data.regions[player.region].name if player.region else "nowhere yet"
    sentences = [f"{player.name}: in {region}, karma {player.karma}, food {player.food} of {need} to hibernate, "
                 f"reputation {player.reputation}, {player.turns} turns played, {player.status.value}."]
    if player.has_mark:
        sentences.append("Bears the Mark of Communication.")
    return Explanation(player.name, tuple(sentences), BOARD)


def explain_state(state: GameState, viewer: int | None = None) -> Explanation:
    """With nothing highlighted: the fight under way, else the moves out of reach, else the region."""
    me = _me(state, viewer)
    pending = state.pending
    if isinstance(pending, Encounter):
        return explain_creature(state, pending.card, me)
    if isinstance(pending, Duel):
        return explain_player(state, pending.attacker)
    blocked = queries.blocked_moves(state, me)
    if blocked:
        return explain_blocked(state, blocked[0])
    return explain_region(state, state.players[me].region, me)
