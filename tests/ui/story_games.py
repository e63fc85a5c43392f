"""Seeded games for the story's property tests (test_news.py): 2 to 9 players, the eager or the
steady policy with a share of random moves (and a taste for hunting, so players kill players), some
tables choosing their slugcats at the table. Each game is played through one GameSession, told at
every hand-off, and can be resumed from its record at any action, as `rainboard continue` does.

`python -m tests.ui.story_games 2000` checks that many games (the test suite plays a few hundred).
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Iterator
from datetime import UTC, datetime

from attrs import define, field

from rainboard.data import GameData, load_data
from rainboard.engine import PlayerSetup, Setup, legal_actions
from rainboard.engine import events as ev
from rainboard.engine.actions import Hunt, Strike
from rainboard.engine.rng import Chooser
from rainboard.engine.state import CHOOSING
from rainboard.saves import Replay, new_save, record
from rainboard.sim import make_policy
from rainboard.ui.resume import session_from_replay
from rainboard.ui.session import GameSession
from rainboard.ui.turn_story import since_lines
from rainboard.ui.widgets.rain_clock import rain_words

NAMES = ("Ada", "Bo", "Cy", "Di", "Ez", "Fi", "Gu", "Hal", "Ivo")
MOMENT = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)  # a save's date: never the clock's
CAP = 120  # actions a game plays at most: short games, many of them
_DATA: list[GameData] = []


def data() -> GameData:
    if not _DATA:
        _DATA.append(load_data())
    return _DATA[0]


# -- playing ----------------------------------------------------------------------------------------
@define
class Move:
    """One action as the test keeps it: who made it, where its events begin, what it did."""

    actor: int
    action: str
    events_before: int
    events: tuple
    rain_before: int


@define
class Played:
    """A game played through a session: its setup, its moves, and the story told at each hand-off
    (the action count after which it was told -> (player, lines, the state then))."""

    number: int
    setup: Setup
    session: GameSession
    moves: list[Move] = field(factory=list)
    told: dict[int, tuple[int, list[str], object]] = field(factory=dict)


def setup_for(number: int) -> Setup:
    rng = random.Random(f"setup {number}")
    players = 2 + number % 8
    slugcats = rng.sample(sorted(data().slugcats), players)
    choose_later = number % 3 == 0  # the table chooses its slugcats: the first moves are the choices
    return Setup(players=[PlayerSetup(NAMES[i], None if choose_later else slugcat)
                          for i, slugcat in enumerate(slugcats)], seed=f"story {number}")


def chooser_for(number: int):
    """The game's way of choosing: eager or steady, a random move now and then, and a strike or a
    hunt taken half the time it is offered."""
    policy = make_policy("eager" if number % 2 else "steady", data(), Chooser(number))
    rng = random.Random(f"moves {number}")

    def choose(state):
        legal = legal_actions(state)
        hunting = [action for action in legal if isinstance(action, (Hunt, Strike))]
        if state.phase == CHOOSING or rng.random() < 0.12:
            return rng.choice(legal)
        if hunting and rng.random() < 0.5:
            return rng.choice(hunting)
        return policy(state)

    return choose


def play(number: int, cap: int = CAP) -> Played:
    """Game `number` played up to `cap` actions, its story told to whoever takes the keyboard."""
    setup = setup_for(number)
    session = GameSession.start(setup, data())
    game = Played(number, setup, session)
    choose = chooser_for(number)
    while not session.over and len(session.actions) < cap:
        state = session.state
        actor, before = state.to_act, len(session.events)
        events = session.act(choose(state))
        game.moves.append(Move(actor, session.actions[-1], before, tuple(events), state.rain))
        after = session.state.to_act
        if after is not None and after != actor:
            game.told[len(session.actions)] = (after, since_lines(session, after), session.state)
    return game


def resumed(game: Played, upto: int) -> GameSession:
    """The game as `rainboard continue` opens it after `upto` actions: from its save, replayed."""
    session = game.session
    save = new_save(game.setup, data(), True, MOMENT, game_id=f"story-{game.number}")
    save = record(save, [m.action for m in game.moves[:upto]], {}, False, None, MOMENT)
    replay = Replay(save, partial=True)
    return session_from_replay(replay, upto, replay.data, replay.setup)


def replayed_stories(game: Played, upto: int) -> Iterator[tuple[int, int, list[str], list[str]]]:
    """The game resumed after `upto` actions and played on with the same moves: at the resume and
    at every later hand-off, (actions, player, the story as told without the resume, as told after)."""
    session = resumed(game, upto)
    player = session.state.to_act
    if player is not None and upto in game.told and game.told[upto][0] == player:
        yield upto, player, game.told[upto][1], since_lines(session, player)
    for number, move in enumerate(game.moves[upto:], start=upto + 1):
        session.act(move.action)
        if number in game.told:
            player, lines, _ = game.told[number]
            yield number, player, lines, since_lines(session, player)


# -- what a story must say ----------------------------------------------------------------------------
# where play passes on from the player who moved: the round's end, the rain, a cycle's end or start,
# the next turn (announced, or owed to a search or the ending's wait). Kept here, apart from the
# engine's own list (events.PLAY_PASSES), so the story is checked against the test's reading.
PASSING = (ev.RoundEnded, ev.RainFell, ev.CycleEnded, ev.CycleStarted, ev.TurnStarted, ev.Searching, ev.Waited)


def passed_at(events) -> int:
    return next((at for at, event in enumerate(events) if isinstance(event, PASSING)), len(events))


def window(game: Played, actions: int, player: int) -> tuple[list, int | None]:
    """The events since `player`'s last move (before `actions` actions) passed play on, and the rain
    as that move found it; with no move of theirs, since the cycle began. Worked out from the moves
    the test kept, not from the session."""
    events = game.session.events
    end = game.moves[actions - 1].events_before + len(game.moves[actions - 1].events)
    for move in reversed(game.moves[:actions]):
        if move.actor == player:
            return events[move.events_before + passed_at(move.events):end], move.rain_before
    starts = [i for i, e in enumerate(events[:end]) if isinstance(e, ev.CycleStarted)]
    return events[starts[-1] if starts else 0:end], None


BREAK_LINE = re.compile(r"^(☾ Cycle \d+ ended\.|☀ Cycle \d+ began\.|☂ The rain came down\.)$")
FOOD = re.compile(r"\+(\d+) food \((\d+)/(\d+)\)")
KARMA = re.compile(r"(\b\w+)'s karma (rose|fell) to (\d+)|Your karma (rose|fell) to (\d+)")
DIED = re.compile(r"died: (killed by [^.]+|caught in the rain)")
HP = re.compile(r"\(HP (\d+)\)")


def _parts(events: list) -> list[list]:
    """The events split where the story starts a new part: the rain, a cycle's end and start."""
    parts: list[list] = [[]]
    for event in events:
        if isinstance(event, (ev.RainFell, ev.CycleEnded, ev.CycleStarted)):
            parts.append([])
        else:
            parts[-1].append(event)
    return parts


