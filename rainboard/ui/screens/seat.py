"""The board for one seat of a table played at own screens (rainboard/table).

It is the board as at one screen, with these differences, all kept here: the game shown is the
seat's view (table/view.py: no other seat's hand, ever, so none reaches the terminal); moves are
offered only when one of the seat's players is to act, and go through the seat (the journal, under
its lock); there is no hand-off screen, and the turn's result comes up only for this seat's own
moves; other seats' moves arrive from the journal as they are made (the log, the roster, the map),
and when this seat's turn comes it hears a notice and the terminal's bell, and in a browser the
tab's title says so (TURN_TITLE) until the seat has moved. A spectator's board has
no hand at all and offers no move.
"""

from __future__ import annotations

from textual import on
from textual.content import Content
from textual.widgets import ContentSwitcher, OptionList

from rainboard.engine import events as ev
from rainboard.engine.actions import ChooseSlugcat
from rainboard.table import TableSeat, seat_view
from rainboard.table.seat import NotYourMove, TableDrift

from ..safe_text import shown, tell
from ..textual_internals import tell_page
from ..safety import guarded
from ..widgets.event_log import EventLog
from ..widgets.fight import FightPanel
from ..widgets.slugcat_preview import slugcat_preview_content
from ..widgets.quiet import QuietOptionList
from .board import BoardScreen, cycle_report, cycle_report_parts
from ..table_config import TableOptions


TURN_TITLE = "Your turn · Rainboard"  # a browser tab's title while this seat is to act
WAIT_TITLE = "Table {code} · Rainboard"  # and while it is not


