"""The numbers the tutorial's words state, each asked of the engine in play.

Nothing here knows a rule: a number comes from a rule query (engine/queries.py, odds.py), from the
decks, or from playing the move on a copy of the state and reading what the engine did (`preview`),
so a change in decks/ changes what the tutorial says with it.
"""

from __future__ import annotations

from attrs import evolve

from rainboard.engine import Action, GameState, apply, legal_actions
from rainboard.engine import events as ev
from rainboard.engine import queries
from rainboard.engine.actions import Attack, Flee, Give, Hibernate, TakeFood, Tame
from rainboard.engine.state import Encounter
from rainboard.engine.testing import script_dice
from rainboard.ui.words import percent

ME = 0  # the tutorial is played by one slugcat


def preview(state: GameState, action: Action) -> tuple[GameState, list]:
    """The engine's own answer to "what would this move do": the move played on a copy."""
    return apply(state, action)


def find_faces(state: GameState, action: Action, wins, tries=None) -> tuple[int, ...] | None:
    """Die faces that make `action` turn out as `wins(events)` says, found by letting the engine roll
    them: the first of `tries` (by default the highest face, then the lowest, each followed by low
    faces for any answering roll)."""
    state = evolve(state, script=())  # whatever is already scripted, the engine rolls these
    sides = state.data.rules.check_die
    tries = tries or [(sides, 1, 1, 1), (1, sides, 1, 1), (sides, sides, 1, 1)]
    for faces in tries:
        try:
            after, events = apply(script_dice(state, *faces), action)
        except ValueError:  # a face this table's dice do not have
            continue
        if wins(events):
            return faces[:len(faces) - len(after.script)]  # only the faces the move rolled
    return None


def lowest_face(state: GameState, action: Action, wins) -> int | None:
    """The lowest face of the check die on which `action` wins, the engine rolling each face in turn."""
    state = evolve(state, script=())
    for face in range(1, state.data.rules.check_die + 1):
        try:
            _, events = apply(script_dice(state, face, 1, 1, 1), action)
        except ValueError:
            return None
        if wins(events):
            return face
    return None


def killed(events) -> bool:
    return any(isinstance(e, ev.CreatureKilled) for e in events)


def fled(events) -> bool:
    return any(isinstance(e, ev.Fled) for e in events)


def _creature(state: GameState):
    pending = state.pending
    return state.data.cards[pending.card] if isinstance(pending, Encounter) else None


def _items(state: GameState) -> list:
    return [state.data.cards[h.card] for h in state.players[ME].hand if state.data.card(h.card).kind == "item"]


# -- what each stage says -----------------------------------------------------------------------------
def table(state: GameState) -> dict:
    """What every stage may name: the player's region, food, karma, the rain."""
    player = state.players[ME]
    region = state.data.regions[player.region]
    return {
        "region": region.name,
        "rain": state.rain,
        "food": player.food,
        "need": queries.food_needed(state, ME),
        "food_max": state.data.slugcats[player.slugcat].food_max,
        "karma": player.karma,
        "karma_max": state.data.rules.karma_max,
        "reputation": player.reputation,
        "slugcat": state.data.slugcats[player.slugcat].name,
    }


def rain_facts(state: GameState) -> dict:
    after, _ = preview(state, TakeFood())
    return {**table(state), "rain_after": after.rain, "token": queries.token_gain(state, ME).gained}


def draw_facts(state: GameState) -> dict:
    return {**table(state), "token": queries.token_gain(state, ME).gained}


def line_facts(state: GameState) -> dict:
    gain = queries.token_gain(state, ME)
    return {**table(state), "token": gain.gained, "food_after": gain.food}


def attack_facts(state: GameState) -> dict:
    creature = _creature(state)
    facts = {**table(state)}
    if creature is None:
        return facts
    action = Attack()
    return {**facts, "creature": creature.name, "hp": creature.hp, "meat": creature.food,
            "chance": percent(queries.chance(state, action)),
            "lowest": lowest_face(state, action, killed),
            "die": f"d{state.data.rules.check_die}",
            "risk": percent(queries.strike_risk(state))}


