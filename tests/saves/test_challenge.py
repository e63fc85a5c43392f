"""Challenge codes: they round-trip, refuse typos, read forgivingly, and always deal the same game."""

from __future__ import annotations

import datetime
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rainboard.data import load_data
from rainboard.engine import Options, apply, digest, legal_actions, new_game
from rainboard.saves.challenge import (
    ALPHABET,
    EXAMPLE_CODE,
    MAX_SLUGCATS,
    SEED_LIMIT,
    Challenge,
    ChallengeCodeError,
    ChallengeError,
    canonical_code,
    challenge_for,
    challenge_setup,
    daily_challenge,
    decode_code,
    make_code,
    parse_code,
    random_challenge,
    slugcat_id,
)

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"
CODE_SHAPE = re.compile(r"^RW-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{2}$")


@pytest.fixture(scope="module")
def data():
    return load_data()


def _sample_codes(count: int, seed: int = 5) -> list[str]:
    rng = random.Random(seed)
    return [
        make_code(rng.randrange(SEED_LIMIT), rng.randrange(MAX_SLUGCATS), rng.random() < 0.5)
        for _ in range(count)
    ]


@given(
    seed=st.integers(0, SEED_LIMIT - 1),
    index=st.integers(0, MAX_SLUGCATS - 1),
    precycles=st.booleans(),
)
@settings(max_examples=500, deadline=None)
def test_codes_round_trip(seed, index, precycles):
    code = make_code(seed, index, precycles)
    assert CODE_SHAPE.match(code), code
    assert decode_code(code) == (seed, index, precycles)
    assert canonical_code(code) == code


