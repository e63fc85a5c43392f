"""Changes to a save file's bytes, for the mutator in tests/saves/mutate.py: bits flipped, bytes
set, inserted, deleted and repeated, the file cut short, or changed whole (a byte-order mark, CRLF,
padding past the size limit, UTF-16)."""

from __future__ import annotations

import random

# pieces of JSON to write in anywhere: huge and odd numbers, deep nesting, escaped lone surrogates
TOKENS = [b"1" + b"0" * 5000, b"1e999", b"NaN", b"-Infinity", b"[" * 3000, b"{" * 3000, b'"\\ud800"', b'"\\udfff"',
          b'"a":1,', b'"format":"rainboard-save",', b"\\u0000", b"9" * 25]


def _span(rng: random.Random, body: bytes) -> tuple[int, int]:
    start = rng.randrange(max(1, len(body)))
    return start, min(len(body), start + rng.choice((1, 2, 8, 64, 1000)))


def flip(rng, body):
    if not body:
        return body, "flip: empty"
    at = rng.randrange(len(body))
    return body[:at] + bytes([body[at] ^ (1 << rng.randrange(8))]) + body[at + 1:], f"bit flipped at {at}"


def set_byte(rng, body):
    if not body:
        return body, "byte: empty"
    at = rng.randrange(len(body))
    return body[:at] + bytes([rng.randrange(256)]) + body[at + 1:], f"byte set at {at}"


def insert(rng, body):
    at = rng.randrange(len(body) + 1)
    what = rng.choice([bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))), b"\xed\xa0\x80", b"\xff",
                       b"\xc3", b'"', b"{", b"[", b"]", b"}", b",", b":", b"\\", b"\\u", b"\x00", b"\x1b[31m",
                       rng.choice(TOKENS), b" " * 10_000])
    return body[:at] + what + body[at:], f"inserted {len(what)} bytes at {at}"


def delete(rng, body):
    start, end = _span(rng, body)
    return body[:start] + body[end:], f"deleted {start}:{end}"


def duplicate(rng, body):
    start, end = _span(rng, body)
    return body[:end] + body[start:end] + body[end:], f"repeated {start}:{end}"


def truncate(rng, body):
    at = rng.randrange(len(body) + 1)
    return body[:at], f"cut at {at}"


def whole(rng, body):
    how = rng.choice(["bom", "crlf", "pad", "huge", "empty", "nul", "utf16"])
    if how == "bom":
        return b"\xef\xbb\xbf" + body, how
    if how == "crlf":
        return body.replace(b"\n", b"\r\n"), how
    if how == "pad":
        return body + b" " * rng.choice((1, 100_000)), how
    if how == "huge" and rng.random() < 0.1:  # now and then a file over the size limit
        return body + b" " * (8 * 1024 * 1024), how
    if how == "empty":
        return b"", how
    if how == "nul":
        return body.replace(b"{", b"\x00{", 1), how
    return body.decode("utf-8", "replace").encode("utf-16"), how


TEXTUAL = [flip, flip, set_byte, insert, insert, delete, duplicate, truncate, whole]
