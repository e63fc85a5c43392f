"""`rainboard serve`: loopback unless --public, a plain word when the web extra is missing, and a
page that names the game and asks nothing of the internet."""

from __future__ import annotations

import builtins

import pytest

from rainboard.cli import main
from rainboard.serve import addresses_to_share, is_loopback, play_command
from rainboard.web.server import RainboardServer, page_template


@pytest.fixture
def served(monkeypatch) -> list[RainboardServer]:
    servers: list[RainboardServer] = []
    monkeypatch.setattr(RainboardServer, "serve", lambda self, *args, **kwargs: servers.append(self))
    return servers


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "::1", "localhost"])
def test_loopback_addresses(host):
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "couch.local"])
def test_other_addresses_are_not_loopback(host):
    assert not is_loopback(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20"])
def test_another_address_asks_for_public_and_says_what_it_exposes(served, capsys, host):
    assert main(["serve", "--host", host]) == 2
    err = capsys.readouterr().err
    assert "--public" in err and "read the saves" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert not served


def test_public_serves_on_another_address_and_says_so(served, capsys):
    assert main(["serve", "--host", "0.0.0.0", "--port", "8124", "--public"]) == 0
    (server,) = served
    assert (server.host, server.port) == ("0.0.0.0", 8124)
    out = capsys.readouterr().out
    assert "Anyone who can reach this address can play and read the saves" in out
    assert ":8124/" in out
    from rainboard.saves import data_dir
    from rainboard.table.links import served_at

    offered = [line.strip() for line in out.splitlines() if line.strip().startswith("http")]
    assert served_at(data_dir(None)) == offered[-1]  # seat links printed later name it


def test_the_default_is_this_computer_only(served, capsys):
    assert main(["serve"]) == 0
    (server,) = served
    assert (server.host, server.port) == ("127.0.0.1", 8000)
    assert "http://127.0.0.1:8000/" in capsys.readouterr().out
    assert server.title.startswith("Rainboard")


@pytest.mark.parametrize("port", ["0", "70000", "eighty"])
def test_a_bad_port_is_one_line(capsys, port):
    with pytest.raises(SystemExit) as stop:
        main(["serve", "--port", port])
    assert stop.value.code == 2
    assert "--port" in capsys.readouterr().err


def test_without_the_web_extra_it_says_how_to_get_it(monkeypatch, capsys):
    real_import = builtins.__import__

    def no_web(name, *args, **kwargs):
        if name == "rainboard.web.server":
            raise ImportError("No module named 'textual_serve'", name="textual_serve")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_web)
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "make serve" in err and "pipx install '.[web]'" in err and "textual_serve" in err
    assert "rainboard[web]" not in err  # no such package is published


def test_a_port_in_use_is_one_line(monkeypatch, capsys):
    def taken(self, *args, **kwargs):
        raise OSError(98, "Address already in use")

    monkeypatch.setattr(RainboardServer, "serve", taken)
    assert main(["serve", "--port", "8125"]) == 1
    assert "cannot listen on 127.0.0.1 port 8125: Address already in use" in capsys.readouterr().err


def test_the_page_is_titled_and_fetches_no_font_from_the_internet():
    page = page_template("app_index.html")
    assert "<title>{{ application.name }}</title>" in page
    assert "googleapis" not in page


def test_the_page_hears_its_title_before_textual_opens_the_socket():
    page = page_template("app_index.html")
    hears, opens = page.find('startsWith(\'["rainboard_title"\')'), page.find("js/textual.js")
    assert -1 < hears < opens, page[:2000]


def test_a_tab_passes_a_title_from_its_app_to_its_page_and_nothing_more():
    import asyncio
    import json

    from rainboard.ui.textual_internals import PAGE_TITLE_META
    from rainboard.web.server import TITLE_LENGTH, TITLE_PACKET, Tab

    assert PAGE_TITLE_META == TITLE_PACKET  # the app's packet is the one the tab listens for
    sent: list[str] = []

    async def write_str(text: str) -> None:
        sent.append(text)

    tab = Tab.__new__(Tab)
    tab.remote_write_str = write_str
    packet = {"type": TITLE_PACKET, "title": "Your turn · Rainboard" + "!" * 200, "other": "x"}
    asyncio.run(tab.on_meta(json.dumps(packet).encode()))
    assert [json.loads(text) for text in sent] == [[TITLE_PACKET, {"title": packet["title"][:TITLE_LENGTH]}]]


def test_each_tab_runs_this_python_on_the_data_folder(tmp_path):
    command = play_command(tmp_path / "a folder")
    assert "-m rainboard --data-dir" in command and "'" in command  # the space is quoted
    assert command.endswith(" play")


def test_addresses_for_every_interface_include_this_computers_name():
    import socket

    assert addresses_to_share("0.0.0.0", 8000)[0] == f"http://{socket.gethostname()}:8000/"
    assert addresses_to_share("::1", 8001) == ["http://[::1]:8001/"]
