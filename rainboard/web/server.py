"""textual-serve's Server, fitted to a table: the page is titled for the game, it asks nothing of
the internet, it works from whatever address a browser reached it by, and it takes nothing from
a browser on trust.

textual-serve writes its page's links from the address it was started on; served on 0.0.0.0 that
would send a tablet's browser to 0.0.0.0, so here the links follow the address in each request.
Its page also pulls a font from Google; a table on a home network without the internet must not
wait on that, so the link is left out and the browser's own monospace font is used.

What a browser sends is bounded or refused here: a request by a name the table is not served by
(a page elsewhere whose name was pointed at this computer: DNS rebinding), a websocket opened by
another site's page, a terminal larger than any screen, a font size or a message that makes no
sense. Each tab's `rainboard play` is also held to a memory limit, so a tab that runs away ends
alone and the table and the other tabs play on.

A seat link (`/?table=T-4KX9&seat=2&token=...`, printed by `rainboard host`) opens a tab straight
into one seat of a table: the page's websocket then names the seat in its path, and that tab's
command is `rainboard join CODE --seat N --token=T` in place of `rainboard play` (seat_command). The
code, seat and token are checked for their form here, before any process starts; whether the token
is the seat's is the table's to say (rainboard/table), in the tab.

A watch link (`/?table=T-4KX9&watch=1`, printed beside the seat links) opens a spectator's tab: its
websocket path names only the table, its command is `rainboard join CODE --watch`, and it shows the
board and the log with no hand. Its code is checked as a seat link's is; a watch link that also names
a seat or a token, or whose `watch` is anything but 1, is refused as a bad seat link is.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import re
import shlex
import signal
import sys
from functools import cached_property
from pathlib import Path
from typing import Any, Awaitable, Callable

import aiohttp_jinja2
import jinja2
import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from .addresses import EVERY_ADDRESS, served_names
from .limited import TAB_MEMORY, limit_memory, resource  # noqa: F401 - the tab's limit is told of here

log = logging.getLogger("textual-serve")

TEMPLATES = Path(textual_serve.__file__).parent / "templates"
FONT_LINK = '<link\n      rel="stylesheet"\n      href="https://fonts.googleapis.com/css?family=Roboto%20Mono"\n    />'

# A tab's terminal, in cells. A 4K screen at the page's default font shows about 400 columns by 110
# rows, so 500 by 200 leaves room to spare (a smaller font only leaves the window's edge empty), yet
# is 100,000 cells for Textual to lay out and redraw; 20000 by 20000 took a tab past 2.9 GB. The
# least keeps Textual's layout off zero and negative sizes; a smaller window shows nothing to play.
COLUMNS = (10, 500)
ROWS = (5, 200)
DEFAULT_SIZE = (80, 24)
# The page's font size in pixels: smaller is unreadable, and at 72 a laptop shows some 30 columns.
FONT_SIZES = (6, 72)
DEFAULT_FONT_SIZE = 16
# a seat link's parts, by their form only: a table code as `rainboard host` writes it, a seat of the
# nine a table can have, a token of secrets.token_urlsafe's letters (16 bytes make 22; room to spare)
SEAT_CODE = re.compile(r"^T-[23456789A-HJ-NP-Z]{4}$")
SEAT_NUMBER = re.compile(r"^[1-9]$")
SEAT_TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
BAD_LINK = ("This is not a Rainboard seat link: a seat link is the address `rainboard serve` printed, then "
            "?table=T-4KX9&seat=2&token=... as `rainboard host` printed it (a watch link ends "
            "?table=T-4KX9&watch=1).\n")
LINK_NAMES = ("table", "seat", "token", "watch")


def seat_link(table: object, seat: object, token: object) -> tuple[str, int, str] | None:
    """A seat link's table code, seat and token when each has its form; None otherwise."""
    if not all(isinstance(part, str) for part in (table, seat, token)):
        return None
    code = table.strip().upper()
    if not (SEAT_CODE.match(code) and SEAT_NUMBER.match(seat) and SEAT_TOKEN.match(token)):
        return None
    return code, int(seat), token


def watch_link(table: object, watch: object) -> str | None:
    """A watch link's table code when the code has its form and `watch` is "1"; None otherwise."""
    if not (isinstance(table, str) and watch == "1"):
        return None
    code = table.strip().upper()
    return code if SEAT_CODE.match(code) else None


def join_command(play: str, *arguments: str) -> str:
    """The server's `rainboard ... play` with `join ARGUMENTS...` in place of `play` (each part
    quoted for the shell)."""
    parts = shlex.split(play)
    if not parts or parts[-1] != "play":
        raise ValueError(f"not a `rainboard play` command: {play!r}")
    return shlex.join([*parts[:-1], "join", *arguments])


def seat_command(play: str, code: str, seat: int, token: str) -> str:
    """The tab's command for a seat link: `rainboard ... join CODE --seat N --token=T`. The token
    goes with its option in one word: a token may begin with "-", which the command line would
    otherwise read as an option of its own (and the tab's app would not start)."""
    return join_command(play, code, "--seat", str(seat), f"--token={token}")