def flee_facts(state: GameState) -> dict:
    creature = _creature(state)
    facts = {**table(state)}
    if creature is None:
        return facts
    item = next((i for i in _items(state) if i.flee > 0), None)
    with_item = Flee(item.id) if item is not None else Flee()
    return {**facts, "creature": creature.name, "risk": percent(queries.strike_risk(state)),
            "item": item.name if item else "", "item_bonus": f"+{item.flee}" if item else "",
            "chance": percent(queries.chance(state, Flee())),
            "chance_item": percent(queries.chance(state, with_item))}


def tame_facts(state: GameState) -> dict:
    creature = _creature(state)
    facts = {**table(state)}
    if creature is None:
        return facts
    cost, _ = queries.tame_cost(state, ME, creature)
    return {**facts, "creature": creature.name, "cost": cost, "food_after": state.players[ME].food - cost,
            "chance": percent(queries.chance(state, Tame()))}


def shelter_facts(state: GameState) -> dict:
    return table(state)


def hibernate_facts(state: GameState) -> dict:
    after, events = preview(state, Hibernate())
    karma_after = next((e.after for e in events if isinstance(e, ev.KarmaChanged) and e.player == ME),
                       after.players[ME].karma)
    return {**table(state), "karma_after": karma_after}


def gate_facts(state: GameState) -> dict:
    player = state.players[ME]
    gates = [card for _, card in queries.usable_cards(state, ME, "gate")]
    if not gates:
        return table(state)
    gate = state.data.gates[gates[0]]
    there = gate.b if gate.a == player.region else gate.a
    return {**table(state), "to": state.data.regions[there].name,
            "gate_karma": queries.gate_karma(state, gates[0], player.region),
            "back_karma": queries.gate_karma(state, gates[0], there)}


def gift_facts(state: GameState) -> dict:
    rules = state.data.rules
    facts = {**table(state), "ignore_at": rules.scavenger_ignore_at, "friend_at": rules.scavenger_friend_at}
    gift = next((a for a in legal_actions(state) if isinstance(a, Give)), None)
    if gift is None:
        return facts
    return {**facts, "item": state.data.cards[gift.item].name,
            "reputation_after": queries.gift_reputation(state, ME, gift.item)}


def rain_death_facts(state: GameState) -> dict:
    after, events = preview(state, TakeFood())
    karma_after = next((e.after for e in events if isinstance(e, ev.KarmaChanged) and e.player == ME),
                       after.players[ME].karma)
    woke = next((e.region for e in events if isinstance(e, ev.Woke) and e.player == ME),
                after.players[ME].region)
    return {**table(state), "karma_after": karma_after, "wake": state.data.regions[woke].name,
            "food_after": after.players[ME].food}


def mark_facts(state: GameState) -> dict:
    rules = state.data.rules
    ascension = next(r.name for r in state.data.regions.values() if r.ascension)
    return {**table(state), "ascension": ascension, "sleeps": rules.ending_hibernations}


def ending_facts(state: GameState) -> dict:
    player = state.players[ME]
    return {**mark_facts(state), "slept": player.ending_hibernations}


# -- what a finished step says it did -------------------------------------------------------------------
def done_facts(before: GameState, after: GameState, events) -> dict:
    """The numbers of what just happened, for a step's closing line."""
    me_before, me_after = before.players[ME], after.players[ME]
    karma = [e for e in events if isinstance(e, ev.KarmaChanged) and e.player == ME]
    drawn = [e.card for e in events if isinstance(e, ev.CardDrawn) and e.player == ME]
    moved = [e.region for e in events if isinstance(e, ev.Moved) and e.player == ME]
    fed = [e for e in events if isinstance(e, ev.Fed) and e.player == ME]
    return {
        "rain_before": before.rain,
        "rain_after": after.rain,
        "food_before": fed[0].before if fed else me_before.food,
        "food_after": fed[-1].after if fed else me_after.food,
        "gained": sum(e.gained for e in fed),
        "card": before.data.card(drawn[-1]).name if drawn else "",
        "karma_before": karma[0].before if karma else me_before.karma,
        "karma_after": karma[-1].after if karma else me_after.karma,
        "reputation_before": me_before.reputation,
        "reputation_after": me_after.reputation,
        "region": after.data.regions[moved[-1] if moved else me_after.region].name,
        "hand": ", ".join(after.data.card(h.card).name for h in me_after.hand) or "nothing",
    }
