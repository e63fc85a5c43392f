"""textual-serve's Server, fitted to a table: the page is titled for the game, it asks nothing of
the internet, and it works from whatever address a browser reached it by.

textual-serve writes its page's links from the address it was started on; served on 0.0.0.0 that
would send a tablet's browser to 0.0.0.0, so here the links follow the address in each request.
Its page also pulls a font from Google; a table on a home network without the internet must not
wait on that, so the link is left out and the browser's own monospace font is used.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
import textual_serve
from aiohttp import web
from textual_serve.server import Server

TEMPLATES = Path(textual_serve.__file__).parent / "templates"
FONT_LINK = '<link\n      rel="stylesheet"\n      href="https://fonts.googleapis.com/css?family=Roboto%20Mono"\n    />'


def page_template(name: str) -> str:
    """textual-serve's template, with a <title> and without the font from the internet."""
    source = (TEMPLATES / name).read_text(encoding="utf-8")
    if name == "app_index.html":
        source = source.replace("<head>", "<head>\n    <title>{{ application.name }}</title>", 1)
        source = source.replace(FONT_LINK, "")
    return source


class RainboardServer(Server):
    """Serves one `rainboard play` process per browser tab."""

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        aiohttp_jinja2.setup(app, loader=jinja2.FunctionLoader(page_template))
        return app

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: `rainboard serve` has said where to go (textual-serve would print its banner)."""

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        base = f"{request.scheme}://{request.host}"
        router = request.app.router
        font_size = request.query.get("fontsize", "16")
        static = f"{base}{router['static'].url_for(filename='/')}".rstrip("/") + "/"
        websocket = "ws" + base.removeprefix("http") + str(router["websocket"].url_for())
        return {
            "font_size": int(font_size) if font_size.isdigit() else 16,
            "app_websocket_url": websocket,
            "config": {"static": {"url": static}},
            "application": {"name": self.title},
        }
