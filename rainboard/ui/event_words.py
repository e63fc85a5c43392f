"""The game's words for what happened: a symbol and a style for each kind of event, and a roll
spelled out in full. Every sentence comes from the engine's narrator."""

from __future__ import annotations

from textual.content import Content, Span

from rainboard.engine import events as ev
from rainboard.engine.events import Event, Roll
from rainboard.engine.narrator import narrate
from rainboard.engine.state import GameState

from .safe_text import shown

# -- events ---------------------------------------------------------------------------------------
# A leading symbol and a style for each kind of event worth telling apart; the symbol carries the
# meaning, the colour only helps the eye.
EVENT_LOOKS: dict[type, tuple[str, str]] = {
    ev.Died: ("☠", "bold $text-error"),
    ev.KarmaChanged: ("✦", "bold $text-accent"),
    ev.KarmaSaved: ("✦", "$text-accent"),
    ev.Ascended: ("✧", "bold $text-success"),
    ev.GameOver: ("★", "bold $text-accent"),
    ev.RainFell: ("☂", "bold $text-primary"),
    ev.RainTimerRolled: ("☂", "$text-primary"),
    ev.SparedByRain: ("☂", "$text-primary"),
    ev.CycleStarted: ("☀", "bold"),
    ev.CycleEnded: ("☾", "bold"),
    ev.RoundEnded: ("·", "$text-muted"),
    ev.TurnStarted: ("▶", "bold"),
    ev.Hibernated: ("⌂", "$text-success"),
    ev.Starved: ("⌂", "$text-warning"),
    ev.MarkReceived: ("◈", "bold $text-accent"),
    ev.EndingReached: ("◈", "$text-accent"),
    ev.EndingSlept: ("◈", "$text-accent"),
    ev.Waited: ("◈", "$text-muted"),
    ev.CreatureMet: ("!", "bold"),
    ev.Ambushed: ("⚠", "bold $text-warning"),
    ev.Transformed: ("⚠", "bold $text-error"),
    ev.Pounced: ("⚔", "bold $text-warning"),
    ev.Hunting: ("⚔", "$text-warning"),
    ev.MustAnswer: ("⚔", "bold $text-warning"),
    ev.CreatureKilled: ("⚔", "$text-success"),
    ev.CompanionKilled: ("⚔", "$text-success"),
    ev.Blasted: ("✶", "$text-warning"),
    ev.Tamed: ("✚", "$text-success"),
    ev.Joined: ("✚", "$text-success"),
    ev.Untamed: ("✕", "$text-warning"),
    ev.ReputationChanged: ("⚑", ""),
    ev.Fed: ("●", ""),
    ev.Fled: ("»", ""),
    ev.Caught: ("»", "$text-warning"),
}
DEFAULT_LOOK = ("·", "")
ROLL_SYMBOL = "⚄"


def roll_content(roll: Roll) -> Content:
    """A roll in full: who and why, the dice and their faces, each modifier by name, the total, the
    target, and ✓ success or ✗ failure, in the words of the table's dice (Roll.pieces)."""
    pieces: list[tuple[str, str] | str] = [f"{roll.who} rolls for {roll.purpose}: "]
    pieces += [(text, style) if style else text for text, style in roll.pieces()]
    verdict = roll.verdict()
    if verdict is not None:
        good = roll.success
        pieces += [" ", (f"{'✓' if good else '✗'} {verdict}", f"bold {'$text-success' if good else '$text-error'}")]
    return Content.assemble(*pieces)


def event_line(event: Event, state: GameState) -> Content:
    """One line for the log: a symbol for the kind of event, then the narrator's sentence (a roll
    spelled out). `state` lends the names: any state of the same game. Whatever the names hold, the
    line is text: every line the narrator tells on screen passes through here or safe_text.shown."""
    if isinstance(event, ev.Rolled):
        return shown(Content.assemble((f"{ROLL_SYMBOL} ", "$text-muted"), roll_content(event.roll)), keep="")
    symbol, style = EVENT_LOOKS.get(type(event), DEFAULT_LOOK)
    text = " ".join(narrate(event, state).split())  # one line, whatever the sentence held
    if text.isprintable():
        # the usual line: nothing in it to strip or to escape (every unsafe character is
        # unprintable), so its Content is made at once, with the spans Content.assemble would give
        head = f"{symbol} "
        end = len(head) + len(text)
        spans = [Span(0, len(head), style), Span(len(head), end, style)] if style else \
            [Span(0, len(head), "$text-muted")]
        return Content(head + text, spans, strip_control_codes=False)
    if style:
        return shown(Content.assemble((f"{symbol} ", style), (text, style)), keep="")
    return shown(Content.assemble((f"{symbol} ", "$text-muted"), text), keep="")
