"""The board: the map, the rain, the player's card and hand, the log, and what can be done now.

Everything shown comes from the engine's state and events; every choice offered is one of the
engine's legal actions, so an illegal action cannot be chosen.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import ContentSwitcher, OptionList, Static

from rainboard.engine import Action
from rainboard.engine import events as ev
from rainboard.engine.state import Duel, Encounter

from .. import keys, news
from ..explain_board import highlighted, hover
from ..challenge_record import record_challenge_result
from ..choices import action_options, decision_card, ordered, prompt_line, risk_note
from ..safe_text import shown, tell
from ..safety import guarded
from ..session import GameSession
from ..widgets.cards import HandList, SlugcatCard
from ..widgets.event_log import EventLog
from ..widgets.fight import FightPanel, duel_ways, fight_ways
from ..widgets.rain_clock import RainClock
from ..widgets.region_map import RegionMap
from ..widgets.roster import Roster
from ..words import action_key
from .board_layout import TALL_BREAKPOINTS, hand_beside_card, place_hand
from .dialogs import ReportScreen
from .turn_result import TurnResultScreen, handoff_parts, handoff_screen
from ..table_config import TableOptions
from .. import navigation
from ..widgets.footer import KeysFooter
from ..widgets.quiet import Panel, QuietOptionList, Switcher, quiet_update
from ..textual_internals import RepaintsWhatMoved, WaitsWhenCovered, draw_hidden
from . import STYLES

# the one-key verbs, in footer order, from the key table (ui/keys.py); words.action_key says which
# key each legal action answers to
VERBS = keys.VERBS
HELP_AHEAD = 1.0  # seconds without a key before the board draws the help ahead (screens/help.py)


class BoardScreen(RepaintsWhatMoved, WaitsWhenCovered, Screen):
    """Where the game is played, one player at a time."""

    CSS_PATH = STYLES
    # what quitting asks while this game is in play (app.action_quit)
    LEAVE = ("Leave the game in progress?", "It is saved: Continue on the title screen picks it up again.")

    BINDINGS = keys.board_bindings()  # the verbs, the numbers, tab, undo and save as
    DRAWS_BEHIND = True  # drawn behind a turn's result while it is read (_draw_behind); not the tutorial's
    VERTICAL_BREAKPOINTS = TALL_BREAKPOINTS  # `-tall` from 34 rows: the hand under the card (board_layout.py)

    def __init__(self, session: GameSession, table: TableOptions | None = None) -> None:
        super().__init__()
        self.session = session
        self.table = table or TableOptions()
        self._legal: list[Action] = []
        self._filled: list[Action] = []  # the actions the list was last filled with
        self._armed: str | None = None  # a key pressed once with several actions answering to it
        self._logged = 0
        self._offered: tuple | None = None  # the verb keys and number of moves the footer last showed
        self._kept: dict[str, Screen] = {}  # the screens shown again and again: _kept_screen
        self._keys_shown: dict[str, str] | None = None  # each verb's key in force: _verb_keys
        self._drawn_for = None  # the session's state when the panels were last drawn (refresh_view)

    # -- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield RainClock(id="rain")
        with Horizontal(id="board-body"):
            with Vertical(id="board-left"):
                with Switcher(initial="map", id="left-switch"):
                    yield RegionMap(id="map")
                    yield FightPanel("", id="fight")
                yield Roster(id="roster")
                yield SlugcatCard(id="card", brief=True)
                if hand_beside_card(self.app.size):  # a tall board: the hand under the card (board_layout.py)
                    yield HandList(id="hand")
            with Vertical(id="board-right"):
                yield Panel("", id="prompt")
                yield QuietOptionList(id="actions")
                if not hand_beside_card(self.app.size):
                    yield HandList(id="hand")
                yield EventLog(id="log")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#hand").border_title = "Hand"
        self.query_one("#log").border_title = "What happened"
        self.query_one("#actions").border_title = "Your move"
        self.query_one("#fight").border_title = "Fight"
        self.refresh_view()
        self.query_one("#actions", OptionList).focus()
        self._help_ahead = self.set_interval(HELP_AHEAD / 2, self._prepare_help)

    def _prepare_help(self) -> None:
        """Draw the help's long rules ahead, a section at a time on the app's loop (screens/help.py,
        prepare_help), once no key has come for a moment."""
        from .help import prepare_help

        still = getattr(self.app, "collector", None)
        if self.is_attached and (still is None or still.still_for() >= HELP_AHEAD):
            self._help_ahead.stop()
            prepare_help(self.app)

    # -- showing the state -----------------------------------------------------------------
    @property
    def moves(self) -> list[Action]:
        """The legal moves in the order the list shows them."""
        return list(self._legal)

    @property
    def viewer(self) -> int:
        state = self.session.state
        return state.to_act if state.to_act is not None else state.current

    def shown_state(self, state):
        """The game as this screen may show it: all of it at one screen; a seat at a table of own
        screens shows its own view (rainboard/table/view.py, ui/screens/seat.py)."""
        return state

    @guarded
    def refresh_view(self) -> None:
        """Show the session's state. Each panel is handed the state and draws again only when the
        slice of it that it shows changed (the widgets' keys: state_view.py, cards.py); the log is
        written to only when there are new events."""
        session = self.session
        state = self.shown_state(session.state)
        viewer = self.viewer
        self._legal = ordered(state, session.legal)
        self._armed = None
        self.query_one("#rain", RainClock).show(state, viewer)
        self.query_one("#map", RegionMap).show(state, viewer)
        self.query_one("#roster", Roster).show(state, viewer)
        self.query_one("#card", SlugcatCard).show(state, viewer)
        self.query_one("#hand", HandList).show(state, viewer)
        if len(session.events) != self._logged:  # the log is written to only when there are new lines
            self.query_one("#log", EventLog).add(session.events[self._logged:], state)
            self._logged = len(session.events)
        self._show_left(state, viewer)
        quiet_update(self.query_one("#prompt", Static), shown(self._prompt(state, viewer), keep=""))
        self._fill_actions()
        offered = (frozenset(action_key(a) for a in self._legal), len(self._legal))
        if offered != self._offered:  # the footer is redrawn only when the keys it shows change
            self._offered = offered
            # drawn in this frame. Not through refresh_bindings: the footer is all that listens for
            # the bindings' signal here, and it would only work out the keys a second time, a frame
            # later (Textual still sends it when the focus or the screens change)
            self.query_one(KeysFooter).redraw()
        self._drawn_for = session.state

    def show_now(self) -> None:
        """The panels as the game stands, drawn again only if it moved since they were last drawn
        (behind a turn's result they were drawn already: _draw_behind)."""
        if self._drawn_for is not self.session.state:
            self.refresh_view()

    def _draw_behind(self) -> None:
        """While a turn's result covers the board, once its frame is up: the board drawn for the
        next player, panels and lines, so that Enter only shows it again. The player is reading;
        the key that puts the result away no longer waits for this (textual_internals.draw_hidden)."""
        if self.is_current or not self.is_attached:
            return
        self.refresh_view()
        draw_hidden(self)

    def _fill_actions(self) -> None:
        """The action list: the legal actions in the order `_legal` holds, then why missing moves are
        missing (greyed, not selectable); each key hint only where the line has room for it. A new
        list (another decision, another turn) opens with no move chosen: an Enter pressed for the
        screen before takes nothing here; a move takes its key, its number, or the arrows and Enter."""
        actions = self.query_one("#actions", QuietOptionList)
        highlighted = actions.highlighted
        actions.replace_options(action_options(self.session.state, self._legal, actions.scrollable_content_region.width,
                                               self._verb_keys()))
        actions.border_subtitle = risk_note(self.session.state)
        if self._legal:
            keep = highlighted is not None and highlighted < len(self._legal) and self._filled == self._legal
            actions.highlighted = highlighted if keep else None
        self._filled = list(self._legal)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fill_actions)  # the key hints follow the list's new width
        place_hand(self, self.refresh_view)  # grown past 34 rows or shrunk below: the hand moves

    def _prompt(self, state, viewer: int) -> Content:
        return prompt_line(state, viewer)

    def _show_left(self, state, viewer: int) -> None:
        switch = self.query_one("#left-switch", ContentSwitcher)
        pending = state.pending
        fight = self.query_one("#fight", FightPanel)
        if isinstance(pending, Encounter):
            fight.show_ways(*fight_ways(state, viewer))  # the fullest that fits: the flee line always does
            fight.show_title("Fight")
            switch.current = "fight"
        elif isinstance(pending, Duel):
            fight.show_ways(*duel_ways(state, viewer))
            fight.show_title("Attacked")
            switch.current = "fight"
        elif decision_card(state, viewer) is not None:  # a merchant's blanket, a drawn shelter or gate
            title, card = decision_card(state, viewer)
            fight.show_title(title)
            fight.show_ways(shown(card))
            switch.current = "fight"
        else:
            switch.current = "map"

    # -- choosing ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "verb":
            # hidden, not greyed: the footer shows only the keys that do something now
            return any(action_key(a) == parameters[0] for a in self._legal)
        if action == "pick":
            return parameters[0] <= len(self._legal)
        return True

    @guarded
    def action_verb(self, key: str) -> None:
        """One action answering to the key: take it. Several (an attack with each item and without):
        show them, the best first, and let the player pick; the same key again takes the one shown."""
        matching = [action for action in self._legal if action_key(action) == key]
        if not matching:
            return
        actions = self.query_one("#actions", OptionList)
        shown = self._legal[actions.highlighted] if actions.highlighted is not None and actions.highlighted < len(self._legal) else None
        if len(matching) == 1 or (self._armed == key and shown in matching):
            self.choose(matching[0] if len(matching) == 1 else shown)
            return
        self._armed = key
        actions.highlighted = self._legal.index(matching[0])
        actions.focus()
        self.notify(f"{len(matching)} choices: Enter or {self._verb_keys()[key]} again takes the one highlighted; "
                    "the arrows or a number pick another.", timeout=4)

    def _verb_keys(self) -> dict[str, str]:
        """Each verb's key in force (keymap.toml may have remapped it), as the list and notices write it."""
        if self._keys_shown is None:  # the keymap is read once, when the app starts
            self._keys_shown = keys.verb_keys(getattr(self.app, "keymap_in_force", {}))
        return self._keys_shown

    def action_save_as(self) -> None:
        """Keep a copy of the game under a name of your own (the autosave goes on regardless)."""
        from ..named_saves import save_as

        save_as(self.app, self.session)

    def _record_challenge(self):
        return record_challenge_result(self.app, self.session)

    @guarded
    def action_undo(self) -> None:
        self._take_back()

    def _take_back(self, asker: int | None = None) -> None:
        """Undo the last move, for the player at the keyboard (`asker`: by default the one to act)."""
        refusal = self.session.undo_refusal(asker)
        if refusal:
            tell(self, refusal, title="Cannot undo", severity="warning", timeout=4)
            return
        undone = self.session.undo(asker)
        self.query_one("#log", EventLog).reset(self.session.events, self.session.state)
        self._logged = len(self.session.events)
        self.refresh_view()
        tell(self, f"Took back: {undone}", timeout=3)

    @guarded
    def action_pick(self, number: int) -> None:
        if 1 <= number <= len(self._legal):
            self.choose(self._legal[number - 1])

    @on(OptionList.OptionSelected, "#actions")
    @guarded
    def selected(self, event: OptionList.OptionSelected) -> None:
        self.choose(self._legal[event.option_index])

    @guarded
    def choose(self, action: Action) -> None:
        session = self.session
        before = session.state.to_act
        events = session.act(action)
        if session.over:
            self.refresh_view()
            self.game_over()
            return
        after = session.state.to_act
        if after == before and not any(isinstance(e, TURN_ENDS) for e in events):
            self.refresh_view()
            return  # the turn goes on
        self._filled = []  # the next turn's list opens with no move chosen, even if it is the same
        if not session.hotseat:  # alone: the log and the card tell the turn, and ctrl+z still takes it back
            self._after_result(before, events, False)
            return
        # the board is drawn again as the turn's result is put away: till then the result hides it
        # the mover sees what their turn did, and may still take the move back, before the hand-off
        passing = session.hotseat and self.table.handoffs and after != before
        self.app.clear_notifications()  # what was said about this turn's keys is done with
        next_name = session.state.players[after].name if passing else None
        result = self._result_screen(before, next_name)
        self.app.push_screen(result, lambda undo: self._after_result(before, events, undo))
        if self.DRAWS_BEHIND:  # after the result's frames (a second one may follow the first), not between them
            result.call_after_refresh(result.call_after_refresh, self._draw_behind)

    def game_over(self) -> None:
        """The game has ended: its last screen (the tutorial shows its own: screens/tutorial.py)."""
        navigation.open_game_over(self.app, self.session, self._record_challenge())

    # -- the explain key: the rule behind the highlighted thing (ui/explain.py) ------------------------
    @guarded
    def action_explain(self) -> None:
        from .explain import ExplainScreen

        self.app.push_screen(ExplainScreen(highlighted(self)))

    def on_mouse_move(self, event) -> None:
        """A mouse resting on a move, a card or a region: the explain key's first sentence as a tooltip."""
        hover(self, event)

    def _result_screen(self, actor: int, next_name: str | None) -> TurnResultScreen:
        """The turn's result, on the one result screen this board keeps."""
        return self._kept_screen(
            "turn-result", lambda: TurnResultScreen(self.session, actor, next_name, on_go_on=self.show_now),
            lambda screen: screen.show_turn(self.session, actor, next_name, on_go_on=self.show_now))

    def _kept_screen(self, kind: str, build, refill):
        """A screen the board shows again and again (a turn's result, a cycle's report, a hand-off):
        built and installed the first time, refilled after. Building a screen and taking it down
        again cost a keypress several frames."""
        screen = self._kept.get(kind)
        if screen is None:
            screen = self._kept[kind] = build()
            self.app.install_screen(screen, name=f"{kind}-{id(self)}")
        else:
            refill(screen)
        return screen

    def on_unmount(self) -> None:
        for screen in self._kept.values():
            if screen not in self.app.screen_stack:
                self.app.uninstall_screen(screen)

    @guarded
    def _after_result(self, actor: int, events, undo: bool | None) -> None:
        if undo:
            self._take_back(actor)
            return
        self.show_now()
        session = self.session
        after = session.state.to_act
        steps = []
        if any(isinstance(e, ev.CycleEnded) for e in events):
            report = self._kept_screen("cycle-report", lambda: cycle_report(session, events),
                                       lambda screen: screen.show_report(*cycle_report_parts(session)))
            steps.append(lambda done: self.app.push_screen(report, lambda _: done()))
        if session.hotseat and self.table.handoffs and after != actor:
            handoff = self._kept_screen("handoff", lambda: handoff_screen(session, after),
                                        lambda screen: screen.show_handoff(*handoff_parts(session, after)))
            steps.append(lambda done: self.app.push_screen(handoff, lambda _: done()))
        _run_in_order(steps)


TURN_ENDS = (ev.TurnStarted, ev.CycleEnded)  # a move that made one of these ended the turn


def _run_in_order(steps) -> None:
    """Show screens one after another, each when the one before is dismissed."""
    if not steps:
        return
    first, rest = steps[0], steps[1:]
    first(lambda: _run_in_order(rest))


def cycle_report(session: GameSession, events) -> ReportScreen:
    """The end of a cycle in words, on a screen of its own."""
    return ReportScreen(*cycle_report_parts(session))


def cycle_report_parts(session: GameSession) -> tuple[str, list, str]:
    """The end of the last cycle in words (title, lines, hint), in the narrator's words (news.py)."""
    return news.cycle_report_parts(session)
