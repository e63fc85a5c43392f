"""The command palette's own commands: every move the board offers now, and the app's screens."""

from __future__ import annotations

from functools import partial

from textual.command import Hits, Provider

from . import keys
from .safe_text import palette_hit


def board_screen_class():
    """The board's screen class, imported when first wanted (the title comes up without it)."""
    from .screens.board import BoardScreen

    return BoardScreen


class GameCommands(Provider):
    """The command palette: every action possible right now, and the app's screens. (Textual's own
    commands are cut down to the theme picker: see RainboardApp.get_system_commands.)"""

    def _commands(self):
        app = self.app
        screen = self.screen  # the screen the palette was opened over
        found = []
        if isinstance(screen, board_screen_class()):
            from .words import action_label

            state = screen.session.state
            for action in list(screen._legal):
                found.append((action_label(state, action), partial(screen.choose, action),
                              f"{state.players[screen.viewer].name}: {action}"))
            if screen.session.undo_refusal() is None:  # offered only when there is a move to take back
                found.append(("Undo", screen.action_undo, keys.UNDO.does.capitalize()))
            found.append(("Save as", screen.action_save_as, keys.SAVE_AS.does.capitalize()))
        found.append(("Rules and keys", app.action_rules, "The rules as Rainboard plays them, and the keys"))
        found.append(("New game", app.action_new_game, "Set up a new hotseat or solo game"))
        found.append(("Solo challenge", app.action_challenge, "A code that deals everyone the same solo game"))
        found.append(("Saved games", app.action_saved_games, "Replay a saved game, or continue one"))
        found.append(("Scores", app.action_scores, "Your best turns on each challenge code"))
        found.append(("Quit", app.action_quit, "Leave Rainboard"))
        return found

    async def discover(self) -> Hits:
        for name, run, help_text in self._commands():
            yield palette_hit(name, run, help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, run, help_text in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield palette_hit(name, run, help_text, matcher, score)
