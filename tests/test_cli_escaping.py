"""The command line prints what files hold as text: a name, a key or a file name with escape
sequences in it comes out spelled (`\\x1b]0;...`), never as bytes the terminal acts on."""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path

import pytest

from rainboard.cli import main
from rainboard.text import printable

SHORT = Path(__file__).resolve().parent / "fixtures" / "short"
TITLE = "\x1b]0;pwned\x07"  # sets the terminal's title
CLEAR = "\x1b[2J"  # clears the screen
CLIPBOARD = "\x1b]52;c;aGVsbG8=\x07"  # writes the clipboard (OSC 52)
RAW = ("\x1b", "\x07", "\x9b", "\u202e")


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    printed = captured.out + captured.err
    for byte in RAW:
        assert byte not in printed, (byte, printed)
    return code, printed


def _copy(tmp_path: Path, edits: list[tuple[str, str, str]]) -> Path:
    decks = tmp_path / "decks"
    shutil.copytree(SHORT, decks)
    for path, old, new in edits:
        file = decks / path
        text = file.read_text(encoding="utf-8")
        assert old in text
        file.write_text(text.replace(old, new), encoding="utf-8")
    return decks


def _toml(text: str) -> str:
    """`text` as a TOML basic string's contents, control characters as \\u escapes."""
    return "".join(f"\\u{ord(c):04x}" if ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f or c in '"\\' else c
                   for c in text)


def test_decks_check_spells_out_a_key_it_does_not_know(tmp_path, capsys):
    unknown = f'name = "Outskirts"\n"note{_toml(TITLE)}" = 1'
    decks = _copy(tmp_path, [("regions/su.toml", 'name = "Outskirts"', unknown)])
    code, printed = run(capsys, "decks", "check", "--decks", str(decks))
    assert code == 1
    assert "Problems in the decks:" in printed and printable("note" + TITLE) in printed


def test_decks_check_spells_out_names_in_the_decks(tmp_path, capsys):
    decks = _copy(tmp_path, [
        ("regions/su.toml", 'name = "Outskirts"', f'name = "Out{_toml(CLEAR)}skirts\u202e"'),
        ("slugcats.toml", 'name = "The Monk"', f'name = "The {_toml(CLIPBOARD)}Monk"'),
    ])
    code, printed = run(capsys, "decks", "check", "--decks", str(decks))
    assert code in (0, 1)  # listed, or refused as a problem in the decks: either way as text
    if code == 0:
        assert printable(f"Out{CLEAR}skirts\u202e") in printed
        lines = printed.splitlines()
        header, row = lines[2], next(line for line in lines if "skirts" in line)
        end = header.index("Cards") + len("Cards")  # the columns still line up: the count ends there
        assert row[end - 1].isdigit() and row[end] == " ", (header, row)


def test_decks_check_spells_out_the_folder_it_reads(tmp_path, capsys):
    decks = tmp_path / f"decks{TITLE}"
    shutil.copytree(SHORT, decks)
    code, printed = run(capsys, "decks", "check", "--decks", str(decks))
    assert code == 0 and printable(str(decks)) in printed


def _save(tmp_path: Path, name: str, action: str) -> Path:
    """A save whose fourth action's text was changed by hand."""
    from datetime import datetime, timezone

    from rainboard.data import load_data
    from rainboard.engine import PlayerSetup, Setup, apply, digest, legal_actions, new_game
    from rainboard.saves import new_save, record, write_save

    data = load_data(SHORT)
    moment = datetime(2026, 1, 2, tzinfo=timezone.utc)
    setup = Setup(players=[PlayerSetup("Ada"), PlayerSetup("Bo")], seed="cli")
    state, _ = new_game(setup, data)
    actions = []
    for _ in range(8):
        move = legal_actions(state)[0]
        state, _ = apply(state, move)
        actions.append(str(move))
    path = tmp_path / name
    write_save(path, record(new_save(setup, data, True, moment, game_id="cli"), actions,
                            {len(actions): digest(state)}, finished=False, outcome=None, now=moment))
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["actions"][3] = action
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


@pytest.mark.parametrize("action", [TITLE, "[/]", CLIPBOARD])
def test_replay_verify_spells_out_the_action_and_the_file_that_fail(tmp_path, capsys, action):
    path = _save(tmp_path, f"shared{CLEAR}.json", action)
    code, printed = run(capsys, "replay", "--verify", str(path))
    assert code == 1
    # a control character is refused as the save is read, markup only when the action is played
    assert printable(str(path)) in printed and ("action 4" in printed or "actions[3]" in printed)
    assert "\x1b" not in printed and "\x07" not in printed


def test_scores_spell_out_what_the_score_book_holds(tmp_path, capsys):
    from rainboard.saves.scores import ScoreBook

    book = ScoreBook(tmp_path / "data" / "scores.sqlite3")
    book.record("CODE" + TITLE, CLEAR + "cat", 12, date(2026, 1, 2))
    code, printed = run(capsys, "--data-dir", str(tmp_path / "data"), "scores")
    assert code == 0
    assert printable(CLEAR + "cat") in printed and printable(TITLE.upper()) in printed


def test_sim_spells_out_the_folder_it_saves_to(tmp_path, capsys):
    folder = tmp_path / f"saves{TITLE}"
    code, printed = run(capsys, "sim", "--games", "1", "--seed", "1", "--players", "1", "--cap", "300",
                        "--decks", str(SHORT), "--save-dir", str(folder))
    assert code == 0 and printable(str(folder)) in printed


def test_balance_spells_out_slugcat_names(tmp_path, capsys):
    decks = _copy(tmp_path, [("slugcats.toml", 'name = "The Survivor"', f'name = "The {_toml(TITLE)}Survivor"')])
    code, printed = run(capsys, "balance", "--games", "1", "--slugcat", "survivor", "--jobs", "1", "--cap", "300",
                        "--decks", str(decks))
    assert code in (0, 1)  # played, or the decks refused: either way as text
    if code == 0:
        assert printable(f"The {TITLE}Survivor") in printed


def test_the_last_resort_error_line_is_text(monkeypatch, capsys):
    import rainboard.cli

    def broken(args, out, err):
        raise RuntimeError(f"a file said {CLIPBOARD}")

    monkeypatch.setattr(rainboard.cli, "cmd_scores", broken)
    code, printed = run(capsys, "scores")
    assert code == 1 and printable(CLIPBOARD) in printed
