"""Issue 12, resuming and verifying: a SaveError says as data which action a save fails at and
whether a digest did not match; a resumed game keeps the digests taken before it was resumed; the
outcome a save gives is checked against the one its actions reach, and a key given twice is an
error, through `rainboard replay --verify`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rainboard.cli import main
from rainboard.saves import Replay, SaveError, encode_save, games_dir, read_save, verify_file
from rainboard.ui.resume import open_replay

from . import play
from .fuzzing import finished_solo


@pytest.fixture(scope="module")
def going():
    played = play(seed="resume", limit=45)
    assert not played.save.finished and sorted(played.save.digests) == [0, 10, 20, 30, 40, 45]
    return played


@pytest.fixture(scope="module")
def solo():
    save = finished_solo()
    assert save.finished and save.outcome.solo_score == save.outcome.turns
    return save


def _write(path: Path, raw: dict) -> Path:
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def _raw(save) -> dict:
    return json.loads(encode_save(save))


# -- where a replay fails, as data -------------------------------------------------------------------
def _error(path: Path) -> SaveError:
    with pytest.raises(SaveError) as caught:
        Replay.from_file(path)
    return caught.value


def test_an_action_that_is_not_legal_gives_its_number(tmp_path, going):
    raw = _raw(going.save)
    raw["actions"][24] = "hibernate" if raw["actions"][24] != "hibernate" else "walk nowhere"
    error = _error(_write(tmp_path / "g.json", raw))
    assert (error.action, error.digest_mismatch) == (25, False)


def test_a_digest_that_does_not_match_gives_its_number_and_says_so(tmp_path, going):
    raw = _raw(going.save)
    raw["digests"]["30"] = "0" * 16
    error = _error(_write(tmp_path / "g.json", raw))
    assert (error.action, error.digest_mismatch) == (30, True)
    raw["digests"] = {"0": "0" * 16}
    error = _error(_write(tmp_path / "g.json", raw))
    assert (error.action, error.digest_mismatch) == (None, True)  # before the first action


def test_open_replay_stops_at_the_last_digest_that_held(tmp_path, going):
    raw = _raw(going.save)
    raw["digests"]["30"] = "0" * 16
    save, replay, _, _, problem = open_replay(_write(tmp_path / "g.json", raw))
    assert len(replay) == 20 and problem.startswith(f"{tmp_path / 'g.json'}: after action 30 the game's digest")
    assert replay.final_digest == going.save.digests[20]


def test_open_replay_reads_no_numbers_out_of_the_message(tmp_path, solo):
    """A forged outcome is not one action's fault, whatever the names in its message say."""
    raw = _raw(solo)
    raw["outcome"]["winner"] = "action 2"
    path = _write(tmp_path / "solo.json", raw)
    error = _error(path)
    assert "action 2" in str(error) and error.action is None
    with pytest.raises(SaveError) as caught:
        open_replay(path)  # refused whole, not played up to "action 2"
    assert str(caught.value) == str(error)


# -- resuming keeps the digests -----------------------------------------------------------------------
async def test_a_resumed_game_keeps_the_digests_taken_before(tmp_path, going):
    from rainboard.ui.app import RainboardApp
    from rainboard.ui.screens.board import BoardScreen
    from rainboard.ui.screens.dialogs import HandoffScreen, ReportScreen
    from rainboard.ui.screens.turn_result import TurnResultScreen

    folder = tmp_path / "data"
    path = games_dir(folder) / f"{going.save.game_id}.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(encode_save(going.save))
    app = RainboardApp(catch_errors=False, resume=path, data_dir=folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while isinstance(app.screen, (HandoffScreen, ReportScreen, TurnResultScreen)):
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        await pilot.press("1")  # the first move offered
        await pilot.pause()
    saved = read_save(path)
    assert len(saved.actions) == 46
    assert sorted(saved.digests) == [0, 10, 20, 30, 40, 46]
    assert {n: saved.digests[n] for n in (0, 10, 20, 30, 40)} == {n: going.save.digests[n] for n in (0, 10, 20, 30, 40)}
    assert verify_file(path) == saved.digests[46]


# -- the outcome, through `rainboard replay --verify` ---------------------------------------------------
def test_a_true_outcome_verifies(tmp_path, solo, capsys):
    path = _write(tmp_path / "solo.json", _raw(solo))
    assert main(["replay", "--verify", str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"OK: {len(solo.actions)} actions, final digest ")


@pytest.mark.parametrize("forge, told", [
    (lambda o: o.update(winner="Zed"), '"Zed" won in {t} turns (solo score {t})'),
    (lambda o: o.update(turns=3, solo_score=3), '"Ada" won in 3 turns (solo score 3)'),
    (lambda o: o.update(solo_score=None), '"Ada" won in {t} turns'),
    (lambda o: o.update(solo_score=1), '"Ada" won in {t} turns (solo score 1)'),
])
def test_a_forged_outcome_is_refused(forge, told, tmp_path, solo, capsys):
    raw = _raw(solo)
    forge(raw["outcome"])
    path = _write(tmp_path / "forged.json", raw)
    assert main(["replay", "--verify", str(path)]) == 1
    turns = solo.outcome.turns
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"rainboard replay: {path}: outcome: the save says {told.format(t=turns)}, the game gives "
                            f'"Ada" won in {turns} turns (solo score {turns})\n')


def test_a_key_given_twice_is_refused(tmp_path, solo, capsys):
    text = encode_save(solo).decode("utf-8").replace('"winner": "Ada"', '"winner": "Zed", "winner": "Ada"')
    path = tmp_path / "twice.json"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", "--verify", str(path)]) == 1
    assert capsys.readouterr().err == f'rainboard replay: {path}: outcome: "winner" is given twice\n'
    text = encode_save(solo).decode("utf-8").replace('"finished": true', '"finished": false, "finished": true')
    path.write_text(text, encoding="utf-8")
    assert main(["replay", "--verify", str(path)]) == 1
    assert capsys.readouterr().err == f'rainboard replay: {path}: "finished" is given twice\n'


# -- writing -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("failure", ["a name no save may hold", "the disk is full"])
def test_the_autosave_tells_the_table_when_a_save_cannot_be_written(failure, tmp_path, monkeypatch):
    from rainboard.engine import PlayerSetup, Setup
    from rainboard.saves import disk, new_save
    from rainboard.ui.autosave import Autosaver
    from rainboard.ui.session import GameSession

    from . import T0, mini_data

    name = "A" * 65 if failure == "a name no save may hold" else "Ada"
    if failure == "the disk is full":
        monkeypatch.setattr(disk, "replace", lambda a, b: (_ for _ in ()).throw(OSError(28, "No space left")))
    setup = Setup(players=[PlayerSetup(name, "survivor")], seed=1)
    session = GameSession.start(setup, mini_data())
    told = []
    saver = Autosaver(tmp_path / "g.json", new_save(setup, mini_data(), False, T0, game_id="g"),
                      lambda path, error: told.append((path, error)))
    saver(session)  # play goes on: the table hears of it
    assert len(told) == 1 and told[0][0] == tmp_path / "g.json"
    error = told[0][1]
    assert isinstance(error, SaveError) and isinstance(error, OSError)
    # the save is written first (its journal after it, naming it), so a full disk stops it there
    failed = tmp_path / "g.json"
    assert str(error).startswith(f"{failed}: cannot be written: ")
    assert not (tmp_path / "g.json").exists() and not list(tmp_path.glob("*.tmp"))
    assert not (tmp_path / "g.journal").exists() or failure == "a name no save may hold"
