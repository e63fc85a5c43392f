"""How the narrator tells a sentence: as it happens (the log: "Ada draws...") or afterwards (a story:
"Ada drew..."), and to whom (the player spoken to is "you": "You drew...", "Bo pounced on you!").
A sentence is written once (narrator.py) with the words for both tenses where they differ; the voice
picks them, makes a verb agree with "you", and keeps who a sentence is about (Sentence.subject), so
a story can join what one player did into one sentence.
"""

from __future__ import annotations

from attrs import frozen

from .state import GameState


def possessive(name: str) -> str:
    """"Scavenger's", but "Hunter Long Legs'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


@frozen
class Sentence:
    """One event told. `text` is the whole sentence. When it opens with a player as its subject
    ("Ada draws...", "You drew..."), `subject` is that player, `head` the words naming them and
    `predicate` what follows, up to the sentence's `end` (".", "!" or "" when the words end it)."""

    text: str
    subject: int | None = None
    head: str = ""
    predicate: str = ""
    end: str = "."

    def __str__(self) -> str:
        return self.text


# a verb said of "you" rather than of one player: the first word changes ("draws" -> "draw")
_YOU_WORDS = {"is": "are", "has": "have", "was": "were", "does": "do"}
_ADVERBS = ("already", "still", "now", "never")


def you_verb(verb: str) -> str:
    """The verb as "you" says it: "draws" -> "draw", "is tracking" -> "are tracking", "curls up" ->
    "curl up", "already carries" -> "already carry", "passes" -> "pass", "was" -> "were"; a past
    form ("drew") and a modal ("cannot") stay as they are."""
    words = verb.split(" ")
    at = 0
    while at < len(words) - 1 and words[at] in _ADVERBS:
        at += 1
    word = words[at]
    if word in _YOU_WORDS:
        word = _YOU_WORDS[word]
    elif word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("sses", "shes", "ches", "xes", "zes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    words[at] = word
    return " ".join(words)


class Voice:
    """Names looked up in a state, for the narrator's sentences, and the voice they are told in: now or
    afterwards (`past`), with one player (`you`) spoken to."""

    def __init__(self, state: GameState, past: bool = False, you: int | None = None):
        self.state = state
        self.data = state.data
        self.past = past
        self.you = you

    # -- players, in the voice ---------------------------------------------------------------
    def p(self, index: int | None) -> str:
        """A player as named inside a sentence: "Ada", or "you"."""
        if index is None:
            return "Someone"
        return "you" if index == self.you else self.state.players[index].name

    def P(self, index: int | None) -> str:
        """A player opening a sentence: "Ada", or "You"."""
        return "You" if index is not None and index == self.you else self.p(index)

    def pos(self, index: int) -> str:
        """"Ada's", "Hunter Long Legs'", or "your"."""
        return "your" if index == self.you else possessive(self.p(index))

    def Pos(self, index: int) -> str:
        return "Your" if index == self.you else self.pos(index)

    def them(self, index: int) -> str:
        return "you" if index == self.you else "them"

    def their(self, index: int) -> str:
        return "your" if index == self.you else "their"

    def t(self, now: str, then: str) -> str:
        """Words as they happen (`now`) or as told afterwards (`then`)."""
        return then if self.past else now

    def v(self, index: int | None, now: str, then: str) -> str:
        """A verb said of a player: "draws", "drew", or "draw" of "you"."""
        verb = self.t(now, then)
        return you_verb(verb) if index is not None and index == self.you else verb

    def say(self, index: int | None, now: str, then: str, rest: str = "", end: str = ".") -> Sentence:
        """A sentence about a player: their name, the verb (`now` or `then`, as they say it), the rest
        (joined with a space, unless it opens with a colon or a comma)."""
        head = self.P(index)
        predicate = self.v(index, now, then)
        if rest:
            predicate += rest if rest[:1] in ":," else f" {rest}"
        return Sentence(f"{head} {predicate}{end}", index, head, predicate, end)

    # -- things ----------------------------------------------------------------------------------
    def c(self, card_id: str) -> str:
        return self.data.card(card_id).name

    def r(self, region_id: str) -> str:
        return self.data.regions[region_id].name

    def deck(self, deck_id: str) -> str:
        region = self.data.regions.get(deck_id)
        return region.name if region else deck_id.capitalize()

    def s(self, slugcat_id: str) -> str:
        return self.data.slugcats[slugcat_id].name


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
