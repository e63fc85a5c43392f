"""`rainboard completion SHELL`: the script for bash, zsh and fish, and the words it offers on Tab.

argcomplete's scripts name no command themselves: on Tab they run `rainboard` with the line in the
environment and show what it answers. So the words are checked through that same protocol, once per
shell (each shell's own output format), and for bash the script is sourced in a real bash as well.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rainboard.cli import build_parser, main
from rainboard.cli_completion import SHELLS

ROOT = Path(__file__).resolve().parents[1]


def _script(shell: str, capsys) -> str:
    assert main(["completion", shell]) == 0
    return capsys.readouterr().out


# what registers the completion in each shell
REGISTERS = {
    "bash": "complete -o nospace -o default -o bashdefault -F _python_argcomplete rainboard",
    "zsh": "compdef _python_argcomplete rainboard",
    "fish": "complete --command rainboard",
}


@pytest.mark.parametrize("shell", SHELLS)
def test_the_script_registers_rainboard_in_its_shell(shell, capsys):
    script = _script(shell, capsys)
    assert REGISTERS[shell] in script
    if shell == "zsh":
        assert script.startswith("#compdef rainboard")  # so it may also be saved as _rainboard in $fpath


def test_an_unknown_shell_is_refused(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["completion", "tcsh"])
    assert stop.value.code == 2
    assert "invalid choice: 'tcsh'" in capsys.readouterr().err


def _commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """(words before, subcommand names, option strings) for the parser and every subcommand in it."""
    subcommands = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    options = [s for a in parser._actions if a.help != argparse.SUPPRESS for s in a.option_strings]
    names = [name for action in subcommands for name in action.choices]
    yield path, names, options
    for action in subcommands:
        for name, sub in action.choices.items():
            yield from _commands(sub, (*path, name))


# Asks for the completions of each line as the shell's script does (the environment it sets), in a
# process of its own: argcomplete answers on a file and writes its debug lines to fd 9, which in
# pytest's process is one of pytest's own files.
ASK = """
import json, os, sys
from rainboard.cli import build_parser
from rainboard.cli_completion import autocomplete

class Answered(Exception):
    pass

def stop(code=0):
    raise Answered(code)

shell, out, lines = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
answers = {}
for line in lines:
    os.environ.update(_ARGCOMPLETE="1", _ARGCOMPLETE_SHELL=shell, COMP_LINE=line, COMP_POINT=str(len(line)),
                      _ARGCOMPLETE_SUPPRESS_SPACE="1", _ARGCOMPLETE_STDOUT_FILENAME=out)
    if shell == "fish":
        os.environ.update(_ARGCOMPLETE_DFS="\\t", _ARGCOMPLETE_IFS="\\n")
    try:
        autocomplete(build_parser(), exit_method=stop)
    except Answered:
        pass
    with open(out) as answer:
        answers[line] = answer.read()
print(json.dumps(answers))
"""


def _words(shell: str, answer: str) -> set[str]:
    """The words in argcomplete's answer to `shell`: bash's are split by \\v, zsh's are word:help
    split by \\v, fish's are word<TAB>help split by newlines."""
    if shell == "fish":
        return {entry.split("\t")[0] for entry in answer.split("\n") if entry}
    entries = [entry for entry in answer.split("\v") if entry]
    if shell == "zsh":
        entries = [entry.split(":")[0] for entry in entries]
    return {entry.strip() for entry in entries}


@pytest.mark.parametrize("shell", SHELLS)
def test_the_completions_name_every_subcommand_and_option(shell, tmp_path):
    commands = list(_commands(build_parser()))
    lines = []
    for path, names, _options in commands:
        lines.append(" ".join(("rainboard", *path, "-")))  # the options
        if names:
            lines.append(" ".join(("rainboard", *path, "")))  # the subcommands
    env = {k: v for k, v in os.environ.items() if not k.startswith("_ARC")}
    env["PYTHONPATH"] = str(ROOT)
    asked = subprocess.run([sys.executable, "-c", ASK, shell, str(tmp_path / "answer"), json.dumps(lines)],
                           capture_output=True, text=True, env=env, timeout=120)
    assert asked.returncode == 0, asked.stderr
    answers = json.loads(asked.stdout)
    seen_commands = set()
    for path, names, options in commands:
        offered = _words(shell, answers[" ".join(("rainboard", *path, "-"))])
        missing = set(options) - offered
        assert not missing, f"rainboard {' '.join(path)}: {sorted(missing)} not offered in {shell}"
        if names:
            offered = _words(shell, answers[" ".join(("rainboard", *path, ""))])
            assert set(names) <= offered, f"rainboard {' '.join(path)}: {sorted(set(names) - offered)} not offered"
            seen_commands |= set(names)
    # the walk itself found the commands: a parser it could not read would pass the loop above
    assert {"play", "replay", "challenge", "decks", "check", "sim", "completion"} <= seen_commands
    assert "--data-dir" in _words(shell, answers["rainboard replay -"])


def _rainboard_on_path(folder: Path) -> Path:
    """A `rainboard` command that runs this checkout's code with this Python (the script's target)."""
    folder.mkdir()
    command = folder / "rainboard"
    command.write_text(f'#!/bin/sh\nPYTHONPATH="{ROOT}" exec "{sys.executable}" -m rainboard "$@"\n')
    command.chmod(0o755)
    return folder


BASH_ASKS = r"""
source "$1"
line="$2"
COMP_LINE="$line"; COMP_POINT=${#line}; COMP_TYPE=9
read -ra COMP_WORDS <<< "$line"
[[ "$line" == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
_python_argcomplete rainboard "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\n' "${COMPREPLY[@]}"
"""


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash on this machine")
@pytest.mark.parametrize("line, expected", [
    ("rainboard re", ["replay"]),
    ("rainboard completion f", ["fish"]),
    ("rainboard replay --v", ["--verify"]),
])
def test_bash_completes_a_line_with_the_script(line, expected, tmp_path, capsys):
    script = tmp_path / "rainboard.bash"
    script.write_text(_script("bash", capsys))
    folder = _rainboard_on_path(tmp_path / "bin")
    env = {k: v for k, v in os.environ.items() if not k.startswith("_ARC")}
    env["PATH"] = f"{folder}{os.pathsep}{env.get('PATH', '')}"
    done = subprocess.run(["bash", "--norc", "--noprofile", "-c", BASH_ASKS, "bash", str(script), line],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert [word.strip() for word in done.stdout.splitlines()] == expected, done.stdout + done.stderr


@pytest.mark.skipif(shutil.which("fish") is None, reason="no fish on this machine")
def test_fish_completes_a_line_with_the_script(tmp_path, capsys):
    script = tmp_path / "rainboard.fish"
    script.write_text(_script("fish", capsys))
    folder = _rainboard_on_path(tmp_path / "bin")
    env = {k: v for k, v in os.environ.items() if not k.startswith("_ARC")}
    env["PATH"] = f"{folder}{os.pathsep}{env.get('PATH', '')}"
    env["HOME"] = str(tmp_path)  # fish keeps its history and settings there
    done = subprocess.run(["fish", "--no-config", "-c", f"source {script}; complete -C 'rainboard re'"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert [line.split("\t")[0] for line in done.stdout.splitlines()] == ["replay"], done.stdout + done.stderr
