"""The words for actions, cards and events, and the card widgets, read off real engine states."""

from __future__ import annotations

from attrs import evolve
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup, apply, legal_actions, new_game
from rainboard.engine.events import Ascended, CardDrawn, Died, KarmaChanged, RainFell, Rolled, Event, Roll
from rainboard.engine.state import DEAD, Duel, HandCard
from rainboard.ui.widgets.cards import (
    EMPTY_HAND,
    HandList,
    SlugcatCard,
    creature_card_content,
    food_pips,
    slugcat_card_content,
)
from rainboard.ui.safe_text import shown as as_text
from rainboard.ui.widgets.event_log import EventLog
from rainboard.ui.widgets.slugcat_preview import slugcat_preview_content
from rainboard.ui.words import ACTION_KEYS, action_key, action_label, card_line, event_line
from tests.engine.helpers import game, put, rig, stack

DATA = load_data()


def two(*slugcats: str, data=DATA, **kwargs):
    """Ada and Bo on the real decks, Ada to play."""
    return game(*(slugcats or ("survivor", "hunter")), data=data, **kwargs)


def labels(state) -> dict[str, str]:
    """Each legal action's text form -> its label."""
    return {str(a): action_label(state, a) for a in legal_actions(state)}


def hand(*cards: str) -> tuple[HandCard, ...]:
    return tuple(HandCard(card, "su") for card in cards)


# -- action labels, from the engine's own legal actions ------------------------------------------
def test_choosing_a_slugcat():
    state, _ = new_game(Setup(players=[PlayerSetup("Ada"), PlayerSetup("Bo")], seed=3), DATA)
    assert labels(state)["choose survivor"] == "Play Survivor"
    assert labels(state)["choose saint"] == "Play Saint"


def test_ordinary_turn():
    state = two()
    assert labels(state) == {
        "draw": "Draw from the Outskirts deck",
        "food": "Take a food token",
        "search": "Search for a shelter (3 turns)",
    }


def test_search_turns_come_from_the_rules():
    rules = evolve(DATA.rules, search_shelter_turns=5)
    state = two(data=evolve(DATA, rules=rules))
    assert labels(state)["search"] == "Search for a shelter (5 turns)"


def test_precycle_draws():
    state = evolve(two(), precycle=True)
    state = put(state, 0, cycle_turns=5)  # past the forced precycle draws: either deck
    got = labels(state)
    assert got["draw"] == "Draw from the Outskirts deck"
    assert got["draw precycle"] == "Draw from the precycle deck"


def test_drawn_shelter_fed_and_hungry():
    state = stack(put(two(), 0, food=4), "su", "shelter")
    state, _ = apply(state, "draw")
    assert labels(state) == {"hibernate": "Hibernate", "keep": "Keep the Shelter"}
    hungry = stack(put(two(), 0, food=3), "su", "shelter")
    hungry, _ = apply(hungry, "draw")
    assert labels(hungry)["starve"] == "Starve in the shelter (not enough food)"


def test_kept_shelter():
    state = put(two(), 0, food=4, hand=hand("shelter"))
    assert labels(state)["hibernate"] == "Hibernate in your kept shelter"


def test_drawn_gate():
    state = stack(put(two(), 0, karma=3), "su", "gate_hi_su")
    state, _ = apply(state, "draw")
    assert labels(state) == {"cross": "Cross to Industrial Complex (karma 3)", "keep": "Keep the Karma Gate HI-SU"}


def test_kept_gate_and_walk():
    state = put(two(), 0, karma=3, hand=hand("gate_hi_su"))
    assert labels(state)["cross gate_hi_su"] == "Use kept gate to Industrial Complex (karma 3)"
    wall = put(two(), 0, region="uw")
    assert labels(wall)["walk uh"] == "Walk to The Underhang"


def test_fight_with_items():
    state = put(two(), 0, food=3, hand=hand("spear", "rock", "batfly_bait", "scavenger_bomb"))
    state, _ = apply(stack(state, "su", "green_lizard"), "draw")
    got = labels(state)
    # the Green Lizard has HP 14 and strikes at -3 against Ada's HP 13: a 17 or more kills her
    # each roll's chance, and ☠ the chance a failed exchange kills (the item's bonus is in the chance)
    assert got["attack"] == "Attack · 30% · ☠20%"  # above 14 on a d20
    assert got["attack spear"] == "Attack with Spear · 45% · ☠20%"  # +3
    assert got["attack scavenger_bomb"] == "Attack with Scavenger Bomb · 65% · ☠20%"  # HP counts half
    assert got["flee"] == "Flee · 57% · ☠20%"
    assert got["flee rock"] == "Flee with Rock · 66% · ☠20%"  # +2
    assert got["tame"] == "Tame · 3 food · 100%"
    assert got["tame batfly_bait"] == "Tame with Batfly Bait · 1 food · 100%"
    assert got["eat batfly_bait"] == "Eat Batfly Bait (+1 food)"


