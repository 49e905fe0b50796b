"""The controller without a window: game.play.Play driven by actions and
gestures, with a NullHost standing in for the window (clipboard, sound)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from fake_time import FakeTime

from game.freecell import deal
from game.freecell.solver import solve
from game.input import Act, Action
from game.input.pointer import Click, Drop, Hold, HoldLift, Pointer
from game.play import NullHost, Play
from game.play.table import NewDealWanted, Refused, Undone
from game.stats import Statistics
from game.store import Store

ROOT = Path(__file__).resolve().parents[1]


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
    # The win's sound plays with its celebration, once the last card has landed.
    table = play.table
    assert table.flights.moving(play.env.anim_time) and "win" not in play.host.sounds
    for _ in range(200):
        play.update(0.05)
        if not table.flights.moving(play.env.anim_time):
            break
    assert table.celebrating and "win" in play.host.sounds


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
    # The fair hint is sought in the worker process: the table waits for it.
    for _ in range(2000):
        if play.message:
            break
        play.update(1 / 60)
        time.sleep(0.005)
    assert play.message.startswith("Hint") and any(
        hope in play.message for hope in ("ways the face-down cards may lie", "no win found yet",
                                          "cards turn over on this line", "card turns over on this line"))


@pytest.mark.parametrize("game, word", [("freecell", "deal"), ("spider", "game")])
def test_the_questions_use_the_words_of_the_tables_own_buttons(play_for, game, word):
    # FreeCell's bar says "New deal", Spider's "New game": the question asked
    # before ending a game says the same.
    play = play_for(game, 1, 1) if game == "spider" else play_for(game, 1)
    if game == "spider":
        play.act(Action(Act.DEAL))
    else:
        play.button("play:1a")
    assert play.table.session.moves == 1
    play.act(Action(Act.NEW_DEAL))
    panel = play.panel()
    assert panel is not None and panel.title == f"Start a new {word}?"
    assert [b.label for b in panel.buttons] == ["Keep playing", f"New {word}"]
    play.button("keep")
    play.button("restart")
    assert play.panel().title == f"Restart this {word}?"


def test_export_and_import_go_through_the_host_clipboard(play_for):
    play = play_for("freecell", 617)
    play.button("play:1a")
    play.round.export()
    assert play.host.clipboard.split()[0] == "1a"
    play.round.import_moves()
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
    assert play.message == "Hello"  # said alone, a line starts as a sentence
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
    # A press that stays still long enough becomes a hold, and its release is no click
    # but the end of the hold (it confirms the panel's run).
    p.down((10, 10), card, now=0.0)
    assert p.poll(0.1) is None
    assert p.poll(1.0) == Hold(2, 4)
    assert p.up((10, 10), now=1.1) == HoldLift((10, 10))
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


def test_keyboard_focus_moves_between_the_top_row_and_the_columns(play_for):
    play = play_for("freecell", 1)
    table = play.table
    places = table.focus_places()
    table.focus_index = places.index(("cell", 2))
    play.act(Action(Act.FOCUS_DOWN))  # down from cell c: the column below it
    assert places[table.focus_index] == ("column", 2) and table.focus_depth is None
    for _ in range(len(table.position.columns[2]) - 1):
        play.act(Action(Act.FOCUS_UP))  # up the column, card by card
    assert table.focus_depth == 0
    play.act(Action(Act.FOCUS_UP))  # past its first card: back up to the cell
    assert places[table.focus_index] == ("cell", 2)
    table.focus_index = places.index(("foundation", 1))
    play.act(Action(Act.FOCUS_DOWN))
    assert places[table.focus_index] == ("column", 5)
    spider = play_for("spider", 1, 1)
    spider.act(Action(Act.FOCUS_DOWN))  # from the stock: the first column
    assert spider.table.focus_places()[spider.table.focus_index] == ("column", 0)
    assert spider.table.position.face_down[0] == 5  # one card face up on five face down
    spider.act(Action(Act.FOCUS_UP))  # face-down cards are skipped: up to the stock at once
    assert spider.table.focus_places()[spider.table.focus_index] == ("stock", 0)


def test_a_dragged_run_shows_where_it_may_be_dropped(play_for):
    play = play_for("freecell", 1)
    table = play.table
    # Deal 1: 3D (column 6's top) may go only to a free cell; 10C (column 8) likewise.
    col = 5
    held = ("column", col, len(table.position.columns[col]) - 1)
    marks = table.marks(held)
    assert {(m.kind, m.pile) for m in marks if m.style == "target"} == set(table.targets(held))
    assert all(table.position.is_legal(table.position.parse_move(
        f"{col + 1}{'abcd'[p] if k == 'cell' else p + 1}")) for k, p in table.targets(held))
    assert table.selection is None  # dragging selects nothing


def test_the_view_never_shows_the_future_during_a_cascade(play_for):
    from game.render.layout import PileKind

    play = play_for("freecell", 617, auto_foundation=False)
    table = play.table
    reach_autocomplete(table)
    assert table.position.cards_home < 20  # a long cascade is left to watch
    play.act(Action(Act.AUTOCOMPLETE))
    seen_in_flight = 0
    for _ in range(400):
        play.update(1 / 60)
        lay = table.layout_now(table.overrides())
        flying = {int(c.card) for c in lay.cards if c.in_flight}
        seen_in_flight = max(seen_in_flight, len(flying))
        for s in range(4):
            shown = [c for c in lay.cards if c.kind is PileKind.FOUNDATION and c.pile == s
                     and not c.hidden and not c.in_flight]
            # One card at rest shows on each foundation: the highest one not flying there.
            landed = [c for c in lay.pile(PileKind.FOUNDATION, s) if not c.in_flight]
            assert len(shown) == (1 if landed else 0)
            if landed:
                assert shown[0].index == max(c.index for c in landed)
        if table.session.won:
            # The result waits for the last card to land.
            assert (table.current_panel() is None) == table.flights.busy()
        if table.session.won and not table.flights.busy():
            break
    assert table.session.won and seen_in_flight >= 2  # cards follow one another, several in the air
    assert table.current_panel().title == "You won!"


def reach_autocomplete(table) -> None:
    """Play deal 617's solution, card by card, up to where auto-complete may take over."""
    for move in solve(deal(617)).moves:
        if table.position.can_autocomplete():
            break
        table.session.push_plain(move)
    table.flights.land()
    assert table.position.can_autocomplete() and not table.session.won


