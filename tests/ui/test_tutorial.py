"""Learn to play: the guided first game, played from the title to its end as a new player would (only
the keys its words ask for), and again with wrong keys at every step; its place kept across a quit;
the offer on a fresh data folder's first start; and every number its words state checked against
what the engine then does."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from textual.widgets import OptionList

from rainboard.data import load_data
from rainboard.engine import apply, legal_actions
from rainboard.engine import events as ev
from rainboard.engine import queries
from rainboard.engine.actions import Attack, CrossGate, Draw, Flee, Give, Hibernate, Keep, Leave, TakeFood, Tame
from rainboard.engine.state import ASCENDED, OVER, Encounter
from rainboard.engine.testing import give_cards, place, script_dice, stack
from rainboard.tutorial import STEPS, Tutorial, load_progress
from rainboard.tutorial.words import fill, step_words, texts
from rainboard.ui.app import RainboardApp, TitleScreen
from rainboard.ui.screens.dialogs import ConfirmScreen
from rainboard.ui.screens.help import HelpScreen
from rainboard.ui.screens.setup import SetupScreen
from rainboard.ui.screens.tutorial import GuidancePanel, TutorialBoardScreen, TutorialEndScreen

DATA = load_data()
PRESS = re.compile(r"[Pp]ress (\S+?)[ ,:.]")  # "Press f to take a food token": the key a step asks for


def _guide(app) -> GuidancePanel:
    return app.screen.query_one("#guide", GuidancePanel)


def _words(app) -> str:
    return str(_guide(app).render())


def _asked_key(app) -> str:
    """The key the step on screen asks for, read from its words (the part after the last recap)."""
    stage_words = app.screen.stage_text()
    found = PRESS.search(stage_words)
    assert found, stage_words
    return found.group(1)


async def _open_from_title(app, pilot) -> TutorialBoardScreen:
    await pilot.pause()
    assert isinstance(app.screen, TitleScreen)
    menu = app.screen.query_one("#menu", OptionList)
    menu.highlighted = menu.get_option_index("learn")
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, TutorialBoardScreen)
    return app.screen


async def _take_the_asked_move(app, pilot, screen) -> None:
    """Press the key the words ask for; a step whose words say "again" gets it a second time."""
    place_before = (screen.tutorial.step, screen.tutorial.stage)
    key = _asked_key(app)
    assert key in _footer_keys(screen), (key, _footer_keys(screen))  # the footer offers it too
    await pilot.press(key)
    await pilot.pause()
    if (screen.tutorial.step, screen.tutorial.stage) == place_before and not screen.tutorial.finished:
        assert f"{key} again" in screen.stage_text()
        await pilot.press(key)
        await pilot.pause()


def _footer_keys(screen) -> set[str]:
    return {binding.key for _, binding, enabled, _ in screen.active_bindings.values() if enabled and binding.show}


async def test_the_whole_tutorial_from_the_title_with_only_the_keys_it_asks_for():
    app = RainboardApp(catch_errors=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open_from_title(app, pilot)
        seen = []
        for _ in range(40):  # each stage once, with room to spare
            if isinstance(app.screen, TutorialEndScreen):
                break
            tutorial = screen.tutorial
            assert _guide(app).border_title == f"Learn to play · step {tutorial.step + 1} of {len(STEPS)}"
            seen.append((tutorial.step, tutorial.stage))
            pointed = [w.id for w in screen.query(".-pointed")]
            assert pointed == [tutorial.waiting_for.point]
            await _take_the_asked_move(app, pilot, screen)
        assert isinstance(app.screen, TutorialEndScreen)
        assert seen == [(n, s) for n, step in enumerate(STEPS) for s in range(len(step.stages))]
        assert load_progress(app.data_dir).finished
        assert not (app.data_dir / "games").exists()  # the tutorial game is never saved as a game
        assert not (app.data_dir / "scores.sqlite3").exists()
        await pilot.press("enter")  # "Play a first real solo game"
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.start_players == 1
        assert [type(s) for s in app.screen_stack][:1] == [TitleScreen]


WRONG = ("d", "f", "s", "h", "a", "e", "t", "g", "l", "c", "k", "z", "9", "ctrl+z", "ctrl+s")


async def test_wrong_keys_at_every_step_never_break_it():
    app = RainboardApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_from_title(app, pilot)
        for _ in range(40):
            if isinstance(app.screen, TutorialEndScreen):
                break
            tutorial = screen.tutorial
            place_before = (tutorial.step, tutorial.stage)
            asked = _asked_key(app)
            for key in WRONG:
                if key == asked:
                    continue
                await pilot.press(key)
                await pilot.pause()
                assert app.screen is screen and (tutorial.step, tutorial.stage) == place_before, key
                assert f"This step waits for {asked}" in _words(app), key
            # help, the palette and the arrows still work, and leave the step as it was
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            await pilot.press("ctrl+p")
            await pilot.pause()
            assert app.screen is not screen
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen and (tutorial.step, tutorial.stage) == place_before
            await _take_the_asked_move(app, pilot, screen)
            assert "This step waits for" not in str(screen.query_one("#guide").render())  # gone with the move
        assert isinstance(app.screen, TutorialEndScreen)
        await pilot.press("escape")  # back to the title
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and len(app.screen_stack) == 1


async def test_a_wrong_move_from_the_list_is_refused_gently():
    app = RainboardApp(catch_errors=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open_from_title(app, pilot)  # step 1 waits for a food token
        before = screen.session.state
        await pilot.press("1")  # the list's first move is a draw
        await pilot.pause()
        assert screen.session.state is before
        assert "This step waits for f" in _words(app)


async def test_leaving_and_coming_back_resumes_at_the_step():
    app = RainboardApp(catch_errors=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open_from_title(app, pilot)
        for _ in range(3):  # steps 1 to 3 each wait for one move
            await _take_the_asked_move(app, pilot, screen)
        assert screen.tutorial.step == 3
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Learn to play" in app.screen.detail  # not the words for a saved game
        await pilot.press("y")
        await pilot.pause()
    assert json.loads((app.data_dir / "tutorial.json").read_text())["step"] == 3
    again = RainboardApp(catch_errors=False)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        menu = again.screen.query_one("#menu", OptionList)
        assert str(menu.get_option("learn").prompt) == "Learn to play (step 4)"
        screen = await _open_from_title(again, pilot)
        assert screen.tutorial.step == 3 and _guide(again).border_title == f"Learn to play · step 4 of {len(STEPS)}"
        assert screen.session.state.players[0].hand == ()  # step 4's own position, rebuilt from the script


async def test_the_tutorial_command_opens_it_at_its_step(tmp_path):
    (tmp_path / "tutorial.json").write_text('{"step": 7, "offered": true, "finished": false}')
    app = RainboardApp(data_dir=tmp_path, tutorial=True, catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TutorialBoardScreen) and app.screen.tutorial.step == 7


@pytest.mark.parametrize("body", ["{not json", '"a string"', '{"step": -4}', '{"step": true}', '{"step": 999}'])
async def test_a_damaged_progress_file_still_opens_the_tutorial(tmp_path, body):
    (tmp_path / "tutorial.json").write_text(body)
    app = RainboardApp(data_dir=tmp_path, tutorial=True, catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TutorialBoardScreen)
        assert 0 <= app.screen.tutorial.step < len(STEPS)


async def test_a_fresh_data_folder_offers_the_tutorial_once():
    app = RainboardApp(catch_errors=False)
    app.offer_tutorial = True  # as `rainboard play` starts it
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "Learn to play" in app.screen.detail
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    assert load_progress(app.data_dir).offered
    again = RainboardApp(catch_errors=False)
    again.offer_tutorial = True
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(again.screen, TitleScreen)  # asked once only
        menu = again.screen.query_one("#menu", OptionList)
        assert not menu.get_option("learn").disabled  # the title always has it


async def test_yes_to_the_offer_opens_step_one():
    app = RainboardApp(catch_errors=False)
    app.offer_tutorial = True
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, TutorialBoardScreen) and app.screen.tutorial.step == 0


# -- every claim against the engine -----------------------------------------------------------------------
def _stages():
    """Each stage's state as the tutorial reaches it, playing the moves the stages before asked for."""
    for number, step in enumerate(STEPS):
        state = Tutorial(DATA, number).position()
        for stage_number, stage in enumerate(step.stages):
            yield step, stage_number, stage, state
            move = next(a for a in legal_actions(state) if stage.wants(a))
            state, _ = apply(state, move)


