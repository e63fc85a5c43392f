"""The one place Rainboard reaches under Textual's public API, and the check that it still can.

Textual is pinned exactly (pyproject.toml), yet an upgrade is one line away, and an override of a
private name that moved is simply never called: the table would lose its final autosave or its
safety net without a word. So every private name Rainboard leans on is listed in `NEEDED` with
why, and checked at import (a name gone stops it with `TextualMoved`, naming it). No other module
names a private of textual, textual-serve or cattrs (tests/test_layers.py keeps it so).

What is here (each one's docstring says why no public way serves):
- `SettledSize`: no second layout of a widget that does not scroll, after a layout resized it.
- `QuietScrollbars` and `refresh_scrollbars`: a scrollbar that draws the same is neither repainted
  nor drawn again; its bars set after lines changed without a layout (QuietLayout, widgets/quiet.py).
- `drawn_rows` and `keep_scrolled_rows`: a scroll of a few rows draws only the rows it shows anew.
- `KeptOptionRows`: an option list keeps the drawn rows of the options it showed lately.
- `AppHooks`: a moment before the screens close at shutdown, the CSS of an app's first screen,
  and the last net for errors no handler caught.
- `character_to_key`: the name Textual gives a key typed as one character ("?" is "question_mark").
- `tell_page`: a few words (the tab's title) for the page around a browser tab's terminal.
- `divide_line`: where a line is cut into rows, counted without drawing it (six times cheaper).
- `WaitsWhenCovered` and `draw_hidden`: a screen under an opaque one is not painted through it,
  and is laid out and drawn while the player reads the one on top.
- `whole_in_one_frame`: a screen shown again with a layout waiting is painted in one frame.
- `RepaintsWhatMoved`: a scroll (the board's switch of panels) repaints what moved, not the screen.
- `ResumesFromKeptLines`: a screen pushed again and again is not restyled and redrawn each time.
- `screen_lines` and `screen_segments`: what the screen shows, as text and as segments, for tests.
"""

from __future__ import annotations

from weakref import WeakSet

from rich import _wrap as rich_wrap  # rich's, not Textual's: should it move, this import fails loudly
from textual import keys as textual_keys
from textual.app import App, ScreenStackError
from textual._compositor import Compositor
from textual._styles_cache import StylesCache
from textual.cache import LRUCache
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.widget import Widget
from textual.widgets import OptionList

from .textual_check import TextualMoved, check, is_there, missing  # noqa: F401 (the tests ask here)