def watch_command(play: str, code: str) -> str:
    """The tab's command for a watch link: `rainboard ... join CODE --watch`."""
    return join_command(play, code, "--watch")


# A tab's app sets its page's title with a meta packet of this type (ui/textual_internals.tell_page);
# the tab passes it on to the page as a message textual.js leaves alone, and PAGE_SCRIPT reads it.
TITLE_PACKET = "rainboard_title"
TITLE_LENGTH = 80  # at most this many characters of a title reach the page
PAGE_SCRIPT = """<script>
      // A tab's title from its app ("Your turn · Rainboard"): read off the tab's own websocket.
      (() => {
        const Socket = window.WebSocket;
        window.WebSocket = class extends Socket {
          constructor(...args) {
            super(...args);
            this.addEventListener("message", (event) => {
              if (typeof event.data !== "string" || !event.data.startsWith('["%s"')) return;
              try { document.title = JSON.parse(event.data)[1].title; } catch (error) {}
            });
          }
        };
      })();
    </script>
    """ % TITLE_PACKET


def page_template(name: str) -> str:
    """textual-serve's template, with a <title>, the script that lets the app retitle its tab, and
    without the font from the internet."""
    source = (TEMPLATES / name).read_text(encoding="utf-8")
    if name == "app_index.html":
        source = source.replace("<head>", "<head>\n    <title>{{ application.name }}</title>", 1)
        source = source.replace(FONT_LINK, "")
        script = '<script src="{{ config.static.url }}js/textual.js"></script>'
        source = source.replace(script, PAGE_SCRIPT + script, 1)  # before textual.js opens the socket
    return source


def within(value: object, bounds: tuple[int, int]) -> int | None:
    """`value` as a whole number moved into `bounds`, or None if it is not one. It may be a JSON
    integer, or ASCII digits from an address: int() alone would take '²' and refuse 5,000 digits."""
    if isinstance(value, str) and value.isascii() and value.isdigit():
        digits = value.lstrip("0") or "0"
        value = bounds[1] if len(digits) > 6 else int(digits)  # a million is past every bound here
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return min(max(value, bounds[0]), bounds[1])


def terminal_size(width: object, height: object) -> tuple[int, int] | None:
    """A terminal's width and height, each within a real screen's; None unless both are numbers."""
    size = within(width, COLUMNS), within(height, ROWS)
    return None if None in size else size


def host_and_port(value: str) -> tuple[str, int] | None:
    """A Host header's name (lowercased, an IPv6 address without its brackets) and port (80, as
    for http://, when it names none); None if it is not a host and port."""
    name, port = value, "80"
    if value.startswith("["):
        name, bracket, rest = value[1:].partition("]")
        if not bracket or rest[:1] not in ("", ":"):
            return None
        port = rest[1:] or port
    elif ":" in value:
        name, _, port = value.partition(":")  # a second ':' stays in the port, which then is no number
    if not (name and port.isascii() and port.isdigit() and len(port) <= 5):
        return None
    return name.lower(), int(port)


def is_address(name: str) -> bool:
    """Whether `name` is an IP address rather than a name."""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def limited(command: str) -> str:
    """The shell command that runs `command` under a tab's memory limit (rainboard/web/limited.py);
    where there is no limit to set (Windows), `command` itself."""
    if resource is None:
        return command
    return f"{shlex.join([sys.executable, '-m', 'rainboard.web.limited'])} {command}"


class Tab(AppService):
    """One browser tab's `rainboard play`, its page closed when it ends, whatever ended it."""

    async def run(self) -> None:
        await super().run()
        await self.remote_close()  # a tab whose app died (out of memory, say) is told so, not left hanging

    async def on_meta(self, data: bytes) -> None:
        """A title from the app goes on to its page (PAGE_SCRIPT); every other packet as textual-serve
        has it."""
        try:
            meta = json.loads(data)
        except ValueError:
            meta = None
        if isinstance(meta, dict) and meta.get("type") == TITLE_PACKET:
            title = str(meta.get("title", ""))[:TITLE_LENGTH]
            await self.remote_write_str(json.dumps([TITLE_PACKET, {"title": title}]))
            return
        await super().on_meta(data)


