"""Handlers that must never let an error through to the player."""

from __future__ import annotations

import functools


def guarded(handler):
    """Run a screen's handler; an unexpected error becomes a message and the screen carries on.

    Textual stops a widget's message loop after an unhandled error, which would freeze the board;
    catching it here keeps the game playable. Tests turn this off with `catch_errors=False`.
    """

    @functools.wraps(handler)
    def run(self, *args, **kwargs):
        try:
            return handler(self, *args, **kwargs)
        except Exception as error:
            app = self.app
            if not getattr(app, "catch_errors", False):
                raise
            app.report_error(error)
            return None

    return run