def _line_parts(lines: list[str]) -> list[list[str]]:
    parts: list[list[str]] = [[]]
    for line in lines[:-1]:  # the last line is the rain now
        if BREAK_LINE.match(line):
            parts.append([])
        elif not line.startswith("☂"):  # a roll of the new cycle
            parts[-1].append(line)
    return parts


def problems(game: Played, actions: int) -> list[str]:
    """Whatever in the story told after `actions` actions is not so."""
    player, lines, state_now = game.told[actions]
    names = [p.name for p in state_now.players]

    def who(index: int | None) -> str:
        return "you" if index == player else names[index] if index is not None else "Someone"

    found = []
    events, rain_then = window(game, actions, player)
    text = "\n".join(lines)
    if re.search(rf"\b{re.escape(names[player])}\b", text):
        found.append(f"{names[player]} is named in their own story")
    if "…" in text:
        found.append("something was cut")
    if re.search(r"\bit\b(?! \(cost| was -?\d+ at your last turn)", text):
        found.append("an 'it' that may refer to nothing")
    breaks = [e for e in events if isinstance(e, (ev.RainFell, ev.CycleEnded, ev.CycleStarted))]
    said = [line for line in lines if BREAK_LINE.match(line)]
    wanted = [("☂ The rain came down." if isinstance(e, ev.RainFell) else
               f"☾ Cycle {e.cycle} ended." if isinstance(e, ev.CycleEnded) else f"☀ Cycle {e.cycle} began.")
              for e in breaks]
    if said != wanted:
        found.append(f"the rain and the cycles: {said} where the game had {wanted}")
        return found
    for part, told in zip(_parts(events), _line_parts(lines)):
        body = "\n".join(told)
        fed = sorted((e.after - e.before, e.after, e.food_max) for e in part if isinstance(e, ev.Fed) and e.after > e.before)
        if sorted(tuple(map(int, m)) for m in FOOD.findall(body)) != fed:
            found.append(f"food figures {FOOD.findall(body)} where the events gave {fed}: {told}")
        karma = sorted((who(e.player), "rose" if e.after > e.before else "fell", e.after)
                       for e in part if isinstance(e, ev.KarmaChanged))
        shown = sorted((m[0] or "you", m[1] or m[3], int(m[2] or m[4])) for m in KARMA.findall(body))
        if shown != karma:
            found.append(f"karma {shown} where the events gave {karma}: {told}")
        deaths = sorted(_cause(e, who) for e in part if isinstance(e, ev.Died))
        if sorted(DIED.findall(body)) != deaths:
            found.append(f"deaths {DIED.findall(body)} where the events gave {deaths}: {told}")
        for e in part:
            if isinstance(e, ev.Died) and not any(f"died: {_cause(e, who)}" in line and _names(line, who(e.player))
                                                  for line in told):
                found.append(f"{who(e.player)}'s death is not told on their line: {told}")
        met = {e.hp for e in part if isinstance(e, ev.CreatureMet)}
        met |= {data().cards[e.creature].hp for e in part if isinstance(e, ev.Transformed)}
        if not {int(h) for h in HP.findall(body)} <= met:
            found.append(f"HP {HP.findall(body)} where the creatures met had {sorted(met)}")
    rolled = [f"= {e.timer}." for e in events if isinstance(e, ev.RainTimerRolled)]
    timers = [line[line.rindex("= "):] for line in lines if line.startswith("☂ ") and "rain timer" in line]
    if timers != rolled:
        found.append(f"rain timers {timers} where the game rolled {rolled}")
    now = rain_words(state_now.rain).rstrip("!")
    then = None if any(isinstance(e, ev.CycleStarted) for e in events) or rain_then == state_now.rain else rain_then
    last = f"☂ {now}." if then is None else f"☂ {now} (it was {then} at your last turn)."
    if lines[-1] != last:
        found.append(f"the rain now: {lines[-1]!r}, not {last!r}")
    return found


