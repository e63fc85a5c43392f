"""A Rainboard tab in Chromium, driven as a player would: keys, clicks, reading the screen.

The page draws the terminal on a canvas, so its text is not in the page. Instead the bytes the
app sends down the websocket (Textual's escape codes) are played onto a small screen of
characters here: enough of a terminal to read what is shown and to find where to click.
"""

from __future__ import annotations

import codecs
import json
import re
import time
from urllib.parse import parse_qs, urlparse

from rich.cells import get_character_cell_size

# one escape sequence: CSI (with its parameters), OSC (to BEL or ST), DCS/APC/PM/SOS (to ST), or a short one
ESCAPE = re.compile(
    r"\x1b\[(?P<params>[0-9;:?<>=]*)[ -/]*(?P<final>[@-~])"
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"
    r"|\x1b[P_^X][^\x1b]*\x1b\\"
    r"|\x1b[()*+][0-9A-Za-z]"
    r"|\x1b[^\[\]P_^X()*+]"
)
PARTIAL = re.compile(r"\x1b(?:\[[0-9;:?<>=]*[ -/]*|\][^\x07\x1b]*\x1b?|[P_^X][^\x1b]*\x1b?|[()*+])?$")
WAIT = 20.0  # seconds for anything the app is asked to do; bounded, never a test of speed


class Screen:
    """The characters on the terminal, from the escape codes Textual writes."""

    def __init__(self, cols: int = 80, rows: int = 24) -> None:
        self.cols, self.rows = cols, rows
        self.cells = [[" "] * cols for _ in range(rows)]
        self.x = self.y = 0
        self._pending = ""
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def resize(self, cols: int, rows: int) -> None:
        self.cells = [(row + [" "] * cols)[:cols] for row in self.cells[:rows]]
        self.cells += [[" "] * cols for _ in range(rows - len(self.cells))]
        self.cols, self.rows = cols, rows

    def feed(self, data: bytes) -> None:
        text = self._pending + self._decoder.decode(data)
        tail = PARTIAL.search(text)
        self._pending = text[tail.start():] if tail and tail.group() else ""
        text = text[:len(text) - len(self._pending)]
        position = 0
        for found in ESCAPE.finditer(text):
            self._write(text[position:found.start()])
            if found.group("final"):
                self._control(found.group("params") or "", found.group("final"))
            position = found.end()
        self._write(text[position:])

    def _control(self, params: str, final: str) -> None:
        numbers = [int(n) if n.isdigit() else 0 for n in params.split(";")] if params and params[0].isdigit() else []
        if final in "Hf":
            row = numbers[0] if numbers and numbers[0] else 1
            col = numbers[1] if len(numbers) > 1 and numbers[1] else 1
            self.y, self.x = row - 1, col - 1
        elif final == "G":
            self.x = (numbers[0] if numbers and numbers[0] else 1) - 1
        elif final == "C":
            self.x += numbers[0] if numbers and numbers[0] else 1
        elif final == "J" and numbers and numbers[0] == 2:
            self.cells = [[" "] * self.cols for _ in range(self.rows)]
        elif final == "K":
            if 0 <= self.y < self.rows:
                self.cells[self.y][self.x:] = [" "] * max(0, self.cols - self.x)

    def _write(self, text: str) -> None:
        for char in text:
            if char == "\r":
                self.x = 0
            elif char == "\n":
                self.y += 1
            elif char >= " ":
                width = get_character_cell_size(char)
                if 0 <= self.y < self.rows and 0 <= self.x < self.cols:
                    self.cells[self.y][self.x] = char
                    if width == 2 and self.x + 1 < self.cols:
                        self.cells[self.y][self.x + 1] = ""
                self.x += width

    def lines(self) -> list[str]:
        return ["".join(row) for row in self.cells]

    def text(self) -> str:
        return "\n".join(self.lines())

    def find(self, words: str) -> tuple[int, int] | None:
        """Where `words` are on the screen (row, column), the first place from the top."""
        for row, line in enumerate(self.lines()):
            column = line.find(words)
            if column != -1:
                return row, column
        return None


class BrowserTable:
    """One browser tab on `rainboard serve`: what it shows, and a player's keys and clicks."""

    def __init__(self, page, url: str) -> None:
        self.page = page
        self.screen = Screen()
        self.closed = False
        self.sockets = self.frames = 0  # websockets opened and frames received: told when a wait fails
        page.on("websocket", self._connected)
        page.bring_to_front()  # sized and drawn as the tab a player looks at
        page.goto(url)
        self.page.wait_for_selector(".xterm-helper-textarea", state="attached", timeout=WAIT * 1000)

    def _connected(self, socket) -> None:
        query = parse_qs(urlparse(socket.url).query)
        self.screen = Screen(int(query.get("width", ["80"])[0]), int(query.get("height", ["24"])[0]))
        socket.on("framereceived", self._received)
        socket.on("framesent", self._sent)
        socket.on("close", lambda _socket: setattr(self, "closed", True))
        self.closed = False
        self.sockets += 1

    def _received(self, payload) -> None:
        if isinstance(payload, bytes):
            self.frames += 1
            self.screen.feed(payload)

    def _sent(self, payload) -> None:
        if isinstance(payload, str) and payload.startswith('["resize"'):
            size = json.loads(payload)[1]
            self.screen.resize(size["width"], size["height"])

    # -- waiting on what is shown ------------------------------------------------------------------
    def wait_for(self, *words: str, timeout: float = WAIT) -> str:
        """Wait until the screen shows one of `words`; the one shown. Fails after `timeout`."""
        return self.wait_until(lambda: next((w for w in words if self.screen.find(w)), None),
                               f"the screen to show {' or '.join(map(repr, words))}", timeout)

    def wait_until(self, check, what: str, timeout: float = WAIT):
        deadline = time.monotonic() + timeout
        # looked at, the tab is in front: Chromium holds back a tab behind (its page may not even
        # have connected yet when another tab was opened over it)
        self.page.bring_to_front()
        while True:
            found = check()
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout:.0f}s for {what} ({self.sockets} websockets opened, "
                                     f"{self.frames} frames received); the screen shows:\n{self.screen.text()}")
            self.page.wait_for_timeout(50)  # lets Playwright deliver the frames meanwhile

    def footer(self) -> str:
        return self.screen.lines()[-1].strip()

    # -- a player's hands --------------------------------------------------------------------------
    def _front(self) -> None:
        """The tab in front, as it is for a player using it (a tab behind is not drawn)."""
        self.page.bring_to_front()
        self.page.focus(".xterm-helper-textarea")

    def press(self, *keys: str) -> None:
        self._front()
        for key in keys:
            self.page.keyboard.press(key)
            self.page.wait_for_timeout(60)

    def type(self, text: str) -> None:
        self._front()
        self.page.keyboard.type(text, delay=20)

    def click(self, words: str, offset: int = 0) -> None:
        """Click the middle of the cell where `words` begin (plus `offset` columns)."""
        found = self.wait_for(words) and self.screen.find(words)
        row, column = found
        self._front()
        box = self.page.locator(".xterm-screen").bounding_box()
        width, height = box["width"] / self.screen.cols, box["height"] / self.screen.rows
        self.page.mouse.click(box["x"] + (column + offset + 0.5) * width, box["y"] + (row + 0.5) * height)