def test_tame_price_follows_the_slugcat():
    state = put(two("monk", "hunter"), 0, food=3)
    state, _ = apply(stack(state, "su", "green_lizard"), "draw")
    assert labels(state)["tame"] == "Tame · 1 food · 100%"  # 3, Monk -1, at home in the Outskirts -1


def test_carnivore_eats_plants_by_halves():
    state = put(two("hunter", "survivor"), 0, hand=hand("spare_bubble_fruit"))
    # one plant pip is half a pip to a carnivore: nothing on the board until the second
    assert labels(state)["eat spare_bubble_fruit"] == "Eat Spare Bubble Fruit (no food yet: 2 plant pips make one)"
    halfway = put(state, 0, food=2, food_parts=1)
    assert labels(halfway)["eat spare_bubble_fruit"] == "Eat Spare Bubble Fruit (+1 food)"


def test_eating_on_a_full_board():
    state = put(two(), 0, food=7, hand=hand("batfly_bait"))
    assert labels(state)["eat batfly_bait"] == "Eat Batfly Bait (no food: board full)"
    saint = put(two("saint", "hunter"), 0, hand=hand("batfly_bait"))
    assert labels(saint)["eat batfly_bait"] == "Eat Batfly Bait (no food from meat)"


def test_scavenger_gifts_and_passing():
    state = put(two(), 0, hand=hand("pearl", "colored_pearl"))
    state, _ = apply(stack(state, "su", "scavenger"), "draw")
    got = labels(state)
    assert got["give pearl"] == "Give Pearl (+2 reputation)"
    assert got["give colored_pearl"] == "Give Colored Pearl (+4 reputation, to 5)"
    assert got["attack"] == "Attack · 40% · ☠25%"  # reputation 1 cannot fall
    calm = put(two(), 0, reputation=4, hand=hand("pearl"))
    calm, _ = apply(stack(calm, "su", "scavenger"), "draw")
    got = labels(calm)
    assert got["leave"] == "Leave"
    assert got["attack"] == "Attack · -1 reputation · 40% · ☠25%"
    assert got["give pearl"] == "Give Pearl (+1 reputation, to 5)"


def test_artificer_gifts_give_nothing():
    state = put(two("artificer", "survivor"), 0, region="su", hand=hand("pearl"))
    state, _ = apply(stack(state, "su", "scavenger"), "draw")
    assert labels(state)["give pearl"] == "Give Pearl (no reputation for Artificer)"


def test_merchant():
    state = put(two(), 0, hand=hand("colored_pearl"))
    state = stack(stack(state, "su", "scavenger_merchant"), "treasure", "lantern", "flashbang", "karma_flower")
    state, _ = apply(state, "draw")
    got = labels(state)
    assert got["buy lantern"] == "Buy Lantern (2 pearls)"
    assert got["buy flashbang"] == "Buy Flashbang (1 pearl)"
    assert got["buy karma_flower"] == "Buy Karma Flower (1½ pearls)"
    assert got["leave"] == "Leave the merchant"


def test_hunting_players():
    state = put(two(), 1, region="su")
    assert labels(state)["hunt 1"] == "Hunt Bo"
    striking = put(state, 0, hunting=1)
    # Survivor +0 against the Hunter's HP 13; should it fail, Bo's +2 against Ada's HP 13 (queries.failure_risk)
    assert labels(striking)["strike 1"] == "Strike at Bo · 35% · ☠45% if Bo fights back"
    armed = put(striking, 1, hand=hand("spear", "rock"))  # his best answer: the spear, and his mastery
    assert labels(armed)["strike 1"] == "Strike at Bo · 35% · ☠65% if Bo fights back"
    long_legs = put(put(striking, 1, form="hunter_long_legs"), 0, food=3)
    got = labels(long_legs)
    assert got["tame 1"] == "Tame Bo · 3 food · 100%"
    assert labels(put(state, 1, form="hunter_long_legs"))["hunt 1"] == "Hunt Bo (Hunter Long Legs)"


