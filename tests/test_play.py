"""The controller without a window: game.play.Play driven by actions and
gestures, with a NullHost standing in for the window (clipboard, sound)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.freecell import deal
from game.freecell.solver import solve
from game.input import Act, Action
from game.input.pointer import Click, Drop, Hold, Pointer
from game.play import NullHost, Play
from game.play.table import NewDealWanted, Refused, Undone
from game.stats import Statistics
from game.store import Store

ROOT = Path(__file__).resolve().parents[1]


class FakeTime:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def play_for(tmp_path):
    made: list[Play] = []

    def make(game: str = "freecell", number: int | None = 1, suits: int = 1, **settings) -> Play:
        store = Store(str(tmp_path / "data"))
        base = {"live_winnability": False}
        base.update(settings)
        store.save("settings", base)
        p = Play(NullHost(), game, number, suits, now=FakeTime(), store=store)
        made.append(p)
        return p

    yield make
    for p in made:
        p.close()


def test_the_controller_loads_no_window_library():
    code = ("import sys, game.play, game.input.pointer; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'moderngl', 'glm')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_freecell_deal_won_through_the_controller_is_recorded(play_for):
    play = play_for("freecell", 617)
    line = solve(deal(617, auto_foundation=True)).player_moves
    for move in line:
        play.button(f"play:{move}")
    if not play.table.session.won:
        play.act(Action(Act.AUTOCOMPLETE))
        for _ in range(200):
            play.update(0.05)
            if play.table.session.won:
                break
    assert play.table.session.won
    stats = Statistics.load(play.store)["freecell"]
    assert stats.played == 1 and stats.won == 1
    assert play.store.load("savegame") is None
    assert "win" in play.host.sounds


def test_tables_report_what_happened_and_the_controller_reacts(play_for):
    play = play_for("freecell", 1)
    table = play.table
    # A refusal is an event with the engine's reason; the host hears "refuse".
    table.click(SimpleNamespace(kind="column", pile=0, index=len(table.position.columns[0]) - 1), False)
    bad = next(d for d in range(1, 8)
               if not table.position.is_legal(table.position.parse_move(f"1{d + 1}")))
    table.click(SimpleNamespace(kind="column", pile=bad, index=len(table.position.columns[bad]) - 1), False)
    events = table.take_events()
    assert len(events) == 1 and isinstance(events[0], Refused) and "can't go on" in events[0].reason
    # A legal move through the controller: one Played event, drained, with its sound.
    play.button("play:1a")
    assert table.take_events() == [] and play.host.sounds[-1] == "place"
    assert table.session.moves == 1
    # Undo reports Undone; N asks for a new deal, which the controller carries out.
    table.action(Action(Act.UNDO))
    assert table.take_events() == [Undone()]
    table.action(Action(Act.NEW_DEAL))
    assert table.take_events() == [NewDealWanted()]


def test_a_new_deal_asks_first_and_then_counts_the_abandoned_game_as_lost(play_for):
    play = play_for("freecell", 1)
    play.button("play:1a")
    play.act(Action(Act.NEW_DEAL))
    # Asked first, "Keep playing" focused; Esc keeps the game and counts nothing.
    panel = play.panel()
    assert panel is not None and panel.buttons[panel.focus].action == "keep"
    assert "count as lost" in " ".join(panel.lines)
    play.act(Action(Act.CANCEL))
    assert play.panel() is None and play.table.session.moves == 1
    assert Statistics.load(play.store)["freecell"].played == 0
    # Enter on the default keeps playing too.
    play.act(Action(Act.NEW_DEAL))
    play.act(Action(Act.SELECT))
    assert play.table.session.moves == 1
    # Saying yes deals anew and counts the old game.
    play.act(Action(Act.NEW_DEAL))
    play.button("confirmed")
    assert play.table.session.moves == 0
    stats = Statistics.load(play.store)["freecell"]
    assert stats.played == 1 and stats.won == 0


@pytest.mark.parametrize("button", ["giveup", "restart", "new"])
def test_every_way_to_end_a_game_in_progress_asks_first(play_for, button):
    play = play_for("freecell", 1)
    play.button("play:1a")
    play.button(button)
    assert play.panel() is not None and play.table.session.moves == 1
    play.button("keep")
    assert play.panel() is None and play.table.session.moves == 1
    assert Statistics.load(play.store)["freecell"].played == 0


def test_nothing_is_asked_before_the_first_move(play_for):
    play = play_for("freecell", 1)
    first = play.table.session.number
    play.act(Action(Act.NEW_DEAL))
    assert play.panel() is None and play.table.session.number != first


def test_a_menu_deal_asks_before_replacing_a_game_in_progress(play_for):
    from game.play.menu import Request

    play = play_for("freecell", 1)
    play.button("play:1a")
    play.carry_out(Request("freecell", 617))
    assert play.table.session.number == 1 and play.panel().title == "Start deal #617?"
    play.button("confirmed")
    assert play.table.session.number == 617


def test_spider_through_the_controller(play_for):
    play = play_for("spider", 1, 1)
    before = play.table.position.stock_size
    play.act(Action(Act.DEAL))
    assert play.table.position.stock_size == before - 10
    assert play.host.sounds[-1] == "deal"
    play.act(Action(Act.HINT))
    assert play.message.startswith("Hint")


def test_export_and_import_go_through_the_host_clipboard(play_for):
    play = play_for("freecell", 617)
    play.button("play:1a")
    play.export()
    assert play.host.clipboard.split()[0] == "1a"
    play.import_moves()
    assert play.table.position.move_stack[0] == play.table.position.parse_move("1a")


def test_quit_asks_then_stops_the_loop_and_the_game_is_saved(play_for):
    play = play_for("freecell", 1)
    play.button("play:1a")
    play.act(Action(Act.QUIT))
    assert play.running and play.panel().title == "Quit Solitaire?"
    play.act(Action(Act.CANCEL))
    assert play.running and play.panel() is None
    play.act(Action(Act.QUIT))
    play.button("confirmed")
    assert not play.running
    play.close()
    assert play.store.load("savegame")["deal"] == 1


def test_the_menu_has_quit_last_and_esc_opens_the_menu(play_for):
    play = play_for("freecell", 1)
    play.act(Action(Act.CANCEL))  # nothing open: Esc opens the menu
    assert play.menu.is_open
    assert play.menu.buttons()[-1].action == "quit"
    play.button("quit")
    assert play.panel().title == "Quit Solitaire?"


def test_messages_clear_on_the_next_action_and_after_a_while(play_for):
    play = play_for("freecell", 1)
    play.say("hello")
    play.act(Action(Act.FOCUS_LEFT))
    assert play.message == ""
    play.say("hello")
    play.update(1.0)
    assert play.message == "hello"
    play.update(10.0)
    assert play.message == ""


def test_the_clock_pauses_while_a_panel_covers_the_table(play_for):
    play = play_for("freecell", 1)
    play.button("play:1a")
    clock = play.table.session.clock
    play.update(0.01)
    assert clock.running
    play.act(Action(Act.MENU))
    play.update(0.01)
    assert not clock.running
    play.act(Action(Act.MENU))
    play.update(0.01)
    assert clock.running


def test_pointer_gestures():
    p = Pointer()
    card = SimpleNamespace(kind="column", pile=2, index=4)
    # A press that stays still long enough becomes a hold, and its release is no click.
    p.down((10, 10), card, now=0.0)
    assert p.poll(0.1) is None
    assert p.poll(1.0) == Hold(2, 4)
    assert p.up((10, 10), now=1.1) is None
    # Holding where the controller says no (Spider) leaves the press a click.
    p.down((10, 10), card, now=2.0)
    assert p.poll(3.0, holdable=lambda where: False) is None
    assert p.up((10, 10), now=3.1) == Click(card, False)
    # A drag needs a draggable card and a few pixels of travel.
    p.down((10, 10), card, now=5.0)
    assert p.move((12, 11), draggable=lambda w: True) is None
    assert p.move((60, 80), draggable=lambda w: False) is None
    start = p.move((60, 80), draggable=lambda w: True)
    assert start is not None and start.source == ("column", 2, 4)
    assert p.poll(9.0) is None  # dragging is not holding
    assert p.up((90, 99), now=6.0) == Drop(("column", 2, 4), (10, 10), (90, 99))
    # Double click: the same card twice within the interval; a third is single again.
    for t, double in ((7.0, False), (7.1, True), (7.2, False)):
        p.down((10, 10), card, now=t)
        assert p.up((10, 10), now=t).double is double