def test_instant_speed_lands_a_cascade_at_once(play_for):
    from game.render.layout import PileKind

    play = play_for("freecell", 617, animation_speed="instant", auto_foundation=False)
    table = play.table
    reach_autocomplete(table)
    play.act(Action(Act.AUTOCOMPLETE))
    play.update(1 / 60)
    assert table.session.won
    # Nothing flies home: only the four kings' celebration spins on the foundations.
    flying = [c for c in table.layout_now(table.overrides()).cards if c.in_flight]
    assert len(flying) == 4 and all(c.kind is PileKind.FOUNDATION and c.index == 12 for c in flying)


def test_a_fresh_freecell_deal_flies_out_and_any_action_lands_it(play_for):
    play = play_for("freecell", 5)
    assert play.busy
    play.act(Action(Act.FOCUS_LEFT))
    assert not play.busy
    instant = play_for("freecell", 6, animation_speed="instant")
    assert not instant.busy


def test_the_clock_stops_when_the_demo_wins(play_for):
    play = play_for("freecell", 617)
    play.round.play_demo(list(solve(play.table.position).moves))
    for _ in range(3000):
        play.update(0.5)
        if play.round.demo is None:
            break
    assert play.table.session.won and not play.table.session.clock.running


def test_a_deal_proven_unsolvable_says_so_everywhere(play_for):
    from game.freecell.winnability import WinState

    play = play_for("freecell", 11982, live_winnability=True)
    assert "proven unsolvable" in play.status()
    assert play.round.winnability.state is not WinState.CHECKING  # nothing to search for
    play.act(Action(Act.HINT))
    assert "proven unsolvable" in play.message and "11982" in play.message
    play.round.start_demo()
    assert play.jobs.waiting is None and play.round.demo is None and "proven unsolvable" in play.message
    other = play_for("freecell", 1, live_winnability=True)
    assert "proven unsolvable" not in other.status()