def test_answering_a_strike():
    state = put(put(two(), 1, region="su", hand=hand("spear", "rock")), 0, hunting=1)
    state = evolve(state, pending=Duel(player=1, attacker=0))
    assert state.to_act == 1
    assert labels(state) == {
        # the Hunter's +2, +1 with a spear in hand, against Ada's HP 13; no death on a miss here
        # (the strike is one exchange each way); the Hunter flees at +2 (decks/slugcats.toml)
        "attack": "Fight back · 50% · ☠0%",
        "attack spear": "Fight back with Spear · 65% · ☠0%",
        "flee": "Flee from Ada · 52% · ☠0%",
        "flee rock": "Flee from Ada with Rock · 62% · ☠0%",
    }


def test_duel_reached_through_the_engine():
    state = put(two(), 1, region="su")
    state = put(state, 0, hunting=1)
    state = rig(state, 1)  # Ada's strike misses: Bo must answer
    state, _ = apply(state, "strike 1")
    assert isinstance(state.pending, Duel)
    assert labels(state)["flee"].startswith("Flee from Ada · ")


def test_action_keys():
    assert action_key(legal_actions(two())[0]) == "d"
    state = put(evolve(two(), precycle=True), 0, cycle_turns=5)
    keys = {str(a): action_key(a) for a in legal_actions(state)}
    assert keys == {"draw": "d", "draw precycle": "p", "food": "f", "search": "s"}
    assert ACTION_KEYS["ChooseSlugcat"] is None
    assert ACTION_KEYS["Flee"] == "e" and ACTION_KEYS["Strike"] == "x" and ACTION_KEYS["Hunt"] == "u"
    assert all(key is None or len(key) == 1 for key in ACTION_KEYS.values())


# -- hand cards ------------------------------------------------------------------------------------
def test_card_lines():
    state = two()
    assert card_line(state, "shelter") == "Shelter: hibernate here for a turn"
    assert card_line(state, "gate_hi_su") == "Karma Gate HI-SU: HI→SU 2, SU→HI 3"
    assert card_line(state, "spear") == "Spear: +3 attack, used up"
    assert card_line(state, "lantern") == "Lantern: lifts Shaded Citadel's penalties · 2 pearls"
    assert card_line(state, "green_lizard") == "Green Lizard (tamed): attacks -3 after you"
    assert card_line(state, "scavenger").startswith("Scavenger (friend)")
    assert card_line(state, "slugpup").startswith("Slugpup:")
    assert card_line(state, "pearl") == "Pearl: worth 1 pearl"
    assert card_line(state, "karma_flower") == "Karma Flower: keeps your karma through a death · 1½ pearls"


def test_card_line_names_the_holders_own_bonus():
    state = two("hunter", "survivor")
    assert card_line(state, "spear", 0) == "Spear: +3 attack, +1 attack Spear mastery, used up"
    assert card_line(state, "spear", 1) == "Spear: +3 attack, used up"
    long_legs = put(state, 0, form="hunter_long_legs", turns=25)  # the Hunter card discarded, its mastery too
    assert card_line(long_legs, "spear", 0) == "Spear: +3 attack, used up"


# -- the slugcat card --------------------------------------------------------------------------------
def card_lines(state, index) -> list[str]:
    return slugcat_card_content(state, index).plain.split("\n")


def test_food_board_has_the_hibernation_line_after_the_line_pips():
    assert food_pips(3, 7, 4).plain == "●●●○│○○○"
    assert food_pips(0, 5, 3).plain == "○○○│○○"
    assert food_pips(7, 7, 7).plain == "●●●●●●●│"
    state = put(two(), 0, food=3)
    assert "●●●○│○○○ food 3, need 4" in card_lines(state, 0)
    line, most = DATA.slugcats["hunter"].food_line, DATA.slugcats["hunter"].food_max
    hunter = put(two(), 1, food=most)  # a full board: the line drawn after the line's pips
    assert "●" * line + "│" + "●" * (most - line) + f" food {most}, need {line}" in card_lines(hunter, 1)
    nibbling = put(two(), 1, food=1, food_parts=1)  # a carnivore half way to its next pip
    assert "●" + "○" * (line - 1) + "│" + "○" * (most - line) + f" food 1½, need {line}" in card_lines(nibbling, 1)


