"""The game's words for what can be done, what a card does and what just happened.

Everything here reads the engine's state and events; nothing decides a rule. Where a label shows a
number (a tame price, a gate's karma, a gift's worth) it comes from the engine's own functions or
from the card and rules data the engine plays with.
"""

from __future__ import annotations

from numbers import Rational

from rainboard.engine import abilities, queries
from rainboard.engine.actions import (
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
)
from rainboard.engine.narrator import a, the
from rainboard.engine.state import PRECYCLE_DECK, Decision, Duel, Encounter, GameState, Market

from . import event_words

# One key per kind of action, for the footer and for quick play. Draw from the precycle deck has
# its own key (PRECYCLE_KEY) but shares the Draw class, so action_key() tells the two apart.
ACTION_KEYS: dict[str, str | None] = {
    "Draw": "d",
    "TakeFood": "f",
    "SearchShelter": "s",
    "Hibernate": "h",
    "Starve": "v",
    "Keep": "k",
    "CrossGate": "c",
    "Walk": "w",
    "Attack": "a",
    "Flee": "e",  # escape
    "Tame": "t",
    "Give": "g",
    "Leave": "l",
    "Buy": "b",
    "Eat": "i",
    "Hunt": "u",
    "Strike": "x",
    "TamePlayer": "t",  # the same verb as taming a creature; never legal at the same time
    "ChooseSlugcat": None,
}
PRECYCLE_KEY = "p"


def action_key(action: Action) -> str | None:
    """The single key that stands for this action, or None (choosing a slugcat has none)."""
    if isinstance(action, Draw) and action.deck == PRECYCLE_DECK:
        return PRECYCLE_KEY
    return ACTION_KEYS.get(type(action).__name__)


# -- small helpers --------------------------------------------------------------------------------
def pearls_text(value: float) -> str:
    """1 -> "1 pearl", 2 -> "2 pearls", 0.5 -> "½ pearl", 1.5 -> "1½ pearls"."""
    whole, half = int(value), value != int(value)
    number = (str(whole) if whole else "") + ("½" if half else "") or "0"
    return f"{number} {'pearl' if 0 < value <= 1 else 'pearls'}"


def _pearls_number(value: float) -> str:
    """0 -> "0", 0.5 -> "½", 1.5 -> "1½": pearls without the word, as "you have ..." says them."""
    return pearls_text(value).rsplit(" ", 1)[0]


def signed(value: int) -> str:
    return f"{value:+d}"


def _card_name(state: GameState, card_id: str) -> str:
    return state.data.card(card_id).name


def _with_item(verb: str, state: GameState, item_id: str | None) -> str:
    """The verb with the item named; what the item adds is in the odds after it (and in the hand)."""
    if item_id is None:
        return verb
    return f"{verb} with {state.data.cards[item_id].name}"


def percent(chance: Rational) -> str:
    """A chance as a whole percent; never "0%" or "100%" unless it is certain."""
    if chance in (0, 1):
        return f"{int(chance * 100)}%"
    return f"{min(99, max(1, round(chance * 100)))}%"


def food_words(state: GameState, index: int, pips: int, food_type: str) -> str:
    """What eating this food gives the player now, as `apply` will give it (queries.food_gain):
    "+1 food", "+1 food, board full", "no food yet: 2 plant pips make one", "no food from meat"."""
    player = state.players[index]
    gain = queries.food_gain(state, index, pips, food_type)
    added = gain.food - player.food
    if gain.gained == 0:
        if gain.parts != player.food_parts:  # kept towards a pip: a carnivore's plant food
            return f"no food yet: {state.data.rules.carnivore_plant_parts} {food_type} pips make one"
        return f"no food from {food_type}"
    if added == 0:
        return "no food: board full"
    return f"+{added} food" + (", board full" if added < gain.gained else "")


DEATH = "☠"  # before the chance that a failed exchange kills: "☠20%"


def _odds(state: GameState, action: Action, extra: tuple[str, ...] = ()) -> str:
    """" · 75% · ☠20%": any other words, the roll's chance of success (queries.chance), and the
    chance to die should it fail (queries.failure_risk): when a failed exchange lets the creature
    strike, its chance to kill; after a failed strike at a player, the chance their best answer
    kills, "☠49% if Bo fights back" (they choose: they may flee instead); after a failed answer to a
    strike, none, "☠0%". Short, so a label with an item fits the action list at 80 columns."""
    chance = queries.chance(state, action)
    words = list(extra) + ([percent(chance)] if chance is not None else [])
    risk = queries.failure_risk(state, action)
    if isinstance(action, Strike):
        if chance != 1:  # a strike that cannot fail provokes no answer
            words.append(f"{DEATH}{percent(risk)} if {state.players[action.target].name} fights back")
    elif risk or risk is not None and isinstance(state.pending, Duel):
        words.append(f"{DEATH}{percent(risk)}")
    return "".join(f" · {word}" for word in words)


