"""The score book: bests, ties, personal bests, persistence, and clear words about a bad file."""

from __future__ import annotations

import argparse
import io
import sqlite3
import subprocess
import sys
import textwrap
from datetime import date
from pathlib import Path

import pytest

from rainboard import cli, cli_challenge
from rainboard.saves.challenge import make_code
from rainboard.saves.scores import SCHEMA_VERSION, SCORES_FILE, Result, ScoreBook, ScoreBookError

ROOT = Path(__file__).resolve().parents[2]
CODE_A = make_code(101, 0, True)
CODE_B = make_code(202, 2, False)


@pytest.fixture
def book_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "nested" / SCORES_FILE


def test_reading_an_empty_book_makes_no_file(book_path):
    book = ScoreBook(book_path)
    assert book.best(CODE_A) is None
    assert book.best_per_code() == []
    assert book.results(CODE_A) == []
    assert not book_path.exists() and not book_path.parent.exists()


def test_the_first_result_makes_the_folder_and_file_and_is_a_best(book_path):
    result = ScoreBook(book_path).record(CODE_A, "survivor", 52, date(2025, 1, 2), "/saves/a.json")
    assert book_path.is_file()
    assert result == Result(code=CODE_A, slugcat="survivor", turns=52, day=date(2025, 1, 2),
                            save_path="/saves/a.json", attempts=1, new_best=True, previous_best=None)
    with sqlite3.connect(book_path) as connection:
        assert connection.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]


def test_personal_bests(book_path):
    book = ScoreBook(book_path)
    book.record(CODE_A, "survivor", 50, date(2025, 1, 1), None)
    worse = book.record(CODE_A, "survivor", 61, date(2025, 1, 2), None)
    assert (worse.new_best, worse.previous_best.turns, worse.attempts) == (False, 50, 2)
    assert worse.previous_best.day == date(2025, 1, 1)
    tie = book.record(CODE_A, "survivor", 50, date(2025, 1, 3), None)
    assert (tie.new_best, tie.previous_best.turns, tie.previous_best.day) == (False, 50, date(2025, 1, 1))
    better = book.record(CODE_A, "survivor", 44, date(2025, 1, 4), "b.json")
    assert (better.new_best, better.previous_best.turns, better.attempts) == (True, 50, 4)
    assert better.previous_best.new_best is False and better.previous_best.previous_best is None
    other_code = book.record(CODE_B, "hunter", 90, date(2025, 1, 4), None)
    assert (other_code.new_best, other_code.previous_best, other_code.attempts) == (True, None, 1)
    assert book.best(CODE_A).turns == 44
    assert book.best(CODE_A).save_path == "b.json"


def test_ties_go_to_the_earliest_day_then_the_first_recorded(book_path):
    book = ScoreBook(book_path)
    book.record(CODE_A, "survivor", 40, date(2025, 2, 10), "late.json")
    book.record(CODE_A, "survivor", 40, date(2025, 2, 1), "early.json")
    book.record(CODE_A, "survivor", 40, date(2025, 2, 1), "early-again.json")
    book.record(CODE_A, "survivor", 45, date(2025, 1, 1), None)
    best = book.best(CODE_A)
    assert (best.turns, best.day, best.save_path, best.attempts) == (40, date(2025, 2, 1), "early.json", 4)


def test_best_per_code_gives_one_row_per_code(book_path):
    book = ScoreBook(book_path)
    book.record(CODE_B, "hunter", 70, date(2025, 3, 2), None)
    book.record(CODE_A, "survivor", 33, date(2025, 3, 3), None)
    book.record(CODE_B, "hunter", 65, date(2025, 3, 4), None)
    book.record(CODE_B, "hunter", 65, date(2025, 3, 1), None)
    book.record(CODE_B, "hunter", 80, date(2025, 3, 5), None)
    rows = book.best_per_code()
    assert [(r.code, r.slugcat, r.turns, r.day, r.attempts) for r in rows] == sorted([
        (CODE_A, "survivor", 33, date(2025, 3, 3), 1),
        (CODE_B, "hunter", 65, date(2025, 3, 1), 4),
    ])


