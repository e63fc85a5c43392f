"""The one place events become English: `narrate(event, state)` tells what happened, in a sentence.

Each kind of event has one sentence below, written once. It is told as it happens (the log, a turn's
result: "Ada draws Green Lizard from the Outskirts deck.") or, through `tell(..., past=True, you=...)`,
as a story told afterwards to one player at the table ("You drew Green Lizard from the Outskirts
deck."): the same words in another tense and person, never other words. A story that joins what one
player did into one sentence reads `Sentence.subject` and `predicate`, never the text.

The state only lends names (players, cards, regions, decks) and the numbers of the rules in play;
any state of the same game will do.
"""

from __future__ import annotations

from collections.abc import Callable

from . import events as ev
from .state import GameState
from .voice import Sentence, Voice, a, possessive, the

__all__ = ["Sentence", "a", "narrate", "pearls", "possessive", "tell", "the"]


def pearls(value: float) -> str:
    """1 pearl, 1.5 pearls, half a pearl."""
    if value == 0.5:
        return "half a pearl"
    return f"{value:g} pearl" + ("" if value == 1 else "s")


def _first(n: Voice, e: ev.Event) -> int | None:
    """Who rolls for the cycle: the event's player, or the first in the turn order."""
    if e.player is not None:
        return e.player
    return n.state.order[0] if n.state.order else None


def _precycle(e: ev.PrecycleRolled, n: Voice) -> Sentence:
    verdict = "a precycle!" if e.precycle else "an ordinary cycle."
    return n.say(_first(n, e), "rolls", "rolled", f"d{e.die} for a precycle: {e.face}, {verdict[:-1]}",
                 end=verdict[-1])


def _rain_timer(e: ev.RainTimerRolled, n: Voice) -> Sentence:
    parts = " + ".join(str(f) for f in e.faces)
    extra = f" + {e.bonus}" if e.bonus else ""
    if e.precycle_bonus:
        extra += f" + {e.precycle_bonus} precycle"
    return n.say(_first(n, e), "rolls", "rolled", f"the rain timer: {e.dice}d{e.sides} ({parts}){extra} = {e.timer}")


def _fed(e: ev.Fed, n: Voice) -> Sentence:
    if e.card is not None:  # a food card is eaten as it is named; an item or a kill is "the ..."
        card = n.data.card(e.card)
        source = card.name if card.kind == "food" else f"the {card.name}"
    elif e.prey is not None:
        source = n.p(e.prey)
    else:
        source = "a food token"
    if e.after > e.before:
        return n.say(e.player, "eats", "ate", f"{source}: +{e.after - e.before} food ({e.after}/{e.food_max})")
    if e.gained == 0 and e.part_kept:
        return n.say(e.player, "eats", "ate", f"{source}, but a carnivore needs more plant food for a pip")
    if e.gained == 0:
        return n.say(e.player, "gets", "got", f"no food from {source}")
    return n.say(e.player, "is", "was", f"too full to eat {source}")


def _died(e: ev.Died, n: Voice) -> Sentence:
    if e.creature is not None:
        cause = f"killed by {a(n.c(e.creature))}"
    elif e.killer is not None:
        cause = f"killed by {n.p(e.killer)}"
    else:
        cause = "caught in the rain"
    return n.say(e.player, "dies", "died", f": {cause}")


def _moved(e: ev.Moved, n: Voice) -> Sentence:
    if e.gate is not None:
        return n.say(e.player, "passes", "passed", f"the {n.c(e.gate)} (karma {e.karma}) to {n.r(e.region)}")
    if e.leader is not None:
        return n.say(e.player, "follows", "followed", f"{n.p(e.leader)} to {n.r(e.region)}")
    return n.say(e.player, "climbs across", "climbed across", f"to {n.r(e.region)}")


def _blasted(e: ev.Blasted, n: Voice) -> Sentence | str:
    if e.target_player is not None:
        target, theirs = n.p(e.target_player), n.pos(e.target_player)
    else:
        target = f"the {n.c(e.target_card)}"
        theirs = possessive(target)
    counts = n.t("counts", "counted")
    if e.by_player is not None:
        return n.say(e.by_player, "explodes", "exploded", f"into the fight: {theirs} HP {counts} as {e.hp}")
    by = n.c(e.by_card)
    if n.data.card(e.by_card).kind == "item":
        return f"The {by} {n.t('blasts', 'blasted')}: {theirs} HP {counts} as {e.hp}."
    return f"The {by} {n.t('explodes', 'exploded')} at {target}: HP {counts} as {e.hp}."