def _cause(e: ev.Died, who) -> str:
    if e.creature is not None:
        name = data().card(e.creature).name
        return f"killed by {'an' if name[0].lower() in 'aeiou' else 'a'} {name}"
    return f"killed by {who(e.killer)}" if e.killer is not None else "caught in the rain"


def _names(line: str, name: str) -> bool:
    return bool(re.search(rf"\b{name}\b", line, re.IGNORECASE))


def check(number: int, cap: int = CAP) -> tuple[list[str], dict]:
    """Play game `number`, check every story told in it, resume it at a random action and check the
    stories told after are the same; (problems, what the game held)."""
    game = play(number, cap)
    found = []
    held = {"stories": len(game.told), "deaths": 0, "kills": 0, "karma": 0, "cycles": game.session.state.cycle}
    for actions in game.told:
        found += [f"game {number}, after {actions} actions, told to {game.told[actions][0]}: {problem}"
                  for problem in problems(game, actions)]
    for event in game.session.events:
        held["deaths"] += isinstance(event, ev.Died)
        held["kills"] += isinstance(event, ev.Died) and event.killer is not None
        held["karma"] += isinstance(event, ev.KarmaChanged)
    if len(game.moves) > 2:
        upto = random.Random(f"resume {number}").randrange(1, len(game.moves))
        for actions, player, unbroken, after in replayed_stories(game, upto):
            if unbroken != after:
                found.append(f"game {number} resumed after {upto} actions, told to {player} after {actions}: "
                             f"{after} where the game never stopped told {unbroken}")
                break
        held["resumed"] = 1
    return found, held


def main(games: int) -> int:
    failed = 0
    for number in range(games):
        found, _ = check(number)
        failed += bool(found)
        for problem in found[:3]:
            print(problem)
    print(f"{games} games, {failed} with a story that is not so")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000))