def test_starving_needs_a_full_board():
    state = put(two(), 0, food=3, starving=True)
    lines = card_lines(state, 0)
    assert "●●●○○○○│ food 3, need 7" in lines
    assert "starving: full board needed" in lines
    assert "starving: full board needed" not in card_lines(put(two(), 0, food=3), 0)


def test_karma_row():
    state = put(two(), 0, karma=3)
    assert "◉◉◉○○ karma 3" in card_lines(state, 0)
    assert "◉○○○○ karma 1" in card_lines(two(), 1)


def test_card_head_hp_rep_and_states():
    state = put(two(), 0, reputation=2, turns=12)
    lines = card_lines(state, 0)
    assert lines[0] == "▶ Ada · Survivor"  # Ada is to act
    assert lines[1] == "HP 13 · rep 2/5 · turn 12"
    assert card_lines(state, 1)[0] == "Bo · Hunter"
    assert "awake in Outskirts" in lines
    dead = card_lines(put(two(), 0, status=DEAD), 0)
    assert "☠ dead until the next cycle" in dead
    hibernating = card_lines(put(two(), 1, status="hibernating"), 1)
    assert "⌂ hibernating in Farm Arrays" in hibernating


def test_long_legs_form_and_tamer():
    state = put(two(), 1, form="hunter_long_legs", tamed_by=0)
    lines = card_lines(state, 1)
    assert lines[1].startswith("HP 13")  # the form's HP
    assert "◆ Hunter Long Legs · tamed by Ada" in lines


def test_ending_progress():
    marked = put(two(), 0, has_mark=True)
    assert "◈ Mark · take it to Subterranean" in card_lines(marked, 0)
    there = put(two(), 0, has_mark=True, reached_ending=True, ending_hibernations=1, region="sb")
    assert "◈ Mark · Subterranean · slept 1/2" in card_lines(there, 0)
    waiting = put(two(), 0, has_mark=True, reached_ending=True, ending_hibernations=2, waiting=3)
    assert "◈ Mark · waiting 3 turns" in card_lines(waiting, 0)


def test_card_fits_its_column():
    busy = put(two(), 0, food=5, karma=5, reputation=5, turns=123, starving=True, has_mark=True,
               reached_ending=True, ending_hibernations=1, region="hi", hunting=1, name="Adalberta-Long-Name")
    busy = put(busy, 1, region="hi", form="hunter_long_legs", tamed_by=0)
    gourmand = put(two("gourmand", "inv"), 1, food=11, starving=True)
    for state, index in ((busy, 0), (busy, 1), (gourmand, 0), (gourmand, 1)):
        lines = card_lines(state, index)
        assert len(lines) <= 8, lines
        assert max(len(line) for line in lines) <= 34, lines  # 38 with a border and padding


# -- setup preview -----------------------------------------------------------------------------------
def test_slugcat_preview_in_words():
    survivor = slugcat_preview_content(DATA, "survivor").plain
    assert "HP 13 · hibernates at 4 of 7 food" in survivor
    assert "starts in Outskirts" in survivor
    assert "+1 flee in Outskirts (Knows the Outskirts)" in survivor
    artificer = slugcat_preview_content(DATA, "artificer").plain
    assert "+2 attack while carrying Scavenger Bomb" in artificer
    assert "gifts give no reputation" in artificer
    assert "eats meat; plants count half" in artificer
    hunter = slugcat_preview_content(DATA, "hunter").plain
    assert "-1 flee after 20 turns" in hunter
    assert "becomes Hunter Long Legs after 20 turns" in hunter
    rivulet = slugcat_preview_content(DATA, "rivulet").plain
    assert "swimmer: +2 flee in water regions" in rivulet
    assert "tame cost -1 in Sky Islands" in slugcat_preview_content(DATA, "saint").plain


# -- creature card -------------------------------------------------------------------------------------
def test_creature_card_tame_price_or_none():
    state = two()
    lizard = creature_card_content(state, "green_lizard", 0).plain
    assert "tame for 3 food" in lizard
    assert "HP 14 · ●●● food 3" in lizard
    assert "attack -3 · speed -1" in lizard
    scavenger = creature_card_content(state, "scavenger", 0).plain
    assert "cannot be tamed" in scavenger and "tame for" not in scavenger
    assert f"Scavenger: {DATA.abilities['scavenger'].text} (yours 1; 3 passes, 5 joins)" in scavenger
    monk = put(two("monk", "hunter"), 0, food=2)
    price = "tame for 1 food (3, Monk -1, Among familiar creatures -1)"
    assert price in creature_card_content(monk, "green_lizard", 0).plain
    assert "you have 0" in lizard  # why Tame is not offered
    assert "you have" not in creature_card_content(put(state, 0, food=3), "green_lizard", 0).plain


