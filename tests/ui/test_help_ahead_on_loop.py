"""The help drawn ahead on the table's own loop, a section at a time (screens/help.py, prepare_help):
no thread of its own, whose heaps glibc would keep, and the table's events between the sections."""

from __future__ import annotations

import io
import threading

from rich.console import Console

from rainboard import paths
from rainboard.data import load_data
from rainboard.ui.screens import help as help_module
from rainboard.ui.screens.help import KeptMarkdown, prepare_help
from rainboard.ui.screens.help_drawing import sections


def test_a_text_is_drawn_a_section_a_step_and_once(monkeypatch):
    monkeypatch.setattr(KeptMarkdown, "_kept", {})
    console = Console(file=io.StringIO(), width=120, force_terminal=True)
    rules = paths.asset_text("rules.md")
    steps = sum(1 for _ in KeptMarkdown(rules).drawing(console, 80))
    assert steps == len(sections(rules)) > 5
    assert sum(1 for _ in KeptMarkdown(rules).drawing(console, 80)) == 0  # kept: nothing to draw again
    options = console.options.update_width(80).update(highlight=False)
    monkeypatch.setattr(KeptMarkdown, "_draw", lambda *_: (_ for _ in ()).throw(AssertionError("drawn again")))
    assert KeptMarkdown(rules).__rich_console__(console, options)  # the help opening finds it drawn


async def test_the_help_is_drawn_ahead_on_the_tables_thread_between_its_events(monkeypatch, tmp_path):
    from rainboard.ui.app import RainboardApp

    monkeypatch.setattr(KeptMarkdown, "_kept", {})
    threads, steps = set(), []
    real = KeptMarkdown._sections_into

    def watched(self, segments, console, options):
        for step in real(self, segments, console, options):
            threads.add(threading.current_thread())
            steps.append(step)
            yield step

    monkeypatch.setattr(KeptMarkdown, "_sections_into", watched)
    gaps = []
    real_sleep = help_module.asyncio.sleep

    async def sleep(seconds):
        gaps.append(seconds)
        await real_sleep(seconds)

    monkeypatch.setattr(help_module.asyncio, "sleep", sleep)
    app = RainboardApp(data=load_data(), catch_errors=False, autosave=False, data_dir=tmp_path,
                       config=tmp_path / "config")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        worker = prepare_help(app)
        await worker.wait()
        assert threads == {threading.main_thread()}  # the table's own thread, not a worker's
        pauses = [gap for gap in gaps if gap == help_module.SECTION_GAP]  # (the loop's own sleeps aside)
        assert len(pauses) == len(steps) > 10 and help_module.SECTION_GAP > 0  # a pause after every section
        assert len(KeptMarkdown._kept) == 4  # both texts, at both widths the help has here
