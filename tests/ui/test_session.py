"""The table's session: undo of moves that revealed nothing, digests along the way."""

from attrs import evolve

from rainboard.engine import PlayerSetup, Setup, digest, parse_action
from rainboard.engine.state import HandCard
from rainboard.ui.session import DIGEST_EVERY, GameSession

from tests.engine.helpers import mini_data


def _session(*slugcats):
    names = ["Ada", "Bo", "Cy"]
    setup = Setup(players=[PlayerSetup(names[i], s) for i, s in enumerate(slugcats)], seed=2)
    return GameSession.start(setup, mini_data())


def test_a_move_that_revealed_nothing_can_be_undone_by_its_player():
    session = _session("survivor", "saint")
    mover = session.state.current
    players = list(session.state.players)
    players[mover] = evolve(players[mover], hand=(HandCard("mushroom", "su"),))
    session.state = evolve(session.state, players=tuple(players))
    before = session.state
    changes = []
    session.saver = lambda s: changes.append(len(s.actions))
    session.act(parse_action("eat mushroom"))
    assert session.state.players[mover].food == 1
    assert session.undo_refusal() is None
    assert session.undo() == "Eat Bubble Fruit (+1 food)"  # as the move was offered (the mini decks name it so)
    assert session.state == before and session.actions == [] and changes == [1, 0]


def test_a_draw_or_a_roll_cannot_be_undone_and_says_why():
    session = _session("survivor")
    session.act(parse_action("draw"))
    assert "showed a card" in session.undo_refusal()
    session = _session("survivor", "saint")
    assert session.undo_refusal() == "There is nothing to undo."


def test_only_the_player_to_act_undoes_their_own_last_move():
    session = _session("survivor", "saint")
    first = session.state.current
    session.act(parse_action("food"))  # the turn passes to the other player
    refusal = session.undo_refusal()
    assert session.state.players[first].name in refusal and "only your own last move" in refusal


def test_digests_are_kept_every_few_actions():
    session = _session("survivor")
    assert session.digests == {0: digest(session.state)}
    for _ in range(DIGEST_EVERY):
        session.act(parse_action("food") if parse_action("food") in session.legal else session.legal[0])
    assert set(session.digests) == {0, DIGEST_EVERY}
    assert session.digests[DIGEST_EVERY] == digest(session.state)
