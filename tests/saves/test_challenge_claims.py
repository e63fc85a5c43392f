"""A save's challenge code is checked, not believed: a save claiming a code it was not dealt from
(another seed, slugcat, options, preset or dice, or a code that does not read) is refused when it
is replayed, verified or resumed, and never becomes a best in the score book. A save with no
digests at all is verified by replaying every action, and `--verify` says so."""

from __future__ import annotations

import random

import attrs
import pytest

from rainboard.cli import main
from rainboard.data import GameData, load_data, with_dice, with_preset
from rainboard.engine import Options, PlayerSetup, Setup, apply, digest, new_game
from rainboard.engine.state import OVER
from rainboard.saves import ChallengeRef, Replay, SaveError, SaveGame, new_save, outcome_record, record, write_save
from rainboard.saves.challenge import challenge_setup, make_code, parse_code
from rainboard.saves.scores import ScoreBook
from rainboard.sim import EagerPolicy

from . import T0, T1, mini_data

SEED = 6  # the eager player ends this challenge on the test decks in 50 actions
CODE = make_code(SEED, 0, True)  # The Survivor, precycles on, the standard preset, the d20


def _played(setup: Setup, data: GameData, code: str | None, limit: int = 1000) -> SaveGame:
    """A game played by the eager player, saved as the app saves it, claiming `code`."""
    state, _ = new_game(setup, data)
    policy = EagerPolicy(data, random.Random(1))
    actions, digests = [], {0: digest(state)}
    while state.phase != OVER and len(actions) < limit:
        action = policy(state)
        state, _ = apply(state, action)
        actions.append(str(action))
        digests[len(actions)] = digest(state)
    save = new_save(setup, data, table_handoffs=False, now=T0, game_id="claim", challenge_code=code)
    return record(save, actions, digests, state.phase == OVER, outcome_record(state), T1)


def _dealt(code: str, data: GameData | None = None) -> Setup:
    """The setup a code deals on the test decks, for the player Ada."""
    return challenge_setup(parse_code(code, data or mini_data()), "Ada")


def _one_short(save: SaveGame) -> SaveGame:
    """The save as it stood one action before the game ended (autosaved, not finished)."""
    last = len(save.actions)
    return attrs.evolve(save, actions=save.actions[:-1], finished=False, outcome=None,
                        digests={n: d for n, d in save.digests.items() if n < last})


@pytest.fixture(scope="module")
def genuine() -> SaveGame:
    save = _played(_dealt(CODE), mini_data(), CODE)
    assert save.finished and save.outcome.solo_score is not None
    return save