class RainboardServer(Server):
    """Serves one `rainboard play` process per browser tab, each under a memory limit."""

    def __init__(self, command: str, *args, **kwargs) -> None:
        super().__init__(limited(command), *args, **kwargs)
        self.play_command = command  # a seat link's tab runs it as `join` (seat_command)

    def make_app(self) -> web.Application:
        """The web application: textual-serve's pages and websocket, its page template fitted to
        the table (page_template), and every request checked first (only_this_table)."""
        app = web.Application(middlewares=[self.only_this_table])
        aiohttp_jinja2.setup(app, loader=jinja2.FunctionLoader(page_template))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.get("/ws/seat/{table}/{seat}/{token}", self.handle_websocket, name="seat-websocket"),
            web.get("/ws/watch/{table}", self.handle_websocket, name="watch-websocket"),
            web.get("/download/{key}", self.handle_download, name="download"),
            web.static("/static", self.statics_path, show_index=True, name="static"),
        ])
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    def serve(self, debug: bool = False) -> None:
        """Serve until ctrl+c (or SIGTERM), as textual-serve does, with this server's application."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
        except NotImplementedError:  # Windows: ctrl+c still ends run_app
            pass
        web.run_app(self.make_app(), host=self.host, port=self.port, handle_signals=False, loop=loop,
                    print=lambda *args: None)

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: `rainboard serve` has said where to go (textual-serve would print its banner)."""

    @cached_property
    def names(self) -> set[str]:
        """The names this table answers to (see served_names)."""
        return served_names(self.host, self.port)

    def serves(self, host: str) -> bool:
        """Whether a Host header names this table: one of its names at its port, or for a table on
        every address any IP address at its port (an address cannot be pointed elsewhere, a name can)."""
        found = host_and_port(host)
        if found is None or found[1] != self.port:
            return False
        return found[0] in self.names or (self.host in EVERY_ADDRESS and is_address(found[0]))

    @web.middleware
    async def only_this_table(self, request: web.Request,
                              handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        """Refuse a request by another name than the table's, or from another site's page: a
        browser sends the Origin of the page asking, and only the table's own page may open a tab.
        A request without an Origin (not from a page: curl, say) is let through."""
        host = request.headers.get("Host", "")
        if not self.serves(host):
            return web.Response(status=403, text="Rainboard answers only at the address `rainboard serve` "
                                                 "printed; this request named another.\n")
        origin = request.headers.get("Origin")
        if origin is not None and origin.lower() not in (f"http://{host}".lower(), f"https://{host}".lower()):
            return web.Response(status=403, text="Rainboard refuses a page from another origin: only its own "
                                                 "page opens a table.\n")
        return await handler(request)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page; with a seat link's query (table, seat, token) a page whose tab joins that seat,
        with a watch link's (table, watch=1) one whose tab watches that table, and a link of the
        wrong form is refused in one line, before any tab starts."""
        query = request.query
        seat = watch = None
        if "watch" in query:
            watch = None if "seat" in query or "token" in query else watch_link(query.get("table"), query.get("watch"))
            if watch is None:
                return web.Response(status=400, text=BAD_LINK)
        elif any(name in query for name in LINK_NAMES):
            seat = seat_link(query.get("table"), query.get("seat"), query.get("token"))
            if seat is None:
                return web.Response(status=400, text=BAD_LINK)
        return aiohttp_jinja2.render_template("app_index.html", request, self.page(request, seat, watch))

    def page(self, request: web.Request, seat: tuple[str, int, str] | None, watch: str | None = None) -> dict[str, Any]:
        base = f"{request.scheme}://{request.host}"
        router = request.app.router
        static = f"{base}{router['static'].url_for(filename='/')}".rstrip("/") + "/"
        if seat is not None:
            code, number, token = seat
            path = router["seat-websocket"].url_for(table=code, seat=str(number), token=token)
        elif watch is not None:
            path = router["watch-websocket"].url_for(table=watch)
        else:
            path = router["websocket"].url_for()
        websocket = "ws" + base.removeprefix("http") + str(path)
        return {
            "font_size": within(request.query.get("fontsize"), FONT_SIZES) or DEFAULT_FONT_SIZE,
            "app_websocket_url": websocket,
            "config": {"static": {"url": static}},
            "application": {"name": self.title},
        }

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A tab's websocket: its `rainboard play` started at the size the page asks (bounded),
        and stopped when the tab goes."""
        size = terminal_size(request.query.get("width"), request.query.get("height")) or DEFAULT_SIZE
        command = self.command
        found = request.match_info
        if "seat" in found:  # a seat link's tab: `rainboard join` that seat
            seat = seat_link(found["table"], found["seat"], found["token"])
            if seat is None:
                return web.Response(status=400, text=BAD_LINK)
            command = limited(seat_command(self.play_command, *seat))
        elif "table" in found:  # a watch link's tab: `rainboard join CODE --watch`
            code = watch_link(found["table"], "1")
            if code is None:
                return web.Response(status=400, text=BAD_LINK)
            command = limited(watch_command(self.play_command, code))
        websocket = web.WebSocketResponse(heartbeat=15)
        tab: Tab | None = None
        try:
            await websocket.prepare(request)
            tab = Tab(command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                      close=websocket.close, download_manager=self.download_manager, debug=self.debug)
            await tab.start(*size)
            await self.pass_on(websocket, tab)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:
            log.exception(error)
        finally:
            if tab is not None:
                await tab.stop()
        return websocket

    async def pass_on(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """Pass the page's keys, resizes, focus and pings on to the tab. A message that makes no
        sense is dropped, so nonsense on the websocket cannot end the tab's app."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except (ValueError, RecursionError):
                continue
            if not (isinstance(envelope, list) and envelope):
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                size = terminal_size(data.get("width"), data.get("height"))
                if size is not None:
                    await app_service.set_terminal_size(*size)
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()
