"""Watching a saved game again, step by step, forward and back; or playing on from any point."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from functools import partial
from itertools import chain
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import ProgressBar

from ..safe_text import shown, tell
from ..safety import guarded
from ..widgets.cards import HandList, MostNotes, SlugcatCard
from ..widgets.event_log import EventLog
from ..widgets.rain_clock import RainClock
from .dialogs import TextPrompt
from ..widgets.region_map import RegionMap
from ..widgets.roster import Roster
from ..widgets.footer import KeysFooter
from ..widgets.status_lines import StatusLines
from . import STYLES
from .. import navigation
from ..table_config import TableOptions
from ..textual_internals import RepaintsWhatMoved
from .board_layout import TALL_BREAKPOINTS, hand_beside_card, place_hand

SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1, 0.04)  # seconds per action while playing
LOG_WINDOW = 120  # actions' worth of events shown in the log
READY_GAP = 0.001  # seconds between two places readied, so a key pressed meanwhile is taken first
KEYS_LINE = Content.styled("←→ step · [ ] round · { } cycle · home/end · - + speed · g turn · c play on", "dim")


def viewer_at(state) -> int | None:
    """Whose eyes a replay shows a state through: who must choose, else the winner, else whose turn it is."""
    viewer = state.to_act
    if viewer is None:
        viewer = state.winner if state.winner is not None else state.current
    return viewer


class ReplayScreen(RepaintsWhatMoved, Screen):
    """The board as it was after each action, read-only, with the roster of every player and the log."""

    CSS_PATH = STYLES
    VERTICAL_BREAKPOINTS = TALL_BREAKPOINTS  # `-tall`: the hand under the card, as on the board

    BINDINGS = [
        # the footer keeps the main keys; the status line lists all of them
        Binding("space", "play", "Play/pause"),
        # priority: the log and the hand would otherwise take the arrows for scrolling; the jumps' keys,
        # which neither takes, come straight here instead of passing through the focused widget first
        Binding("left", "step(-1)", "Step", key_display="←", show=False, priority=True),
        Binding("right", "step(1)", "Step", key_display="←→", priority=True),
        Binding("left_square_bracket", "round(-1)", "Round", key_display="[", show=False, priority=True),
        Binding("right_square_bracket", "round(1)", "Round", key_display="[]", priority=True),
        Binding("left_curly_bracket", "cycle(-1)", "Cycle", key_display="{", show=False, priority=True),
        Binding("right_curly_bracket", "cycle(1)", "Cycle", key_display="{}", priority=True),
        Binding("home", "jump(0)", "Start", show=False, priority=True),
        Binding("end", "jump(-1)", "End", show=False, priority=True),
        Binding("minus", "speed(-1)", "Slower", key_display="-", show=False),
        Binding("plus,equals_sign", "speed(1)", "Faster", key_display="+", show=False),
        Binding("g", "go_to_turn", "Turn"),
        Binding("c", "play_from_here", "Play from here"),
        Binding("escape", "leave", "Back"),
    ]

    def __init__(self, replay, data, setup, path: Path | None = None, save=None, problem: str | None = None,
                 tallest_card: tuple | None = None) -> None:
        super().__init__()
        self.replay = replay
        self.data = data
        self.setup = setup
        self.path = path
        self.save = save
        self.problem = problem  # where a save that drifted out of sync stopped
        self.index = 0
        self.speed = 2
        self.playing = False
        self._timer = None
        self._bar_look: tuple | None = None  # what the progress bar was last moved to draw
        self._to_warm: list[tuple[int, bool]] = []  # where the next jumps go, and whether to draw the log's rows
        self._to_ready: list[int] = []  # where the next keys go, for the panels
        self._fixed: tuple | None = None  # the panels that stay where they are (_panels)
        self._readying = 0  # steps shown, so a place readied for an earlier one is let go (_warm_later)
        self.tallest_card = tallest_card  # (state, player) whose card is the game's tallest (MostNotes)

    @classmethod
    def from_file(cls, path: Path) -> ReplayScreen:
        """Raises SaveError if the file cannot be read at all; a save that drifts plays up to the drift."""
        from ..resume import open_replay

        most = MostNotes()  # the tallest card of the game, found as it is played once
        save, replay, data, setup, problem = open_replay(path, watch=most)
        return cls(replay, data, setup, path=path, save=save, problem=problem, tallest_card=most.where)

    def compose(self) -> ComposeResult:
        yield RainClock(id="rain")
        with Horizontal(id="board-body"):
            with Vertical(id="board-left"):
                yield RegionMap(id="map")
                yield Roster(id="roster")  # the race, as it stood: the Mark, the sleeps, a creature form
                yield SlugcatCard(id="card", brief=True)  # the roster has the turns, region and status
                if hand_beside_card(self.app.size):
                    yield HandList(id="hand")
            with Vertical(id="board-right"):
                yield StatusLines(id="replay-status")
                yield ProgressBar(total=max(1, len(self.replay)), show_eta=False, id="replay-bar")
                if not hand_beside_card(self.app.size):
                    yield HandList(id="hand")
                yield EventLog(id="log")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#hand").border_title = "Hand"
        self.query_one("#log").border_title = "What happened"
        if self.problem:
            tell(self, self.problem, title="The save drifts out of sync here", severity="error", timeout=15)
            self.index = len(self.replay)
        if self.tallest_card is not None:
            self._panels()[3].expect(*self.tallest_card)
        self.show()

    # -- showing a step -----------------------------------------------------------------------
    def _panels(self) -> tuple[RainClock, RegionMap, Roster, SlugcatCard, HandList]:
        """The panels that show a state as one player sees it (the hand is looked up each time: a
        resize may move it to the other column, as a new widget)."""
        if self._fixed is None:
            self._fixed = (self.query_one("#rain", RainClock), self.query_one("#map", RegionMap),
                           self.query_one("#roster", Roster), self.query_one("#card", SlugcatCard))
        return (*self._fixed, self.query_one("#hand", HandList))

    @guarded
    def show(self) -> None:
        replay = self.replay
        state = replay.state_at(self.index)
        viewer = viewer_at(state)
        for panel in self._panels():
            panel.show(state, viewer)
        self.query_one("#log", EventLog).reset(self._window(self.index), state)
        self._move_bar()
        action = f"Last: {replay.actions[self.index - 1]}" if self.index else "At the start"
        mode = f"playing, {1 / SPEEDS[self.speed]:g} steps/s" if self.playing else "paused"
        # assembled rather than parsed from markup: it changes every step
        lines = [shown(Content.assemble(("Replay", "bold"), f" step {self.index} of {len(replay)} · cycle {state.cycle}"
                                                            f" · {mode}")),
                 shown(Content(action))]
        if self.problem and self.index == len(replay):
            lines.append(Content.styled("The save drifts out of sync after this.", "bold $text-error"))
        self.query_one("#replay-status", StatusLines).show(lines, KEYS_LINE)
        self._warm_later()

    def _window(self, index: int) -> list:
        """The events the log shows at `index`: those of the last LOG_WINDOW actions (the opening's,
        at index 0, are not shown)."""
        return list(chain.from_iterable(map(self.replay.events_at, range(max(1, index - LOG_WINDOW), index + 1))))

    # -- ready for the next key ---------------------------------------------------------------------
    def _warm_later(self) -> None:
        """Once this step is on screen, ready what the next key would show: the state and the
        panels' drawings a step either way, where a cycle or a round jump would go, either way, at
        the start and at the end, and the log's lines of the cycle and round jumps' windows. A
        jump's window holds a hundred lines or more the log has not written (half a cycle jump's
        time went on them), and a key drew the map, the roster and the cards of a state new to
        them (a third of a step's time went on it); made while the player looks at this step, the
        key finds them. The card's rows there are drawn too, and a cycle jump's log rows; the map's,
        the roster's and the clock's are drawn when shown, only the rows the key changed.

        The first place is readied once this step's frame is painted, then one place at a time,
        each after the others have had their turn (a timer), so a key pressed meanwhile waits for
        one place at most; a new step drops the places of the last and their turns. A replay
        playing steps on by itself: nothing is readied then."""
        self._readying += 1
        if self.playing:
            self._to_warm, self._to_ready = [], []
            return
        replay = self.replay
        # a cycle's window is mostly new lines, also drawn; a round's shares more with this one
        wanted = {self._mark(marks, direction): marks is replay.cycle_starts
                  for marks in (replay.round_starts, replay.cycle_starts) for direction in (1, -1)}
        self._to_warm = [(place, draw) for place, draw in wanted.items() if place != self.index]
        # the panels a step either way first (the likeliest keys), then the jumps', the start and the end
        steps = [place for place in (self.index + 1, self.index - 1) if 0 <= place <= len(replay)]
        places = dict.fromkeys(steps + [place for place, _ in self._to_warm] + [0, len(replay)])
        self._to_ready = [place for place in places if place != self.index]
        if self._to_warm or self._to_ready:
            self.call_after_refresh(self._warm_one, self._readying)

    def _warm_one(self, readying: int) -> None:
        """Ready the next place: its state and the panels' drawings of it, or else the log's lines
        of a jump's window (their names read from the state on screen). `readying` counts the
        steps shown: a turn left from an earlier step does nothing."""
        if readying != self._readying or not self.is_mounted:
            return
        if self._to_ready:
            place = self._to_ready.pop(0)
            self.replay.ready(place)
            state = self.replay.state_at(place)
            viewer = viewer_at(state)
            for panel in self._panels():
                panel.ready(state, viewer)
        elif self._to_warm:
            place, draw = self._to_warm.pop(0)
            self.query_one("#log", EventLog).prepare(self._window(place), self.replay.state_at(self.index), draw)
        else:
            return
        if self._to_warm or self._to_ready:
            self.set_timer(READY_GAP, partial(self._warm_one, readying))  # a key waiting meanwhile goes first
        else:
            # the young objects a step and its readying left, collected now rather than by
            # whichever key comes next (a middle-generation pass took a millisecond, one key in four)
            collector = getattr(self.app, "collector", None)
            if collector is not None:
                collector.collect_young()

    def _move_bar(self) -> None:
        """Move the progress bar to this step, when that changes what it draws: its bar moves by half
        cells and its figure by whole percents, so most steps of a long game change neither (and
        Textual repaints the bar and the figure whenever it is moved, even to where they stand)."""
        bar = self.query_one("#replay-bar", ProgressBar)
        done = min(1.0, self.index / max(1, len(self.replay)))
        try:
            cells = bar.query_one("#bar").size.width * 2
        except NoMatches:  # a bar made otherwise: moved every step
            look: tuple = (self.index,)
        else:
            look = (cells, int(done * cells), round(done * 100), done >= 1)
        if look != self._bar_look:
            self._bar_look = look
            bar.update(progress=self.index)

    def on_resize(self) -> None:
        self._bar_look = None  # a bar of another width moves by other steps
        self._move_bar()
        place_hand(self, self.show)  # grown past 34 rows or shrunk below: the hand moves

    def _go(self, index: int) -> None:
        self.index = max(0, min(len(self.replay), index))
        self.show()

    # -- moving ------------------------------------------------------------------------------
    def action_step(self, delta: int) -> None:
        self._go(self.index + delta)

    def _mark(self, marks: list[int], direction: int) -> int:
        """The next mark after this step (or the end), or the last before it (or the start);
        `marks` are in order, as the replay keeps them."""
        if direction > 0:
            at = bisect_right(marks, self.index)
            return marks[at] if at < len(marks) else len(self.replay)
        at = bisect_left(marks, self.index)
        return marks[at - 1] if at else 0

    def _mark_jump(self, marks: list[int], direction: int) -> None:
        self._go(self._mark(marks, direction))

    def action_round(self, direction: int) -> None:
        self._mark_jump(self.replay.round_starts, direction)

    def action_cycle(self, direction: int) -> None:
        self._mark_jump(self.replay.cycle_starts, direction)

    def action_jump(self, where: int) -> None:
        self._go(len(self.replay) if where < 0 else where)

    def action_play(self) -> None:
        self.playing = not self.playing
        self._restart_timer()
        self.show()

    def action_speed(self, change: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + change))
        self._restart_timer()
        self.show()

    def _restart_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.playing:
            self._timer = self.set_interval(SPEEDS[self.speed], self._tick)

    def _tick(self) -> None:
        if self.index >= len(self.replay):
            self.playing = False
            self._restart_timer()
            self.show()
            return
        self._go(self.index + 1)

    def action_go_to_turn(self) -> None:
        most = max(1, len(self.replay.turn_starts))

        def chosen(turn: str | None) -> None:
            if turn:
                self._go(self.replay.index_at_turn(int(turn)))

        self.app.push_screen(TextPrompt("Go to turn", placeholder=f"1 to {most}", integer=True), chosen)

    @guarded
    def action_play_from_here(self) -> None:
        """A new game that starts where the replay stands (the saved game is left as it was)."""
        from ..resume import session_from_replay
        session = session_from_replay(self.replay, self.index, self.data, self.setup)
        if session.over:
            self.notify("The game is over at this point: step back to play on from earlier.", timeout=4)
            return
        table = TableOptions(handoffs=self.save.table.handoffs if self.save else True)
        self.playing = False
        self._restart_timer()
        self.app.watch_session(session, table.handoffs)
        navigation.open_board(self.app, session, table, switch=True)
        self.notify("A new game, branched from the replay. It is saved as it goes.", timeout=4)

    def action_leave(self) -> None:
        self.playing = False
        self._restart_timer()
        self.app.pop_screen()