def _verify(path, capsys) -> tuple[int, str, str]:
    code = main(["replay", "--verify", str(path)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _refused(save: SaveGame, tmp_path, capsys) -> str:
    """The one line `replay --verify` refuses a save with; Replay refuses it the same way, as no
    one action's fault (so the replay viewer does not play part of it either)."""
    path = tmp_path / "claim.json"
    write_save(path, save)
    code, out, err = _verify(path, capsys)
    assert (code, out) == (1, "") and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"rainboard replay: {path}: challenge: ")
    with pytest.raises(SaveError) as error:
        Replay.from_file(path)
    assert f"rainboard replay: {error.value}" == err.rstrip("\n") and error.value.action is None
    return err.rstrip("\n").removeprefix(f"rainboard replay: {path}: ")


# -- a genuine challenge -------------------------------------------------------------------------
def test_a_genuine_challenge_save_verifies_and_scores(genuine, tmp_path, capsys):
    path = tmp_path / "genuine.json"
    write_save(path, genuine)
    code, out, err = _verify(path, capsys)
    assert (code, err) == (0, "")
    assert out == f"OK: {len(genuine.actions)} actions, final digest {Replay(genuine).final_digest}\n"
    # resumed one action before its end and finished: the result is kept as the first best
    book = _finish_resumed(_one_short(genuine), tmp_path)
    best = book.best(CODE, fingerprint=mini_data().fingerprint)
    assert best is not None and best.turns == genuine.outcome.solo_score


def test_a_code_typed_another_way_is_the_same_claim(genuine, tmp_path, capsys):
    path = tmp_path / "typed.json"
    write_save(path, attrs.evolve(genuine, challenge=ChallengeRef(CODE.lower().replace("-", " ") + "@d20")))
    assert _verify(path, capsys)[0] == 0


# -- false claims ----------------------------------------------------------------------------------
def test_a_save_claiming_another_seeds_code_is_refused(genuine, tmp_path, capsys):
    other = make_code(SEED + 1, 0, True)
    forged = attrs.evolve(genuine, challenge=ChallengeRef(other))
    assert _refused(forged, tmp_path, capsys) == (
        f'challenge: {other} deals seed "challenge-{SEED + 1}"; the save plays seed "challenge-{SEED}"')


def test_a_plain_game_claiming_a_code_is_refused(tmp_path, capsys):
    setup = Setup(players=[PlayerSetup("Ada", "hunter")], seed=7)
    forged = _played(setup, mini_data(), CODE, limit=20)
    assert _refused(forged, tmp_path, capsys) == (
        f'challenge: {CODE} deals seed "challenge-{SEED}" with The Survivor, no ending wait; '
        "the save plays seed 7 with The Hunter, the ending wait by table size")


def test_a_table_of_two_claiming_a_code_is_refused(tmp_path, capsys):
    dealt = _dealt(CODE)
    setup = attrs.evolve(dealt, players=[*dealt.players, PlayerSetup("Bo", "hunter")])
    forged = _played(setup, mini_data(), CODE, limit=20)
    assert _refused(forged, tmp_path, capsys) == f"challenge: {CODE} deals one player; the save plays 2 players"


@pytest.mark.parametrize("code, problem", [
    ("RW-XXXX-XX", "RW-XXXX-XX is not a valid code: a character is mistyped"),
    ("RW-7K2", "RW-7K2 is not a valid code: a code has 6 letters and digits after RW- (like RW-RA6W-PC)"),
    ("", "no challenge code given"),
    (CODE + "@3d6", f"{CODE}@3d6 is not a valid code: '3d6' after '@' is not a dice variant "
                    "(d20, target, 2d10, pool, d6)"),
    (make_code(SEED, 12, True), f"{make_code(SEED, 12, True)} is not a valid code for these decks: it names "
                                "slugcat 13, but these decks have 5"),
    (CODE + "/short", f"{CODE}/short is not a valid code for these decks: they have no 'short' preset "
                      "(they offer: standard)"),
])
def test_a_save_whose_code_does_not_read_is_refused(code, problem, genuine, tmp_path, capsys):
    forged = attrs.evolve(genuine, challenge=ChallengeRef(code))
    assert _refused(forged, tmp_path, capsys) == f"challenge: {problem}"


def test_a_save_whose_slugcat_differs_from_its_code_is_refused(tmp_path, capsys):
    hunter = make_code(SEED, 1, True)
    forged = _played(_dealt(CODE), mini_data(), hunter, limit=20)
    assert _refused(forged, tmp_path, capsys) == (
        f"challenge: {hunter} deals with The Hunter; the save plays with The Survivor")


def test_a_save_whose_options_differ_from_its_code_are_refused(tmp_path, capsys):
    no_precycles = attrs.evolve(_dealt(CODE), options=Options(precycles=False, wait_turns=False))
    forged = _played(no_precycles, mini_data(), CODE, limit=20)
    assert _refused(forged, tmp_path, capsys) == (
        f"challenge: {CODE} deals precycles on; the save plays precycles off")
    waiting = attrs.evolve(_dealt(CODE), options=Options(precycles=True, wait_turns=True))
    forged = _played(waiting, mini_data(), CODE, limit=20)
    assert _refused(forged, tmp_path, capsys) == (
        f"challenge: {CODE} deals no ending wait; the save plays the ending wait")


def test_a_save_whose_dice_differ_from_its_code_is_refused(tmp_path, capsys):
    forged = _played(_dealt(CODE), with_dice(mini_data(), "2d10"), CODE, limit=20)
    assert forged.decks.dice == "2d10"
    assert _refused(forged, tmp_path, capsys) == f"challenge: {CODE} deals d20 dice; the save plays 2d10 dice"
    pool = f"{CODE}@pool"
    forged = _played(_dealt(CODE), mini_data(), pool, limit=20)
    assert _refused(forged, tmp_path, capsys) == f"challenge: {pool} deals pool dice; the save plays d20 dice"


def test_a_save_whose_preset_differs_from_its_code_is_refused(tmp_path, capsys):
    shipped = load_data()
    short = with_preset(shipped, "short")
    forged = _played(_dealt(CODE, shipped), short, CODE, limit=5)
    assert forged.decks.preset == "short"
    assert _refused(forged, tmp_path, capsys) == (
        f"challenge: {CODE} deals the standard preset; the save plays the short preset")
    claimed = f"{CODE}/short"
    forged = _played(_dealt(CODE, shipped), shipped, claimed, limit=5)
    assert _refused(forged, tmp_path, capsys) == (
        f"challenge: {claimed} deals the short preset; the save plays the standard preset")


# -- the score book: resuming a save, and recording a finished challenge ------------------------------
class _App:
    """What the score keeping needs of the app: its data folder and its notices."""

    def __init__(self, data_dir):
        self.data_dir = data_dir
        self.told: list[str] = []

    def notify(self, message, **options):
        self.told.append(message)


def _finish_resumed(save: SaveGame, tmp_path) -> ScoreBook:
    """Resume a save as the app does (open_save), play its last move and keep the result as the
    board does when a move ends a challenge."""
    from rainboard.ui.keeping import _session
    from rainboard.ui.resume import open_save
    from rainboard.ui.challenge_record import record_challenge_result

    path = tmp_path / "resumed.json"
    write_save(path, save)
    session = _session(*open_save(path))
    session.act(EagerPolicy(session.data, random.Random(1))(session.state))
    assert session.over
    app = _App(tmp_path / "data")
    record_challenge_result(app, session)
    return ScoreBook(app.data_dir / "scores.sqlite3")


def test_resuming_a_false_claim_is_refused_and_never_scores(genuine, tmp_path):
    other = make_code(SEED + 1, 0, True)
    forged = attrs.evolve(_one_short(genuine), challenge=ChallengeRef(other))
    with pytest.raises(SaveError, match=f"challenge: {other} deals seed"):
        _finish_resumed(forged, tmp_path)
    assert ScoreBook(tmp_path / "data" / "scores.sqlite3").results(other) == []


def test_a_finished_session_whose_claim_is_false_is_not_recorded(genuine, tmp_path):
    """However a game came to claim a code, the score book hears only the game that code deals."""
    from rainboard.ui.resume import session_from_replay
    from rainboard.ui.challenge_record import record_challenge_result

    other = make_code(SEED + 1, 0, True)
    replay = Replay(attrs.evolve(genuine, challenge=None))
    session = session_from_replay(replay, len(replay), replay.data, replay.setup, challenge=other)
    app = _App(tmp_path / "data")
    assert record_challenge_result(app, session) is None
    assert ScoreBook(app.data_dir / "scores.sqlite3").results(other) == []
    assert app.told == [f'The result was not kept: challenge: {other} deals seed "challenge-{SEED + 1}"; '
                        f'the save plays seed "challenge-{SEED}"']


async def test_the_app_does_not_resume_a_false_claim(genuine, _private_data_dir):
    from rainboard.saves import games_dir
    from rainboard.ui.app import RainboardApp
    from rainboard.ui.screens.board import BoardScreen

    other = make_code(SEED + 1, 0, True)
    forged = attrs.evolve(_one_short(genuine), challenge=ChallengeRef(other))
    path = games_dir(_private_data_dir) / "claim.json"
    write_save(path, forged)
    app = RainboardApp(catch_errors=False, resume=path, data_dir=_private_data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, BoardScreen):  # the hole: the forged game played to its end
            board = app.screen
            board.choose(EagerPolicy(board.session.data, random.Random(1))(board.session.state))
            await pilot.pause()
        refusals = [n.message for n in app._notifications if n.title == "This save cannot be resumed"]
        assert refusals == [f'{path}: challenge: {other} deals seed "challenge-{SEED + 1}"; '
                            f'the save plays seed "challenge-{SEED}"']
    assert ScoreBook(_private_data_dir / "scores.sqlite3").results(other) == []


# -- a save with no digests ------------------------------------------------------------------------
def test_verify_names_the_check_of_a_save_without_digests(genuine, tmp_path, capsys):
    path = tmp_path / "bare.json"
    write_save(path, attrs.evolve(genuine, digests={}))
    code, out, err = _verify(path, capsys)
    assert (code, err) == (0, "")
    assert out == (f"OK: {len(genuine.actions)} actions, final digest {Replay(genuine).final_digest}\n"
                   "no digests in the save: checked by replaying every action\n")


def test_a_save_without_digests_is_checked_by_replaying_it(genuine, tmp_path, capsys):
    path = tmp_path / "bare.json"
    bare = attrs.evolve(genuine, digests={})
    for forged, problem in [
        (attrs.evolve(bare, actions=(*bare.actions, bare.actions[-1])), f"action {len(bare.actions) + 1} "),
        (attrs.evolve(bare, outcome=attrs.evolve(bare.outcome, turns=1, solo_score=1)), "outcome: the save says"),
        (attrs.evolve(bare, actions=bare.actions[:-1]), "the save says the game is finished"),
        (attrs.evolve(bare, challenge=ChallengeRef(make_code(SEED + 1, 0, True))), "challenge: "),
    ]:
        write_save(path, forged)
        code, out, err = _verify(path, capsys)
        assert (code, out) == (1, "") and err.startswith(f"rainboard replay: {path}: {problem}"), err
