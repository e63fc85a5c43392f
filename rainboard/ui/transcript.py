"""A whole game as a transcript to read: the setup, every turn's moves and what they did, cycle by
cycle, and the story of how it ended. It is how a game is shared with someone who did not play it, and
how it is read with a screen reader: plain lines, headings of their own, no symbol that stands for a
word.

It is built from a Replay (the save played back, so it is the game the save holds) and words nothing
itself: each sentence is the narrator's (narrator.tell), a player's sentences in a row joined as the
table's stories join them (news.joined), each move as it was offered at the table (words.action_label,
its odds in words), each roll with its dice and total (Roll.describe), and the figures of the end the
game-over screen's (outcome placings, story.stories).

`rainboard replay FILE --text` prints it; the game-over screen and Saved games write it to
<data dir>/transcripts/ (sharing.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rainboard.engine import events as ev
from rainboard.engine.actions import ChooseSlugcat
from rainboard.engine.events import Event
from rainboard.engine.narrator import Sentence, possessive, tell
from rainboard.engine.queries import ending_progress
from rainboard.engine.state import CHOOSING, GameState
from rainboard.saves import Replay
from rainboard.text import printable

from .news import joined
from .story import PlayerStory, progress_words, stories
from .words import DEATH, action_label

TITLE = "Rain World: The Board Game, as played on Rainboard"
# what passes play on (events.PLAY_PASSES): a turn's lines end at the first of them
TURN_ENDS = ev.PLAY_PASSES
OWED_TURNS = (ev.Searching, ev.Waited)  # turns that play themselves, with no TurnStarted
TIMES = {0: "never", 1: "once", 2: "twice"}


def transcript(replay: Replay, name: str | None = None) -> str:
    """The game of `replay` as text, ending with a newline; `name` (the save's file name) in its
    header. Every line is printable (rainboard.text.printable), whatever the save's names hold."""
    return "\n".join(printable(line) for line in transcript_lines(replay, name)) + "\n"


def transcript_lines(replay: Replay, name: str | None = None) -> list[str]:
    """The transcript's lines (see transcript)."""
    writer = _Writer(replay)
    writer.header(name)
    writer.heading("Setup")
    for index in range(len(replay) + 1):
        writer.step(index)
    writer.ending()
    return writer.lines


class _Writer:
    """The transcript written step by step: headings for the setup, each cycle and the end; a
    paragraph per turn, headed "Ada (Survivor), turn 12, Outskirts:", its moves and what they did
    indented under it; what the table does (rounds, the rain, a cycle's end) at the margin."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.lines: list[str] = []
        self.turns: dict[int, int] = {}  # turns each player has begun so far
        self.in_turn = False  # lines go indented under a turn's heading
        self.said: list[Sentence] = []  # the sentences of the move being told, to join

    # -- the parts -----------------------------------------------------------------------------------
    def header(self, name: str | None) -> None:
        replay, final = self.replay, self.replay.final_state
        save = replay.save
        self.lines += [TITLE, "=" * len(TITLE), ""]
        self.lines.append(f"Players, in seat order: {_and(_cast(final, i) for i in range(len(final.players)))}.")
        data = replay.data
        game = data.presets[data.preset].name if data.preset in data.presets else data.preset
        self.lines.append(f"Game: {game}, {data.rules.dice.variant} dice, rules {save.rules}.")
        if save.challenge is not None:
            self.lines.append(f"Challenge {save.challenge.code}: anyone who plays the code plays this game.")
        else:
            self.lines.append(f"Seed {save.seed}: typed into New game, it deals the same game again.")
        told = f"{len(replay)} moves over {_count(final.cycle, 'cycle')}"
        self.lines.append(f"Save: {name}, {told}." if name else f"The save holds {told}.")
        self.lines += ["", "Each turn is headed by who played it, their slugcat, their own count of turns and "
                           "where they were. A move the table offered with odds is given with them; every roll "
                           "shows its dice, what was added and the total."]

    def heading(self, text: str) -> None:
        self._flush()
        self.in_turn = False
        self.lines += ["", text, "-" * len(text), ""]

    def step(self, index: int) -> None:
        """Action `index` (0: the game's opening) and everything it made happen."""
        replay = self.replay
        state = replay.state_at(index)  # as the events left it: the names and forms they speak of
        events = replay.events_at(index)
        if index:
            self._move(replay.state_at(index - 1), replay.action_at(index), events, state)
        for event in events:
            self._event(event, state)
        self._flush()

    def ending(self) -> None:
        """How the game ended: the winner, everyone's place, each player's story; or where it was left."""
        replay = self.replay
        final, result = replay.final_state, replay.outcome
        if result is None:
            self._left_off(final)
            return
        self.heading("The end")
        winner = final.players[result.winner]
        if result.solo_score is not None:
            self.lines.append(f"{winner.name} ascends after {_count(result.solo_score, 'turn')}, in cycle "
                              f"{final.cycle}: a solo score of {result.solo_score} (fewer is better).")
        else:
            self.lines.append(f"{winner.name} wins the game after {_count(winner.turns, 'turn')}, in cycle "
                              f"{final.cycle}.")
        data = replay.data
        ending_region = next((r.name for r in data.regions.values() if r.ascension), "the end")
        self.lines += ["", "How everyone ranked:"]
        for placing in result.placings:
            player = final.players[placing.player]
            how = progress_words(ending_progress(player), ending_region)
            self.lines.append(f"  {placing.place}. {_cast(final, placing.player)}: {how}, "
                              f"{_count(placing.turns, 'turn')}, karma {placing.karma}.")
        self.lines += ["", "Each player's story:"]
        events = [event for index in range(len(replay) + 1) for event in replay.events_at(index)]
        for story in stories(events, final):
            self.lines.append(f"  {story_words(story)}")

    def _left_off(self, final: GameState) -> None:
        self.heading("Where the game was left")
        to_act = final.players[final.to_act].name
        if final.phase == CHOOSING:
            self.lines.append(f"The game is not over: it was left as the slugcats were chosen, with {to_act} "
                              "still to choose.")
        else:
            self.lines.append(f"The game is not over: it was left in cycle {final.cycle}, with {to_act} to play.")
        self.lines.append("")
        for index, player in enumerate(final.players):
            region = final.data.regions[player.region].name if player.region in final.data.regions else "no region yet"
            self.lines.append(f"  {_cast(final, index)}: {region}, karma {player.karma}, food {player.food}.")

    # -- moves and events ----------------------------------------------------------------------------
    def _move(self, before: GameState, action, events: Sequence[Event], after: GameState) -> None:
        """The move as it was offered, when it says more than what it did: the odds it was taken at,
        or a move whose events tell nothing of the player who made it. ("Draw from the Outskirts deck"
        is told by "Ada draws Batfly from the Outskirts deck.")"""
        if isinstance(action, ChooseSlugcat):  # "Ada plays Survivor." tells it
            return
        actor = before.to_act if before.to_act is not None else before.current
        offered, odds = move_words(before, action)
        own = events[:next((i for i, e in enumerate(events) if isinstance(e, TURN_ENDS)), len(events))]
        if not odds and any(tell(event, after).subject == actor for event in own):
            return
        self._flush()
        self._line(f"{possessive(before.players[actor].name)} move: {offered}.")

    def _event(self, event: Event, state: GameState) -> None:
        if isinstance(event, ev.CycleStarted):
            self.heading(f"Cycle {event.cycle}")
            return
        if isinstance(event, (ev.TurnStarted, *OWED_TURNS)):
            self._turn(event, state)
            if isinstance(event, ev.TurnStarted):  # the heading tells it
                return
        elif isinstance(event, TURN_ENDS):
            self._flush()
            if self.in_turn:
                self.in_turn = False
                self.lines.append("")
        sentence = tell(event, state)
        if isinstance(event, ev.Rolled) or not self.in_turn:
            self._flush()
            self._line(sentence.text)
        else:
            self.said.append(sentence)

    def _turn(self, event: Event, state: GameState) -> None:
        """A player's turn begins: its heading, "Ada (Survivor), turn 12, Outskirts:"."""
        self._flush()
        player = event.player
        self.turns[player] = self.turns.get(player, 0) + 1
        region = event.region if isinstance(event, ev.TurnStarted) else state.players[player].region
        if self.lines and self.lines[-1]:
            self.lines.append("")
        self.in_turn = False
        self._line(f"{_cast(state, player)}, turn {self.turns[player]}, {state.data.regions[region].name}:")
        self.in_turn = True

    def _flush(self) -> None:
        """The move's sentences told so far, a player's in a row joined into one line."""
        run: list[Sentence] = []
        for sentence in self.said:
            if run and (sentence.subject is None or sentence.subject != run[0].subject):
                self._line(joined(run))
                run = []
            run.append(sentence)
        if run:
            self._line(joined(run))
        self.said = []

    def _line(self, text: str) -> None:
        text = " ".join(text.split())  # one line, whatever a sentence held
        if text and text[-1] not in ".!?:":
            text += "."
        self.lines.append(("  " if self.in_turn else "") + text)


# -- words -------------------------------------------------------------------------------------------
def move_words(state: GameState, action) -> tuple[str, bool]:
    """A move as the table offered it, its odds in words: "Attack with Spear (55% chance, 10% risk of
    death)" for the list's "Attack with Spear · 55% · ☠10%"; and whether it had odds or costs."""
    head, *extras = action_label(state, action).split(" · ")
    said = []
    for extra in extras:
        if extra.startswith(DEATH):
            said.append(extra.removeprefix(DEATH).replace("%", "% risk of death", 1))
        elif extra.endswith("%"):
            said.append(f"{extra} chance")
        else:
            said.append(extra)
    return (f"{head} ({', '.join(said)})" if said else head), bool(said)


def story_words(story: PlayerStory) -> str:
    """One player's story in a sentence: karma and food cycle by cycle, then the counts."""
    parts = []
    if story.karma:
        parts.append(f"karma {story.karma[0]} at the start and {story.karma[-1]} at the end"
                     + (f" (as each cycle began: {', '.join(map(str, story.karma[:-1]))})" if len(story.karma) > 2
                        else ""))
    if story.food:
        parts.append(f"ate {_count(sum(story.food), 'food pip')} (by cycle: {', '.join(map(str, story.food))})")
    parts.append(_and([_often("slept", story.slept), _often("starved", story.starved),
                       _often("died", story.deaths)]))
    parts.append(f"{_some(story.kills, 'kill')} and {_some(story.tames, 'tame')}")
    return f"{story.name}: {'; '.join(parts)}."


def _often(verb: str, times: int) -> str:
    if times == 0:
        return f"never {verb}"
    return f"{verb} {TIMES.get(times, f'{times} times')}"


def _some(n: int, thing: str) -> str:
    """"no kills", "1 kill", "3 kills"."""
    return f"no {thing}s" if n == 0 else _count(n, thing)


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" + ("" if n == 1 else "s")


def _cast(state: GameState, index: int) -> str:
    """"Ada (Survivor)", or only "Ada" before a slugcat is chosen."""
    player = state.players[index]
    slugcat = state.data.slugcats.get(player.slugcat) if player.slugcat else None
    return f"{player.name} ({slugcat.name})" if slugcat is not None else player.name


def _and(items: Iterable[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    listed = list(items)
    if len(listed) <= 1:
        return "".join(listed)
    return ", ".join(listed[:-1]) + " and " + listed[-1]
