"""Each player's story of a game, told from the session's events: karma and food cycle by cycle,
sleeps, deaths, kills and tames. Nothing here decides a rule; it counts what the engine said happened."""

from __future__ import annotations

from attrs import define, field
from textual.content import Content

from rainboard.engine import events as ev
from rainboard.engine.queries import EndingProgress

BARS = "▁▂▃▄▅▆▇█"
TIMES = {1: "once", 2: "twice"}


@define
class PlayerStory:
    """One player's game in figures."""

    name: str
    karma: list[int] = field(factory=list)  # at the start of each cycle, then at the end of the game
    food: list[int] = field(factory=list)  # pips eaten in each cycle
    slept: int = 0  # hibernations
    starved: int = 0
    deaths: int = 0
    kills: int = 0  # creatures, and players caught while hunting them
    tames: int = 0


def stories(events, state) -> list[PlayerStory]:
    """Every player's story, in seat order, from everything that happened (session.events) and the
    final state."""
    told = [PlayerStory(player.name) for player in state.players]
    karma: list[int | None] = [None] * len(told)
    for event in events:
        who = event.player
        if isinstance(event, ev.CycleStarted):
            for index, story in enumerate(told):
                story.food.append(0)
                story.karma.append(karma[index] if karma[index] is not None else _first_karma(events, index, state))
            continue
        if who is None or not 0 <= who < len(told):
            continue
        story = told[who]
        if isinstance(event, ev.KarmaChanged):
            karma[who] = event.after
        elif isinstance(event, ev.Fed) and story.food:
            story.food[-1] += event.after - event.before
        elif isinstance(event, ev.Hibernated):
            story.slept += 1
        elif isinstance(event, ev.Starved):
            story.starved += 1
        elif isinstance(event, ev.Died):
            story.deaths += 1
            if event.killer is not None and 0 <= event.killer < len(told):
                told[event.killer].kills += 1
        elif isinstance(event, ev.CreatureKilled):
            story.kills += 1
        elif isinstance(event, ev.Tamed):
            story.tames += 1
    for story, player in zip(told, state.players):
        story.karma.append(player.karma)
    return told


def progress_words(progress: EndingProgress, ending_region: str) -> str:
    """How far along the ending a player got, in words: "bears the Mark", "slept once in Subterranean"."""
    if progress.ascended:
        return "ascended"
    if progress.reached:
        if progress.sleeps:
            return f"slept {TIMES.get(progress.sleeps, f'{progress.sleeps} times')} in {ending_region}"
        return f"reached {ending_region}"
    return "bears the Mark" if progress.mark else "still searching"


def _first_karma(events, index: int, state) -> int:
    """A player's karma before anything changed it: the first change's `before`, else what it is now."""
    for event in events:
        if isinstance(event, ev.KarmaChanged) and event.player == index:
            return event.before
    return state.players[index].karma


def squeeze(values: list[int], width: int, last: bool) -> list[float]:
    """`values` in at most `width` buckets: each bucket's last value (`last`), else its mean."""
    if len(values) <= width:
        return [float(v) for v in values]
    out = []
    for bucket in range(width):
        start = bucket * len(values) // width
        end = (bucket + 1) * len(values) // width
        chunk = values[start:end]
        out.append(float(chunk[-1]) if last else sum(chunk) / len(chunk))
    return out


def sparkline(values: list[float], low: float, high: float) -> str:
    """One bar per value, scaled from `low` (the shortest bar) to `high` (the tallest)."""
    if not values:
        return ""
    span = high - low
    top = len(BARS) - 1
    return "".join(BARS[round((value - low) / span * top) if span > 0 else 0] for value in values)


def story_rows(told: list[PlayerStory], width: int) -> list[tuple[Content | str, ...]]:
    """The story table's rows: name, karma's line with where it started and ended, food's line, then
    the counts. Every line is scaled alike, so the table compares the players at a glance."""
    karmas = [squeeze(story.karma, width, last=True) for story in told]
    foods = [squeeze(story.food, width, last=False) for story in told]
    karma_low = min((min(k) for k in karmas if k), default=0)
    karma_high = max((max(k) for k in karmas if k), default=0)
    food_high = max((max(f) for f in foods if f), default=0)
    rows = []
    for story, karma, food in zip(told, karmas, foods):
        ends = f" {story.karma[0]}→{story.karma[-1]}" if story.karma else ""
        rows.append((
            story.name,
            Content.assemble((sparkline(karma, karma_low, karma_high), "$accent"), ends),
            Content.styled(sparkline(food, 0, food_high), "$success"),
            str(story.slept), str(story.starved), str(story.deaths), str(story.kills), str(story.tames),
        ))
    return rows


KARMA_HEADING, FOOD_HEADING = "Karma by cycle", "Food by cycle"
COUNT_HEADINGS = ("Slept", "Starved", "Died", "Kills", "Tamed")


def story_columns(width: int) -> list[tuple[str, int | None]]:
    """The story table's headings, with the widths of the columns drawn as lines of `width` bars
    (the karma's with room for "1→5" after it); None: as wide as the words in it."""
    return [("Player", None), (KARMA_HEADING, max(len(KARMA_HEADING), width + 5)),
            (FOOD_HEADING, max(len(FOOD_HEADING), width)), *((heading, None) for heading in COUNT_HEADINGS)]