# (owner, name, what Rainboard does with it). A name is "there" when the class has it, or when
# its __init__ sets it on the instance.
NEEDED: tuple[tuple[object, str, str], ...] = (
    (Widget, "_size_updated", "SettledSize overrides it to skip a second layout"),
    (ScrollView, "_size_updated", "SettledSize overrides it to skip a second layout"),
    (Widget, "_scroll_update", "QuietScrollbars overrides it to skip repainting an unchanged scrollbar"),
    (Widget, "_refresh_scrollbars", "refresh_scrollbars calls it after lines changed without a layout"),
    (Widget, "_vertical_scrollbar", "QuietScrollbars reads the bar without creating it"),
    (Widget, "_horizontal_scrollbar", "QuietScrollbars reads the bar without creating it"),
    (Widget, "_repaint_required", "QuietScrollbars clears it on a bar that draws the same"),
    (Widget, "_styles_cache", "QuietScrollbars and keep_scrolled_rows keep a widget's drawn lines"),
    (StylesCache, "_cache", "drawn_rows and keep_scrolled_rows read and set a widget's drawn lines"),
    (StylesCache, "_dirty_lines", "drawn_rows and keep_scrolled_rows: the lines waiting to be drawn"),
    (App, "_shutdown", "AppHooks.before_shutdown runs in it, before the screens close"),
    (App, "_register", "AppHooks loads the CSS of an app's first screen in it"),
    (App, "_load_screen_css", "AppHooks calls it for an app's first screen"),
    (App, "_handle_exception", "AppHooks turns an error no handler caught into a message"),
    (App, "_driver", "tell_page sends the page a meta packet through the web driver"),
    (Screen, "_compositor", "screen_lines and screen_segments (for tests) read what the screen shows; "
                            "draw_hidden draws a covered screen"),
    (Screen, "_refresh_layout", "draw_hidden lays out a covered screen"),
    (Compositor, "_full_map", "RepaintsWhatMoved's compositor keeps the places last laid out"),
    (Compositor, "_visible_map", "RepaintsWhatMoved's compositor compares a scroll with the places last laid out"),
    (Widget, "_layout_required", "draw_hidden takes the layouts a covered screen's widgets asked for"),
    (Widget, "_clear_arrangement_cache", "draw_hidden forgets arrangements as Textual does for an asked layout"),
    (Widget, "_layout_updates", "draw_hidden counts a layout as Textual does for an asked layout"),
    (Widget, "_scroll_required", "draw_hidden takes the scrolls a covered screen's widgets asked for"),
    (Screen, "_scroll_required", "draw_hidden takes the scrolls a covered screen's widgets asked for"),
    (Screen, "_on_screen_resume", "ResumesFromKeptLines does its work, less restyling and redrawing"),
    (Screen, "_on_timer_update", "whole_in_one_frame runs as Textual's timer is about to paint a screen"),
    (Screen, "_layout_required", "whole_in_one_frame paints a layout and the whole screen in one frame"),
    (Screen, "_repaint_required", "whole_in_one_frame paints a layout and the whole screen in one frame"),
    (App, "_batch_count", "whole_in_one_frame leaves batched updates to Textual"),
    (Screen, "_size", "ResumesFromKeptLines lays the screen out when the terminal's size changed"),
    (App, "_css_update_count", "ResumesFromKeptLines: it counts the app's changes of theme and CSS"),
    (App, "_refresh_notifications", "ResumesFromKeptLines: as Textual's resume does"),
    (Screen, "_update_auto_focus", "ResumesFromKeptLines: as Textual's resume does"),
    (Widget, "_dirty_regions", "ResumesFromKeptLines: the whole screen shown again from kept lines"),
    (Widget, "_repaint_regions", "ResumesFromKeptLines: the whole screen shown again from kept lines"),
    (textual_keys, "_character_to_key", "character_to_key: a keymap's key as Textual names it"),
    (OptionList, "_get_option_render", "KeptOptionRows keeps an option's drawn rows across lists"),
    (OptionList, "_option_to_index", "KeptOptionRows reads where an option stands (its rows carry it for a click)"),
)


check(NEEDED)


# -- widgets -----------------------------------------------------------------------------------------
class SettledSize:
    """Mixed into a widget that does not scroll: a layout that gives it a new size has already
    placed it by that size, so setting its virtual size asks for no second layout."""

    def _size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)


class KeptOptionRows:
    """Mixed into an OptionList: an option's drawn rows are kept by the option, where it stands in
    the list, its look and the width, across new lists (Textual forgets them all whenever the list
    is set anew, and the board sets its action list on every move). Bounded, and let go when the
    styles change."""

    def _get_option_render(self, option, style):
        kept = getattr(self, "_kept_option_rows", None)
        if kept is None:
            kept = self._kept_option_rows = LRUCache(KEPT_ROWS)
        key = (option, self._option_to_index[option], style, self.scrollable_content_region.width)
        strips = kept.get(key)
        if strips is None:
            strips = kept[key] = super()._get_option_render(option, style)
        return strips

    def notify_style_update(self) -> None:
        self._kept_option_rows = None
        super().notify_style_update()


KEPT_ROWS = 256  # KeptOptionRows: a few turns' worth of the action list's options


