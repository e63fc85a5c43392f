"""The table file: codes, seats, tokens kept hashed, and what a wrong one is told."""

from __future__ import annotations

import json

import pytest

from rainboard.table import TableError, TableSeat, list_tables, normal_code, read_table
from rainboard.table.tablefile import TOKEN_BYTES, table_path

from .helpers import host


def test_a_table_gets_a_code_and_a_seat_per_player(tmp_path):
    table, tokens = host(tmp_path, 3)
    assert normal_code(table.code) == table.code and len(table.code) == 6
    assert [seat.players for seat in table.seats] == [(0,), (1,), (2,)]
    assert read_table(tmp_path, table.code.lower()) == table  # typed any case
    assert [t.code for t in list_tables(tmp_path)] == [table.code]
    assert table.save_path(tmp_path).exists()


def test_seats_may_group_players_and_every_player_sits_once(tmp_path):
    table, _ = host(tmp_path, 3, grouping=[[0, 2], [1]])
    assert [seat.players for seat in table.seats] == [(0, 2), (1,)]
    with pytest.raises(TableError, match="exactly one seat"):
        host(tmp_path, 3, grouping=[[0], [1]])
    with pytest.raises(TableError, match="does not have"):
        host(tmp_path, 2, grouping=[[0], [1, 5]])


def test_tokens_are_long_random_and_only_their_hash_is_kept(tmp_path):
    table, tokens = host(tmp_path, 2)
    text = table_path(tmp_path, table.code).read_text()
    for token in tokens.values():
        assert len(token) >= 22 and token not in text  # 16 bytes of urlsafe base64
    assert TOKEN_BYTES * 8 >= 128
    assert tokens[1] != tokens[2]
    assert table.seat(1).admits(tokens[1]) and not table.seat(1).admits(tokens[2])


def test_a_wrong_token_is_refused_with_a_clear_message(tmp_path):
    table, tokens = host(tmp_path, 2)
    with pytest.raises(TableError, match="not seat 2's link"):
        TableSeat(tmp_path, table, 2, token=tokens[1])
    assert TableSeat(tmp_path, table, 2, token=tokens[2]).players == (1,)


@pytest.mark.parametrize("typed", ["T-0000", "hello", "T-4KX", ""])
def test_a_code_that_cannot_be_one_is_refused(typed):
    with pytest.raises(TableError, match="not a table code"):
        normal_code(typed)


def test_a_missing_or_damaged_table_file_is_one_line(tmp_path):
    with pytest.raises(TableError, match="no table T-2345"):
        read_table(tmp_path, "T-2345")
    table, _ = host(tmp_path, 2)
    path = table_path(tmp_path, table.code)
    value = json.loads(path.read_text())
    value["seats"][0]["token"] = "not hex"
    path.write_text(json.dumps(value))
    with pytest.raises(TableError, match="seat 1 is not a seat"):
        read_table(tmp_path, table.code)
    path.write_text("{")
    with pytest.raises(TableError, match="not JSON"):
        read_table(tmp_path, table.code)
    assert isinstance(list_tables(tmp_path)[0], TableError)


def test_a_seat_that_does_not_exist_is_named(tmp_path):
    table, _ = host(tmp_path, 2)
    with pytest.raises(TableError, match="no seat 3; its seats are 1 to 2"):
        table.seat(3)