def _companion(e: ev.CompanionKilled, n: Voice) -> str:
    companion = n.c(e.companion)
    if e.target_player is not None:
        form = n.state.players[e.target_player].form
        target = n.p(e.target_player)
        same = form is not None and n.c(form) == companion
    else:
        target, same = f"the {n.c(e.target_card)}", n.c(e.target_card) == companion
    if same:  # a tamed Green Lizard against a wild one: not a creature bringing down itself
        target = f"the other {companion}" if e.target_player is None else f"{target}, the other {companion}"
    brings = n.t("brings", "brought")
    if e.target_player is not None and e.target_player == n.you:  # "brought you down", not "down you"
        return f"{n.Pos(e.player)} {companion} {brings} {target}{',' if same else ''} down."
    return f"{n.Pos(e.player)} {companion} {brings} down {target}."


def _tamed(e: ev.Tamed, n: Voice) -> Sentence:
    if e.target is not None:
        form = n.state.players[e.target].form
        creature = n.c(form) if form else n.p(e.target)
        return n.say(e.player, "feeds", "fed", f"{n.p(e.target)} {e.cost} food: the {creature} "
                                               f"{n.t('now follows', 'followed')} {n.p(e.player)}")
    lowered = "".join(f", {label} {-value:+d}" for label, value in e.discounts)  # a negative discount raises it
    return n.say(e.player, "feeds", "fed", f"the {n.c(e.card)} {e.cost} food and {n.v(e.player, 'tames', 'tamed')} "
                                           f"it (cost {e.price}{lowered})")


def _joined(e: ev.Joined, n: Voice) -> str:
    who, card = n.p(e.player), n.c(e.card)
    if e.how == "slugpup":
        return f"{a(card, capital=True)} {n.t('tags along', 'tagged along')} with {who}."
    if e.how == "known":
        return f"The {card} {n.t('knows', 'knew')} {who} well and {n.t('joins', 'joined')} as a friend."
    return f"The {card} {n.t('joins', 'joined')} {who} as a friend."


def _reputation(e: ev.ReputationChanged, n: Voice) -> Sentence | str:
    if e.item is None:
        return (f"The scavengers {n.t('will', 'would')} remember this: {n.pos(e.player)} reputation "
                f"{n.t('is', 'was')} {e.after}.")
    told = n.say(e.player, "gives", "gave", f"the {n.c(e.card)} {a(n.c(e.item))}: reputation {e.before} -> {e.after}")
    if e.never_gains:
        return f"{told.text} Scavengers never warm to {n.s(n.state.players[e.player].slugcat)}."
    return told


def _market(e: ev.MarketOpened, n: Voice) -> str:
    wares = ", ".join(f"{n.c(c)} ({pearls(n.data.cards[c].pearls)})" for c in e.offers) or "nothing"
    return f"{a(n.c(e.card), capital=True)} {n.t('spreads out', 'spread out')} its wares: {wares}."


def _bought(e: ev.Bought, n: Voice) -> Sentence:
    paid = ", ".join(n.c(c) for c in e.paid) or "nothing"
    return n.say(e.player, "buys", "bought", f"{a(n.c(e.card))} for {paid}")


def _transformed(e: ev.Transformed, n: Voice) -> str:
    creature = n.data.cards[e.creature]
    return (f"{n.Pos(e.player)} long hunt {n.t('is', 'was')} over: {n.s(e.slugcat)} "
            f"{n.t('has become', 'had become')} {creature.name} (HP {creature.hp}). Others "
            f"{n.t('may now', 'could now')} kill or tame {n.them(e.player)}.")


def _fled(e: ev.Fled, n: Voice) -> Sentence:
    if e.attacker is not None:
        return n.say(e.player, "gets away", "got away", f": {n.p(e.attacker)} {n.t('cannot', 'could not')} attack "
                                                        f"{n.them(e.player)} again this cycle")
    return n.say(e.player, "escapes", "escaped", f"the {n.c(e.card)}")


def _caught(e: ev.Caught, n: Voice) -> Sentence | str:
    if e.attacker is not None:
        return n.say(e.player, "cannot shake", "could not shake",
                     f"{n.p(e.attacker)} off, but the fight {n.t('breaks up', 'broke up')}")
    return f"The {n.c(e.card)} {n.t('keeps up', 'kept up')} with {n.p(e.player)}."


def _reshuffled(e: ev.DeckReshuffled, n: Voice) -> str:
    was = n.t("is", "was")
    if e.card is not None:
        return f"The {n.c(e.card)} {was} shuffled back into {the(n.deck(e.deck))} deck."
    return f"{the(n.deck(e.deck), capital=True)} deck {was} shuffled from its discards."


def _gates_left(e: ev.GatesLeftBehind, n: Voice) -> str:
    cards = ", ".join(n.c(c) for c in e.cards)
    if len(e.cards) == 1:
        return f"{n.Pos(e.player)} {cards} {n.t('goes', 'went')} back to its deck."
    return f"{n.Pos(e.player)} {cards} {n.t('go', 'went')} back to their decks."


