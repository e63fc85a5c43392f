"""The rules text in the help states the table's own numbers, read from decks/rules.toml."""

from __future__ import annotations

from attrs import evolve

from rainboard import paths
from rainboard.data import load_data
from rainboard.ui.screens.help import fill_numbers


def test_the_rain_timer_in_the_help_is_the_tables():
    rules = load_data().rules
    text = paths.asset_text("rules.md")
    shipped = fill_numbers(text, rules)
    assert f"rolls the rain timer: {rules.rain_dice}d{rules.rain_sides}+{rules.rain_bonus}." in shipped
    assert "{" not in shipped  # every number named in the text is a rules.toml number
    house = fill_numbers(text, evolve(rules, rain_dice=3, rain_bonus=1))
    assert f"rolls the rain timer: 3d{rules.rain_sides}+1." in house


def test_without_deck_data_the_help_names_the_number():
    assert fill_numbers("a timer of {rain_bonus} and {nothing}", None) == "a timer of `rain_bonus` and `nothing`"
    assert fill_numbers("{nothing} here", load_data().rules) == "`nothing` here"
