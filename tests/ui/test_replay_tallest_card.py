"""A replay plays its game once as it opens; the card learns then which of the game's cards is the
tallest and is that tall from the first step, so no step makes it grow and move the screen."""

from __future__ import annotations

from textual.app import App

from rainboard.saves import Replay
from rainboard.ui.screens.replay import ReplayScreen
from rainboard.ui.widgets.cards import CARD_ROOM, MostNotes, SlugcatCard, _notes, pack

from tests.ui.test_replay_ready import STEPS, _four_player_replay
from tests.ui.test_replay_steps import _replay


def _most_notes_everywhere(replay: Replay) -> int:
    """The most note lines any player's card has at any step, found by looking at every one."""
    return max(len(pack(_notes(state, index), CARD_ROOM))
               for state in map(replay.state_at, range(len(replay) + 1)) for index in range(len(state.players)))


def test_the_watch_finds_the_most_notes_of_the_whole_game():
    most = MostNotes()
    replay = _replay(160, watch=most)
    assert most.where is not None
    state, index = most.where
    assert most.most == len(pack(_notes(state, index), CARD_ROOM)) == _most_notes_everywhere(replay)
    assert most.most >= 1  # the game has notes to find (a hunt, a search, the Mark)


class TallestReplayApp(App):
    def __init__(self, replay: Replay, tallest) -> None:
        super().__init__()
        self.replay, self.tallest = replay, tallest

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.replay, self.replay.data, self.replay.setup, tallest_card=self.tallest))


async def test_a_card_told_the_tallest_keeps_one_height_from_the_first_step():
    """In the four-player game the card grows in the first steps when it is not told (the replay
    test beside this one); told the game's tallest, its height never changes, forward or back."""
    most = MostNotes()
    replay = _four_player_replay(watch=most)
    app = TallestReplayApp(replay, most.where)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        card = app.screen.query_one(SlugcatCard)
        heights = [card.outer_size.height]
        for key in ["right"] * STEPS + ["end", "left", "home"]:
            await pilot.press(key)
            await pilot.pause()
            heights.append(card.outer_size.height)
        assert set(heights) == {most.most + 2 + 2}, heights  # food and karma rows, the notes, the frame's two


async def test_a_replay_opened_from_its_file_tells_the_card(tmp_path):
    from rainboard.saves import write_save

    replay = _four_player_replay()
    path = tmp_path / "four.json"
    write_save(path, replay.save)
    screen = ReplayScreen.from_file(path)
    assert screen.tallest_card is not None
    state, index = screen.tallest_card
    assert len(pack(_notes(state, index), CARD_ROOM)) == _most_notes_everywhere(screen.replay)