def _bar_shows(bar) -> tuple:
    """What a scrollbar draws from: the sizes it stands for, where it is, and its own size (as last
    laid out: `size` would ask the screen where the bar is, and for a bar scrolled out of sight
    that has Textual arrange the whole screen again). A bar whose window holds everything draws
    no thumb, only its track, whatever it stands for: all such bars of one size look alike."""
    if bar.window_virtual_size <= bar.window_size:
        return "fits", bar.outer_size
    return bar.window_virtual_size, bar.window_size, bar.position, bar.outer_size


class QuietScrollbars:
    """Mixed into a scrolling widget: its scrollbars are set as Textual sets them, but a bar that
    draws the same keeps its drawn lines and is not repainted. (Textual repaints them after every
    layout, a frame after the rest; and forgets their lines whenever it sets them, so a bar was
    drawn again with the list beside it: a third of a millisecond a move, the action list's alone.)"""

    def _scroll_update(self, virtual_size) -> None:
        bars = [bar for bar in (self._vertical_scrollbar, self._horizontal_scrollbar) if bar is not None]
        before = [(_bar_shows(bar), bar._styles_cache) for bar in bars]
        for bar in bars:  # what Textual's refresh of the bar clears: a new, empty one
            bar._styles_cache = type(bar._styles_cache)()
        super()._scroll_update(virtual_size)
        for bar, (was, drawn) in zip(bars, before):
            if _bar_shows(bar) == was:
                bar._repaint_required = False  # the refresh just asked for draws the same bar
                if bar in _settled_bars:
                    bar._styles_cache = drawn  # ...whose lines are drawn already
                    continue
            if bar.is_mounted:  # this refresh of Textual's drew it anew: its lines are what it shows
                _settled_bars.add(bar)


# Bars refreshed since their mount (before it, a bar's refresh does nothing: its drawn lines stay)
_settled_bars: WeakSet = WeakSet()


def drawn_rows(widget: Widget) -> dict | None:
    """The rows `widget` has drawn (with its border), by row; None while some wait to be drawn again."""
    drawn = widget._styles_cache
    return None if drawn._dirty_lines else dict(drawn._cache)


def keep_scrolled_rows(widget: Widget, drawn: dict, moved: int) -> None:
    """`widget` scrolled `moved` rows down, and nothing else of it changed since it drew `drawn`
    (drawn_rows): those rows serve again `moved` rows higher, and only the rows scrolled into view
    are drawn. (Textual draws every row of a scrolled widget again: the log's whole window on every
    move.) The rows of its border and padding stay as they were."""
    gutter, height = widget.styles.gutter, widget.outer_size.height
    top, bottom = gutter.top, height - gutter.bottom
    if not 0 < moved < bottom - top:
        return
    rows = {y: line for y, line in drawn.items() if y < top or y >= bottom}
    rows.update((y, drawn[y + moved]) for y in range(top, bottom - moved) if y + moved in drawn)
    kept = widget._styles_cache  # emptied by the scroll's refresh: the rows not in it are drawn
    kept._cache.clear()
    kept._cache.update(rows)
    kept._dirty_lines.clear()


def refresh_scrollbars(widget: Widget) -> None:
    """Set a scrolling widget's scrollbars from its present virtual size, as a layout would (a
    scrollbar shown or hidden changes the room inside, and that lays the widget out)."""
    widget._refresh_scrollbars()
    widget._scroll_update(widget.virtual_size)


# -- the app -----------------------------------------------------------------------------------------
class AppHooks:
    """Mixed into the App: three moments Textual has no public hook for, as public methods."""

    async def before_shutdown(self) -> None:
        """Called as the app shuts down, before Textual closes its screens."""

    def on_unhandled_error(self, error: Exception) -> bool:
        """An error no handler caught; True when it was dealt with (else Textual's own handling)."""
        return False

    async def _shutdown(self) -> None:
        await self.before_shutdown()
        await super()._shutdown()

    def _register(self, parent, *widgets, **options):
        # Textual reads a screen's CSS_PATH when the screen is pushed, but not for the first screen
        # of an app (the title has none; a tool's or a test's first screen may)
        for widget in widgets:
            if isinstance(widget, Screen) and widget.CSS_PATH:
                self._load_screen_css(widget)
        return super()._register(parent, *widgets, **options)

    def _handle_exception(self, error: Exception) -> None:
        if not self.on_unhandled_error(error):
            super()._handle_exception(error)


