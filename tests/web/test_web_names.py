"""The names a table answers to, wherever it listens (the real server on 127.0.0.1 is in
test_web_refusals.py; other addresses need --public and another computer, so here the rule alone)."""

from __future__ import annotations

import socket

import pytest

OWN = socket.gethostname().lower()


@pytest.mark.parametrize(("listen", "host", "answers"), [
    ("127.0.0.1", "127.0.0.1:8000", True), ("127.0.0.1", "LOCALHOST:8000", True), ("127.0.0.1", "[::1]:8000", True),
    ("127.0.0.1", "127.0.0.1", False), ("127.0.0.1", "127.0.0.1:8000:8000", False), ("127.0.0.1", "[::1", False),
    ("127.0.0.1", "127.0.0.1:+8000", False), ("127.0.0.1", "", False),
    ("::1", "[::1]:8000", True), ("::1", "::1:8000", False),
    ("0.0.0.0", "192.168.1.20:8000", True), ("0.0.0.0", "[fe80::1]:8000", True), ("0.0.0.0", f"{OWN}:8000", True),
    ("0.0.0.0", f"{OWN}.local:8000", True), ("0.0.0.0", "localhost:8000", True),
    ("0.0.0.0", "elsewhere.example:8000", False), ("0.0.0.0", "192.168.1.20:8001", False),
    ("192.168.1.20", "192.168.1.20:8000", True), ("192.168.1.20", f"{OWN}:8000", True),
    ("192.168.1.20", "10.0.0.1:8000", False), ("192.168.1.20", "elsewhere.example:8000", False),
])
def test_the_names_a_table_answers_to(web_extra, listen, host, answers):
    from rainboard.web.server import RainboardServer

    assert RainboardServer("rainboard play", host=listen, port=8000).serves(host) is answers
