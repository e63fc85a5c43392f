"""The one place events become English: `narrate(event, state)` tells what happened, in a sentence.

The state only lends names (players, cards, regions, decks) and the numbers of the rules in play;
any state of the same game will do.
"""

from __future__ import annotations

from collections.abc import Callable

from . import events as ev
from .state import GameState


def possessive(name: str) -> str:
    """"Scavenger's", but "Hunter Long Legs'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def the(name: str, capital: bool = False) -> str:
    """"the Outskirts deck", but "The Underhang deck", not "the The Underhang deck"."""
    if name.lower().startswith("the "):
        return ("T" if capital else "t") + name[1:]
    return ("The " if capital else "the ") + name


def a(name: str, capital: bool = False) -> str:
    """"a Batfly", "an Eggbug": the article a card's name wants (by its first letter, which is
    right for every card name in the decks)."""
    article = "an" if name[:1].lower() in "aeiou" else "a"
    return f"{article.capitalize() if capital else article} {name}"


def pearls(value: float) -> str:
    """1 pearl, 1.5 pearls, half a pearl."""
    if value == 0.5:
        return "half a pearl"
    return f"{value:g} pearl" + ("" if value == 1 else "s")


class _Names:
    """Names looked up in a state, for the sentences below."""

    def __init__(self, state: GameState):
        self.state = state
        self.data = state.data

    def p(self, index: int | None) -> str:
        return self.state.players[index].name if index is not None else "Someone"

    def c(self, card_id: str) -> str:
        return self.data.card(card_id).name

    def r(self, region_id: str) -> str:
        return self.data.regions[region_id].name

    def deck(self, deck_id: str) -> str:
        region = self.data.regions.get(deck_id)
        return region.name if region else deck_id.capitalize()

    def s(self, slugcat_id: str) -> str:
        return self.data.slugcats[slugcat_id].name


def _precycle(e: ev.PrecycleRolled, n: _Names) -> str:
    first = n.p(n.state.order[0]) if n.state.order else "The first player"
    verdict = "a precycle!" if e.precycle else "an ordinary cycle."
    return f"{first} rolls d{e.die} for a precycle: {e.face}, {verdict}"


def _rain_timer(e: ev.RainTimerRolled, n: _Names) -> str:
    first = n.p(n.state.order[0]) if n.state.order else "The first player"
    parts = " + ".join(str(f) for f in e.faces)
    extra = f" + {e.bonus}" if e.bonus else ""
    if e.precycle_bonus:
        extra += f" + {e.precycle_bonus} precycle"
    return f"{first} rolls the rain timer: {e.dice}d{e.sides} ({parts}){extra} = {e.timer}."


def _fed(e: ev.Fed, n: _Names) -> str:
    who = n.p(e.player)
    if e.card is not None:  # a food card is eaten as it is named; an item or a kill is "the ..."
        card = n.data.card(e.card)
        source = card.name if card.kind == "food" else f"the {card.name}"
    elif e.prey is not None:
        source = n.p(e.prey)
    else:
        source = "a food token"
    if e.after > e.before:
        return f"{who} eats {source}: +{e.after - e.before} food ({e.after}/{e.food_max})."
    if e.gained == 0 and e.part_kept:
        return f"{who} eats {source}, but a carnivore needs more plant food for a pip."
    if e.gained == 0:
        return f"{who} gets no food from {source}."
    return f"{who} is too full to eat {source}."


def _died(e: ev.Died, n: _Names) -> str:
    if e.creature is not None:
        cause = f"killed by {a(n.c(e.creature))}"
    elif e.killer is not None:
        cause = f"killed by {n.p(e.killer)}"
    else:
        cause = "caught in the rain"
    return f"{n.p(e.player)} dies: {cause}."


def _moved(e: ev.Moved, n: _Names) -> str:
    if e.gate is not None:
        how = f"passes the {n.c(e.gate)} (karma {e.karma})"
    elif e.leader is not None:
        how = f"follows {n.p(e.leader)}"
    else:
        how = "climbs across"
    return f"{n.p(e.player)} {how} to {n.r(e.region)}."


def _blasted(e: ev.Blasted, n: _Names) -> str:
    target = n.p(e.target_player) if e.target_player is not None else f"the {n.c(e.target_card)}"
    if e.by_player is not None:
        return f"{n.p(e.by_player)} explodes into the fight: {possessive(target)} HP counts as {e.hp}."
    by = n.c(e.by_card)
    if n.data.card(e.by_card).kind == "item":
        return f"The {by} blasts: {possessive(target)} HP counts as {e.hp}."
    return f"The {by} explodes at {target}: HP counts as {e.hp}."


def _companion(e: ev.CompanionKilled, n: _Names) -> str:
    companion = n.c(e.companion)
    if e.target_player is not None:
        form = n.state.players[e.target_player].form
        target = n.p(e.target_player)
        same = form is not None and n.c(form) == companion
    else:
        target, same = f"the {n.c(e.target_card)}", n.c(e.target_card) == companion
    if same:  # a tamed Green Lizard against a wild one: not a creature bringing down itself
        target = f"the other {companion}" if e.target_player is None else f"{target}, the other {companion}"
    return f"{possessive(n.p(e.player))} {companion} brings down {target}."


def _tamed(e: ev.Tamed, n: _Names) -> str:
    if e.target is not None:
        form = n.state.players[e.target].form
        creature = n.c(form) if form else n.p(e.target)
        return (f"{n.p(e.player)} feeds {n.p(e.target)} {e.cost} food: the {creature} now follows "
                f"{n.p(e.player)}.")
    lowered = "".join(f", {label} -{value}" for label, value in e.discounts)
    return f"{n.p(e.player)} feeds the {n.c(e.card)} {e.cost} food and tames it (cost {e.price}{lowered})."


def _joined(e: ev.Joined, n: _Names) -> str:
    who, card = n.p(e.player), n.c(e.card)
    if e.how == "slugpup":
        return f"{a(card, capital=True)} tags along with {who}."
    if e.how == "known":
        return f"The {card} knows {who} well and joins as a friend."
    return f"The {card} joins {who} as a friend."


def _reputation(e: ev.ReputationChanged, n: _Names) -> str:
    who = n.p(e.player)
    if e.item is None:
        return f"The scavengers will remember this: {who}'s reputation is {e.after}."
    text = f"{who} gives the {n.c(e.card)} {a(n.c(e.item))}: reputation {e.before} -> {e.after}."
    if e.never_gains:
        text += f" Scavengers never warm to {n.s(n.state.players[e.player].slugcat)}."
    return text


def _market(e: ev.MarketOpened, n: _Names) -> str:
    wares = ", ".join(f"{n.c(c)} ({pearls(n.data.cards[c].pearls)})" for c in e.offers) or "nothing"
    return f"{a(n.c(e.card), capital=True)} spreads out its wares: {wares}."


def _bought(e: ev.Bought, n: _Names) -> str:
    paid = ", ".join(n.c(c) for c in e.paid) or "nothing"
    return f"{n.p(e.player)} buys {a(n.c(e.card))} for {paid}."


def _transformed(e: ev.Transformed, n: _Names) -> str:
    creature = n.data.cards[e.creature]
    return (f"{n.p(e.player)}'s long hunt is over: {n.s(e.slugcat)} has become {creature.name} "
            f"(HP {creature.hp}). Others may now kill or tame them.")


def _fled(e: ev.Fled, n: _Names) -> str:
    if e.attacker is not None:
        return f"{n.p(e.player)} gets away: {n.p(e.attacker)} cannot attack them again this cycle."
    return f"{n.p(e.player)} escapes the {n.c(e.card)}."


def _caught(e: ev.Caught, n: _Names) -> str:
    if e.attacker is not None:
        return f"{n.p(e.player)} cannot shake {n.p(e.attacker)} off, but the fight breaks up."
    return f"The {n.c(e.card)} keeps up with {n.p(e.player)}."


def _reshuffled(e: ev.DeckReshuffled, n: _Names) -> str:
    if e.card is not None:
        return f"The {n.c(e.card)} is shuffled back into {the(n.deck(e.deck))} deck."
    return f"{the(n.deck(e.deck), capital=True)} deck is shuffled from its discards."


_SENTENCES: dict[type, Callable] = {
    ev.TurnOrderTie: lambda e, n: "Tie! " + " and ".join(n.p(i) for i in e.tied) + " roll again.",
    ev.TurnOrderSet: lambda e, n: "Turn order: " + ", ".join(n.p(i) for i in e.order) + ".",
    ev.SlugcatChosen: lambda e, n: f"{n.p(e.player)} plays {n.s(e.slugcat)}.",
    ev.CreatureHidden: lambda e, n: (f"With nobody playing {n.s(e.slugcat)}, {n.c(e.creature)} prowls "
                                     f"somewhere in {the(n.r(e.region))} deck."),
    ev.Rolled: lambda e, n: e.roll.describe(),
    ev.CycleStarted: lambda e, n: f"Cycle {e.cycle} begins.",
    ev.PrecycleRolled: _precycle,
    ev.RainTimerRolled: _rain_timer,
    ev.TurnStarted: lambda e, n: f"{possessive(n.p(e.player))} turn ({n.r(e.region)}).",
    ev.RoundEnded: lambda e, n: f"The round ends. Rain timer: {e.rain}.",
    ev.RainFell: lambda e, n: "The rain comes down.",
    ev.SparedByRain: lambda e, n: f"The rain cannot reach {n.p(e.player)} in {n.r(e.region)}.",
    ev.CycleEnded: lambda e, n: f"Cycle {e.cycle} ends.",
    ev.Woke: lambda e, n: f"{n.p(e.player)} wakes again in {n.r(e.region)}.",
    ev.DeckReshuffled: _reshuffled,
    ev.DeckEmpty: lambda e, n: f"The {n.deck(e.deck)} deck is empty.",
    ev.CardDrawn: lambda e, n: f"{n.p(e.player)} draws {n.c(e.card)} from {the(n.deck(e.deck))} deck.",
    ev.CardKept: lambda e, n: (f"{n.p(e.player)} picks up the {n.c(e.card)}." if e.picked_up
                               else f"{n.p(e.player)} keeps the {n.c(e.card)}."),
    ev.CardLetGo: lambda e, n: (f"{n.p(e.player)} already carries the {n.c(e.card)} and lets this one "
                                "go."),
    ev.GatesLeftBehind: lambda e, n: (f"{possessive(n.p(e.player))} " + ", ".join(n.c(c) for c in e.cards)
                                      + " go back to " + ("its deck." if len(e.cards) == 1 else "their decks.")),
    ev.MarkReceived: lambda e, n: f"{n.p(e.player)} receives the {n.c(e.card)}.",
    ev.Fed: _fed,
    ev.SearchStarted: lambda e, n: f"{n.p(e.player)} starts searching for a shelter ({e.turns} turns).",
    ev.Searching: lambda e, n: f"{n.p(e.player)} keeps searching for a shelter.",
    ev.ShelterFound: lambda e, n: f"{n.p(e.player)} finds a shelter.",
    ev.ShelterNotFound: lambda e, n: f"{n.p(e.player)} finds no shelter in {the(n.deck(e.deck))} deck.",
    ev.Hibernated: lambda e, n: f"{n.p(e.player)} curls up in a shelter to hibernate.",
    ev.Starved: lambda e, n: (f"{n.p(e.player)} shelters hungry: food is lost, but the cycle will be "
                              "survived."),
    ev.KarmaChanged: lambda e, n: (f"{possessive(n.p(e.player))} karma "
                                   f"{'rises' if e.after > e.before else 'falls'} to {e.after}."),
    ev.KarmaSaved: lambda e, n: (f"{possessive(n.p(e.player))} {n.c(e.card)} wilts, and their karma holds "
                                 f"at {e.karma}."),
    ev.Died: _died,
    ev.Moved: _moved,
    ev.EndingReached: lambda e, n: f"{n.p(e.player)} bears the Mark into {n.r(e.region)}: the end is near.",
    ev.EndingSlept: lambda e, n: (f"{n.p(e.player)} has slept {e.slept} of {e.needed} times in "
                                  f"{n.r(e.region)} bearing the Mark."),
    ev.Waited: lambda e, n: f"{n.p(e.player)} waits at the edge of the Void Sea ({e.left} turns to go).",
    ev.Ascended: lambda e, n: (f"{n.p(e.player)} descends into the Void Sea and ascends, after {e.turns} "
                               "turns."),
    ev.GameOver: lambda e, n: f"{n.p(e.player)} wins the game.",
    ev.CreatureMet: lambda e, n: f"{n.p(e.player)} meets {a(n.c(e.card))} (HP {e.hp}).",
    ev.Ambushed: lambda e, n: f"The {n.c(e.card)} strikes first from hiding!",
    ev.Blasted: _blasted,
    ev.CreatureKilled: lambda e, n: f"The {n.c(e.card)} is dead.",
    ev.CreatureGaveUp: lambda e, n: (f"After {e.exchanges} exchanges the {n.c(e.card)} gives up on "
                                     f"{n.p(e.player)} and slinks away."),
    ev.CompanionKilled: _companion,
    ev.AttackMissed: lambda e, n: f"{possessive(n.p(e.player))} attack fails.",
    ev.StrikeDodged: lambda e, n: f"{n.p(e.player)} dodges the {n.c(e.card)}.",
    ev.Fled: _fled,
    ev.Caught: _caught,
    ev.Tamed: _tamed,
    ev.Untamed: lambda e, n: f"With {n.p(e.tamer)} gone, {n.p(e.player)} is wild again.",
    ev.Joined: _joined,
    ev.LetPass: lambda e, n: (f"The {n.c(e.card)} lowers its spear and lets {n.p(e.player)} pass."
                              if e.after_gift else
                              f"The {n.c(e.card)} watches {n.p(e.player)} but lets them pass."),
    ev.WalkedPast: lambda e, n: f"{n.p(e.player)} walks past the {n.c(e.card)}.",
    ev.ReputationChanged: _reputation,
    ev.MarketOpened: _market,
    ev.Bought: _bought,
    ev.MerchantLeft: lambda e, n: "The merchant packs up and moves on.",
    ev.Hunting: lambda e, n: f"{n.p(e.player)} is tracking {n.p(e.target)} down.",
    ev.Pounced: lambda e, n: f"{n.p(e.player)} pounces on {n.p(e.target)}!",
    ev.MustAnswer: lambda e, n: f"{n.p(e.player)} must answer: fight back or flee.",
    ev.BrokeApart: lambda e, n: f"{n.p(e.player)} and {n.p(e.attacker)} break apart.",
    ev.Transformed: _transformed,
}


def narrate(event: ev.Event, state: GameState) -> str:
    """The event in one English sentence, with names from `state` (any state of the same game)."""
    sentence = _SENTENCES.get(type(event))
    if sentence is None:
        return type(event).__name__
    return sentence(event, _Names(state))