def test_results_and_best_by_slugcat(book_path):
    book = ScoreBook(book_path)
    book.record(CODE_A, "survivor", 30, date(2025, 4, 1), None)
    book.record(CODE_A, "monk", 20, date(2025, 4, 2), None)  # the same code on other decks
    assert [r.turns for r in book.results(CODE_A)] == [30, 20]
    assert all(r.attempts == 2 for r in book.results(CODE_A))
    assert book.best(CODE_A).slugcat == "monk"
    assert book.best(CODE_A, "survivor").turns == 30
    assert book.best(CODE_A, "saint") is None
    first_monk = book.record(CODE_A, "monk", 25, date(2025, 4, 3), None)
    assert (first_monk.new_best, first_monk.previous_best.turns) == (False, 20)


def test_codes_are_found_however_they_are_typed(book_path):
    book = ScoreBook(book_path)
    result = book.record(CODE_A.lower().replace("-", " "), "survivor", 30, date(2025, 4, 1), None)
    assert result.code == CODE_A
    assert book.best(CODE_A.replace("-", "")).turns == 30


def test_bad_turns_are_refused(book_path):
    with pytest.raises(ValueError):
        ScoreBook(book_path).record(CODE_A, "survivor", -1, date(2025, 1, 1), None)


def test_results_survive_closing_and_reopening(book_path):
    ScoreBook(book_path).record(CODE_A, "survivor", 30, date(2025, 5, 1), "x.json")
    again = ScoreBook(book_path)
    assert again.best(CODE_A).turns == 30
    result = again.record(CODE_A, "survivor", 29, date(2025, 5, 2), None)
    assert (result.new_best, result.previous_best.turns) == (True, 30)
    assert len(ScoreBook(book_path).results(CODE_A)) == 2


