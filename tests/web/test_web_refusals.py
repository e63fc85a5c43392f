"""What `rainboard serve` refuses, or bounds, from a browser it does not trust: a terminal too big
for any screen, a page on another site opening tabs, a name the table is not served by (DNS
rebinding), and nonsense in the address or on the websocket. No browser: aiohttp's client on
127.0.0.1, every wait bounded, the server's process group stopped afterwards (conftest)."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from .table import WAIT, Screen

TITLE = "New game"  # on the title screen each tab opens on
PROC = Path("/proc")
needs_proc = pytest.mark.skipif(not (PROC / "self" / "environ").exists(), reason="reads the tab's process in /proc")


def run(test):
    """Run an async test body against the server, bounded as a whole."""
    return asyncio.run(asyncio.wait_for(test, timeout=4 * WAIT))


def websocket_url(server, query: str = "width=80&height=24") -> str:
    return f"{server.url}ws?{query}"


def port_of(server) -> int:
    return int(server.url.rstrip("/").rpartition(":")[2])


def tab_apps(server) -> list[int]:
    """The `rainboard play` processes the server has started (in its process group) and still runs."""
    found = []
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            state, _parent, group = (entry / "stat").read_text().rpartition(")")[2].split()[:3]
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except (OSError, ValueError):
            continue  # gone meanwhile
        if int(group) == server.process.pid and b"play" in argv and state != "Z":
            found.append(int(entry.name))
    return found


async def wait_for_tab_app(server) -> int:
    """The one tab's app, once it has started."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not (found := tab_apps(server)):
        assert loop.time() < deadline, f"no tab app within {WAIT:.0f}s:\n{server.log.read_text(errors='replace')}"
        await asyncio.sleep(0.05)
    (pid,) = found
    return pid


async def wait_for(websocket, screen: Screen, words: str = TITLE, past: tuple[int, int] = (0, 0)) -> None:
    """Feed the app's output to `screen` until it shows `words` below and right of `past` (where a
    smaller screen had them: the title is centred, so a screen drawn larger moves it).
    Fails after WAIT, or if the tab closes."""
    import aiohttp

    def shown() -> bool:
        found = screen.find(words)
        return found is not None and found[0] >= past[0] and found[1] >= past[1]

    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    what = f"{words!r} past row {past[0]}, column {past[1]}"
    while not shown():
        try:
            message = await websocket.receive(timeout=max(0.01, deadline - loop.time()))
        except asyncio.TimeoutError:
            raise AssertionError(f"waited {WAIT:.0f}s for {what}; the screen shows:\n{screen.text()}") from None
        if message.type == aiohttp.WSMsgType.BINARY:
            screen.feed(message.data)
        elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
            raise AssertionError(f"the tab closed waiting for {what}; the screen shows:\n{screen.text()}")


@needs_proc
def test_a_huge_terminal_in_the_address_is_bounded_and_each_tab_has_a_memory_limit(server):
    import aiohttp

    async def test() -> None:
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(websocket_url(server, "width=20000&height=20000")):
                pid = await wait_for_tab_app(server)
                # the tab starts as rainboard/web/limited.py, which sets the limit and then becomes
                # `rainboard play` (exec, same process): read the limits once it has
                deadline = asyncio.get_running_loop().time() + WAIT
                while b"rainboard.web.limited" in (PROC / str(pid) / "cmdline").read_bytes():
                    assert asyncio.get_running_loop().time() < deadline, "the tab never became rainboard play"
                    await asyncio.sleep(0.02)
                started = (PROC / str(pid) / "environ").read_bytes().split(b"\0")
                limits = (PROC / str(pid) / "limits").read_text()
        environment = dict(line.partition(b"=")[::2] for line in started)
        assert 10 <= int(environment[b"COLUMNS"]) <= 500 and 5 <= int(environment[b"ROWS"]) <= 200
        data = re.search(r"^Max data size\s+(\S+)", limits, re.MULTILINE).group(1)
        assert data != "unlimited" and int(data) <= 2 * 1024**3, f"the tab's data size limit is {data}"

    run(test())


def test_a_huge_resize_is_bounded_to_a_real_screen(server):
    import aiohttp

    async def test() -> None:
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(websocket_url(server)) as websocket:
                await wait_for(websocket, Screen(80, 24))
                await websocket.send_json(["resize", {"width": 20000, "height": 20000}])
                # drawn on the widest and tallest screen allowed: the title is centred, well past 80x24
                await wait_for(websocket, Screen(500, 200), past=(24, 80))

    run(test())