def test_a_key_or_click_during_a_cascade_skips_it_to_the_end_and_f_stops_it(play_for):
    play = play_for("freecell", 617, auto_foundation=False)
    reach_autocomplete(play.table)
    play.act(Action(Act.AUTOCOMPLETE))
    for _ in range(10):
        play.update(1 / 60)
    assert play.table.cascade and not play.table.session.won
    assert any(b.label == "Stop (F)" for b in play.buttons())  # the bar says how to stop it
    play.act(Action(Act.FOCUS_LEFT))  # any key: the rest goes home at once
    assert play.table.session.won and not play.table.cascade
    again = play_for("freecell", 617, auto_foundation=False)
    reach_autocomplete(again.table)
    again.act(Action(Act.AUTOCOMPLETE))
    for _ in range(10):
        again.update(1 / 60)
    again.release(Click(None, False))  # a click does the same
    assert again.table.session.won
    third = play_for("freecell", 617, auto_foundation=False)
    reach_autocomplete(third.table)
    third.act(Action(Act.AUTOCOMPLETE))
    for _ in range(10):
        third.update(1 / 60)
    home = third.table.position.cards_home
    third.act(Action(Act.AUTOCOMPLETE))  # F again stops where it is
    for _ in range(60):
        third.update(1 / 60)
    assert not third.table.cascade and third.table.position.cards_home == home and not third.table.session.won


def test_a_cascade_holds_the_columns_still_and_stopping_it_lets_them_open_smoothly(play_for):
    from game.render.layout import PileKind

    play = play_for("freecell", 617, auto_foundation=False)
    table = play.table
    reach_autocomplete(table)

    def at_rest() -> dict[int, tuple[float, float]]:
        lay = table.layout_now(table.overrides())
        return {int(c.card): (c.x, c.y) for c in lay.cards if c.kind is PileKind.COLUMN and not c.in_flight}

    start = at_rest()
    play.act(Action(Act.AUTOCOMPLETE))
    for _ in range(40):
        play.update(1 / 60)
        # A card left in its column stays where it was: the fans do not slide wider.
        now = at_rest()
        assert now and all(start[card] == place for card, place in now.items())
    # Without the hold the fans would have opened: the test sees a real difference.
    held = table.layout_now()
    table.spread_hold, kept = None, table.spread_hold
    opened = table.layout_now()
    table.spread_hold = kept
    assert opened.column_steps != held.column_steps
    play.act(Action(Act.AUTOCOMPLETE))  # F again: the cascade stops
    assert not table.cascade and table.spread_hold is None
    # The cards left glide to their wider places; none jumps there.
    shown = {int(c.card): (c.x, c.y) for c in table.layout_now(table.overrides()).cards if c.kind is PileKind.COLUMN}
    assert shown == {card: place for card, place in start.items() if card in shown}
    assert table.flights.busy()
    for _ in range(120):
        play.update(1 / 60)
    final = {int(c.card): (c.x, c.y) for c in table.layout_now(table.overrides()).cards if c.kind is PileKind.COLUMN}
    assert final == {int(c.card): (c.x, c.y) for c in opened.cards if c.kind is PileKind.COLUMN}
    assert not table.flights.busy()


def test_a_cascade_held_in_a_window_that_turns_fits_the_new_window(play_for):
    from game.render.layout import PileKind

    play = play_for("freecell", 617, auto_foundation=False)
    table = play.table
    reach_autocomplete(table)
    play.act(Action(Act.AUTOCOMPLETE))
    for _ in range(10):
        play.update(1 / 60)
    play.host.size = (1280, 400)  # a short window: the old fans would run off its bottom
    play.update(1 / 60)
    assert table.cascade
    held = table.layout_now()
    table.spread_hold, kept = None, table.spread_hold
    fitted = table.layout_now()
    table.spread_hold = kept
    # Held as the new window fits them, not as the old one did.
    assert held.column_steps == fitted.column_steps
    low = min(c.y for c in held.cards if c.kind is PileKind.COLUMN)
    assert low >= held.rect[2]


def test_a_game_played_to_its_win_never_reads_the_whole_difficulty_table(play_for, monkeypatch):
    # Reading all 32,000 rows takes 30-80 ms: done in a frame (the status line's rating,
    # "proven winnable" as the game is won) it stalled the cascade. One row at a time.
    from game.freecell import difficulty as module

    monkeypatch.setattr(module, "_looked_up", {})
    module.load_table.cache_clear()
    try:
        play = play_for("freecell", 617, auto_foundation=False)
        reach_autocomplete(play.table)
        play.act(Action(Act.AUTOCOMPLETE))
        for _ in range(900):
            play.update(1 / 60)
            play.frame()
            if play.table.session.won and not play.table.flights.busy():
                break
        assert play.table.session.won and "617" in play.status()
        assert module.load_table.cache_info().currsize == 0
    finally:
        module.load_table.cache_clear()


