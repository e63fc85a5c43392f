"""A seat link's tab runs `rainboard join CODE --seat N --token=T`. A token is URL-safe base64, so one
in 64 begins with "-": written as a word of its own, the command line took it for an option and the
tab's app never started (the tab stayed blank)."""

from __future__ import annotations

import shlex

import pytest

from rainboard.cli import build_parser
from rainboard.web.server import seat_command


@pytest.mark.parametrize("token", ["-0ff75SRMFi2AWwUeNg6UA", "--help", "plain_Token-9", "-"])
def test_a_seat_command_hands_the_join_command_its_token_whole(token):
    command = seat_command("rainboard --data-dir /tmp/x play", "T-4KX9", 2, token)
    words = shlex.split(command)
    assert words[:4] == ["rainboard", "--data-dir", "/tmp/x", "join"]
    args = build_parser().parse_args(words[1:])
    assert (args.code, args.seat, args.token) == ("T-4KX9", 2, token)
