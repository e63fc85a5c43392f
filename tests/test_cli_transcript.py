"""`rainboard replay FILE --text`: the whole game as a transcript (rainboard/ui/transcript.py), checked
against the game the save holds: its cycles, its players, every roll and its total, the winner."""

from __future__ import annotations

import re

import pytest

from rainboard.cli import main
from rainboard.engine import events as ev
from rainboard.saves import Replay, record, write_save
from tests.saves import play

ROLL_LINE = re.compile(r" rolls for [^:]+: ")


@pytest.fixture(scope="module")
def game():
    """A finished three-player game on the small decks, the slugcats chosen at the table."""
    played = play(seed="t3", slugcats=("survivor", "hunter", "monk"), choose_later=True, limit=5000)
    assert played.save.finished
    return played


@pytest.fixture
def printed(game, tmp_path, capsys) -> tuple[Replay, list[str]]:
    path = tmp_path / "evening.json"
    write_save(path, game.save)
    assert main(["replay", str(path), "--text"]) == 0
    out = capsys.readouterr().out
    return Replay.from_file(path), out.splitlines()


def _events(replay: Replay) -> list:
    return [event for index in range(len(replay) + 1) for event in replay.events_at(index)]


def _heading(lines: list[str], text: str) -> bool:
    return any(line == text and lines[at + 1] == "-" * len(text) for at, line in enumerate(lines[:-1]))


def test_every_cycle_has_its_heading(printed):
    replay, lines = printed
    cycles = [event.cycle for event in _events(replay) if isinstance(event, ev.CycleStarted)]
    assert len(cycles) >= 2
    for cycle in cycles:
        assert _heading(lines, f"Cycle {cycle}")
    assert _heading(lines, "Setup") and _heading(lines, "The end")


def test_every_player_and_the_winner_are_named(printed):
    replay, lines = printed
    text = "\n".join(lines)
    final = replay.final_state
    for player in final.players:
        slugcat = final.data.slugcats[player.slugcat].name
        assert f"{player.name} ({slugcat})" in text
    winner = final.players[replay.outcome.winner]
    assert f"{winner.name} wins the game after {winner.turns} turns, in cycle {final.cycle}." in lines
    ranked = [line for line in lines if re.match(r"  \d+\. ", line)]
    assert [line.split(". ", 1)[1].split(" (")[0] for line in ranked] == [p.name for p in replay.outcome.placings]


def test_every_roll_is_told_with_its_total_in_order(printed):
    replay, lines = printed
    rolls = [event.roll for event in _events(replay) if isinstance(event, ev.Rolled)]
    told = [line for line in lines if ROLL_LINE.search(line)]
    assert rolls and len(told) == len(rolls)
    for roll, line in zip(rolls, told):
        assert f"{roll.who} rolls for {roll.purpose}: " in line
        shown = re.findall(r"= (-?\d+)", line) if roll.modifiers else re.findall(rf"{roll.die} (-?\d+)", line)
        assert shown and int(shown[-1]) == roll.total, line
    timers = [event.timer for event in _events(replay) if isinstance(event, ev.RainTimerRolled)]
    told_timers = [int(line.rsplit("= ", 1)[1].rstrip(".")) for line in lines if "rolls the rain timer" in line]
    assert told_timers == timers


def test_each_players_turns_are_counted_as_the_game_counts_them(printed):
    replay, lines = printed
    for index, player in enumerate(replay.final_state.players):
        numbers = [int(found) for line in lines for found in re.findall(rf"^{player.name} \(.+\), turn (\d+), ", line)]
        assert numbers == list(range(1, player.turns + 1))


def test_moves_taken_at_odds_are_given_with_them_in_words(printed):
    _, lines = printed
    moves = [line for line in lines if "'s move: " in line]
    assert any("% chance" in line for line in moves)
    assert not any("☠" in line or " · " in line for line in lines)


def test_an_unfinished_game_says_where_it_was_left(game):
    from rainboard.ui.transcript import transcript

    cut = len(game.save.actions) // 2
    save = record(game.save, list(game.save.actions[:cut]), game.save.digests, False, None, game.save.updated)
    text = transcript(Replay(save))
    assert "Where the game was left" in text and "The game is not over" in text and "The end" not in text


def test_a_save_that_does_not_replay_prints_no_transcript(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    assert main(["replay", str(bad), "--text"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "bad.json" in captured.err
