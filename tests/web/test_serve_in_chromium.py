"""`rainboard serve` in a real browser: a two-player game set up, played by key and by click,
the page reloaded and the game continued, the save checked on disk; and one game in two tabs,
where the second only watches until the first lets go."""

from __future__ import annotations

from pathlib import Path

from rainboard.saves import Replay, read_save
from rainboard.saves.lock import BROWSER, holder_of

from .table import BrowserTable

BOARD = "Your move"


def _actions(path: Path) -> int:
    return len(read_save(path).actions)


def to_board(table: BrowserTable) -> None:
    """Past whatever stands between the table and the next move (a roll, a hand-off, a report):
    each of them goes on with Enter, and says so in its footer."""
    for _ in range(12):
        table.wait_until(lambda: table.screen.find(BOARD) or table.footer().startswith("enter"),
                         "the board or a screen that Enter passes")
        if not table.footer().startswith("enter"):
            return
        table.press("Enter")
        table.page.wait_for_timeout(150)
    raise AssertionError(f"never reached the board:\n{table.screen.text()}")


def new_game(table: BrowserTable, seed: str | None = None) -> None:
    """Title, New game (two players, the names offered), the seed typed in, roll, pick slugcats."""
    table.wait_for("New game")
    table.press("Enter")
    table.wait_for("Roll for turn order")
    if seed is not None:
        row, _ = table.screen.find("Seed")
        current = table.screen.lines()[row].split()[1]
        table.click(f" {current}", offset=len(current) + 1)  # just after the seed offered
        table.press("End", *["Backspace"] * len(current))
        table.type(seed)
    table.press("Control+s")
    table.wait_for("Turn order:")
    table.press("Enter")
    for _ in range(2):  # each player takes the slugcat offered first
        table.wait_for("picks a slugcat")
        table.press("Enter")
        table.page.wait_for_timeout(150)
    to_board(table)


def continue_game(table: BrowserTable) -> None:
    """Continue on the title's menu: three down from New game, the first (then Learn to play and
    Solo challenge)."""
    table.press("Home", "ArrowDown", "ArrowDown", "ArrowDown", "Enter")


def wait_for_actions(table: BrowserTable, path: Path, count: int) -> None:
    table.wait_until(lambda: _actions(path) >= count, f"{count} actions in {path.name}")
    assert _actions(path) == count


def test_a_game_by_key_and_click_survives_a_reload_and_is_on_disk(served, browser, tmp_path):
    table = BrowserTable(browser.new_page(), served.url)
    assert "Rain World" in table.page.title() and "Rainboard" in table.page.title()
    new_game(table, seed="couch")
    (path,) = served.games()  # the game is saved in the folder given to `rainboard serve`
    assert read_save(path).seed == "couch"
    start = _actions(path)

    table.press("1")  # a move by key: the first in the list
    wait_for_actions(table, path, start + 1)
    to_board(table)
    row, column = table.screen.find(BOARD)
    first = next(line.index("1 ", column) for line in table.screen.lines()[row + 1:] if "1 " in line[column:])
    table.page.wait_for_timeout(100)
    table.click(table.screen.lines()[row + 1][first:first + 12])  # a move by click: the first option
    wait_for_actions(table, path, start + 2)
    played = read_save(path).actions
    old_holder = holder_of(path)
    assert old_holder is not None and old_holder.where == BROWSER

    table.page.reload()  # the tab's app ends; a new one starts on the title
    table.wait_until(lambda: holder_of(path) is None, "the old tab's app to let go of the game")
    table.wait_for("Continue picks up your last unfinished game")
    continue_game(table)
    to_board(table)
    holder = holder_of(path)
    assert holder is not None and holder.pid != old_holder.pid  # the new tab's app has it now
    table.press("1")
    wait_for_actions(table, path, start + 3)

    saved = read_save(path)
    assert saved.actions[:len(played)] == played and not saved.finished
    assert [player.name for player in saved.setup.players] == ["Ada", "Bo"]
    assert len(Replay.from_file(path)) == start + 3  # plays back, every digest agreeing

    to_board(table)
    table.press("Control+s")  # a named save, which the saves list offers to download
    table.wait_for("Save this game as")
    table.press("Enter")
    table.wait_for("Saved as")
    assert str(served.data_dir) not in table.screen.text()  # the notice names the file, not the server's folder
    (named,) = (served.data_dir / "saves").glob("*.json")
    table.press("Control+p")
    table.type("Saved games")
    table.press("Enter")
    table.wait_for("Saved by name")
    downloads = []  # the page opens the download's address in a new tab; Playwright tells the opener
    table.page.on("download", lambda download: downloads.append(download))
    table.press("d")
    table.wait_until(lambda: downloads, "the browser to download the save")
    (download,) = downloads
    assert download.suggested_filename == named.name
    kept = tmp_path / named.name
    download.save_as(kept)
    assert read_save(kept).actions == read_save(named).actions


def test_one_game_in_two_tabs_the_second_watches_until_the_first_lets_go(served, browser):
    first = BrowserTable(browser.new_page(), served.url)
    new_game(first)
    (path,) = served.games()
    start = _actions(path)  # the slugcats picked
    first.press("1")
    wait_for_actions(first, path, start + 1)
    before = path.read_bytes()

    second = BrowserTable(browser.new_page(), served.url)
    second.wait_for("open in a browser tab")  # the title says so before anything is chosen
    continue_game(second)
    second.wait_for("This game is open in a browser tab")
    second.press("y")
    second.wait_for("Replay", "replay")
    assert path.read_bytes() == before and served.games() == [path]  # watching writes nothing

    to_board(first)
    first.press("1")  # the first tab plays on, its moves all kept
    wait_for_actions(first, path, start + 2)

    first.page.close()  # closing the tab ends its app and lets go of the game
    second.wait_until(lambda: holder_of(path) is None, "the closed tab's app to let go of the game")
    second.press("Escape")
    second.wait_for("New game")
    continue_game(second)
    to_board(second)
    second.press("1")
    wait_for_actions(second, path, start + 3)
    assert holder_of(path).where == BROWSER