STAGES = list(_stages())


@pytest.mark.parametrize("step, number, stage, state", STAGES,
                         ids=[f"{step.id}-{number}" for step, number, _, _ in STAGES])
def test_every_placeholder_is_filled_and_the_move_it_asks_for_is_legal(step, number, stage, state):
    words = fill(step_words(step.id)["stages"][number], {**stage.facts(state), "key": stage.verb})
    assert "{" not in words and "?" not in words, words  # a fact the engine did not give shows as ?
    assert PRESS.search(words).group(1) == stage.verb  # it names the key it waits for
    assert any(stage.wants(a) for a in legal_actions(state)), step.id
    assert len(re.findall(r"[.!](?:\s|$)", words)) <= 4  # a few short sentences


@pytest.mark.parametrize("number", range(len(STEPS)), ids=[step.id for step in STEPS])
def test_each_closing_line_is_filled_from_what_happened(number):
    from rainboard.tutorial.facts import done_facts

    step = STEPS[number]
    state = begun = Tutorial(DATA, number).position()
    events = []
    for stage in step.stages:
        move = next(a for a in legal_actions(state) if stage.wants(a))
        state, happened = apply(state, move)
        events += happened
    words = fill(step_words(step.id)["done"], done_facts(begun, state, events))
    assert "{" not in words, words


