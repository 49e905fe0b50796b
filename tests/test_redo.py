"""Redo (issue 27): the steps undone since the last new move play again, with
their automatic moves, in both games; kept in the save with the undo history;
keys, the gamepad and a control-bar button that shows only when there is
something to redo."""

from __future__ import annotations

import pygame
import pytest
from conftest import play_first_moves

from game.freecell import Move
from game.input import Act, Action
from game.input.keys import translate_controller, translate_key
from game.play.jobs import Rewound
from game.session import FreeCellSession, SpiderSession, restore_saved
from game.spider import DEAL
from game.store import Store


def snapshot(session) -> tuple:
    pos = session.position
    return str(pos), session.moves, [str(m) for m in pos.move_stack]


# --- the sessions ---------------------------------------------------------------------------


def test_freecell_redo_plays_the_undone_steps_again_with_their_automatic_moves():
    s = FreeCellSession(25, auto_foundation="safe")
    step = s.play(Move.parse("4a"))
    assert step.automatic  # two cards went home after it
    s.play(s.position.distinct_moves()[0])
    after = snapshot(s)
    s.undo()
    s.undo()
    assert s.moves == 0 and s.position.cards_home == 0 and s.can_redo
    first = s.redo()
    assert str(first.move) == "4a" and len(first.automatic) == len(step.automatic)
    assert s.redo() is not None and snapshot(s) == after
    assert s.redo() is None and not s.can_redo


def test_a_new_move_clears_redo_but_the_same_move_as_the_next_redo_keeps_the_rest():
    s = FreeCellSession(617)
    moves = [Move.parse(t) for t in ("8a", "8b", "3c")]
    for m in moves:
        s.play(m)
    for _ in moves:
        s.undo()
    s.play(moves[0])  # what Redo would have played: the rest stays
    assert s.can_redo and str(s.redo().move) == "8b"
    s.undo()
    other = next(m for m in s.position.distinct_moves() if m != moves[1])
    s.play(other)
    assert not s.can_redo and s.redo() is None


def test_a_step_is_redone_as_it_was_played_and_a_stronger_level_adds_its_cards():
    s = FreeCellSession(25, auto_foundation="off")
    s.push_plain(Move.parse("4a"))  # a demo step: no automatic moves after it
    s.undo()
    s.set_auto_level("safe")  # nothing goes home from the deal itself: redo stays
    assert s.can_redo
    assert s.redo().automatic == () and s.position.cards_home == 0
    s.undo()
    played = s.play(Move.parse("4a"))  # at "safe": its cards go home after it
    s.undo()
    s.set_auto_level("off")
    assert s.redo().automatic == played.automatic  # as it was played, at "safe"
    s.undo()
    s.set_auto_level("all")
    step = s.redo()  # made at "safe", redone under "all": those go as well
    assert len(step.automatic) >= len(played.automatic) and s.position.cards_home == len(step.automatic)
    s.undo()
    assert s.position.cards_home == 0  # one undo takes them back with it


def test_cards_a_stronger_level_sends_home_clear_redo():
    s = FreeCellSession(25, auto_foundation="off")
    s.play(Move.parse("4a"))  # uncovers cards that "safe" sends home
    s.play(s.position.distinct_moves()[0])
    s.undo()
    assert s.can_redo
    assert s.set_auto_level("safe") and not s.can_redo


def test_spider_redo_deals_the_same_cards_and_costs_its_point():
    s = SpiderSession(3, 2)
    s.play(s.position.legal_moves()[0])
    s.play(DEAL)
    dealt = [c[-1] for c in s.position.columns]
    s.undo()
    s.undo()
    score = s.score
    assert s.redo().move != DEAL
    step = s.redo()
    assert step.move.is_deal and [c[-1] for c in s.position.columns] == dealt
    assert s.score == score - 2 and s.moves == 2 and not s.can_redo


def test_a_move_pushed_past_the_session_makes_its_redo_list_stale():
    # The Spider demo plays straight on the position: what was undone before no longer follows.
    s = SpiderSession(3, 1)
    s.play(s.position.legal_moves()[0])
    s.undo()
    assert s.can_redo
    s.position.push(s.position.legal_moves()[-1])
    assert not s.can_redo and s.redo() is None


@pytest.mark.parametrize("game", ["freecell", "spider"])
def test_the_redo_list_is_saved_with_the_undo_history_and_old_saves_still_load(tmp_path, game):
    if game == "freecell":
        s = FreeCellSession(617)
        for t in ("8a", "8b", "3c"):
            s.play(Move.parse(t))
    else:
        s = SpiderSession(3, 2)
        for _ in range(3):
            s.play(s.position.legal_moves()[0])
        s.play(DEAL)
    full = snapshot(s)
    s.undo()
    s.undo()
    store = Store(str(tmp_path))
    store.save("savegame", s.to_dict())
    back = restore_saved(store)
    assert back is not None and snapshot(back) == snapshot(s) and back.can_redo
    back.redo()
    back.redo()
    assert snapshot(back) == full and back.undo_count == 2
    # A save written before Redo existed has neither field: it loads, with nothing to redo.
    old = s.to_dict()
    del old["redo"], old["assisted"]
    store.save("savegame", old)
    back = restore_saved(store)
    assert back is not None and snapshot(back) == snapshot(s) and not back.can_redo and not back.assisted


