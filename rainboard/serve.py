"""`rainboard serve`: the table in a web browser, through textual-serve (the `web` extra).

Each browser tab that opens the page gets a Rainboard of its own, a `rainboard play` process the
server starts for it with the same data folder, so a laptop on the couch, a tablet or a shared
screen plays with nothing installed but a browser. The server listens on this computer only
(127.0.0.1) unless told otherwise, and another address needs --public too: whoever can reach the
page can play every saved game and read the files behind them.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import TextIO

from rainboard.cli_args import command
from rainboard.web.addresses import (EVERY_ADDRESS, LOCAL_NAMES, LOOPBACK_NAMES, addresses_to_share, is_loopback,
                                     served_names)

PAGE_TITLE = "Rainboard · Rain World: The Board Game"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
WEB_EXTRA = ("it is the `web` extra: in a checkout `make serve` installs it, or install Rainboard with it "
             "from the checkout: pipx install '.[web]' (or pip install '.[web]')")


def serve_parser(commands) -> argparse.ArgumentParser:
    serve = command(commands, "serve", "serve the game to web browsers (each tab plays on its own)",
                    "Serve the game to web browsers: each tab that opens the page plays a Rainboard of its "
                    "own, with this data folder. Only this computer can reach it unless --public.",
                    ["rainboard serve", "rainboard serve --port 8080",
                     "rainboard serve --host 0.0.0.0 --public   (the couch's phones and tablets)"])
    serve.add_argument("--host", default=DEFAULT_HOST, metavar="ADDRESS",
                       help=f"the address to listen on (default: {DEFAULT_HOST}, this computer only)")
    serve.add_argument("--port", type=_port, default=DEFAULT_PORT, metavar="PORT",
                       help=f"the port to listen on (default: {DEFAULT_PORT})")
    serve.add_argument("--public", action="store_true",
                       help="allow an address other computers can reach: anyone who reaches it can play "
                            "and read the saves")
    return serve


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text!r}") from None
    if not 0 < port < 65536:
        raise argparse.ArgumentTypeError(f"a port is from 1 to 65535, not {port}")
    return port


def play_command(data_dir: Path) -> str:
    """The shell command the server runs for each tab: this Python, this Rainboard, this data folder."""
    return shlex.join([sys.executable, "-m", "rainboard", "--data-dir", str(data_dir), "play"])


def cmd_serve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Check the address asked for, then serve until ctrl+c."""
    from rainboard.saves import data_dir

    folder = data_dir(getattr(args, "data_dir", None)).resolve()
    if not is_loopback(args.host) and not args.public:
        print(f"rainboard serve: {args.host} can be reached from other computers, and anyone who reaches "
              f"port {args.port} there can play every game and read the saves in {folder}. "
              "Add --public to serve there anyway.", file=err)
        return 2
    try:
        from rainboard.web.server import RainboardServer
    except ImportError as exc:
        print(f"rainboard serve: the web server is not installed ({exc.name or exc}); {WEB_EXTRA}", file=err)
        return 2
    server = RainboardServer(play_command(folder), host=args.host, port=args.port, title=PAGE_TITLE)
    print(f"Rainboard is served from {folder}. Open in a browser:", file=out)
    shared = addresses_to_share(args.host, args.port)
    for address in shared:
        print(f"  {address}", file=out)
    from rainboard.table.links import note_served_at

    note_served_at(folder, shared[-1])  # seat links printed from now on name it (the address, for every-address)
    if not is_loopback(args.host):
        print("Anyone who can reach this address can play and read the saves. ctrl+c stops the server.", file=out)
    else:
        print("Only this computer can reach it (see --host and --public). ctrl+c stops the server.", file=out)
    out.flush()
    try:
        server.serve()
    except OSError as exc:  # the port is taken, or the address is not this computer's
        print(f"rainboard serve: cannot listen on {args.host} port {args.port}: {exc.strerror or exc}", file=err)
        return 1
    return 0
