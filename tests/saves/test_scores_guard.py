"""The score book is only written when it can be read: record() refuses every book that `rainboard
scores` refuses, leaves it byte for byte as it was, and never keeps a result it reports as not kept."""

from __future__ import annotations

import sqlite3
from datetime import date
from pathlib import Path

import pytest

from rainboard import cli
from rainboard.saves.challenge import make_code
from rainboard.saves.scores import SCORES_FILE, ScoreBook, ScoreBookError

CODE = make_code(101, 0, True)


def _book(tmp_path: Path) -> Path:
    path = tmp_path / SCORES_FILE
    ScoreBook(path).record(CODE, "survivor", 40, date(2025, 1, 1))
    return path


def _damage(path: Path, sql: str, params: tuple = ()) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute(sql, params)
    connection.close()


# each: a row (or change) that makes the book unreadable to `scores`
DAMAGE = {
    "a day that is no date": ("UPDATE results SET day = 'not a day'", ()),
    "a day that is bytes": ("UPDATE results SET day = X'00'", ()),
    "turns that are text": ("UPDATE results SET turns = 'many'", ()),
    "negative turns": ("UPDATE results SET turns = -3", ()),
    "a fingerprint that is bytes": ("UPDATE results SET fingerprint = X'07'", ()),
    "a second row with a bad day": ("INSERT INTO results (code, slugcat, turns, day) VALUES (?, 'monk', 99, '2025-13-45')",
                                    (CODE,)),
    "a row of another code with a bad day": ("INSERT INTO results (code, slugcat, turns, day) VALUES ('OTHER', 'monk', 9, 'x')",
                                             ()),
}


@pytest.mark.parametrize("name", sorted(DAMAGE))
def test_record_refuses_a_book_scores_refuses_and_leaves_it_alone(name, tmp_path, capsys):
    path = _book(tmp_path)
    _damage(path, *DAMAGE[name])
    assert cli.main(["--data-dir", str(tmp_path), "scores"]) == 1
    err = capsys.readouterr().err
    assert str(path) in err and "damaged" in err and "Traceback" not in err
    before = path.read_bytes()
    with pytest.raises(ScoreBookError, match="damaged"):
        ScoreBook(path).record(CODE, "survivor", 12, date(2025, 2, 2))
    assert path.read_bytes() == before
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT COUNT(*) FROM results WHERE turns = 12").fetchone() == (0,)
    connection.close()


def test_a_result_not_kept_is_not_in_the_book(tmp_path):
    """The bad-day row: before, record() inserted the new result, then failed on the old best's day
    and reported the result as not kept; the next good read found it there after all."""
    path = _book(tmp_path)
    _damage(path, "UPDATE results SET day = 'yesterday'")
    with pytest.raises(ScoreBookError):
        ScoreBook(path).record(CODE, "survivor", 12, date(2025, 2, 2))
    _damage(path, "UPDATE results SET day = '2025-01-01' WHERE day = 'yesterday'")  # the table mends it
    results = ScoreBook(path).results(CODE)
    assert [r.turns for r in results] == [40]


def test_every_reader_refuses_a_damaged_book(tmp_path):
    path = _book(tmp_path)
    _damage(path, "INSERT INTO results (code, slugcat, turns, day) VALUES ('OTHER', 'monk', 9, 'x')")
    book = ScoreBook(path)
    for read in (book.best_per_code, lambda: book.results(CODE), lambda: book.best(CODE)):
        with pytest.raises(ScoreBookError, match="damaged"):
            read()


def test_a_damaged_value_is_quoted_short_and_escaped(tmp_path):
    path = _book(tmp_path)
    _damage(path, "UPDATE results SET day = ?", ("\x1b[2J" + "x" * 500,))
    with pytest.raises(ScoreBookError) as caught:
        ScoreBook(path).record(CODE, "survivor", 12, date(2025, 2, 2))
    message = str(caught.value)
    assert "\x1b" not in message and "\\x1b" in message and len(message) < 200 + len(str(path))


def test_a_good_book_still_takes_results_and_reports_bests(tmp_path):
    path = _book(tmp_path)
    book = ScoreBook(path)
    worse = book.record(CODE, "survivor", 50, date(2025, 1, 2))
    better = book.record(CODE, "survivor", 30, date(2025, 1, 3))
    assert (worse.new_best, worse.attempts, worse.previous_best.turns, worse.previous_best.attempts) == (False, 2, 40, 1)
    assert (better.new_best, better.attempts, better.previous_best.turns) == (True, 3, 40)
    assert [r.turns for r in book.results(CODE)] == [40, 50, 30]


def test_a_book_with_a_damaged_page_is_not_written(tmp_path):
    path = _book(tmp_path)
    for turns in range(300):  # enough rows for several pages
        ScoreBook(path).record(CODE, "monk", turns, date(2025, 1, 1), "x" * 200)
    data = bytearray(path.read_bytes())
    data[4096:4104] = b"\xff" * 8  # scribble over the header of the second page
    path.write_bytes(bytes(data))
    with pytest.raises(ScoreBookError):
        ScoreBook(path).record(CODE, "survivor", 1, date(2025, 3, 3))
    assert path.read_bytes() == bytes(data)