def _facts(step_id: str, stage: int = 0):
    step, number, st, state = next(x for x in STAGES if x[0].id == step_id and x[1] == stage)
    return st.facts(state), state


def test_rain_claims():
    facts, state = _facts("rain")
    after, events = apply(state, TakeFood())
    assert facts["rain"] == state.rain and after.rain == facts["rain_after"] < facts["rain"]
    assert any(isinstance(e, ev.RoundEnded) for e in events)


def test_draw_claims():
    facts, state = _facts("draw")
    after, _ = apply(state, TakeFood())
    assert after.players[0].food - state.players[0].food == facts["token"]
    assert facts["region"] == DATA.regions[state.players[0].region].name


def test_food_line_claims():
    facts, state = _facts("food_line")
    sheltered = give_cards(state, 0, "shelter")
    assert Hibernate() not in legal_actions(sheltered)  # below the line
    blocked = [b for b in queries.blocked_moves(sheltered, 0) if isinstance(b.action, Hibernate)]
    assert blocked and blocked[0].need == facts["need"] and blocked[0].have == facts["food"]
    fed, _ = apply(sheltered, TakeFood())
    fed = place(fed, 0, food=fed.players[0].food)
    assert fed.players[0].food == facts["food_after"] == facts["need"]
    assert Hibernate() in legal_actions(fed)


def test_attack_claims():
    facts, state = _facts("attack", 1)
    sides = DATA.rules.check_die
    lowest = facts["lowest"]

    def kills(face):
        _, events = apply(script_dice(_without_script(state), face, 1, 1), Attack())
        return any(isinstance(e, ev.CreatureKilled) for e in events)

    assert kills(lowest) and (lowest == 1 or not kills(lowest - 1))
    assert Fraction(sides - lowest + 1, sides) == queries.chance(state, Attack())
    assert facts["chance"] == f"{round(100 * (sides - lowest + 1) / sides)}%"
    assert facts["hp"] == DATA.cards[state.pending.card].hp
    after, events = apply(state, Attack())  # the tutorial's own dice: the kill it promises
    fed = [e for e in events if isinstance(e, ev.Fed)]
    assert fed and fed[0].gained == facts["meat"]


def _without_script(state):
    from attrs import evolve

    return evolve(state, script=())