def test_results_survive_in_another_process(book_path):
    ScoreBook(book_path).record(CODE_A, "survivor", 30, date(2025, 5, 1), None)
    script = textwrap.dedent(f"""
        from datetime import date
        from rainboard.saves.scores import ScoreBook
        book = ScoreBook({str(book_path)!r})
        print(book.best({CODE_A!r}).turns)
        print(book.record({CODE_B!r}, "hunter", 77, date(2025, 5, 3), None).new_best)
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["30", "True"]
    assert ScoreBook(book_path).best(CODE_B).turns == 77


@pytest.mark.parametrize("content", [
    b"this is not a database, just some notes\n",
    b"SQLite format 3\x00" + b"\xff" * 200,
    bytes(range(256)) * 8,
])
def test_a_file_that_is_not_a_score_book_is_named_and_left_alone(tmp_path, content):
    path = tmp_path / SCORES_FILE
    path.write_bytes(content)
    before = path.stat().st_mtime_ns
    with pytest.raises(ScoreBookError) as error:
        book = ScoreBook(path)
        book.record(CODE_A, "survivor", 1, date(2025, 1, 1), None)
    assert str(path) in str(error.value)
    assert "Traceback" not in str(error.value)
    assert path.read_bytes() == content
    assert path.stat().st_mtime_ns == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [SCORES_FILE]


def test_an_empty_file_reads_as_an_empty_book_and_takes_results(tmp_path):
    path = tmp_path / SCORES_FILE
    path.write_bytes(b"")
    book = ScoreBook(path)
    assert book.best_per_code() == [] and book.best(CODE_A) is None
    assert path.read_bytes() == b""
    assert book.record(CODE_A, "survivor", 12, date(2025, 1, 1), None).new_best
    assert ScoreBook(path).best(CODE_A).turns == 12


def test_another_programs_database_is_refused(tmp_path):
    path = tmp_path / SCORES_FILE
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE recipes (name TEXT)")
    connection.close()
    content = path.read_bytes()
    with pytest.raises(ScoreBookError, match="not a Rainboard score book"):
        ScoreBook(path)
    assert path.read_bytes() == content


def test_a_newer_score_book_is_refused(book_path):
    ScoreBook(book_path).record(CODE_A, "survivor", 30, date(2025, 5, 1), None)
    with sqlite3.connect(book_path) as connection:
        connection.execute("UPDATE schema_version SET version = 99")
    connection.close()
    with pytest.raises(ScoreBookError, match="newer Rainboard"):
        ScoreBook(book_path).best(CODE_A)


def test_a_folder_in_the_way_is_reported(tmp_path):
    (tmp_path / SCORES_FILE).mkdir()
    with pytest.raises(ScoreBookError, match="is a folder"):
        ScoreBook(tmp_path / SCORES_FILE)


def test_for_data_dir_uses_the_usual_file_name(tmp_path):
    book = ScoreBook.for_data_dir(tmp_path)
    assert book.path == tmp_path / "scores.sqlite3"


# --- the `rainboard scores` command ---

def _scores(folder: Path) -> tuple[int, str]:
    out = io.StringIO()
    code = cli.cmd_scores(argparse.Namespace(data_dir=folder), out)
    return code, out.getvalue()


def test_scores_says_when_there_is_nothing_yet(tmp_path):
    assert _scores(tmp_path) == (0, "No challenge results yet.\n")


def test_scores_prints_a_table_of_bests(tmp_path):
    from rainboard.data import load_data

    shipped = load_data().fingerprint
    book = ScoreBook.for_data_dir(tmp_path)
    book.record(CODE_A, "survivor", 41, date(2025, 6, 2), None, fingerprint=shipped)
    book.record(CODE_A, "survivor", 38, date(2025, 6, 3), None, fingerprint=shipped)
    book.record(CODE_B, "hunter", 105, date(2025, 6, 4), None, fingerprint=shipped)
    status, text = _scores(tmp_path)
    assert status == 0
    lines = text.splitlines()
    assert lines[0].split() == ["Code", "Slugcat", "Best", "turns", "Date", "Attempts", "Decks"]
    assert set(lines[1]) <= {"-", " "}
    rows = {line.split()[0]: line.split()[1:] for line in lines[2:4]}
    assert rows == {
        CODE_A: ["Survivor", "38", "2025-06-03", "2", "these"],
        CODE_B: ["Hunter", "105", "2025-06-04", "1", "these"],
    }
    assert lines[4] == "" and "kept apart by the decks" in lines[5]


def test_scores_through_main_with_a_corrupt_book(tmp_path, monkeypatch, capsys):
    (tmp_path / SCORES_FILE).write_text("garbage", encoding="utf-8")
    monkeypatch.setattr(cli_challenge, "data_folder", lambda args: tmp_path)
    assert cli.main(["scores"]) == 1
    captured = capsys.readouterr()
    assert str(tmp_path / SCORES_FILE) in captured.err
    assert "Traceback" not in captured.out + captured.err
    assert (tmp_path / SCORES_FILE).read_text(encoding="utf-8") == "garbage"


def test_scores_through_main_in_the_folder_from_the_environment(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("RAINBOARD_DATA_DIR", str(tmp_path))
    assert cli.main(["scores"]) == 0
    assert capsys.readouterr().out == "No challenge results yet.\n"


def test_scores_with_the_data_dir_option(tmp_path, capsys):
    ScoreBook.for_data_dir(tmp_path).record(CODE_A, "survivor", 41, date(2025, 6, 2), None)
    assert cli.main(["--data-dir", str(tmp_path), "scores"]) == 0
    assert CODE_A in capsys.readouterr().out


# --- the `rainboard challenge` command (the app itself is replaced: nothing opens) ---

class FakeApp:
    opened: list[dict] = []

    def __init__(self, **kwargs):
        self.kwargs = kwargs

    def run(self):
        FakeApp.opened.append(self.kwargs)


@pytest.fixture
def fake_app(monkeypatch):
    import rainboard.ui.app

    FakeApp.opened = []
    monkeypatch.setattr(rainboard.ui.app, "RainboardApp", FakeApp)
    monkeypatch.setattr(cli_challenge, "data_folder", lambda args: Path("/tmp/rainboard-test-data"))
    return FakeApp.opened


@pytest.mark.parametrize("argv, words", [
    (["challenge", "--code", "RW-7K2Q-MU"], "never used in codes"),
    (["challenge", "--code", "XYZ"], "is not a valid code"),
    (["challenge", "--code", make_code(5, 12, True)], "names slugcat 13, but these decks have 9"),
    (["challenge", "--slugcat", "bob"], "no slugcat 'bob'"),
    (["challenge", "--daily", "--slugcat", "nobody"], "no slugcat 'nobody'"),
    (["challenge", "--code", make_code(5, 0, True), "--slugcat", "monk"], "the code fixes the slugcat"),
])
def test_a_bad_challenge_exits_2_with_a_message(fake_app, capsys, argv, words):
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert words in captured.err
    assert captured.err.startswith("rainboard challenge: ")
    assert "Traceback" not in captured.out + captured.err
    assert fake_app == []


def test_every_mistyped_code_exits_2(fake_app, capsys):
    code = make_code(5, 0, True)
    for place in (3, 4, 5, 6, 8, 9):
        typo = code[:place] + ("7" if code[place] != "7" else "8") + code[place + 1:]
        assert cli.main(["challenge", "--code", typo]) == 2
    assert "a character is mistyped" in capsys.readouterr().err
    assert fake_app == []


def test_a_good_code_opens_the_app_on_it(fake_app, capsys):
    code = make_code(5, 1, False)
    assert cli.main(["challenge", "--code", code.lower(), "--slugcat", "Monk"]) == 0
    assert fake_app == [{"challenge": code, "data_dir": Path("/tmp/rainboard-test-data")}]
    assert capsys.readouterr().out == f"Challenge {code}: Monk, precycles off.\n"


def test_daily_and_random_challenges_open_the_app(fake_app):
    from rainboard.data import load_data
    from rainboard.saves.challenge import daily_challenge, parse_code

    data = load_data()
    assert cli.main(["challenge", "--daily"]) == 0
    assert fake_app[-1]["challenge"] == daily_challenge(date.today(), data).code
    assert cli.main(["challenge", "--daily", "--slugcat", "saint"]) == 0
    assert fake_app[-1]["challenge"] == daily_challenge(date.today(), data, "saint").code
    assert cli.main(["challenge", "--slugcat", "gourmand"]) == 0
    assert parse_code(fake_app[-1]["challenge"], data).slugcat == "gourmand"
    assert cli.main(["challenge"]) == 0
    assert parse_code(fake_app[-1]["challenge"], data).code == fake_app[-1]["challenge"]


def test_the_challenge_uses_the_data_dir_option_or_the_usual_folder(monkeypatch, tmp_path):
    import rainboard.ui.app

    FakeApp.opened = []
    monkeypatch.setattr(rainboard.ui.app, "RainboardApp", FakeApp)
    monkeypatch.setenv("RAINBOARD_DATA_DIR", str(tmp_path / "from-env"))
    assert cli.main(["challenge", "--daily"]) == 0
    assert FakeApp.opened[-1]["data_dir"] == tmp_path / "from-env"
    assert cli.main(["--data-dir", str(tmp_path / "given"), "challenge", "--daily"]) == 0
    assert FakeApp.opened[-1]["data_dir"] == tmp_path / "given"


# --- results kept apart by the decks' fingerprint (score book version 2) ---

V1_SCHEMA = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE results (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    slugcat TEXT NOT NULL,
    turns INTEGER NOT NULL,
    day TEXT NOT NULL,
    save_path TEXT
);
CREATE INDEX results_by_code ON results (code, slugcat, turns, day, id);
INSERT INTO schema_version VALUES (1);
"""


def _version_1_book(path: Path, rows: list[tuple]) -> None:
    """A book as Rainboard wrote it before fingerprints (score book version 1)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path)
    with connection:
        connection.executescript(V1_SCHEMA)
        connection.executemany("INSERT INTO results (code, slugcat, turns, day, save_path) VALUES (?, ?, ?, ?, ?)",
                               rows)
    connection.close()


def test_a_best_on_one_decks_does_not_count_against_another(book_path):
    book = ScoreBook(book_path)
    assert book.record(CODE_A, "survivor", 30, date(2025, 7, 1), fingerprint="decks-one").new_best
    other = book.record(CODE_A, "survivor", 45, date(2025, 7, 2), fingerprint="decks-two")
    assert other.new_best and other.previous_best is None and other.attempts == 1
    assert book.best(CODE_A, fingerprint="decks-one").turns == 30
    assert book.best(CODE_A, fingerprint="decks-two").turns == 45
    assert book.best(CODE_A, "survivor", fingerprint="decks-three") is None
    assert book.best(CODE_A) is None  # no result whose decks are unknown
    again = book.record(CODE_A, "survivor", 40, date(2025, 7, 3), fingerprint="decks-two")
    assert again.new_best and again.previous_best.turns == 45 and again.previous_best.fingerprint == "decks-two"
    assert again.attempts == 2
    assert [(r.turns, r.fingerprint, r.attempts) for r in book.results(CODE_A)] == [
        (30, "decks-one", 1), (45, "decks-two", 2), (40, "decks-two", 2)]


def test_best_per_code_gives_one_row_per_code_and_decks_the_unknown_last(book_path):
    book = ScoreBook(book_path)
    book.record(CODE_A, "survivor", 20, date(2025, 7, 1))  # decks unknown
    book.record(CODE_A, "survivor", 50, date(2025, 7, 2), fingerprint="bbbb")
    book.record(CODE_A, "survivor", 35, date(2025, 7, 3), fingerprint="aaaa")
    book.record(CODE_B, "hunter", 70, date(2025, 7, 4), fingerprint="aaaa")
    rows = [(r.code, r.fingerprint, r.turns) for r in book.best_per_code()]
    assert rows == sorted([(CODE_A, "aaaa", 35), (CODE_A, "bbbb", 50), (CODE_A, None, 20), (CODE_B, "aaaa", 70)],
                          key=lambda r: (r[0], r[1] is None, r[1] or ""))


def test_a_version_1_book_is_brought_up_to_date_keeping_every_result(book_path):
    _version_1_book(book_path, [
        (CODE_A, "survivor", 31, "2025-01-01", "old-a.json"),
        (CODE_A, "survivor", 29, "2025-01-02", None),
        (CODE_B, "hunter", 80, "2025-01-03", None),
    ])
    book = ScoreBook(book_path)
    assert [(r.code, r.turns, r.fingerprint) for r in book.results(CODE_A)] == [
        (CODE_A, 31, None), (CODE_A, 29, None)]
    assert book.best(CODE_A).turns == 29 and book.best(CODE_A).attempts == 2  # the older decks' best
    assert book.results(CODE_A)[0].save_path == "old-a.json"
    with sqlite3.connect(book_path) as connection:
        assert connection.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
        assert connection.execute("SELECT COUNT(*) FROM results").fetchone() == (3,)
    connection.close()
    # a result on known decks is a first result there: the old best stands apart, not against it
    mine = book.record(CODE_A, "survivor", 40, date(2025, 8, 1), fingerprint="f00d")
    assert mine.new_best and mine.previous_best is None
    assert {(r.code, r.fingerprint): r.turns for r in book.best_per_code()} == {
        (CODE_A, "f00d"): 40, (CODE_A, None): 29, (CODE_B, None): 80}
    assert ScoreBook(book_path).best(CODE_B).turns == 80  # opened again: nothing migrated twice


def test_a_book_from_the_next_version_is_still_refused(book_path):
    ScoreBook(book_path).record(CODE_A, "survivor", 30, date(2025, 5, 1), fingerprint="f00d")
    with sqlite3.connect(book_path) as connection:
        connection.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    connection.close()
    before = book_path.read_bytes()
    with pytest.raises(ScoreBookError, match=f"newer Rainboard \\(score book version {SCHEMA_VERSION + 1}; "
                                             f"this one reads version {SCHEMA_VERSION}\\)"):
        ScoreBook(book_path)
    assert book_path.read_bytes() == before


def test_scores_labels_older_and_other_decks(tmp_path):
    from rainboard.data import load_data

    short = load_data(preset="short")
    code_short = make_code(101, 0, True, "short")
    book = ScoreBook.for_data_dir(tmp_path)
    book.record(code_short, "survivor", 25, date(2025, 6, 2), fingerprint=short.fingerprint)
    book.record(code_short, "survivor", 22, date(2025, 6, 3), fingerprint="0123456789abcdef")
    book.record(CODE_A, "survivor", 40, date(2025, 6, 4))
    rows = [line.split() for line in _scores(tmp_path)[1].splitlines()[2:5]]
    assert {(row[0], row[-1]) for row in rows} == {
        (code_short, "these"), (code_short, "01234567"), (CODE_A, "older")}
