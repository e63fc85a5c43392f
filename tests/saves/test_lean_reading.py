"""What reading and writing a save leaves behind: a save's bytes are json's own indented writing,
made without json's thousands of short-lived lines; the converters that read decks and states are
let go after each reading, and nothing of the code attrs and cattrs write stays in linecache once a
save is read back for Continue."""

from __future__ import annotations

import gc
import json
import linecache
import tracemalloc

import attrs
import pytest

from rainboard.data import load_data
from rainboard.engine.digest import body_text
from rainboard.saves import encode_save, write_save
from rainboard.saves.converter import CONVERTER
from rainboard.saves.replay import Replay
from rainboard.saves.state_text import state_from_text
from rainboard.ui.resume import WRITTEN_SOURCES, forget_written_sources, open_save

from . import play


def _json_own(save) -> bytes:
    """The bytes encode_save wrote before: json.dumps with indent=1, in one go."""
    return (json.dumps(CONVERTER.unstructure(save), ensure_ascii=False, indent=1) + "\n").encode("utf-8")


@pytest.mark.parametrize("actions", [(), ("draw",), ("draw", "keep", "draw", "flee"),
                                     ("play \u00e9t\u00e9", 'say "hi"', "back\\slash", "draw")])
def test_a_save_is_written_as_json_writes_it(actions):
    save = attrs.evolve(play(limit=30).save, actions=actions, digests={0: "00"})
    assert encode_save(save) == _json_own(save)


def test_a_played_save_is_written_as_json_writes_it_and_reads_back():
    save = play(limit=300).save
    assert len(save.actions) > 100
    assert encode_save(save) == _json_own(save)
    assert json.loads(encode_save(save))["actions"] == list(save.actions)


def test_writing_a_long_save_makes_a_fraction_of_the_short_lived_strings():
    save = play(limit=60).save
    save = attrs.evolve(save, actions=save.actions * 100)  # some 6,000 actions of a few dozen texts

    def peak(write) -> int:
        gc.collect()
        tracemalloc.start()
        try:
            write(save)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    assert encode_save(save) == _json_own(save)
    assert peak(encode_save) < peak(_json_own) / 2


def _written_in_linecache() -> list[str]:
    return [name for name in linecache.cache if name.startswith(WRITTEN_SOURCES)]


def _written_functions(of: str) -> int:
    """The functions alive that cattrs wrote for the classes of module `of`."""
    gc.collect()
    return sum(type(value).__name__ == "function" and value.__code__.co_filename.startswith("<cattrs generated ")
               and f" {of}." in value.__code__.co_filename for value in gc.get_objects())


def test_reading_decks_and_a_state_leaves_no_converter_and_no_source_behind():
    played = play(limit=50)
    forget_written_sources()
    data = load_data()
    state = Replay(played.save, partial=True).final_state
    assert state_from_text(body_text(state), state.data) == state
    assert data.cards and load_data().cards  # read twice: each reading wrote its functions again
    assert _written_functions("rainboard.data.models") == 0  # and they went with its converter
    assert _written_functions("rainboard.engine.state") == 0
    assert not [name for name in _written_in_linecache() if name.startswith("<cattrs")]


def test_continue_lets_go_of_the_sources_attrs_wrote(tmp_path):
    save = play(limit=50).save
    path = tmp_path / "games" / f"{save.game_id}.json"
    write_save(path, save)

    @attrs.frozen
    class Written:  # attrs writes its methods, and leaves their source in linecache
        number: int

    assert _written_in_linecache()
    opened, replay, _, _ = open_save(path)
    assert opened == save and len(replay) == len(save.actions)
    assert not _written_in_linecache()
    assert Written(3) == Written(3)  # the methods work on without their text