def test_codes_round_trip_at_the_edges():
    for seed in (0, 1, 2, SEED_LIMIT // 2, SEED_LIMIT - 2, SEED_LIMIT - 1):
        for index in range(MAX_SLUGCATS):
            for precycles in (False, True):
                assert decode_code(make_code(seed, index, precycles)) == (seed, index, precycles)


def test_different_games_have_different_codes():
    codes = {make_code(seed, index, precycles)
             for seed in range(200) for index in range(MAX_SLUGCATS) for precycles in (False, True)}
    assert len(codes) == 200 * MAX_SLUGCATS * 2
    assert make_code(0, 0, False) != "RW-0000-00"


def test_make_code_refuses_out_of_range_values():
    bad = ((-1, 0, True), (SEED_LIMIT, 0, True), (0, MAX_SLUGCATS, True), (0, -1, True), (True, 0, True))
    for args in bad:
        with pytest.raises(ValueError):
            make_code(*args)


def test_parse_code_names_the_slugcat_in_data_order(data):
    slugcats = list(data.slugcats)
    for index, sid in enumerate(slugcats):
        challenge = parse_code(make_code(1234, index, index % 2 == 0), data)
        assert challenge == Challenge(seed=1234, slugcat=sid, precycles=index % 2 == 0,
                                      code=make_code(1234, index, index % 2 == 0))


def test_a_code_naming_a_slugcat_the_decks_lack_is_refused(data):
    code = make_code(77, 12, True)
    with pytest.raises(ChallengeCodeError) as error:
        parse_code(code, data)
    assert str(error.value) == (
        f"{code} is not a valid code for these decks: it names slugcat 13, but these decks have 9"
    )
    # the same code is fine on decks with enough slugcats, and a small deck set refuses more codes
    seventh = make_code(77, 6, True)
    assert parse_code(seventh, data).slugcat == "spearmaster"
    with pytest.raises(ChallengeCodeError, match="these decks have 5"):
        parse_code(seventh, load_data(MINI))


def test_every_single_character_change_is_refused():
    """All 31 other characters at each of the six places, for 300 codes: none gets through."""
    for code in _sample_codes(300):
        chars = code.replace("-", "")[2:]
        for place in range(len(chars)):
            for other in ALPHABET:
                if other == chars[place]:
                    continue
                typo = chars[:place] + other + chars[place + 1:]
                typed = f"RW-{typo[:4]}-{typo[4:]}"
                with pytest.raises(ChallengeCodeError, match="a character is mistyped"):
                    decode_code(typed)


def test_changes_to_the_prefix_or_the_length_are_refused():
    code = EXAMPLE_CODE
    for typed in ("XW" + code[2:], "RV" + code[2:], code[:-1], code + "7", code.replace("-", "", 1)[:-1]):
        with pytest.raises(ChallengeCodeError):
            decode_code(typed)


def test_swapping_two_neighbouring_characters_is_refused():
    for code in _sample_codes(300, seed=9):
        chars = code.replace("-", "")[2:]
        for place in range(len(chars) - 1):
            if chars[place] == chars[place + 1]:
                continue
            swapped = chars[:place] + chars[place + 1] + chars[place] + chars[place + 2:]
            with pytest.raises(ChallengeCodeError):
                decode_code(swapped)


def test_random_junk_of_the_right_shape_is_mostly_refused():
    rng = random.Random(3)
    tries = 3200
    passed = 0
    for _ in range(tries):
        junk = "".join(rng.choice(ALPHABET) for _ in range(6))
        try:
            decode_code(junk)
            passed += 1
        except ChallengeCodeError:
            pass
    assert passed < tries / 20  # one in 32 expected


def test_typing_is_forgiving():
    for code in _sample_codes(50, seed=11):
        body = code[3:].replace("-", "")
        variants = [
            code.lower(),
            body,
            body.lower(),
            f"  rw {body[:3]} {body[3:]} ",
            "RW" + body,
            f"rw-{body[:2]}-{body[2:4]}-{body[4:]}",
            code.replace("1", "I").replace("0", "O"),
            code.replace("1", "l").replace("0", "o"),
            code.replace("1", "L"),
        ]
        for typed in variants:
            assert canonical_code(typed) == code, typed


def test_bad_characters_and_lengths_are_explained():
    with pytest.raises(ChallengeCodeError) as error:
        decode_code("RW-7K2Q-MU")
    assert str(error.value) == "RW-7K2Q-MU is not a valid code: 'U' is never used in codes"
    with pytest.raises(ChallengeCodeError, match="a code has 6 letters and digits after RW-"):
        decode_code("RW-7K2")
    with pytest.raises(ChallengeCodeError, match="no challenge code given"):
        decode_code("  ")
    with pytest.raises(ChallengeCodeError, match="codes start with RW-"):
        decode_code("XY-1234-56")
    assert issubclass(ChallengeCodeError, ValueError)


def test_the_example_in_messages_is_a_real_code():
    assert canonical_code(EXAMPLE_CODE) == EXAMPLE_CODE


def test_the_daily_challenge_is_stable_for_a_day_and_changes_daily(data):
    day = datetime.date(2025, 3, 14)
    first = daily_challenge(day, data)
    assert daily_challenge(day, data) == first
    assert daily_challenge(datetime.datetime(2025, 3, 14, 23, 59), data) == first
    assert parse_code(first.code, data) == first
    codes = [daily_challenge(day + datetime.timedelta(days=n), data).code for n in range(60)]
    assert len(set(codes)) == 60
    assert len({parse_code(code, data).slugcat for code in codes}) > 3  # the slugcat varies too


def test_a_daily_slugcat_keeps_the_seed_and_gives_another_code(data):
    day = datetime.date(2025, 3, 14)
    base = daily_challenge(day, data)
    other = next(s for s in data.slugcats if s != base.slugcat)
    chosen = daily_challenge(day, data, other)
    assert chosen.seed == base.seed and chosen.slugcat == other and chosen.code != base.code
    assert daily_challenge(day, data, base.slugcat) == base
    assert daily_challenge(day, data, "The " + data.slugcats[other].name.upper()).slugcat == other


def test_random_challenges_follow_their_generator(data):
    first = random_challenge(data, random.Random(8))
    assert random_challenge(data, random.Random(8)) == first
    assert parse_code(first.code, data) == first
    many = {random_challenge(data, random.Random(n)).code for n in range(40)}
    assert len(many) == 40
    assert {random_challenge(data, random.Random(n), "monk").slugcat for n in range(10)} == {"monk"}
    assert random_challenge(data, random.Random(1), precycles=False).precycles is False


def test_unknown_slugcats_are_refused(data):
    with pytest.raises(ChallengeError, match="no slugcat 'bob'"):
        random_challenge(data, random.Random(1), "bob")
    with pytest.raises(ChallengeError, match="no slugcat"):
        daily_challenge(datetime.date(2025, 1, 1), data, "nobody")
    assert slugcat_id(data, "Survivor") == "survivor"
    assert slugcat_id(data, " the  hunter ") == "hunter"


def test_a_challenge_sets_up_one_solo_game(data):
    challenge = challenge_for(data, 4321, "rivulet", precycles=False)
    setup = challenge_setup(challenge, "Ada")
    assert [(p.name, p.slugcat) for p in setup.players] == [("Ada", "rivulet")]
    assert setup.seed == "challenge-4321"
    assert setup.options == Options(precycles=False, wait_turns=False)


def _play(code: str, data, steps: int = 80) -> list[str]:
    """Digests after new_game and after each of the first actions (always the first legal one)."""
    state, _ = new_game(challenge_setup(parse_code(code, data), "Ada"), data)
    digests = [digest(state)]
    chooser = random.Random(0)
    for _ in range(steps):
        legal = legal_actions(state)
        if not legal:
            break
        state, _ = apply(state, chooser.choice(legal))
        digests.append(digest(state))
    return digests


def test_one_code_always_deals_the_same_game_and_two_codes_differ(data):
    code = daily_challenge(datetime.date(2025, 6, 1), data).code
    first = _play(code, data)
    again = _play(code.lower().replace("-", " "), data)  # typed differently, the same game
    assert first == again
    assert len(first) > 20
    challenge = parse_code(code, data)
    other = challenge_for(data, challenge.seed ^ 1, challenge.slugcat, challenge.precycles).code
    assert _play(other, data, steps=5)[0] != first[0]
    no_precycles = challenge_for(data, challenge.seed, challenge.slugcat, precycles=False)
    assert _play(no_precycles.code, data, steps=5)[0] != first[0]


# --- presets: a code names the preset its game is played with ---

def test_a_code_carries_a_preset_other_than_standard_after_a_slash():
    plain = make_code(77, 1, True)
    assert make_code(77, 1, True, "standard") == plain  # codes from before presets keep their meaning
    assert make_code(77, 1, True, "short") == plain + "/short"
    assert canonical_code(plain.lower() + " / SHORT ") == plain + "/short"
    assert canonical_code(plain + "/standard") == plain
    assert decode_code(plain) == (77, 1, True)


def test_parse_code_reads_the_preset_and_checks_the_decks_offer_it():
    shipped = load_data()
    challenge = parse_code(make_code(77, 1, True, "short"), shipped)
    assert (challenge.preset, challenge.slugcat, challenge.code) == ("short", "monk", make_code(77, 1, True) + "/short")
    assert parse_code(make_code(77, 1, True), shipped).preset == "standard"
    with pytest.raises(ChallengeCodeError, match=r"/long is not a valid code for these decks: they have no 'long' "
                                                 r"preset \(they offer: standard, short\)"):
        parse_code(make_code(77, 1, True) + "/long", shipped)


@pytest.mark.parametrize("typed, words", [
    (EXAMPLE_CODE + "/", "no preset named after '/'"),
    (EXAMPLE_CODE + "/sh ort!", "cannot be a preset's name"),
    (EXAMPLE_CODE[:-1] + "/short", "a code has 6 letters and digits"),
])
def test_a_badly_written_preset_is_explained(typed, words):
    with pytest.raises(ChallengeCodeError, match=re.escape(words)):
        canonical_code(typed)


def test_make_code_refuses_a_preset_that_is_no_name():
    with pytest.raises(ValueError, match="a preset is named by"):
        make_code(1, 0, True, "Short Game")


def test_daily_and_random_challenges_take_the_decks_preset():
    standard, short = load_data(), load_data(preset="short")
    day = datetime.date(2026, 3, 4)
    plain, shortened = daily_challenge(day, standard), daily_challenge(day, short)
    assert shortened.code == plain.code + "/short" and shortened.preset == "short"
    assert (shortened.seed, shortened.slugcat) == (plain.seed, plain.slugcat)
    assert random_challenge(short, random.Random(3)).code.endswith("/short")
    assert challenge_for(short, 5, "monk").preset == "short"


def test_the_same_code_with_another_preset_deals_the_same_cards_under_other_rules():
    from rainboard.data import with_preset

    standard = load_data()
    plain = parse_code(make_code(900, 0, True), standard)
    shortened = parse_code(make_code(900, 0, True, "short"), standard)
    first, _ = new_game(challenge_setup(plain, "Ada"), standard)
    short = with_preset(standard, shortened.preset)
    second, _ = new_game(challenge_setup(shortened, "Ada"), short)
    assert first.players[0].karma == standard.rules.karma_start
    assert second.players[0].karma == short.rules.karma_start != standard.rules.karma_start
    assert digest(first) != digest(second)