# -- the page around a browser tab --------------------------------------------------------------------
PAGE_TITLE_META = "rainboard_title"  # the meta packet's type; rainboard/web/server.py passes it on


def tell_page(app: App, title: str) -> bool:
    """Set the browser tab's title to `title` (an app in a terminal has no page: nothing is sent).
    True when it was sent. Sent as the driver's meta packet, which textual-serve passes on: Textual
    offers a web app no public way to speak to its page but opening a URL."""
    if not app.is_web:
        return False
    write_meta = getattr(app._driver, "write_meta", None)  # the web driver's; None before it started
    if write_meta is None:
        return False
    write_meta({"type": PAGE_TITLE_META, "title": title})
    return True


# -- screens ------------------------------------------------------------------------------------------
def whole_in_one_frame(screen: Screen) -> None:
    """Called as Textual's timer is about to paint `screen`: when the whole screen is to be
    repainted (it is shown again) and a layout is waiting too, Textual would paint the layout's
    changes in one frame and the whole screen in the next. Marked whole first, the layout's own
    frame paints it all."""
    if screen._repaint_required and screen._layout_required and screen.is_current and not screen.app._batch_count:
        screen._repaint_required = False
        screen._compositor.update_widgets({screen})


class WaitsWhenCovered:
    """Mixed into a screen: while a screen with an opaque background is on top of it, it is not
    current, and its changes wait until it is on top again (or `draw_hidden` draws them ahead).
    Textual counts the screen just under the top one as showing through, whatever the top's
    background, and paints each of its changes again on the top screen; under a turn's result, a
    cycle's report or a hand-off (all opaque) those frames showed nothing new. Textual reads
    `is_current` only to decide whether a screen's changes are laid out and painted now."""

    @property
    def is_current(self) -> bool:
        if self._covered():
            return False
        return super().is_current

    def _covered(self) -> bool:
        try:
            top = self.app.screen
        except ScreenStackError:
            return False
        return top is not self and top.styles.background.a >= 1


class _ComparesWithPainted(Compositor):
    """A scroll's changes found against the places last laid out, which the screen shows. Textual
    compares with the places it worked out for the widgets in view, and forgets them whenever a
    widget out of view is looked up (the switcher's hidden panel): then all the screen changed."""

    _painted: dict | None = None

    def reflow(self, parent, size):
        reflowed = super().reflow(parent, size)
        self._painted = self._full_map
        return reflowed

    def reflow_visible(self, parent, size):
        if self._visible_map is None and self.root is parent:
            self._visible_map = self._painted
        exposed = super().reflow_visible(parent, size)
        self._painted = self._visible_map
        return exposed

    def clear(self) -> None:
        super().clear()
        self._painted = None