def test_creature_abilities_in_words():
    """The card says each ability in the words of decks/abilities.toml, not words of its own."""
    state = two()
    assert "Ambush: strikes first, before you can make a move" in creature_card_content(state, "white_lizard", 0).plain
    long_legs = creature_card_content(state, "hunter_long_legs", 0).plain
    assert "Explosive: blasts: the HP it strikes at counts as half" in long_legs
    assert "Aggressive: cannot be fled on the first exchange: attack or tame it first" in long_legs
    worm_grass = creature_card_content(state, "worm_grass", 0).plain
    assert "Stationary: cannot be attacked or tamed: you can only flee" in worm_grass
    salamander = creature_card_content(put(state, 0, region="ds"), "salamander", 0).plain
    assert "Aquatic: stronger in water, weaker out of it (+2 here: water)" in salamander
    dry = creature_card_content(state, "salamander", 0).plain  # Ada wakes in the dry Outskirts
    assert "(-2 here: dry)" in dry
    assert "(+2 in water, -2 out of it)" in creature_card_content(state, "salamander", None).plain


def test_ability_words_come_from_the_data():
    """A table that rewrites abilities.toml sees its own words on the card."""
    from rainboard.data.models import AbilityWords

    words = dict(DATA.abilities, ambush=AbilityWords(name="Pounce", text="it was waiting for you"))
    state = two()
    state = evolve(state, data=evolve(DATA, abilities=words))
    assert "Pounce: it was waiting for you" in creature_card_content(state, "white_lizard", 0).plain


# -- events --------------------------------------------------------------------------------------------
def _styles_of(content, text: str) -> list[str]:
    start = content.plain.index(text)
    return [str(span.style) for span in content.spans if span.start <= start < span.end]


def test_roll_line_names_modifiers_and_outcome():
    roll = Roll(who="Ada", purpose="attack", die="d20", natural=12,
                modifiers=(("Hunter", 2), ("starving", -1)), target=10, success=True)
    line = event_line(Rolled(player=0, roll=roll), two())
    assert line.plain == "⚄ Ada rolls for attack: d20 12 + 2 Hunter - 1 starving = 13 vs 10 ✓ success"
    assert any("bold" in s for s in _styles_of(line, "12 +"))  # the natural roll stands out
    assert any("$text-success" in s for s in _styles_of(line, "✓"))
    miss = evolve(roll, natural=3, success=False)
    line = event_line(Rolled(player=0, roll=miss), two())
    assert line.plain.endswith("= 4 vs 10 ✗ failure")
    assert any("$text-error" in s for s in _styles_of(line, "✗"))


def test_engine_rolls_read_in_the_log():
    state = put(two(), 0, hand=hand("spear"))
    state = rig(stack(state, "su", "green_lizard"), 15)
    state, events = apply(state, "draw")
    state, events = apply(state, "attack spear")
    lines = [event_line(e, state).plain for e in events]
    assert "⚄ Ada rolls for attack: d20 15 + 3 Spear = 18 vs 14 ✓ success" in lines
    assert all("\n" not in line for line in lines)


def test_kinds_get_their_symbols():
    state = two()
    assert event_line(Died(player=0), state).plain == "☠ Ada dies: caught in the rain."
    assert event_line(KarmaChanged(player=0, before=1, after=2), state).plain == "✦ Ada's karma rises to 2."
    assert event_line(RainFell(), state).plain.startswith("☂ ")
    assert event_line(Ascended(player=0, turns=9), state).plain.startswith("✧ ")
    died = event_line(Died(player=0), state)
    assert any("$text-error" in s for s in _styles_of(died, "Ada"))
    plain = event_line(CardDrawn(player=0, card="rock", deck="su"), state)
    assert plain.plain == "· Ada draws Rock from the Outskirts deck."  # one line, no symbol of its own


