"""The addresses of a table served to web browsers: which to offer, and which names a request may
come by. No textual-serve here: `rainboard serve` checks its address with these before the web
extra is loaded, and the server (server.py) judges each request by them."""

from __future__ import annotations

import ipaddress

LOCAL_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}
LOOPBACK_NAMES = LOCAL_NAMES | {"127.0.0.1", "::1"}
EVERY_ADDRESS = ("0.0.0.0", "::", "")  # listening on every address of this computer


def is_loopback(host: str) -> bool:
    """Whether an address reaches this computer only (127.x, ::1, localhost)."""
    if host.lower() in LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a name: it may well be reachable from elsewhere


def addresses_to_share(host: str, port: int) -> list[str]:
    """The addresses to open in a browser: the one served on, or for 0.0.0.0 / :: this computer's
    own name and address on the local network, found without sending anything."""
    if host not in EVERY_ADDRESS:
        shown = f"[{host}]" if ":" in host else host
        return [f"http://{shown}:{port}/"]
    import socket

    found = [f"http://{socket.gethostname()}:{port}/"]
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent, a route is chosen
        found.append(f"http://{probe.getsockname()[0]}:{port}/")
    except OSError:
        pass
    finally:
        probe.close()
    return found


def served_names(host: str, port: int) -> set[str]:
    """The names a browser may reach the table by when it listens on `host`, lowercased and
    without brackets: every address `rainboard serve` offers, the loopback names for a loopback or
    every address, and this computer's own name (also as NAME.local) for one other computers reach.
    Names only this computer gives, so no other site's name can be pointed at the table."""
    import socket
    from urllib.parse import urlsplit

    names = {urlsplit(address).hostname or "" for address in addresses_to_share(host, port)}
    if is_loopback(host) or host in EVERY_ADDRESS:
        names |= LOOPBACK_NAMES
    if not is_loopback(host):
        own = socket.gethostname().lower()
        names |= {own, f"{own}.local"}
    return names