def test_flee_claims():
    facts, state = _facts("flee", 1)
    assert facts["chance"] == _percent(queries.chance(state, Flee()))
    assert facts["chance_item"] == _percent(queries.chance(state, Flee("rock")))
    assert queries.chance(state, Flee("rock")) > queries.chance(state, Flee())
    assert facts["item_bonus"] == f"+{DATA.cards['rock'].flee}"
    after, events = apply(state, Flee("rock"))
    assert any(isinstance(e, ev.Fled) for e in events) and after.pending is None


def _percent(chance) -> str:
    from rainboard.ui.words import percent

    return percent(chance)


def test_tame_claims():
    facts, state = _facts("tame", 1)
    after, events = apply(state, Tame())
    assert after.players[0].food == facts["food_after"] == facts["food"] - facts["cost"]
    assert state.pending.card in [h.card for h in after.players[0].hand]


def test_shelter_claims():
    facts, state = _facts("shelter", 1)
    assert facts["food"] < facts["need"] == queries.food_needed(state, 0)
    after, _ = apply(state, Keep())
    assert "shelter" in [h.card for h in after.players[0].hand]


def test_karma_claims():
    facts, state = _facts("karma")
    after, events = apply(state, Hibernate())
    assert after.players[0].karma == facts["karma_after"] > facts["karma"]
    assert any(isinstance(e, ev.CycleEnded) for e in events)


def test_gate_claims():
    facts, state = _facts("gate")
    gate = next(a for a in legal_actions(state) if isinstance(a, CrossGate))
    assert facts["gate_karma"] == facts["karma"]
    short = place(state, 0, karma=facts["karma"] - 1)
    blocked = [b for b in queries.blocked_moves(short, 0) if isinstance(b.action, CrossGate)]
    assert blocked and blocked[0].need == facts["gate_karma"]  # one karma less and the gate is shut
    after, _ = apply(state, gate)
    assert DATA.regions[after.players[0].region].name == facts["to"]
    back = DATA.gates[gate.gate].karma_from(after.players[0].region)
    assert back == facts["back_karma"]


def test_gift_claims():
    facts, state = _facts("gift", 1)
    assert facts["reputation"] < facts["ignore_at"] and not state.pending.peaceful  # "at {reputation} it fights you"
    gift = next(a for a in legal_actions(state) if isinstance(a, Give))
    after, events = apply(state, gift)
    assert after.players[0].reputation == facts["reputation_after"]
    assert facts["reputation_after"] >= facts["ignore_at"]  # so it lets you pass, as the next words say
    assert isinstance(after.pending, Encounter) and after.pending.peaceful
    assert Leave() in legal_actions(after)
    # "at {ignore_at} it lets you pass": a scavenger met at that reputation does not fight
    met = stack(place(Tutorial(DATA, 9).position(), 0, reputation=facts["ignore_at"]), "hi", "scavenger")
    met, _ = apply(met, Draw())
    assert isinstance(met.pending, Encounter) and met.pending.peaceful


def test_rain_death_claims():
    facts, state = _facts("rain_death")
    assert not queries.has_shelter(state, 0)
    after, events = apply(state, TakeFood())
    assert any(isinstance(e, ev.Died) for e in events)
    assert after.players[0].karma == facts["karma_after"] < facts["karma"]
    assert DATA.regions[after.players[0].region].name == facts["wake"]
    assert after.players[0].food == facts["food_after"]


def test_mark_and_ending_claims():
    facts, state = _facts("mark")
    assert DATA.regions[state.players[0].region].gives_mark
    after, events = apply(state, Draw())
    assert after.players[0].has_mark and any(isinstance(e, ev.MarkReceived) for e in events)
    facts, state = _facts("ending")
    assert facts["sleeps"] == DATA.rules.ending_hibernations and facts["slept"] == facts["sleeps"] - 1
    after, events = apply(state, Hibernate())
    assert after.phase == OVER and after.players[0].status == ASCENDED


def test_every_step_has_its_words():
    words = texts()
    assert set(words["steps"]) == {step.id for step in STEPS}
    for step in STEPS:
        assert len(words["steps"][step.id]["stages"]) == len(step.stages), step.id
