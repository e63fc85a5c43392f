"""`rainboard balance`: rows of simulated games summed up as a table or one JSON object."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from functools import cache

import pytest

from rainboard.cli import main
from rainboard.data import load_data
from rainboard.sim.balance import BalanceError, make_tasks, plan_rows, play_all, run
from rainboard.sim.balance_report import Progress, median, p90

SMALL = ["--games", "3", "--players", "2", "--slugcat", "survivor", "--cap", "3000", "--policy", "steady"]


@cache
def _json_run(jobs: int, *extra: str) -> str:
    """Stdout of a small --json run (cached: several tests read the same run)."""
    out, err = io.StringIO(), io.StringIO()
    args = dict(games=3, players=[2], slugcats=["survivor", *extra], cap=3000, policy="steady", jobs=jobs)
    assert run(**args, as_json=True, out=out, err=err) == 0, err.getvalue()
    assert err.getvalue() == ""  # no progress bar when stderr is not a terminal
    return out.getvalue()


def test_json_is_one_object_with_a_row_each_and_typed_fields(capsys):
    assert main(["balance", *SMALL, "--json", "--jobs", "1"]) == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)  # the whole of stdout is the one object
    assert captured.out.count("\n") == 1 and captured.err == ""
    assert list(report) == ["rows"]
    solo, mixed = report["rows"]
    assert (solo["players"], solo["slugcat"], mixed["players"], mixed["slugcat"]) == (1, "survivor", 2, None)
    for row in (solo, mixed):
        assert row["games"] == 3
        assert isinstance(row["ascended"], int) and isinstance(row["stalled"], int)
        assert row["ascended"] + row["stalled"] + row["raised"] == 3
        for key in ("median_turns", "p90_turns", "median_cycles", "est_minutes", "est_minutes_p90"):
            assert row[key] is None or isinstance(row[key], (int, float)), key
        assert row["ascended"] > 0, "a steady player ascends in a few thousand actions"
        assert row["median_turns"] <= row["p90_turns"]
        assert row["est_minutes"] <= row["est_minutes_p90"]
        assert row["est_minutes"] == round(row["est_minutes"], 2)
        assert isinstance(row["starvations"], int) and row["starvations"] >= 0
        assert row["death_rate"] == round(row["deaths"] / row["player_cycles"], 4)
    assert solo["win_rate"] is None and solo["win_rates"] is None
    rates = mixed["win_rates"]
    assert set(rates) <= set(load_data(None).slugcats) and len(rates) >= 2
    assert all(0 <= r <= 1 for r in rates.values())
    assert mixed["win_rate"] == {"min": min(rates.values()), "max": max(rates.values())}
    assert json.loads(_json_run(1)) == report  # run() and the command agree


def test_results_do_not_depend_on_the_number_of_jobs():
    assert _json_run(2) == _json_run(1)
    data = load_data(None)
    tasks = make_tasks(plan_rows(data, ["saint"], [3]), games=2, seed=5, policy="eager", cap=2000)
    quiet = Progress(len(tasks), io.StringIO())
    in_process = play_all(tasks, data, None, 1, quiet)
    assert [(r.row, r.number, r.seed) for r in in_process] == [(t.row, t.number, t.seed) for t in tasks]
    assert all(r.error is None for r in in_process)
    assert play_all(tasks, data, None, 2, quiet) == in_process  # game by game, in the same order


def test_a_row_plays_the_same_games_whatever_other_rows_are_asked_for():
    alone = json.loads(_json_run(1))["rows"][0]
    with_monk = json.loads(_json_run(1, "monk"))["rows"]
    assert [row["slugcat"] for row in with_monk] == ["survivor", "monk", None]
    assert with_monk[0] == alone


def test_an_unknown_slugcat_exits_2_with_a_message(capsys):
    assert main(["balance", "--games", "1", "--slugcat", "survivor", "pebbles"]) == 2
    captured = capsys.readouterr()
    assert "no slugcat 'pebbles'" in captured.err and captured.out == ""


def test_a_player_count_out_of_range_exits_2_with_a_message(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["balance", "--players", "0"])
    assert exit_info.value.code == 2
    assert "at least 1" in capsys.readouterr().err
    err = io.StringIO()
    assert run(games=1, players=[3, 10], out=io.StringIO(), err=err) == 2  # more than the decks' slugcats
    assert "--players must be between 1 and 9" in err.getvalue()


def test_rows_default_to_every_slugcat_alone_then_player_counts():
    data = load_data(None)
    assert [(r.players, r.slugcat) for r in plan_rows(data, None, None)] == [(1, s) for s in data.slugcats]
    rows = plan_rows(data, ["The Monk", "monk"], [4, 1, 4])
    assert [(r.key, r.players, r.slugcat) for r in rows] == [("monk", 1, "monk"), ("4p", 4, None), ("1p", 1, None)]
    with pytest.raises(BalanceError):
        plan_rows(data, None, [0])


def test_the_table_prints_a_header_and_one_aligned_line_per_row(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # one table: wide enough for every column
    argv = ["balance", "--games", "2", "--slugcat", "survivor", "monk", "--players", "2", "--cap", "3000",
            "--policy", "eager", "--jobs", "1"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["Row", "Games", "Ascended"] and set(lines[1]) == {"-", " "}
    assert [line.split("  ")[0].strip() for line in lines[2:5]] == ["Survivor (solo)", "Monk (solo)", "2 players"]
    assert lines[5] == "" and lines[6].startswith("6 games, policy eager, seed 1")
    assert len({len(line) for line in lines[:5]}) == 1  # columns line up
    assert all(line.split()[-1] == "0" for line in lines[2:5])  # nothing raised


def test_a_game_that_raises_is_reported_with_its_seed_and_exits_1(simulator_fails, capsys):
    argv = ["balance", "--games", "2", "--slugcat", "survivor", "--cap", "300", "--jobs", "1", "--json"]
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert "1 game raised; the first, seed 1-survivor-1:" in captured.err
    assert "RuntimeError: a rule went wrong" in captured.err and "Traceback" in captured.err
    (row,) = json.loads(captured.out)["rows"]
    assert row["raised"] == 1 and row["ascended"] + row["stalled"] == 1  # the other game was still played


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_shows_only_on_a_terminal_with_the_time_spent_and_left():
    terminal = _Terminal()
    bar = Progress(4, terminal)
    for done in range(1, 5):
        bar.update(done)
    drawn = terminal.getvalue()
    assert "1/4" in drawn and "4/4" in drawn and "elapsed" in drawn and "left" in drawn
    bar.clear()
    assert terminal.getvalue().rstrip().endswith("\x1b[2K") or "4/4" not in terminal.getvalue().splitlines()[-1]
    piped = io.StringIO()
    quiet = Progress(4, piped)
    quiet.update(2)
    quiet.clear()
    assert piped.getvalue() == ""


@pytest.mark.parametrize("columns", [80, 120])
def test_the_table_fits_the_terminal_and_keeps_every_column(columns):
    from rainboard.sim.balance_report import HEADER, table

    row = {"slugcat": None, "players": 4, "games": 1000, "ascended": 1000, "median_turns": 93.5,
           "p90_turns": 111, "median_cycles": 10, "death_rate": 0.155, "starvations_per_game": 1.2,
           "player_kills": 1.07, "win_rates": {"saint": 0.16, "gourmand": 0.46},
           "est_minutes": 128, "est_minutes_p90": 153, "stalled": 0, "raised": 0}
    names = {"saint": "Saint", "gourmand": "Gourmand"}
    whole = table([row], names)
    assert max(len(line) for line in whole) > 120  # too wide for either terminal as one table
    fitted = table([row], names, columns)
    assert all(len(line) <= columns for line in fitted)
    headers = [line for line in fitted if line.startswith("Row ")]
    assert len(headers) >= 2  # a second table below, led by the row's name again
    found = [word.strip() for line in headers for word in line.split("  ") if word.strip()]
    assert sorted(word for word in found if word != "Row") == sorted(h for h in HEADER if h != "Row")
    assert all(line.startswith("4 players") for line in fitted if line and line[0].isdigit())


def test_median_and_p90_by_nearest_rank_and_none_for_nothing():
    assert median([]) is None and p90([]) is None
    assert median([3, 1, 2]) == 2 and median([1, 2]) == 1.5
    assert p90(list(range(1, 11))) == 9 and p90(list(range(1, 12))) == 10 and p90([7]) == 7


def test_the_command_line_parser_leaves_the_engine_unloaded():
    code = ("import sys; from rainboard.cli import build_parser; "
            "build_parser().parse_args(['balance', '--players', '2', '3', '--slugcat', 'monk']); "
            "print(sorted(m for m in sys.modules if m.startswith(('rainboard.engine', 'rainboard.sim'))))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
