"""`rainboard host`, `join` and `tables` on the command line."""

from __future__ import annotations

import json

from rainboard.cli import main
from rainboard.table import TableSeat, list_tables, read_table


def test_host_makes_the_table_and_prints_its_seats(tmp_path, capsys):
    assert main(["--data-dir", str(tmp_path), "host", "--players", "Ada,Bo,Cy", "--seats", "1,3/2", "--seed", "4",
                 "--no-join"]) == 0
    out = capsys.readouterr().out
    table, = list_tables(tmp_path)
    assert out.startswith(f"Table {table.code}: Ada, Bo, Cy")
    assert f"rainboard join {table.code} --seat 2" in out and "seat 1: Ada, Cy" in out
    assert f"to watch: http://127.0.0.1:8000/?table={table.code}&watch=1" in out  # the watch link
    token = out.split("seat 2: ")[-2].split()[0]  # the token line (the link line comes last)
    assert table.seat(2).admits(token) and token not in (tmp_path / "tables" / f"{table.code}.json").read_text()


def test_host_refuses_a_bad_seating(tmp_path, capsys):
    assert main(["--data-dir", str(tmp_path), "host", "--players", "Ada,Bo", "--seats", "1", "--no-join"]) == 2
    assert "exactly one seat" in capsys.readouterr().err
    assert list_tables(tmp_path) == []


def test_tables_says_who_holds_each_seat(tmp_path, capsys):
    main(["--data-dir", str(tmp_path), "host", "--players", "Ada,Bo", "--no-join"])
    capsys.readouterr()
    code = list_tables(tmp_path)[0].code
    seat = TableSeat(tmp_path, read_table(tmp_path, code), 2).take()
    assert main(["--data-dir", str(tmp_path), "tables", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["tables"]
    assert rows[0]["code"] == code and rows[0]["actions"] == 0
    assert [s["held_by"] is None for s in rows[0]["seats"]] == [True, False]
    assert "a terminal" in rows[0]["seats"][1]["held_by"]
    assert main(["--data-dir", str(tmp_path), "tables"]) == 0
    text = capsys.readouterr().out
    assert "seat 1: Ada" in text and "free" in text
    seat.close()


def test_join_tells_a_wrong_code_or_a_held_seat_in_one_line(tmp_path, capsys):
    assert main(["--data-dir", str(tmp_path), "join", "T-2345"]) == 2
    assert capsys.readouterr().err.strip() == "rainboard join: no table T-2345 in this data folder"
    assert main(["--data-dir", str(tmp_path), "join", "what?"]) == 2
    assert "not a table code" in capsys.readouterr().err
    main(["--data-dir", str(tmp_path), "host", "--players", "Ada,Bo", "--no-join"])
    code = list_tables(tmp_path)[0].code
    capsys.readouterr()
    seat = TableSeat(tmp_path, read_table(tmp_path, code), 1).take()
    assert main(["--data-dir", str(tmp_path), "join", code, "--seat", "1"]) == 1
    err = capsys.readouterr().err
    assert "seat 1 of" in err and "is held by a terminal" in err and f"rainboard join {code} --watch" in err
    assert main(["--data-dir", str(tmp_path), "join", code, "--seat", "7"]) == 2
    assert "has no seat 7" in capsys.readouterr().err
    seat.close()


def test_new_link_gives_a_free_seat_a_fresh_token_and_the_old_one_stops_opening_it(tmp_path, capsys):
    from rainboard.table import TableError

    main(["--data-dir", str(tmp_path), "host", "--players", "Ada,Bo", "--no-join"])
    printed = capsys.readouterr().out
    table, = list_tables(tmp_path)
    old = printed.split("seat 2: ")[-2].split()[0]  # the token line, before the links
    assert table.seat(2).admits(old) and f"?table={table.code}&seat=2&token={old}" in printed
    assert main(["--data-dir", str(tmp_path), "tables", "--new-link", table.code, "2"]) == 0
    out = capsys.readouterr().out
    new = out.split("--token=")[1].split()[0]
    assert new != old and f"seat=2&token={new}" in out
    again = read_table(tmp_path, table.code)
    assert again.seat(2).admits(new) and not again.seat(2).admits(old)
    assert again.seat(1) == table.seat(1)  # the other seats keep theirs
    try:
        TableSeat(tmp_path, again, 2, token=old)
    except TableError as error:
        assert "not seat 2's link" in str(error)
    else:
        raise AssertionError("the old token still opened seat 2")
    TableSeat(tmp_path, again, 2, token=new).close()
    held = TableSeat(tmp_path, again, 1).take()  # a seat someone holds is not handed on
    assert main(["--data-dir", str(tmp_path), "tables", "--new-link", table.code, "1"]) == 2
    assert "is held by" in capsys.readouterr().err
    assert read_table(tmp_path, table.code).seat(1) == table.seat(1)
    assert main(["--data-dir", str(tmp_path), "tables", "--new-link", table.code, "5"]) == 2
    assert "has no seat 5" in capsys.readouterr().err
    held.close()


def test_new_links_for_two_seats_at_once_both_land_and_a_seat_is_not_taken_meanwhile(tmp_path, monkeypatch):
    import threading
    import time

    from rainboard.saves.lock import GameLocked
    from rainboard.table import host, tablefile

    main(["--data-dir", str(tmp_path), "host", "--players", "Ada,Bo,Cy", "--no-join"])
    table, = list_tables(tmp_path)
    taken_meanwhile: list[int] = []
    real_write = tablefile.write_table

    def slow_write(data_dir, changed):
        time.sleep(0.3)  # time for the other link to read the file too, were it not locked
        now = read_table(data_dir, table.code)
        for seat in changed.seats:
            if seat != now.seat(seat.number):  # the seat being handed on: nobody takes it meanwhile
                try:
                    TableSeat(data_dir, now, seat.number).take().close()
                    taken_meanwhile.append(seat.number)
                except GameLocked:
                    pass
        real_write(data_dir, changed)

    monkeypatch.setattr(host, "write_table", slow_write)
    tokens: dict[int, str] = {}
    threads = [threading.Thread(target=lambda n=n: tokens.__setitem__(n, host.new_link(tmp_path, table.code, n)[1]))
               for n in (2, 3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    final = read_table(tmp_path, table.code)
    assert final.seat(2).admits(tokens[2]) and final.seat(3).admits(tokens[3])  # neither write lost the other
    assert final.seat(1) == table.seat(1)
    assert taken_meanwhile == []


def test_links_name_the_address_rainboard_serve_last_offered(tmp_path, capsys):
    from rainboard.table.links import DEFAULT_SERVED, SERVED_AT, note_served_at, served_at

    assert served_at(tmp_path) == DEFAULT_SERVED
    note_served_at(tmp_path, "http://192.168.1.20:8080/")
    assert served_at(tmp_path) == "http://192.168.1.20:8080/"
    main(["--data-dir", str(tmp_path), "host", "--players", "Ada,Bo", "--no-join"])
    out = capsys.readouterr().out
    table, = list_tables(tmp_path)
    assert f"seat 2: http://192.168.1.20:8080/?table={table.code}&seat=2&token=" in out
    assert f"to watch: http://192.168.1.20:8080/?table={table.code}&watch=1" in out
    assert "127.0.0.1" not in out
    assert main(["--data-dir", str(tmp_path), "tables", "--new-link", table.code, "2"]) == 0
    assert "http://192.168.1.20:8080/?table=" in capsys.readouterr().out
    (tmp_path / "tables" / SERVED_AT).write_text("javascript:alert(1)\n")  # not an address: the default
    assert served_at(tmp_path) == DEFAULT_SERVED