# -- the widgets at 80x24 ---------------------------------------------------------------------------------
def _fight_state():
    state = put(two(), 0, food=3, karma=2, hand=hand("spear", "rock", "pearl"))
    state = rig(stack(state, "su", "green_lizard"), 5, 12)
    events = []
    for text in ("draw", "attack spear"):
        state, new = apply(state, text)
        events += new
    return state, events


class CardsApp(App):
    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="left"):
                yield SlugcatCard(id="card")
                yield Static(id="creature")  # the fight panel's words (creature_card_content)
            with Vertical():
                yield HandList(id="hand")
                yield EventLog(id="log")


def _text(widget) -> str:
    return "\n".join(strip.text for strip in widget.render_lines(widget.region.reset_offset))


async def test_widgets_mount_and_show_at_80x24():
    state, events = _fight_state()
    app = CardsApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.query_one("#left").styles.width = 38
        app.query_one(SlugcatCard).show(state, 0)
        app.query_one("#creature", Static).update(as_text(creature_card_content(state, "green_lizard", 0)))
        hand_list = app.query_one(HandList)
        hand_list.show(state, 0)
        log = app.query_one(EventLog)
        log.add(events, state)
        await pilot.pause()
        await pilot.pause()
        card = _text(app.query_one(SlugcatCard))
        assert "●●●○│○○○" in card and "◉◉○○○ karma 2" in card
        assert "tame for 3 food" in _text(app.query_one("#creature"))
        assert hand_list.option_count == 2 and hand_list.cards == ("rock", "pearl")  # the spear was thrown
        shown = "\n".join(strip.text for strip in log.lines)
        assert "✗ failure" in shown and "Green Lizard" in shown
        for widget in app.query("SlugcatCard, #creature, HandList, EventLog"):
            assert widget.region.right <= 80 and widget.region.width > 0, widget
        assert log.max_scroll_y == 0 or log.scroll_y == log.max_scroll_y  # follows the newest line


async def test_empty_hand_and_the_card_under_the_cursor():
    state = put(two(), 0, hand=hand("spear", "shelter"))
    app = CardsApp()
    async with app.run_test(size=(80, 24)) as pilot:
        hand_list = app.query_one(HandList)
        hand_list.show(put(two(), 0, hand=()), 0)
        await pilot.pause()
        assert hand_list.option_count == 1 and hand_list.get_option_at_index(0).disabled
        assert EMPTY_HAND in str(hand_list.get_option_at_index(0).prompt)
        hand_list.show(state, 0)
        hand_list.focus()
        hand_list.highlighted = 1
        await pilot.pause()
        assert hand_list.highlighted_card == "shelter"


async def test_log_wraps_again_when_narrower_and_keeps_theme_colours():
    state, events = _fight_state()
    app = CardsApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.query_one("#left").styles.width = 38
        log = app.query_one(EventLog)
        log.add(events, state)
        await pilot.pause()
        wide = len(log.lines)
        await pilot.resize_terminal(60, 24)
        await pilot.pause()
        await pilot.pause()
        assert len(log.lines) > wide  # the same events take more rows
        rows = [strip.text.rstrip() for strip in log.lines]
        assert all(len(row) <= log.scrollable_content_region.width for row in rows)
        assert any(row.startswith("  ") for row in rows)  # wrapped rows hang under the text

        def colour_of(symbol: str):
            for strip in log.lines:
                for segment in strip:
                    if symbol in segment.text:
                        return segment.style.color
            raise AssertionError(symbol)

        before = colour_of("✗")
        assert before is not None  # $error was resolved, not dropped
        app.theme = "gruvbox"  # an $error unlike the default theme's
        await pilot.pause()
        await pilot.pause()
        assert colour_of("✗") != before


def test_a_kept_gate_too_dear_says_so_in_one_short_line():
    """Listed on every turn, a kept gate the player cannot use yet fits a row of the 80-column list."""
    from rainboard.engine import queries
    from rainboard.engine.testing import give_cards
    from rainboard.ui.words import blocked_label

    state = give_cards(put(two(), 0, region="su", karma=1), 0, "gate_hi_su")
    (blocked,) = [b for b in queries.blocked_moves(state, 0) if getattr(b.action, "gate", None) == "gate_hi_su"]
    need = queries.gate_karma(state, "gate_hi_su", "su")
    assert blocked_label(state, blocked) == f"Gate to HI: karma {need}, you have 1"
    assert len("✗ " + blocked_label(state, blocked)) <= 38