# -- actions --------------------------------------------------------------------------------------
def action_label(state: GameState, action: Action) -> str:
    """A short phrase for a legal action, in the game's words, as the player to act sees it."""
    data = state.data
    rules = data.rules
    pending = state.pending
    actor = state.to_act if state.to_act is not None else state.current
    player = state.players[actor]

    if isinstance(action, ChooseSlugcat):
        return f"Play {data.slugcats[action.slugcat].name}"
    if isinstance(action, Draw):
        if action.deck == PRECYCLE_DECK:
            return "Draw from the precycle deck"
        return f"Draw from {the(data.regions[player.region].name)} deck"  # not "the The Wall deck"
    if isinstance(action, TakeFood):
        return "Take a food token"
    if isinstance(action, SearchShelter):
        return f"Search for a shelter ({rules.search_shelter_turns} turns)"
    if isinstance(action, Hibernate):
        return "Hibernate" + _kept_shelter(state, actor)
    if isinstance(action, Starve):
        return "Starve in the shelter (not enough food)"
    if isinstance(action, Keep):
        card = _card_name(state, pending.card) if isinstance(pending, Decision) else "card"
        return f"Keep the {card}"
    if isinstance(action, CrossGate):
        gate_id = action.gate if action.gate is not None else pending.card
        gate = data.gates[gate_id]
        there = data.regions[gate.other(player.region)].name
        karma = queries.gate_karma(state, gate_id, player.region)
        if action.gate is None:
            return f"Cross to {there} (karma {karma})"
        return f"Use kept gate to {there} (karma {karma})"
    if isinstance(action, Walk):
        return f"Walk to {data.regions[action.to].name}"
    if isinstance(action, Attack):
        verb = _with_item("Fight back" if isinstance(pending, Duel) else "Attack", state, action.item)
        costs = isinstance(pending, Encounter) and queries.attack_costs_reputation(state, pending)
        return verb + _odds(state, action, ("-1 reputation",) if costs else ())
    if isinstance(action, Flee):
        away = f" from {state.players[pending.attacker].name}" if isinstance(pending, Duel) else ""
        return _with_item("Flee" + away, state, action.item) + _odds(state, action)
    if isinstance(action, Tame):
        creature = data.cards[pending.card]
        item = data.cards[action.item] if action.item else None
        cost, _ = queries.tame_cost(state, actor, creature, item)
        return _with_item("Tame", state, action.item) + _odds(state, action, (f"{cost} food",))
    if isinstance(action, Give):
        return f"Give {data.cards[action.item].name} ({_gift_words(state, actor, action.item)})"
    if isinstance(action, Leave):
        return "Leave the merchant" if isinstance(pending, Market) else "Leave"
    if isinstance(action, Buy):
        return f"Buy {_card_name(state, action.card)} ({pearls_text(data.cards[action.card].pearls)})"
    if isinstance(action, Eat):
        item = data.cards[action.item]
        return f"Eat {item.name} ({food_words(state, actor, item.food, item.food_type)})"
    if isinstance(action, Hunt):
        target = state.players[action.target]
        form = f" ({data.cards[target.form].name})" if target.form else ""
        return f"Hunt {target.name}{form}"
    if isinstance(action, Strike):
        return _with_item(f"Strike at {state.players[action.target].name}", state, action.item) + _odds(state, action)
    if isinstance(action, TamePlayer):
        target = state.players[action.target]
        cost, _ = queries.tame_cost(state, actor, data.cards[target.form])
        return f"Tame {target.name}" + _odds(state, action, (f"{cost} food",))
    return str(action)  # an action this module does not know yet: its save-file text


def blocked_label(state: GameState, blocked: queries.Blocked) -> str:
    """Why a move the player may look for is missing (queries.blocked_moves), as one line:
    "Cross to Five Pebbles: needs karma 5, you have 3", "Hibernate: need 4 food, you have 2"."""
    data = state.data
    action = blocked.action
    region = state.players[state.to_act].region
    verb = type(action).__name__
    if isinstance(action, CrossGate):
        gate_id = action.gate if action.gate is not None else state.pending.card
        gate = data.gates[gate_id]
        if blocked.reason == "far":
            return f"{gate.name}: only from {data.regions[gate.a].name} or {data.regions[gate.b].name}"
        there = data.regions[gate.other(region)]
        if action.gate is not None:  # a kept gate, listed on every turn: short enough for one row at 80 columns
            return f"Gate to {there.code}: karma {blocked.need}, you have {blocked.have}"
        verb = f"Cross to {there.name}"
    elif isinstance(action, Tame):
        verb = _with_item("Tame", state, action.item)
    elif isinstance(action, Buy):
        verb = f"Buy {a(_card_name(state, action.card))}"
    reasons = {
        "karma": f"needs karma {blocked.need}, you have {blocked.have}",
        "food": f"{'costs' if isinstance(action, Tame) else 'need'} {blocked.need} food, you have {blocked.have}",
        "pearls": f"need {pearls_text(blocked.need or 0)}, you have {_pearls_number(blocked.have or 0)}",
        "follows": "you go only where your tamer goes",
        "aggressive": "not yet, it is aggressive: attack or tame first",
    }
    return f"{verb}: {reasons.get(blocked.reason, blocked.reason)}"