class SeatBoardScreen(BoardScreen):
    """The board as seen from one seat (or by a spectator)."""

    def __init__(self, seat: TableSeat) -> None:
        super().__init__(seat.session, TableOptions(handoffs=False))
        self.seat = seat
        self._was_my_turn = False
        self._titled = False  # whether a browser tab's title has been set yet

    @property
    def LEAVE(self) -> tuple[str, str]:  # noqa: N802 - the board's words on quitting (BoardScreen.LEAVE)
        code = self.seat.table.code
        if self.seat.spectator:
            return "Stop watching?", f"The table plays on; rainboard join {code} --watch watches it again."
        return ("Leave your seat?", f"The table plays on, and your moves wait for you: "
                                    f"rainboard join {code} --seat {self.seat.number} takes the seat again.")

    # Textual calls each class's own on_mount and on_unmount, this one's first and then the board's
    # (it walks the class's MRO), so these do not call super(): the board's would run twice, and its
    # titles would come after this screen's. What a spectator's board looks like is kept in refresh_view.
    def on_mount(self) -> None:
        self.sub_title = self._where()
        self.seat.on_drift = lambda message: tell(self, message, title="Out of step", severity="warning", timeout=8)
        self.seat.follow(self._heard)
        self._turn_now(self.seat.my_turn())
        if self._was_my_turn:
            self._your_turn()

    def _where(self) -> str:
        table = self.seat.table
        if self.seat.spectator:
            return f"Table {table.code} · watching"
        return f"Table {table.code} · seat {self.seat.number}: {', '.join(self.seat.names)}"

    # -- what this seat may see ---------------------------------------------------------------------
    @guarded
    def refresh_view(self) -> None:
        super().refresh_view()
        if self.seat.spectator:  # after the board's own titles, and after a resize gave the hand a new panel
            self.query_one("#hand").display = False
            self.query_one("#actions").border_title = "Watching"

    def _fill_actions(self) -> None:
        """While another seat is to act its moves are its own: this seat's list is empty (the board's
        would name the acting player's missing moves and their odds)."""
        if self.seat.my_turn():
            super()._fill_actions()
            return
        actions = self.query_one("#actions", QuietOptionList)
        actions.replace_options([])  # through the list's own memory of what it shows, so the next fill draws
        actions.border_subtitle = ""
        self._filled = []

    def _show_left(self, state, viewer: int) -> None:
        """While this seat picks its slugcat, the one its list highlights is shown where the map
        was: what it eats, its HP, its strengths (as the hotseat's pick screen shows them)."""
        if not (self.session.choosing and self.seat.my_turn()):
            super()._show_left(state, viewer)
            return
        self._preview_slugcat(self.query_one("#actions", QuietOptionList).highlighted)

    def _preview_slugcat(self, index: int | None) -> None:
        picks = [a for a in self._legal if isinstance(a, ChooseSlugcat)]  # the list's lines, in its order
        if not picks:
            return
        pick = picks[index] if index is not None and 0 <= index < len(picks) else picks[0]
        fight = self.query_one("#fight", FightPanel)
        fight.border_title = "Slugcat"
        fight.show_ways(shown(slugcat_preview_content(self.session.data, pick.slugcat)))
        self.query_one("#left-switch", ContentSwitcher).current = "fight"

    @on(OptionList.OptionHighlighted, "#actions")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.session.choosing and self.seat.my_turn():
            self._preview_slugcat(event.option_index)

    def shown_state(self, state):
        return seat_view(state, self.seat.players)

    @property
    def viewer(self) -> int:
        state = self.session.state
        if state.to_act is not None and (state.to_act in self.seat.players or not self.seat.players):
            return state.to_act
        if self.seat.players:
            return self.seat.players[0]
        return state.current if state.order else 0

    def _prompt(self, state, viewer: int) -> Content:
        acting = self.session.state.to_act
        if acting is None or acting in self.seat.players:
            return super()._prompt(state, viewer)
        name = self.session.state.players[acting].name
        return Content(f"Waiting for {name} (seat {self.seat.table.seat_of(acting).number})…")

    # -- moves ----------------------------------------------------------------------------------------
    @guarded
    def choose(self, action) -> None:
        try:
            super().choose(action)
        except NotYourMove as refused:
            tell(self, str(refused), title="The table moved on", severity="warning", timeout=5)
            self.refresh_view()
        self._turn_now(self.seat.my_turn())

    # -- following the table -----------------------------------------------------------------------
    def _heard(self) -> None:
        """The journal changed (on the watch's thread): catch up on the app's thread."""
        try:
            self.app.call_from_thread(self._catch_up)
        except Exception:  # noqa: BLE001 - the app is closing: nothing left to show
            pass

    @guarded
    def _catch_up(self) -> None:
        if not self.is_attached:
            return
        logged = self._logged
        try:
            changed = self.seat.catch_up()
        except TableDrift as drift:
            tell(self, str(drift), title="This screen cannot follow the table", severity="error", timeout=30)
            return
        if not changed:
            return
        if len(self.session.events) < logged:  # a move taken back: the log starts again
            self.query_one("#log", EventLog).reset(self.session.events, self.session.state)
            self._logged = len(self.session.events)
        arrived = self.session.events[logged:] if len(self.session.events) > logged else ()
        self.refresh_view()
        if self.session.over:
            self.game_over()
            return
        if any(isinstance(e, ev.CycleEnded) for e in arrived):  # another seat's move ended the cycle
            self._show_cycle_report()
        mine = self.seat.my_turn()
        if mine and not self._was_my_turn:
            self._your_turn()
        self._turn_now(mine)

    def _show_cycle_report(self) -> None:
        """The cycle's report, as the seat whose move ended the cycle sees it (it tells only what
        everyone may know: how each player ended it, karma, the new cycle's rolls)."""
        report = self._kept_screen("cycle-report", lambda: cycle_report(self.session, ()),
                                   lambda screen: screen.show_report(*cycle_report_parts(self.session)))
        if report not in self.app.screen_stack:
            self.app.push_screen(report)

    def _turn_now(self, mine: bool) -> None:
        """Whether this seat is to act now; a browser tab's title follows it."""
        changed = mine != self._was_my_turn or not self._titled
        self._was_my_turn = mine
        if changed:
            self._titled = tell_page(self.app, TURN_TITLE if mine else WAIT_TITLE.format(code=self.seat.table.code))

    def _your_turn(self) -> None:
        state = self.session.state
        name = state.players[state.to_act].name
        tell(self, f"Your turn, {name}.", title="Your turn", timeout=6)
        self.app.bell()

    def on_unmount(self) -> None:
        self.seat.close()


