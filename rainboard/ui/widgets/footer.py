"""The footer of every screen: Textual's, rebuilt only when the keys it shows change."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class KeysFooter(Footer):
    """Textual's footer rebuilds all its keys each time a screen's bindings are refreshed (after every
    move, on every focus change), which cost a board several milliseconds a keypress; this one
    compares what it would show with what it shows and rebuilds only when they differ."""

    _shown: tuple | None = None

    def _showing(self) -> tuple:
        return tuple((binding.key, binding.description, binding.action, enabled, tooltip)
                     for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
                     if binding.show or binding.action == "app.command_palette")

    def bindings_changed(self, screen: Screen) -> None:
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            showing = self._showing()
            if showing == self._shown:
                return
            self._shown = showing
        super().bindings_changed(screen)
