"""The command line's help and errors follow the conventions of the tools people know: each
subcommand's --help starts with what it does and ends with examples, the main help lists the
environment and where errors.log lives, and every error line names its command."""

from __future__ import annotations

import argparse

import pytest

from rainboard.cli import build_parser, main


def _subcommands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()):
    for action in parser._actions:  # argparse offers no public walk of its subparsers
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield (*prefix, name), sub
                yield from _subcommands(sub, (*prefix, name))


COMMANDS = [names for names, _ in _subcommands(build_parser())]


def test_every_subcommand_is_walked():
    assert {("play",), ("continue",), ("replay",), ("challenge",), ("scores",), ("serve",), ("sim",),
            ("balance",), ("decks",), ("decks", "check")} <= set(COMMANDS)


@pytest.mark.parametrize("names", COMMANDS, ids=" ".join)
def test_each_help_says_what_it_does_first_and_ends_with_examples(names, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit) as done:
        main([*names, "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    paragraphs = [p for p in text.strip().split("\n\n") if p.strip()]
    assert paragraphs[0].startswith("usage: rainboard")
    description = paragraphs[1]
    assert not description.startswith(("positional arguments", "options")), "no description"
    assert description.rstrip().endswith("."), description
    last = paragraphs[-1].splitlines()
    assert last[0] == "examples:" and len(last) >= 2
    assert all(line.startswith(f"  rainboard {' '.join(names)}") for line in last[1:]), last
    assert all(len(line) <= 80 for line in text.splitlines()), "a line wider than the terminal"


def test_the_main_help_names_the_environment_and_the_error_log(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(["--help"])
    text = capsys.readouterr().out
    for name in ("RAINBOARD_DATA_DIR", "RAINBOARD_CONFIG_DIR", "RAINBOARD_DEBUG", "NO_COLOR", "errors.log"):
        assert name in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_errors_name_their_command(tmp_path, capsys):
    assert main(["replay", "--verify", str(tmp_path / "gone.json")]) == 1
    assert capsys.readouterr().err.startswith("rainboard replay: ")
    assert main(["decks", "check", "--decks", str(tmp_path / "no-decks")]) == 1
    assert capsys.readouterr().err.startswith("rainboard decks: Problems in the decks:")
    assert main(["--data-dir", str(tmp_path / "empty"), "continue"]) == 1
    assert capsys.readouterr().err.startswith("rainboard continue: ")