def test_two_games_on_one_data_folder_lose_nothing(tmp_path):
    folder = str(tmp_path / "shared")
    Store(folder).save("settings", {"live_winnability": False})
    one = Play(NullHost(), "freecell", 1, store=Store(folder), now=FakeTime())
    two = Play(NullHost(), "freecell", 2, store=Store(folder), now=FakeTime())
    try:
        played = []
        for game in (one, two, one):  # each ends a game with a move in turn
            game.button("play:1a")
            game.act(Action(Act.NEW_DEAL))
            game.button("confirmed")
            played.append(Statistics.load(Store(folder))["freecell"].played)
        assert played == [1, 2, 3]
        assert len(Statistics.load(Store(folder))["freecell"].recent) == 3
        # The game in progress: the last to save owns it, and the other is told.
        one.button("play:1a")
        two.button("play:1a")
        one.round.save_game()
        two.round.save_game()
        assert "replaces it" in two.message
    finally:
        one.close()
        two.close()


def test_freecell_games_also_count_under_their_difficulty(play_for):
    from game.freecell.difficulty import difficulty

    play = play_for("freecell", 2)  # deal 2 is Easy
    assert difficulty(2).level == "Easy"
    play.button("play:1a")
    play.act(Action(Act.NEW_DEAL))
    play.button("confirmed")
    stats = Statistics.load(play.store)
    assert stats["freecell"].played == 1 and stats["freecell-easy"].played == 1
    assert stats["freecell-hard"].played == 0 and stats["freecell-normal"].played == 0
    rows = dict(stats.table())
    assert rows["FreeCell Easy"][0] == "1" and rows["FreeCell Hard"][0] == "0"


def test_drawing_a_frame_changes_nothing_and_the_step_advances_the_flights(play_for):
    """The frame is read-only: landed flights end, and the result panel comes up, in update."""
    play = play_for("freecell", 617)
    table = play.table
    assert table.flights.busy()  # the deal flies out
    play.env.anim_time += 60.0  # every card has landed, but no step has run
    flying = dict(table.flights.items)
    first = play.frame((1280, 720))
    assert play.frame((1280, 720)) == first and table.flights.items == flying
    assert not any(c.in_flight for c in first.shown.cards) and first.busy
    play.update(0.0)
    assert not table.flights.busy() and not play.frame((1280, 720)).busy
    # A won position: the result panel waits for the step, not for a draw.
    table.session.position = solved_617_position()
    assert play.frame().panel is None and table.panel is None
    play.update(0.0)
    assert play.frame().panel is not None and play.frame().panel.title == "You won!"


def solved_617_position():
    from game.freecell import deal
    from game.freecell.solver import solve

    pos = deal(617)
    for move in solve(pos).moves:
        pos.push(move)
    assert pos.is_won()
    return pos


def test_every_message_line_of_the_controller_is_a_whole_sentence_in_sentence_case():
    """The message line's texts in game/play/ (``say(...)``, ``Said(...)``): a capital or a
    number first, no full stop last, and never glued from pieces with ``+``."""
    import ast
    from pathlib import Path

    bad, seen = [], 0
    for path in sorted((Path(__file__).resolve().parents[1] / "game" / "play").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args and (
                    (isinstance(node.func, ast.Attribute) and node.func.attr == "say")
                    or (isinstance(node.func, ast.Name) and node.func.id == "Said"))):
                continue
            def texts_of(n):
                # The message's English text: inside _()/ngettext() (and their .format()).
                if isinstance(n, ast.IfExp):
                    return texts_of(n.body) + texts_of(n.orelse)
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "format":
                    return texts_of(n.func.value)
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("_", "ngettext"):
                    return [a for a in n.args if isinstance(a, (ast.Constant, ast.JoinedStr))]
                return [n]

            for text in texts_of(node.args[0]):
                if isinstance(text, ast.BinOp):
                    bad.append(f"{path.name}:{node.lineno} glued: {ast.unparse(text)}")
                first = text.values[0] if isinstance(text, ast.JoinedStr) else text
                if isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value:
                    seen += 1
                    if not (first.value[0].isupper() or first.value[0] in "#0123456789{"):  # {x}: a value first
                        bad.append(f"{path.name}:{node.lineno} {first.value!r}")
                last = text.values[-1] if isinstance(text, ast.JoinedStr) else text
                if isinstance(last, ast.Constant) and isinstance(last.value, str) and last.value.endswith("."):
                    bad.append(f"{path.name}:{node.lineno} ends with a full stop")
    assert seen > 20 and bad == []