class RepaintsWhatMoved:
    """Mixed into a screen: a scroll repaints what moved, not the whole screen (_ComparesWithPainted)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._compositor = _ComparesWithPainted()


class ResumesFromKeptLines:
    """Mixed into a screen pushed again and again (a turn's result, a hand-off, a cycle's report).
    Each time a screen comes back on top, Textual restyles its widgets (when it is pushed) and
    draws its background again, in case the theme or the app changed while it was away: a fifth of
    a keypress. Here that is done only when something it is read from changed since: the app's
    theme or CSS (Textual counts those in `_css_update_count`), the app's classes and pseudo-classes,
    the terminal's size. A change inside the screen restyles its widgets at once, shown or not, and
    a widget whose text changed draws itself again as ever. Textual calls each class's
    `_on_screen_resume` in turn, this one first: when nothing changed it does what Textual's does
    but the restyling and redrawing, and stops the call there."""

    _shown_for: tuple | None = None

    def _on_timer_update(self) -> None:
        whole_in_one_frame(self)  # shown again with a panel's rows changed (a hint of two rows, then one)
        super()._on_timer_update()

    def _on_screen_resume(self, event) -> None:
        app = self.app
        now = (app._css_update_count, app.theme, frozenset(app.classes), frozenset(app.pseudo_classes), app.size)
        same, self._shown_for = now == self._shown_for, now
        if not same or not self.is_attached:
            return  # Textual's own handler, next in line, restyles (if asked) and redraws it all
        event.prevent_default()
        if app.SUSPENDED_SCREEN_CLASS:
            self.remove_class(app.SUSPENDED_SCREEN_CLASS)
        self.stack_updates += 1
        app._refresh_notifications()
        self._update_auto_focus()
        if self._size != app.size:
            self._refresh_layout(app.size)
        whole = self.outer_size.region  # the whole screen is shown again, from kept lines
        self._dirty_regions.add(whole)
        self._repaint_regions.add(whole)
        self._repaint_required = True
        self.check_idle()


def _take_asked_layouts(screen: Screen) -> None:
    """The layouts the screen's widgets asked for, taken now as Textual takes them once a widget is
    idle (`Widget._check_refresh`: the ask cleared, the arrangements around it forgotten), but
    without the message that would have the screen laid out again when it is shown."""
    for widget in screen.walk_children(Widget):
        widget._scroll_required = False  # a scroll asked (the board's switch) is placed by the layout too
        if not widget._layout_required:
            continue
        widget._layout_required = False
        for ancestor in widget.ancestors:
            if not isinstance(ancestor, Widget):
                break
            ancestor._clear_arrangement_cache()
            ancestor._layout_updates += 1
            if not ancestor.styles.auto_dimensions:
                break


def draw_hidden(screen: Screen) -> bool:
    """Lay out and draw a screen covered by an opaque one (WaitsWhenCovered), at the app's size:
    each of its widgets draws its changed lines now and keeps them, so when the screen is on top
    again Textual only puts kept lines together. Nothing is shown. True when it was drawn; a
    screen that is current, or not laid out at this size yet, is left alone."""
    app = screen.app
    if screen.is_current or not screen.is_attached or not app.size or screen.size != app.size:
        return False
    _take_asked_layouts(screen)
    screen._refresh_layout(app.size)  # not current: Textual lays it out and paints nothing
    screen._layout_required = False  # laid out: not again when it is shown (as Textual's timer clears it)
    screen._scroll_required = False  # ...and its scrolls placed with it
    screen._compositor.render_full_update()  # every widget's changed lines drawn and kept
    return True


# -- keys --------------------------------------------------------------------------------------------
def character_to_key(character: str) -> str:
    """The name Textual gives the key that types `character` ("?" -> "question_mark", "n" -> "n"), as
    a keymap file's keys are read; Textual has no public function for it."""
    return textual_keys._character_to_key(character)


# -- text ------------------------------------------------------------------------------------------
def divide_line(text: str, width: int, fold: bool = True) -> list[int]:
    """The offsets where a line of `text` is cut into rows `width` cells wide, as Textual wraps it (with
    rich's function, which `Content.wrap` calls: the log counts rows at a sixth of wrap's cost)."""
    return rich_wrap.divide_line(text, width, fold=fold)


# -- for tests ---------------------------------------------------------------------------------------
def screen_lines(app: App) -> list[str]:
    """Each row of the screen as it is drawn now, as plain text."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def screen_segments(app: App) -> str:
    """The whole screen as the text and escape codes sent to a terminal."""
    return app.screen._compositor.render_full_update().render_segments(app.console)