@pytest.mark.parametrize("origin", ["http://elsewhere.example", "http://127.0.0.1.elsewhere.example:{port}",
                                    "https://127.0.0.1:1", "null"])
def test_a_websocket_from_another_site_is_refused(server, origin):
    import aiohttp

    async def test() -> None:
        port = port_of(server)
        async with aiohttp.ClientSession() as session:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                async with session.ws_connect(websocket_url(server), origin=origin.format(port=port)):
                    pass
            assert refused.value.status == 403
            async with session.get(server.url, headers={"Origin": origin.format(port=port)}) as page:
                assert page.status == 403 and page.content_type == "text/plain"
                assert "origin" in (await page.text()).lower()
            for fine in (f"http://127.0.0.1:{port}", None):  # the page's own, or none (not a browser)
                async with session.ws_connect(websocket_url(server), origin=fine) as websocket:
                    await websocket.close()

    run(test())


@pytest.mark.parametrize("host", ["elsewhere.example:{port}", "127.0.0.1.elsewhere.example:{port}",
                                  "127.0.0.1:1", "elsewhere.example"])
def test_a_name_the_table_is_not_served_by_is_refused(server, host):
    import aiohttp

    async def test() -> None:
        port = port_of(server)
        async with aiohttp.ClientSession() as session:
            async with session.get(server.url, headers={"Host": host.format(port=port)}) as page:
                text = await page.text()
                assert page.status == 403 and page.content_type == "text/plain", text[:200]
                assert "Rainboard" in text and "elsewhere" not in text  # nothing built from the name given
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                async with session.ws_connect(websocket_url(server), headers={"Host": host.format(port=port)}):
                    pass
            assert refused.value.status == 403
            for name in ("127.0.0.1", "localhost", "[::1]"):  # the loopback names, each at the port served
                async with session.get(server.url, headers={"Host": f"{name}:{port}"}) as page:
                    assert page.status == 200
                    assert f'data-session-websocket-url="ws://{name}:{port}/ws"' in await page.text()

    run(test())


FONT_SIZES = {  # asked for in the address (percent-encoded): the font size the page gets
    "%C2%B2": 16,  # '²', which str.isdigit() takes for a digit
    "9" * 4301: 72,  # more digits than int() reads
    "0" * 4300 + "20": 20,
    "2": 6, "1000": 72,  # bounded to 6..72
    "-3": 16, "1e3": 16, "": 16, "20": 20,
}


def test_a_bad_font_size_gets_a_sane_one(server):
    import aiohttp
    from yarl import URL

    async def test() -> list[str]:
        wrong = []
        async with aiohttp.ClientSession() as session:
            for fontsize, shown in FONT_SIZES.items():
                async with session.get(URL(f"{server.url}?fontsize={fontsize}", encoded=True)) as page:
                    text = await page.text()
                    if page.status != 200 or f'data-font-size="{shown}"' not in text:
                        wrong.append(f"fontsize={fontsize[:20]} ({len(fontsize)} long): {page.status} {text[:60]}")
        return wrong

    assert run(test()) == []


@needs_proc
@pytest.mark.parametrize("bad", [["resize", {"width": "wide", "height": 24}], ["resize", {"width": 90}],
                                 ["resize", [100, 30]], ["stdin", 5], [], {"resize": 1}, "not json"],
                         ids=["string width", "no height", "a list", "stdin not text", "empty", "an object",
                              "not json"])
def test_a_bad_message_on_the_websocket_leaves_the_tab_playing(server, bad):
    import aiohttp

    async def test() -> None:
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(websocket_url(server)) as websocket:
                small = Screen(80, 24)
                await wait_for(websocket, small)
                row, column = small.find(TITLE)
                pid = await wait_for_tab_app(server)
                await websocket.send_str(bad if isinstance(bad, str) else json.dumps(bad))
                # a key after it: the app, reading on past the bad message, shows its keys
                await websocket.send_json(["stdin", "?"])
                await wait_for(websocket, small, "What it does")
                await websocket.send_json(["stdin", "?"])
                await websocket.send_json(["resize", {"width": 160, "height": 50}])
                # and a resize still redraws it larger
                await wait_for(websocket, Screen(160, 50), past=(row + 1, column + 1))
                assert tab_apps(server) == [pid]

    run(test())
