"""A yes/no setting that says its state in words, not colour alone."""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class Toggle(Widget, can_focus=True):
    """Space, Enter or a click flips it; it reads "[✓] on" or "[ ] off"."""

    DEFAULT_CSS = """
    Toggle {
        width: auto;
        height: 1;
        padding: 0 1;
    }
    Toggle:focus {
        background: $boost;
        text-style: bold;
    }
    """
    BINDINGS = [Binding("space,enter", "flip", "Switch", show=False)]

    value: reactive[bool] = reactive(True)

    class Changed(Message):
        def __init__(self, toggle: Toggle, value: bool) -> None:
            super().__init__()
            self.toggle = toggle
            self.value = value

    def __init__(self, value: bool = True, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(Toggle.value, value)

    def render(self) -> Content:
        if self.value:
            return Content.assemble(("[✓]", "bold $text-success"), " on ")
        return Content.assemble(("[ ]", "$text-muted"), " off")

    def action_flip(self) -> None:
        self.value = not self.value
        self.post_message(self.Changed(self, self.value))

    def on_click(self) -> None:
        self.action_flip()