def _concealed(e: ev.CardConcealed, n: Voice) -> Sentence | str:
    if e.did != "returned":  # drew, kept or let_go: which card stays with its seat (table/view.py)
        now, then, what = {"drew": ("draws", "drew", "a card"), "kept": ("keeps", "kept", "a card"),
                           "let_go": ("puts", "put", "a card back")}[e.did]
        return n.say(e.player, now, then, f"a card from {the(n.deck(e.deck))} deck" if e.did == "drew" and e.deck else what)
    went = n.t("goes", "went") if e.count == 1 else n.t("go", "went")
    return f"{n.Pos(e.player)} {'a card' if e.count == 1 else f'{e.count} cards'} {went} back to the decks."


def _karma(e: ev.KarmaChanged, n: Voice) -> str:
    moved = n.t("rises", "rose") if e.after > e.before else n.t("falls", "fell")
    return f"{n.Pos(e.player)} karma {moved} to {e.after}."


def _tie(e: ev.TurnOrderTie, n: Voice) -> str:
    names = [n.P(e.tied[0])] + [n.p(i) for i in e.tied[1:]] if e.tied else []
    return "Tie! " + " and ".join(names) + f" {n.t('roll', 'rolled')} again."


_SENTENCES: dict[type, Callable[..., Sentence | str]] = {
    ev.TurnOrderTie: _tie,
    ev.TurnOrderSet: lambda e, n: "Turn order: " + ", ".join(n.p(i) for i in e.order) + ".",
    ev.SlugcatChosen: lambda e, n: n.say(e.player, "plays", "chose", n.s(e.slugcat)),
    ev.CreatureHidden: lambda e, n: (f"With nobody playing {n.s(e.slugcat)}, {n.c(e.creature)} "
                                     f"{n.t('prowls', 'prowled')} somewhere in {the(n.r(e.region))} deck."),
    ev.Rolled: lambda e, n: e.roll.describe(),
    ev.CycleStarted: lambda e, n: f"Cycle {e.cycle} {n.t('begins', 'began')}.",
    ev.PrecycleRolled: _precycle,
    ev.RainTimerRolled: _rain_timer,
    ev.TurnStarted: lambda e, n: f"{n.Pos(e.player)} turn ({n.r(e.region)}).",
    ev.RoundEnded: lambda e, n: f"The round {n.t('ends', 'ended')}. Rain timer: {e.rain}.",
    ev.RainFell: lambda e, n: f"The rain {n.t('comes', 'came')} down.",
    ev.SparedByRain: lambda e, n: f"The rain {n.t('cannot', 'could not')} reach {n.p(e.player)} in {n.r(e.region)}.",
    ev.CycleEnded: lambda e, n: f"Cycle {e.cycle} {n.t('ends', 'ended')}.",
    ev.Woke: lambda e, n: n.say(e.player, "wakes again", "woke again", f"in {n.r(e.region)}"),
    ev.DeckReshuffled: _reshuffled,
    ev.DeckEmpty: lambda e, n: f"The {n.deck(e.deck)} deck {n.t('is', 'was')} empty.",
    ev.CardDrawn: lambda e, n: n.say(e.player, "draws", "drew", f"{n.c(e.card)} from {the(n.deck(e.deck))} deck"),
    ev.CardKept: lambda e, n: (n.say(e.player, "picks up", "picked up", f"the {n.c(e.card)}") if e.picked_up
                               else n.say(e.player, "keeps", "kept", f"the {n.c(e.card)}")),
    ev.CardLetGo: lambda e, n: n.say(e.player, "already carries", "already carried",
                                     f"the {n.c(e.card)} and {n.v(e.player, 'lets', 'let')} this one go"),
    ev.GatesLeftBehind: _gates_left,
    ev.CardConcealed: _concealed,
    ev.MarkReceived: lambda e, n: n.say(e.player, "receives", "received", f"the {n.c(e.card)}"),
    ev.Fed: _fed,
    ev.SearchStarted: lambda e, n: n.say(e.player, "starts searching", "started searching",
                                         f"for a shelter ({e.turns} turns)"),
    ev.Searching: lambda e, n: n.say(e.player, "keeps searching", "kept searching", "for a shelter"),
    ev.ShelterFound: lambda e, n: n.say(e.player, "finds", "found", "a shelter"),
    ev.ShelterNotFound: lambda e, n: n.say(e.player, "finds", "found", f"no shelter in {the(n.deck(e.deck))} deck"),
    ev.Hibernated: lambda e, n: n.say(e.player, "curls up", "curled up", "in a shelter to hibernate"),
    ev.Starved: lambda e, n: n.say(e.player, "shelters hungry", "sheltered hungry",
                                   f": food {n.t('is', 'was')} lost, but the cycle {n.t('will be', 'was')} "
                                   "survived"),
    ev.KarmaChanged: _karma,
    ev.KarmaSaved: lambda e, n: (f"{n.Pos(e.player)} {n.c(e.card)} {n.t('wilts', 'wilted')}, and "
                                 f"{n.their(e.player)} karma {n.t('holds', 'held')} at {e.karma}."),
    ev.Died: _died,
    ev.Moved: _moved,
    ev.EndingReached: lambda e, n: n.say(e.player, "bears", "bore",
                                         f"the Mark into {n.r(e.region)}: the end {n.t('is', 'was')} near"),
    ev.EndingSlept: lambda e, n: n.say(e.player, "has slept", "had slept",
                                       f"{e.slept} of {e.needed} times in {n.r(e.region)} bearing the Mark"),
    ev.Waited: lambda e, n: n.say(e.player, "waits", "waited",
                                  f"at the edge of the Void Sea ({e.left} turn{'' if e.left == 1 else 's'} to go)"),
    ev.Ascended: lambda e, n: n.say(e.player, "descends", "descended",
                                    f"into the Void Sea and {n.v(e.player, 'ascends', 'ascended')}, after "
                                    f"{e.turns} turns"),
    ev.GameOver: lambda e, n: n.say(e.player, "wins", "won", "the game"),
    ev.CreatureMet: lambda e, n: n.say(e.player, "meets", "met", f"{a(n.c(e.card))} (HP {e.hp})"),
    ev.Ambushed: lambda e, n: f"The {n.c(e.card)} {n.t('strikes', 'struck')} first from hiding!",
    ev.Blasted: _blasted,
    ev.CreatureKilled: lambda e, n: f"The {n.c(e.card)} {n.t('is dead', 'was killed')}.",
    ev.CreatureGaveUp: lambda e, n: (f"After {e.exchanges} exchanges the {n.c(e.card)} {n.t('gives up', 'gave up')} "
                                     f"on {n.p(e.player)} and {n.t('slinks', 'slunk')} away."),
    ev.CompanionKilled: _companion,
    ev.AttackMissed: lambda e, n: f"{n.Pos(e.player)} attack {n.t('fails', 'failed')}.",
    ev.StrikeDodged: lambda e, n: n.say(e.player, "dodges", "dodged", f"the {n.c(e.card)}"),
    ev.Fled: _fled,
    ev.Caught: _caught,
    ev.Tamed: _tamed,
    ev.Untamed: lambda e, n: (f"With {n.p(e.tamer)} gone, {n.p(e.player)} {n.v(e.player, 'is', 'was')} "
                              "wild again."),
    ev.Joined: _joined,
    ev.LetPass: lambda e, n: (f"The {n.c(e.card)} {n.t('lowers', 'lowered')} its spear and {n.t('lets', 'let')} "
                              f"{n.p(e.player)} pass." if e.after_gift else
                              f"The {n.c(e.card)} {n.t('watches', 'watched')} {n.p(e.player)} but "
                              f"{n.t('lets', 'let')} {n.them(e.player)} pass."),
    ev.WalkedPast: lambda e, n: n.say(e.player, "walks past", "walked past", f"the {n.c(e.card)}"),
    ev.ReputationChanged: _reputation,
    ev.MarketOpened: _market,
    ev.Bought: _bought,
    ev.MerchantLeft: lambda e, n: f"The merchant {n.t('packs up and moves on', 'packed up and moved on')}.",
    ev.Hunting: lambda e, n: n.say(e.player, "is tracking", "started tracking", f"{n.p(e.target)} down"),
    ev.Pounced: lambda e, n: n.say(e.player, "pounces on", "pounced on", n.p(e.target), end="!"),
    ev.MustAnswer: lambda e, n: n.say(e.player, "must answer", "had to answer", ": fight back or flee"),
    ev.BrokeApart: lambda e, n: f"{n.P(e.player)} and {n.p(e.attacker)} {n.t('break', 'broke')} apart.",
    ev.Transformed: _transformed,
}


def tell(event: ev.Event, state: GameState, *, past: bool = False, you: int | None = None) -> Sentence:
    """The event's sentence, as it happens or (`past`) told afterwards, with player `you` spoken to
    ("You drew...", "Bo pounced on you!"); names from `state` (any state of the same game)."""
    sentence = _SENTENCES.get(type(event))
    if sentence is None:
        return Sentence(type(event).__name__)
    told = sentence(event, Voice(state, past, you))
    return told if isinstance(told, Sentence) else Sentence(told)


def narrate(event: ev.Event, state: GameState) -> str:
    """The event in one English sentence, as it happens, with names from `state` (any state of the
    same game)."""
    return tell(event, state).text