def _kept_shelter(state: GameState, index: int) -> str:
    """Where a hibernation from the hand happens: one's own kept shelter, or a tamer's."""
    if isinstance(state.pending, Decision):
        return ""  # the shelter just drawn or found
    holder = queries.shelter_holder(state, index)
    if holder == index:
        return " in your kept shelter"
    if holder is not None:
        return f" in {state.players[holder].name}'s shelter"
    return ""


def _gift_words(state: GameState, index: int, item_id: str) -> str:
    """What a gift does to reputation (queries.gift_reputation): "+2 reputation", or why it does nothing."""
    player = state.players[index]
    if not queries.gains_reputation(state, index):
        return f"no reputation for {state.data.slugcats[player.slugcat].name}"
    reached = queries.gift_reputation(state, index, item_id)
    most = state.data.rules.reputation_max
    if reached == player.reputation:
        return f"reputation already {reached}" if reached == most else "no reputation gained"
    return f"+{reached - player.reputation} reputation" + (f", to {reached}" if reached == most else "")


# -- cards in hand --------------------------------------------------------------------------------
def card_line(state: GameState, card_id: str, holder: int | None = None) -> str:
    """What a card in hand (or on a merchant's blanket) does, in one line.

    `holder` is whose hand it is, for bonuses that belong to the slugcat (a Hunter's spear);
    by default the player to act.
    """
    data = state.data
    card = data.card(card_id)
    if holder is None:
        holder = state.to_act if state.to_act is not None else state.current
    if card.kind == "shelter":
        return f"{card.name}: hibernate here for a turn"
    if card.kind == "gate":
        a, b = data.regions[card.a].code, data.regions[card.b].code
        return f"{card.name}: {a}→{b} {card.a_to_b}, {b}→{a} {card.b_to_a}"
    if card.kind == "creature":
        # how it came to the hand: a scavenger as a friend, a tameable creature tamed, the rest (a
        # slugpup) by itself
        if abilities.answers_reputation(card):
            tag = " (friend)"
        elif abilities.tameable(card):
            tag = " (tamed)"
        else:
            tag = ""
        blast = ", blasts (HP counts half)" if abilities.blasts(card) else ""
        return f"{card.name}{tag}: attacks {signed(card.attack)} after you{blast}"
    if card.kind == "item":
        return _item_line(state, card, holder)
    if card.kind == "food":
        return f"{card.name}: {card.pips} {card.food_type} food"
    return f"{card.name}: {card.text}" if getattr(card, "text", "") else card.name


def _item_line(state: GameState, item, holder: int | None) -> str:
    data = state.data
    parts: list[str] = []
    if item.attack:
        parts.append(f"{signed(item.attack)} attack")
    if item.explosive:
        parts.append("explosive (HP counts half)")
    if item.flee:
        parts.append(f"{signed(item.flee)} flee")
    player = state.players[holder] if holder is not None and 0 <= holder < len(state.players) else None
    if player is not None and player.slugcat is not None:
        for modifier in queries.slugcat_traits(state, holder):  # none of the Hunter's once it is the Long Legs
            if modifier.needs_item == item.id:
                parts.append(f"{signed(modifier.value)} {modifier.stat} {modifier.label}")
    if item.tame:
        parts.append(f"tame cost -{item.tame}")
    if item.usable_in_attack or item.usable_in_flight or item.tame:
        parts.append("kept after use" if item.reusable else "used up")
    lifted = [region.name for region in data.regions.values()
              if any(m.unless_item == item.id for m in region.modifiers)]
    for name in lifted:
        parts.append(f"lifts {name}'s penalties")
    if item.food:
        parts.append(f"{'or ' if parts else ''}eat for {item.food} {item.food_type} food")
    if item.saves_karma:
        parts.append("keeps your karma through a death")
    worth = pearls_text(item.pearls) if item.pearls else ""
    if not parts:
        return f"{item.name}: worth {worth}" if worth else item.name
    return f"{item.name}: {', '.join(parts)}" + (f" · {worth}" if worth else "")


# the words for events live in event_words.py; they are offered here too
EVENT_LOOKS, DEFAULT_LOOK, ROLL_SYMBOL = event_words.EVENT_LOOKS, event_words.DEFAULT_LOOK, event_words.ROLL_SYMBOL
event_line, roll_content = event_words.event_line, event_words.roll_content