def test_spider_auto_move_names_the_card_that_has_nowhere_to_go(play_for):
    from spider_helpers import build

    play = play_for("spider", 1, 1)
    table = play.table
    tops = {n: "9S" if n < 7 else "TS" for n in range(2, 11)}
    table.session.position = build({1: "5S", **tops}, suits=1)
    table.selection = ("column", 0, 0)
    table.auto_move(0)
    assert play.message == "5♠ has nowhere to go" and table.selection is None


def test_the_save_every_few_moves_waits_for_the_cards_to_land(play_for):
    # A save syncs a file to disk (tens of ms on a busy machine): written while the
    # cards fly, it froze the frame (issue 38 item 2, issue 40). It comes once they land.
    from game.play.record import SAVE_EVERY

    play = play_for("freecell", 617)
    writes: list[int] = []
    real = play.store.save
    play.store.save = lambda name, doc: (writes.append(1) if name == "savegame" else None, real(name, doc))[1]
    line = solve(deal(617, auto_foundation=True)).player_moves[:SAVE_EVERY]
    for move in line:
        play.button(f"play:{move}")
        assert play.table.flights.moving(play.env.anim_time)
    assert writes == []  # due, but the last move's cards are still on their way
    for _ in range(100):
        play.update(0.02)
        if not play.table.flights.moving(play.env.anim_time):
            break
    play.update(0.02)
    assert len(writes) == 1
    saved = play.store.load("savegame")
    assert {k: v for k, v in saved.items() if k != "writer"} == play.table.session.to_dict()


@pytest.mark.parametrize("game, won", [("freecell", False), ("freecell", True), ("spider", False)])
def test_restart_starts_the_clock_at_zero(play_for, game, won):
    from conftest import play_first_moves

    play = play_for(game, 617 if game == "freecell" else 1, animation_speed="instant")
    now = play.round.now
    play_first_moves(play)
    now.t += 11
    if won:  # the rest of the deal, by hand: the won deal's clock stops at its time
        for move in solve(play.table.position).player_moves:
            play.button(f"play:{move}")
        assert play.table.session.won
    assert play.table.session.clock.elapsed == pytest.approx(11)
    play.button("restart")
    if play.panel() is not None and play.panel().title.startswith("Restart"):
        play.button("confirmed")
    clock = play.table.session.clock
    assert play.table.session.moves == 0 and clock.elapsed == 0 and "0:00" in play.status()
    now.t += 5  # the restarted deal is timed from its first move
    assert clock.elapsed == 0
    play_first_moves(play)
    now.t += 3
    assert clock.elapsed == pytest.approx(3)


def test_a_cascade_at_double_text_keeps_the_cards_one_size_until_it_ends(play_for):
    # At 200% text the table area is shorter, so deal 617's long column shrinks the
    # cards a scale level; the cascade, emptying the columns, grew them back a step
    # mid-flight (a visible jump, and a frame that repainted the whole table).
    from game.render.camera import set_text_scale

    try:
        play = play_for("freecell", 617, auto_foundation=False, text_size=200)
        table = play.table
        reach_autocomplete(table)
        before = table.layout_now().rect
        play.act(Action(Act.AUTOCOMPLETE))
        sizes, grew_without_hold = set(), False
        while table.cascade or table.flights.busy():
            play.update(1 / 60)
            if not table.flights.busy():
                break  # the last card has landed: the table may take its own size
            sizes.add(table.layout_now().rect)
            kept, table.spread_hold = table.spread_hold, None
            grew_without_hold |= table.layout_now().rect != before
            table.spread_hold = kept
        assert sizes <= {before}, sizes
        assert grew_without_hold  # the hold is what kept them: the cards would have grown
        assert table.position.is_won()
        play.update(1 / 60)
        assert table.spread_hold is None and table.layout_now().rect != before  # then they take their size
    finally:
        set_text_scale(1.0)
