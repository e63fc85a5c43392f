"""A stable fingerprint of a game state: the same state gives the same digest in any process."""

from __future__ import annotations

import hashlib
import json

import attrs

from .state import GameState


def _plain(value):
    if attrs.has(type(value)):
        out = {"_": type(value).__name__}
        for field in attrs.fields(type(value)):
            if field.name == "data":
                continue
            out[field.name] = _plain(getattr(value, field.name))
        return out
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def digest(state: GameState) -> str:
    """16 hex digits over everything in the state and the deck data it is played with."""
    body = _plain(state)
    if not body["script"]:
        del body["script"]  # a game without scripted dice keeps the digest it had before scripts existed
    body["deck_data"] = state.data.fingerprint
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]