# --- keys and the gamepad ---------------------------------------------------------------------


@pytest.mark.parametrize("game", ["freecell", "spider"])
def test_ctrl_y_ctrl_shift_z_and_the_right_stick_click_redo(game):
    assert translate_key(game, pygame.K_y, pygame.KMOD_CTRL) == Action(Act.REDO)
    assert translate_key(game, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT) == Action(Act.REDO)
    assert translate_key(game, pygame.K_z, pygame.KMOD_CTRL) == Action(Act.UNDO)
    click = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_RIGHTSTICK)
    assert translate_controller(click, {}) == Action(Act.REDO)


# --- the controller ---------------------------------------------------------------------------


def bar(play) -> list[str]:
    return [b.action for b in play.buttons()]


def first_move(play) -> None:
    play_first_moves(play)


@pytest.mark.parametrize("game", ["freecell", "spider"])
def test_the_bar_shows_redo_only_while_there_is_something_to_redo(play_for, game):
    play = play_for(game, 3, 2) if game == "spider" else play_for(game, 3)
    assert "redo" not in bar(play)
    first_move(play)
    first_move(play)
    played = snapshot(play.table.session)
    play.key(translate_key(game, pygame.K_z if game == "spider" else pygame.K_u, 0))
    play.act(Action(Act.UNDO))
    assert bar(play).index("redo") == bar(play).index("undo") + 1  # beside Undo
    play.key(translate_key(game, pygame.K_y, pygame.KMOD_CTRL))
    assert play.busy  # the cards fly
    assert "redo" in bar(play)
    play.button("redo")  # the bar's button
    assert snapshot(play.table.session) == played and "redo" not in bar(play)
    play.act(Action(Act.REDO))
    assert play.message == "Nothing to redo"
    # A new move clears it.
    play.act(Action(Act.UNDO))
    assert "redo" in bar(play)
    legal = play.table.position.legal_moves()
    undone = play.table.session.redo_list.entries(len(play.table.position.move_stack))[-1]
    other = next(m for m in legal if m != (undone[0] if game == "freecell" else undone))
    if game == "freecell":
        play.button(f"play:{other}")
    else:
        play.table.play(other)
        play._events()
    assert "redo" not in bar(play)


def test_freecell_redo_flies_the_move_and_its_automatic_cards(play_for):
    play = play_for("freecell", 25)
    play.button("play:4a")
    home = play.table.position.cards_home
    assert home >= 2
    play.act(Action(Act.UNDO))
    play.table.flights.land()
    play.act(Action(Act.REDO))
    assert play.table.position.cards_home == home and play.busy
    assert play.table.position.move_count == 1 and play.host.sounds[-1] == "home"


@pytest.mark.parametrize("game", ["freecell", "spider"])
def test_rewind_restart_and_the_demo_clear_redo(play_for, game):
    play = play_for(game, 3, 2) if game == "spider" else play_for(game, 3)
    for _ in range(3):
        first_move(play)
    play.act(Action(Act.UNDO))
    play.round._react([Rewound(1, "Rewound 1 move")])
    assert not play.table.session.can_redo and "redo" not in bar(play)
    play.act(Action(Act.UNDO))
    assert play.table.session.can_redo
    play.round.restart()
    assert not play.table.session.can_redo
    first_move(play)
    play.act(Action(Act.UNDO))
    pos = play.table.position.copy()
    line = [pos.legal_moves()[0]]
    play.round.play_demo(line)
    assert not play.table.session.can_redo


def test_redo_survives_closing_the_game(tmp_path):
    from fake_time import FakeTime

    from game.play import NullHost, Play

    store = Store(str(tmp_path / "data"))
    store.save("settings", {"live_winnability": False})
    play = Play(NullHost(), "spider", 3, 2, now=FakeTime(), store=store)
    first_move(play)
    play.act(Action(Act.DEAL))
    dealt = snapshot(play.table.session)
    play.act(Action(Act.UNDO))
    play.close()
    again = Play(NullHost(), "spider", None, 2, now=FakeTime(), store=store)
    try:
        assert "redo" in bar(again)
        again.act(Action(Act.REDO))
        assert snapshot(again.table.session) == dealt
    finally:
        again.close()


def test_undo_and_redo_through_the_demo(play_for):
    # Undo while the demo plays takes back its last move (the demo lets go of
    # the table); Redo plays that move again; the demo's own moves cleared
    # what the player had undone before it started.
    from game.freecell.solver import solve

    play = play_for("freecell", 617)
    play.button(f"play:{play.table.position.distinct_moves()[0]}")
    play.act(Action(Act.UNDO))
    assert play.table.session.can_redo
    play.round.play_demo(list(solve(play.table.position).moves))
    assert not play.table.session.can_redo
    for _ in range(4):
        play.update(0.2)
    played = snapshot(play.table.session)
    assert play.table.session.moves == 2
    play.act(Action(Act.UNDO))
    for _ in range(4):
        play.update(0.2)
    assert play.round.demo is None and play.table.session.moves == 1 and "redo" in bar(play)
    play.act(Action(Act.REDO))
    assert snapshot(play.table.session) == played and play.table.session.assisted