def open_seat_screen(app, code: str, number: int | None, token: str | None = None) -> None:
    """Take seat `number` of table `code` (None: watch) and show its board. A seat held elsewhere
    is told, with the offer to watch; a table that cannot be joined is told in one line."""
    from rainboard.saves.lock import BROWSER, TERMINAL, GameLocked, this_computer
    from rainboard.table import TableError, read_table

    where = BROWSER if getattr(app, "is_web", False) else TERMINAL
    try:
        table = read_table(app.data_dir, code)
        seat = TableSeat(app.data_dir, table, number, where=where, token=token).take()
    except GameLocked as locked:
        from .dialogs import ConfirmScreen

        def answered(watch: bool | None) -> None:
            if watch:
                open_seat_screen(app, code, None)

        holder = locked.holder.describe(this_computer())
        app.push_screen(ConfirmScreen(f"Seat {number} is held by {holder}.", "Watch the table instead?",
                                      danger=False), answered)
        return
    except (TableError, OSError) as error:
        if token is not None:  # a seat link that does not open: its message, and nothing else to do here
            from .dialogs import ReportScreen

            app.push_screen(ReportScreen("This seat link does not open", [str(error)], "Press Enter to close."),
                            lambda _=None: app.exit())
            return
        tell(app, str(error), title="Cannot join the table", severity="error", timeout=10)
        return
    app.push_screen(SeatBoardScreen(seat))


def ask_to_join(app) -> None:
    """Join a table from the title (a browser tab has no command line): its code, then a seat (the
    free ones offered; `w` watches). Anything that does not make a seat is told in one line."""
    from rainboard.saves.lock import holder_of
    from rainboard.table import TableError, read_table

    from .dialogs import TextPrompt

    def seat_chosen(code: str, answer: str | None) -> None:
        if answer is None:
            return
        answer = answer.strip().lower()
        if answer in ("w", "watch"):
            open_seat_screen(app, code, None)
        elif answer.isascii() and answer.isdigit() and len(answer) < 3:
            open_seat_screen(app, code, int(answer))
        else:
            tell(app, f"{answer[:20]!r} is not a seat: a seat's number, or w to watch.", title="Cannot join the table",
                 severity="error", timeout=8)

    def code_given(text: str | None) -> None:
        if text is None:
            return
        try:
            table = read_table(app.data_dir, text)
        except TableError as error:
            tell(app, str(error), title="Cannot join the table", severity="error", timeout=10)
            return
        path = table.save_path(app.data_dir)
        free = [seat.number for seat in table.seats if holder_of(path, seat=seat.number) is None]
        offer = f"free: {', '.join(map(str, free))}" if free else "none is free"
        app.push_screen(TextPrompt(f"Table {table.code}: which seat? ({offer}; w to watch)",
                                   value=str(free[0]) if len(free) == 1 else ""),
                        lambda answer: seat_chosen(table.code, answer))

    app.push_screen(TextPrompt("Join a table: its code", placeholder="T-4KX9"), code_given)


def start_at_table(app, spec: tuple) -> None:
    """Where `rainboard host` and `rainboard join` open the app: ("host",) is the setup screen with
    the players at their own screens; (code, seat or None[, token]) a seat, or watching."""
    if spec[:1] == ("host",):
        from .setup import SetupScreen, fresh_seed

        app.host_table = True
        app.push_screen(SetupScreen(seed=app.default_seed or fresh_seed()))
        return
    open_seat_screen(app, *spec)


def host_from_setup(app, names: list[str], options, seed: str, data) -> None:
    """The setup screen's start with the players at their own screens: the game becomes a table (a
    seat per player), its code and seats are shown, then this screen takes seat 1. SetupError if
    the engine refuses the setup."""
    from rainboard.engine import PlayerSetup, Setup
    from rainboard.table import host_table
    from rainboard.table.links import seat_link, served_at

    from .dialogs import ReportScreen

    setup = Setup(players=[PlayerSetup(name) for name in names], seed=seed, options=options)
    table, tokens = host_table(app.data_dir, setup, data)
    remember = getattr(app, "remember_table", None)
    if remember is not None:
        remember(names=tuple(names), precycles=options.precycles, wait_turns=options.wait_turns,
                 preset=data.preset, dice=data.rules.dice.variant)
    lines = [f"Seat {seat.number}, {', '.join(names[p] for p in seat.players)}: "
             f"rainboard join {table.code} --seat {seat.number}" for seat in table.seats]
    lines.append(f"To watch: rainboard join {table.code} --watch")
    lines.append("Seat links, through `rainboard serve` (shown only now; the table keeps the tokens hashed):")
    served = served_at(app.data_dir)
    lines += [f"  seat {number}: {seat_link(table.code, number, token, served)}" for number, token in tokens.items()]

    def take_first_seat(_=None) -> None:
        app.to_title()
        open_seat_screen(app, table.code, 1)

    app.push_screen(ReportScreen(f"Table {table.code} is set", lines, "Press Enter to take seat 1 here."),
                    take_first_seat)
