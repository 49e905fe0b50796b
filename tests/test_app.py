"""The playable game: synthetic pygame events posted into the real loop.

The window is real (SDL's offscreen video driver renders OpenGL through EGL,
no X server needed); time is an injected clock the test steps.
"""

from __future__ import annotations

import pygame
import pytest
from fake_time import FakeTime

from game.app import App
from game.freecell import HOME, deal
from game.freecell.solver import solve
from game.render import theme
from game.render.layout import PileKind
from game.render.marks import Mark
from game.ui.hud import inside


@pytest.fixture
def clock(offscreen_window, monkeypatch, tmp_path):
    # Settings, statistics and saves go to a folder of the test's own.
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path / "data"))
    return FakeTime()


@pytest.fixture
def make_app(clock):
    """``make_app(...)`` is ``App(..., now=clock)``, closed when the test ends."""
    apps: list[App] = []

    def make(*args, **kwargs) -> App:
        kwargs.setdefault("now", clock)
        app = App(*args, **kwargs)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()


#: The window of the long play-throughs (hundreds of frames each): 16:9 like the
#: 1280x720 a first start opens, with 40% of its pixels, so llvmpipe draws a
#: frame in about half the time. They check play, not how big it is drawn.
PLAY_SIZE = (800, 450)


def frames(app: App, clock: FakeTime, n: int = 2, dt: float = 1 / 60) -> None:
    for _ in range(n):
        clock.t += dt
        app.step()


def screen_of(app: App, kind: PileKind, pile: int, index: int | None) -> tuple[int, int]:
    """A pixel on the card (its visible top strip) or on the empty slot."""
    lay = app.play.table.layout_now()
    cam = app.renderer.camera_for(lay)
    cards = lay.pile(kind, pile)
    if index is None or not cards:
        slot = lay.slot(kind, pile)
        x, y, z = slot.x, slot.y, 0.0
    else:
        c = next(p for p in cards if p.index == index)
        x, y, z = c.x, c.y + theme.CARD_H / 2 - 0.08, c.z
    sx, sy = cam.project(x, y, z)
    return round(sx), round(sy)


def drag(app: App, clock: FakeTime, start: tuple[int, int], end: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, clock, 1)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for p in (mid, end):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        frames(app, clock, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, clock, 2)


def key(app: App, clock: FakeTime, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    frames(app, clock, 1)


def test_a_freecell_deal_won_by_dragging_the_solvers_moves(clock, make_app):
    app = make_app("freecell", 617, size=PLAY_SIZE, now=clock)
    line = solve(deal(617, auto_foundation=True)).player_moves
    table = app.play.table
    for move in line:
        pos = table.position
        if move.source < 8:
            n = len(pos.columns[move.source])
            start = screen_of(app, PileKind.COLUMN, move.source, n - move.count)
        else:
            start = screen_of(app, PileKind.CELL, move.source - 8, 0)
        if move.dest < 8:
            col = pos.columns[move.dest]
            end = screen_of(app, PileKind.COLUMN, move.dest, len(col) - 1 if col else None)
        elif move.dest < HOME:
            end = screen_of(app, PileKind.CELL, move.dest - 8, None)
        else:
            suit = int(pos.columns[move.source][-1] if move.source < 8 else pos.cells[move.source - 8]) % 4
            end = screen_of(app, PileKind.FOUNDATION, suit, None)
        before = table.session.moves
        drag(app, clock, start, end)
        assert table.session.moves == before + 1, (str(move), table.message)
    # Whatever is left goes home with auto-complete (F), one card per step.
    if not table.session.won:
        key(app, clock, pygame.K_f)
        for _ in range(400):
            frames(app, clock, 1, dt=0.05)
            if table.session.won:
                break
    assert table.session.won
    assert table.position.is_won()
    # The win is in the statistics on disk, and no saved game is left.
    from game.stats import Statistics

    stats = Statistics.load(app.play.store)
    assert stats["freecell"].won == 1 and stats["freecell"].best_streak == 1
    assert app.play.store.load("savegame") is None


def test_an_illegal_drop_returns_with_a_reason_and_changes_nothing(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    before = app.play.table.position.copy()
    # Deal 1: 6S (column 1) onto 9C (column 2) is not a legal build.
    drag(app, clock, screen_of(app, PileKind.COLUMN, 0, 6), screen_of(app, PileKind.COLUMN, 1, 6))
    assert app.play.table.position == before
    assert app.play.table.message == "6♠ can't go on 9♣: build down by one in alternating colours"
    assert app.play.table.flights.busy()  # the card flies back


def test_keyboard_select_and_place_and_undo(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    table = app.play.table
    key(app, clock, pygame.K_LEFT)  # focus wraps to column 8
    key(app, clock, pygame.K_RETURN)
    assert table.selection == ("column", 7, 5)
    key(app, clock, pygame.K_RIGHT)  # to free cell a
    key(app, clock, pygame.K_SPACE)
    assert str(table.position.cells[0]) == "TC" and table.session.moves == 1
    key(app, clock, pygame.K_z, pygame.KMOD_LCTRL)
    assert table.position.cells[0] is None and table.session.moves == 0
    key(app, clock, pygame.K_u)
    assert table.message == "Nothing to undo"


def test_clock_pauses_on_focus_loss_and_minimise(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    key(app, clock, pygame.K_LEFT)
    key(app, clock, pygame.K_RETURN)
    key(app, clock, pygame.K_RIGHT)
    key(app, clock, pygame.K_RETURN)  # first move starts the clock
    c = app.play.table.session.clock
    start = c.elapsed
    frames(app, clock, 60)  # one second
    assert c.elapsed == pytest.approx(start + 1.0, abs=0.05)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    frames(app, clock, 120)
    paused = c.elapsed
    assert paused == pytest.approx(start + 1.0, abs=0.05)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    frames(app, clock, 120)
    assert c.elapsed == pytest.approx(paused, abs=0.05)
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
    frames(app, clock, 60)
    assert c.elapsed == pytest.approx(paused + 1.0, abs=0.05)


def test_nothing_is_redrawn_when_nothing_changes(clock, make_app):
    import time as real_time

    from game.freecell.winnability import WinState

    app = make_app("freecell", 1, now=clock)
    # The fresh deal flies out card by card first: every frame of it is drawn.
    drawn = app.frames_drawn
    frames(app, clock, 10)
    assert app.play.busy and app.frames_drawn == drawn + 10
    while app.play.busy:
        frames(app, clock, 1)
    # The live winnability check answers in real time and changes the
    # status line once: let it settle before measuring an idle table.
    end = real_time.monotonic() + 60
    while app.play.round.winnability.state in (WinState.CHECKING, WinState.UNKNOWN) and real_time.monotonic() < end:
        frames(app, clock, 1)
        real_time.sleep(0.02)
    frames(app, clock, 3)
    drawn = app.frames_drawn
    frames(app, clock, 30)
    assert app.frames_drawn == drawn


def test_the_first_frame_waits_for_no_sound_or_number_format_and_the_resting_table_pays_one_a_step(
        clock, make_app, monkeypatch):
    from game import i18n
    from game.sound import NAMES

    monkeypatch.setattr(i18n, "_WARM", set())  # as in a fresh process: no language's formats loaded
    app = make_app("freecell", 1, size=PLAY_SIZE, now=clock)
    app.sound.set_volume(0.5)
    app.step()  # the first frame: none of the one-off work yet
    assert app.frames_drawn == 1 and app.sound._sounds == {} and not i18n.formats_warm() and not app.warm
    while app.play.busy:  # the deal flies: every step draws, none pays a one-off cost
        frames(app, clock, 1)
    paid = []
    for _ in range(12):
        if not app.step():
            paid.append((i18n.formats_warm(), len(app.sound._sounds)))
    # At rest, one a step: the number formats, the renderer's warm-up, then each effect.
    assert paid[:len(NAMES) + 3] == [(True, 0), (True, 0), *((True, n) for n in range(1, len(NAMES) + 1)),
                                     (True, len(NAMES))]
    assert set(app.sound._sounds) == set(NAMES) and app.warm


def test_a_spider_game_won_through_keyboard_actions(clock, make_app):
    from game.spider import deal as spider_deal
    from game.spider import solve as spider_solve

    app = make_app("spider", 1, 1, size=PLAY_SIZE, now=clock)
    line = spider_solve(spider_deal(1, 1)).moves
    table = app.play.table
    for move in line:
        if move.is_deal:
            key(app, clock, pygame.K_d)
            continue
        # Tab to the source column (the ring: stock, columns 1..10), Up to the
        # run's head, Enter; Tab to the target, Enter.
        n = len(table.position.columns[move.source])
        table.focus_index, table.focus_depth = 0, None
        for _ in range(move.source + 1):
            key(app, clock, pygame.K_TAB)
        for _ in range(move.count - 1):
            key(app, clock, pygame.K_UP)
        key(app, clock, pygame.K_RETURN)
        assert table.selection == ("column", move.source, n - move.count), table.message
        for _ in range((move.dest - move.source) % 11):
            key(app, clock, pygame.K_TAB)
        before = table.session.moves
        key(app, clock, pygame.K_RETURN)
        assert table.session.moves == before + 1, (str(move), table.message)
    assert table.session.won


def test_resize_and_fullscreen_keep_the_game(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    key(app, clock, pygame.K_LEFT)
    key(app, clock, pygame.K_RETURN)
    app.resize((720, 1280))  # portrait
    frames(app, clock, 2)
    assert app.size == (720, 1280) and app.play.table.selection == ("column", 7, 5)
    assert app.ctx.viewport == (0, 0, 720, 1280)


def test_the_game_in_progress_is_saved_on_quit_and_restored_on_the_next_start(clock):
    app = App("freecell", 1, now=clock)
    key(app, clock, pygame.K_LEFT)
    key(app, clock, pygame.K_RETURN)
    key(app, clock, pygame.K_RIGHT)
    key(app, clock, pygame.K_RETURN)
    frames(app, clock, 90)  # a second and a half of play
    board = app.play.table.position.board()
    elapsed = app.play.table.session.clock.elapsed
    app.close()
    again = App(now=clock)  # no deal asked for: resume
    try:
        assert again.play.table.session.number == 1 and again.play.table.position.board() == board
        assert again.play.table.session.moves == 1
        assert again.play.table.session.clock.elapsed == pytest.approx(elapsed, abs=0.05)
        key(again, clock, pygame.K_u)  # the undo history came back too
        assert again.play.table.session.moves == 0
    finally:
        again.close()


def test_a_damaged_save_is_set_aside_with_a_warning(clock, tmp_path, make_app):
    folder = tmp_path / "data"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "savegame.json").write_text('{"game": "freecell", "deal": 1, "steps": [["12", false]]')
    app = make_app(now=clock)
    assert "savegame.json" in app.play.table.message and "set aside" in app.play.table.message
    assert any(p.name.startswith("savegame.json.damaged-") for p in folder.iterdir())


def test_a_new_deal_counts_the_abandoned_one_as_lost(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    key(app, clock, pygame.K_LEFT)
    key(app, clock, pygame.K_RETURN)
    key(app, clock, pygame.K_RIGHT)
    key(app, clock, pygame.K_RETURN)
    key(app, clock, pygame.K_n)
    # Asked first ("Keep playing" focused): Right, then Enter says yes.
    assert app.play.table.panel is not None and app.play.table.session.moves == 1
    key(app, clock, pygame.K_RIGHT)
    key(app, clock, pygame.K_RETURN)
    from game.stats import Statistics

    stats = Statistics.load(app.play.store)["freecell"]
    assert stats.played == 1 and stats.won == 0 and stats.current_streak == 0
    assert app.play.table.session.number != 1 or app.play.table.session.moves == 0


def until(app: App, clock: FakeTime, done, seconds: float = 60.0) -> None:
    """Run frames (real time passing too: the solver's worker is another process) until ``done()``."""
    import time as real_time

    end = real_time.monotonic() + seconds
    while not done() and real_time.monotonic() < end:
        frames(app, clock, 1)
        real_time.sleep(0.02)


def click(app: App, clock: FakeTime, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, clock, 2)


def button_pos(app: App, action: str) -> tuple[int, int]:
    rect = next(r for r, a in app.overlay._hits.rects if a == action)
    return rect.center


def test_control_bar_buttons_undo_and_restart(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    frames(app, clock, 1)
    key(app, clock, pygame.K_LEFT)
    key(app, clock, pygame.K_RETURN)
    key(app, clock, pygame.K_RIGHT)
    key(app, clock, pygame.K_RETURN)
    key(app, clock, pygame.K_LEFT)  # from cell a back over to column 7
    key(app, clock, pygame.K_LEFT)
    key(app, clock, pygame.K_RETURN)
    for _ in range(3):  # on to cell b
        key(app, clock, pygame.K_RIGHT)
    key(app, clock, pygame.K_RETURN)
    assert app.play.table.session.moves == 2, app.play.table.message
    click(app, clock, button_pos(app, "undo"))
    assert app.play.table.session.moves == 1
    click(app, clock, button_pos(app, "restart"))
    click(app, clock, button_pos(app, "confirmed"))
    assert app.play.table.session.moves == 0 and app.play.table.position == deal(1, auto_foundation=True)


def win_617(table) -> None:
    """Play deal 617 to the win on ``table``: the solver's line, then auto-complete."""
    for move in solve(deal(617, auto_foundation=True)).player_moves:
        table.play(move)
    while table.session.autocomplete_step() is not None:
        pass


def test_a_win_shows_the_result_panel(clock, make_app):
    app = make_app("freecell", 617, size=PLAY_SIZE, now=clock)
    table = app.play.table
    win_617(table)
    frames(app, clock, 2)
    # The panel waits for the last card (and the celebration) to land.
    assert table.flights.busy() and table.current_panel() is None
    for _ in range(600):
        frames(app, clock, 1)
        if not table.flights.busy():
            break
    frames(app, clock, 1)
    panel = table.current_panel()
    assert panel is not None and panel.title == "You won!"
    assert "Deal #617" in panel.lines and any(line.startswith("Moves ") for line in panel.lines)
    click(app, clock, button_pos(app, "close"))  # look at the board
    assert table.panel is None and table.current_panel() is None


def test_menu_enter_a_number_good_and_bad(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    key(app, clock, pygame.K_m)
    assert app.play.menu.is_open and app.play.menu.panel().title == "Solitaire"
    click(app, clock, button_pos(app, "freecell-number"))
    for text in ("1", "x"):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, clock, 1)
    key(app, clock, pygame.K_RETURN)
    assert app.play.menu.error == "'1x' is not a deal number: enter a whole number 1..1,000,000"
    key(app, clock, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="1982"))
    frames(app, clock, 1)
    assert app.play.menu.entry == "11982"
    key(app, clock, pygame.K_RETURN)
    assert not app.play.menu.is_open and app.play.table.session.number == 11982
    assert app.play.table.message == "This deal is known to be unsolvable"


def test_settings_take_effect_at_once_and_are_remembered(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    key(app, clock, pygame.K_m)
    click(app, clock, button_pos(app, "settings"))
    click(app, clock, button_pos(app, "set-auto_moves=off"))
    assert app.play.table.position.auto_level == "off"
    click(app, clock, button_pos(app, "set-four_colour=on"))
    assert app.renderer.atlas.four_colour is True
    click(app, clock, button_pos(app, "set-animation_speed=fast"))
    assert app.play.env.speed == 0.55  # normal -> fast
    click(app, clock, button_pos(app, "set-volume=100"))
    assert app.sound.volume == 1.0  # 70% -> 100%
    click(app, clock, button_pos(app, "set-table_colour=blue"))
    click(app, clock, button_pos(app, "set-card_back=red"))
    assert app.renderer.table_colour == "blue" and app.renderer.card_back == "red"
    key(app, clock, pygame.K_ESCAPE)
    key(app, clock, pygame.K_ESCAPE)
    assert not app.play.menu.is_open
    saved = app.play.store.load("settings")
    assert saved["auto_moves"] == "off" and saved["four_colour"] is True
    assert saved["animation_speed"] == "fast" and saved["volume"] == 1.0


def test_menu_starts_spider_with_the_remembered_suits(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    key(app, clock, pygame.K_m)
    click(app, clock, button_pos(app, "spider-new"))
    # A player's first Spider game is 1-suit game #1.
    assert app.play.table.game == "spider" and app.play.table.session.number == 1 and app.play.table.session.suits == 1
    key(app, clock, pygame.K_m)
    click(app, clock, button_pos(app, "spider-suits-2"))  # 1 -> 2
    click(app, clock, button_pos(app, "spider-new"))
    assert app.play.table.game == "spider" and app.play.table.session.suits == 2
    saved = app.play.store.load("settings")
    assert saved["spider_suits"] == 2 and saved["spider_started"] is True


def test_the_move_list_plays_a_move_by_keyboard(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    key(app, clock, pygame.K_l)
    panel = app.play.table.panel
    assert panel is not None and panel.title == "Moves: 5 cards movable"
    # Deal 1's first moves are all to a free cell: 8 of them (one per column), then the extras.
    assert len(panel.buttons) == 13
    assert all(b.label.endswith(f"to a free cell    {b.action[5:]}") for b in panel.buttons[:8])
    assert [b.action for b in panel.buttons[8:]] == ["demo", "review", "export", "import", "close"]
    key(app, clock, pygame.K_DOWN)
    key(app, clock, pygame.K_RETURN)  # the second move: column 2 to a free cell
    assert app.play.table.session.moves == 1 and str(app.play.table.position.cells[0]) == "9C"
    assert app.play.table.panel is None


def test_press_and_hold_opens_the_run_panel(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    start = screen_of(app, PileKind.COLUMN, 2, 6)  # column 3's last card, 2H
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, clock, 60)  # a second: past the hold time
    panel = app.play.table.panel
    assert panel is not None and panel.title == "1 card from 2♥"
    key(app, clock, pygame.K_UP)
    assert app.play.table.panel.title == "2 cards from 8♦"
    key(app, clock, pygame.K_RETURN)
    assert app.play.table.selection == ("column", 2, 5) and app.play.table.panel is None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    frames(app, clock, 2)
    assert app.play.table.selection == ("column", 2, 5)  # the release is not a click


def test_one_click_sends_home_when_set(clock, make_app):
    from game.store import Store

    Store().save("settings", {"auto_foundation": False, "one_click_home": True})
    app = make_app("freecell", 8, now=clock)  # deal 8 has an ace at the end of a column
    assert app.play.table.position.foundations == [0, 0, 0, 0]  # nothing went home by itself
    pos = app.play.table.position
    column = next(i for i, c in enumerate(pos.columns) if c and c[-1].rank == 1)
    click(app, clock, screen_of(app, PileKind.COLUMN, column, len(pos.columns[column]) - 1))
    assert sum(app.play.table.position.foundations) == 1


def pad(app: App, clock: FakeTime, button: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0))
    frames(app, clock, 1)


def test_a_gamepad_plays_moves_through_the_loop(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    pad(app, clock, pygame.CONTROLLER_BUTTON_DPAD_LEFT)  # focus to column 8
    pad(app, clock, pygame.CONTROLLER_BUTTON_A)
    pad(app, clock, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # free cell a
    pad(app, clock, pygame.CONTROLLER_BUTTON_A)
    assert str(app.play.table.position.cells[0]) == "TC"
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_LEFTX,
                                         value=-30000, instance_id=0))
    frames(app, clock, 1)
    assert app.play.table.focus_places()[app.play.table.focus_index] == ("column", 7)
    pad(app, clock, pygame.CONTROLLER_BUTTON_Y)  # undo
    assert app.play.table.position.cells[0] is None
    pad(app, clock, pygame.CONTROLLER_BUTTON_START)
    assert app.play.menu.is_open
    pad(app, clock, pygame.CONTROLLER_BUTTON_B)
    assert not app.play.menu.is_open


def test_f1_opens_the_part_of_how_to_play_that_explains_a_refusal(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    drag(app, clock, screen_of(app, PileKind.COLUMN, 0, 6), screen_of(app, PileKind.COLUMN, 1, 6))
    assert "can't go on" in app.play.table.message
    key(app, clock, pygame.K_F1)
    panel = app.play.table.panel
    assert panel is not None and panel.title.startswith("How to play")
    words = " ".join(getattr(b, "text", " ".join(getattr(b, "items", ()))) for b in panel.blocks).lower()
    assert "alternat" in words or "colour" in words
    key(app, clock, pygame.K_ESCAPE)
    key(app, clock, pygame.K_m)
    click(app, clock, button_pos(app, "help"))
    assert app.play.table.panel.title.startswith("How to play FreeCell (1/")
    click(app, clock, button_pos(app, "help-next"))
    assert app.play.table.panel.title.startswith("How to play FreeCell (2/")


def test_a_win_is_celebrated_and_charted(clock, make_app):
    app = make_app("freecell", 617, now=clock)
    table = app.play.table
    win_617(table)
    app.play.round.changed()
    assert table.flights.busy()  # the last cards fly home, then the kings leap
    for _ in range(600):
        frames(app, clock, 1)
        if table.celebrating:
            break
    assert table.celebrating
    frames(app, clock, 240)
    assert not table.flights.busy()
    key(app, clock, pygame.K_ESCAPE)  # the result panel closes first: behind it, M waits
    key(app, clock, pygame.K_m)
    click(app, clock, button_pos(app, "statistics"))
    panel = app.play.menu.panel()
    assert panel.grid is not None and panel.grid.rows[0][:4] == ("FreeCell", "1", "1", "100%")
    assert panel.chart is not None and panel.chart.title == "FreeCell" and len(panel.chart.games) == 1
    assert panel.chart.games[0][1] == "won"
    # The chart is drawn: one bar, inside the plot, in the window.
    frames(app, clock, 1)
    geo = app.overlay.screen
    assert geo is not None and geo.chart is not None and len(geo.chart.bars) == 1
    assert inside(geo.chart.bars[0][0], geo.chart.plot)


def test_live_winnability_rewind_demo_and_export(clock, make_app):
    import time as real_time

    from game.freecell.winnability import WinState

    app = make_app("freecell", 1, now=clock)
    win = app.play.round.winnability
    assert win is not None
    end = real_time.monotonic() + 60
    while win.state is not WinState.WINNABLE and real_time.monotonic() < end:
        frames(app, clock, 1)
        real_time.sleep(0.02)
    assert win.state is WinState.WINNABLE and "winnable" in app.play.status()
    # The demo plays the solver's line; a step back returns to where it began.
    start = app.play.table.position.copy()
    app.play.round.start_demo()
    assert app.play.round.demo is not None
    key(app, clock, pygame.K_RETURN)  # pause
    key(app, clock, pygame.K_RIGHT)
    key(app, clock, pygame.K_RIGHT)
    key(app, clock, pygame.K_LEFT)
    assert app.play.round.demo.playback.index == 1
    key(app, clock, pygame.K_ESCAPE)  # stop: the player is in control here
    assert app.play.round.demo is None and app.play.table.session.assisted and app.play.table.position.move_count >= 1
    # Export, then replay from the clipboard: the same position.
    app.play.round.export()
    here = app.play.table.position.layout()
    app.play.round.import_moves()
    assert app.play.table.position.layout() == here
    assert start.layout() != here


def test_spider_demo_is_marked_full_knowledge_and_not_counted(clock, make_app):
    app = make_app("spider", 1, 1, size=PLAY_SIZE, now=clock)
    frames(app, clock, 1)
    click(app, clock, button_pos(app, "demo"))
    click(app, clock, button_pos(app, "demo-full"))  # Spider's Demo offers "Play fair" too
    # The line comes from the solver's worker: the table stays live meanwhile.
    assert app.play.jobs.waiting is not None and "searching" in app.play.status()
    drawn = app.frames_drawn
    until(app, clock, lambda: app.play.round.demo is not None)
    assert app.frames_drawn > drawn
    assert app.play.round.demo is not None and app.play.round.demo.playback.full_knowledge
    assert "full knowledge" in app.play.status()
    for _ in range(2000):
        frames(app, clock, 1, dt=0.1)
        if app.play.round.demo is None:
            break
    assert app.play.table.session.won
    from game.stats import Statistics

    assert Statistics.load(app.play.store)["spider-1"].played == 0  # the demo's win does not count


def test_a_copied_deal_number_pastes_into_the_number_box(clock, make_app):
    app = make_app("freecell", 617, now=clock)
    app.play.round.copy_deal()
    key(app, clock, pygame.K_m)
    click(app, clock, button_pos(app, "freecell-number"))
    key(app, clock, pygame.K_v, pygame.KMOD_LCTRL)
    assert app.play.menu.entry == "617"
    key(app, clock, pygame.K_RETURN)
    assert app.play.table.session.number == 617 and app.play.table.session.moves == 0


def test_rewind_goes_back_to_the_last_winnable_position_and_names_the_loser(clock, make_app):
    import time as real_time

    from game.freecell import Position
    from game.freecell.winnability import WinState

    app = make_app("freecell", 1, now=clock)
    # A one-cell endgame where move 3 (7a) loses (see tests/test_winnability.py).
    board = ("Foundations: H-6 C-6 D-6 S-6\nQH 9S 9H\nTH 9C KS KD KH 8H\n7C TC JS\nJC TS JH\n"
             "QS\nTD QD 7D 9D\n7H 8D QC JD\n8S KC 7S 8C\n")
    session = app.play.table.session
    session.position = Position.parse(board, free_cells=1)
    for text in ("75", "81", "7a", "16"):
        session.push_plain(session.position.parse_move(text))
    app.play.round.position_changed()
    end = real_time.monotonic() + 60
    while app.play.round.winnability.state is not WinState.LOST and real_time.monotonic() < end:
        frames(app, clock, 1)
        real_time.sleep(0.02)
    assert app.play.round.winnability.state is WinState.LOST
    frames(app, clock, 1)
    assert any(b.action == "rewind" for b in app.play.buttons())
    key(app, clock, pygame.K_r)
    until(app, clock, lambda: app.play.jobs.waiting is None)
    assert app.play.table.message == "7a at move 3 lost it"
    assert app.play.table.position.move_count == 2


def test_changing_spider_suits_restarts_the_same_game_number(clock, make_app):
    app = make_app("spider", 77, 1, now=clock)
    key(app, clock, pygame.K_m)
    click(app, clock, button_pos(app, "spider-suits-2"))  # 1 -> 2
    assert app.play.table.game == "spider" and app.play.table.session.number == 77 and app.play.table.session.suits == 2
    from game.spider import deal as spider_deal

    assert app.play.table.position == spider_deal(77, 2)


def test_n_starts_a_new_spider_game_after_asking(clock, make_app):
    app = make_app("spider", 77, 1, now=clock)
    key(app, clock, pygame.K_d)  # a first move: the game now counts if abandoned
    assert app.play.table.session.moves == 1
    key(app, clock, pygame.K_n)
    # Asked first ("Keep playing" focused): Right, then Enter says yes.
    assert app.play.table.panel is not None and app.play.table.session.number == 77
    key(app, clock, pygame.K_RIGHT)
    key(app, clock, pygame.K_RETURN)
    table = app.play.table
    assert table.game == "spider" and table.panel is None
    assert table.session.number != 77 and table.session.moves == 0 and table.session.suits == 1


def test_a_selection_shows_its_legal_targets_in_green(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    key(app, clock, pygame.K_LEFT)  # column 8: TC
    key(app, clock, pygame.K_RETURN)
    targets = {(m.kind, m.pile) for m in app.play.table.marks() if m.style == "target"}
    # Deal 1: no red jack ends a column and no ten goes home: only a free cell takes TC.
    assert targets == {("cell", 0)}
    key(app, clock, pygame.K_ESCAPE)
    for _ in range(2):  # column 6 (3D) is two to the left
        key(app, clock, pygame.K_LEFT)
    key(app, clock, pygame.K_RETURN)
    targets = {(m.kind, m.pile) for m in app.play.table.marks() if m.style == "target"}
    assert ("cell", 0) in targets and len(targets) == 1


def test_spider_selection_glows_every_column_it_fits(clock, make_app):
    app = make_app("spider", 1, 1, now=clock)
    pos = app.play.table.position
    # A column whose top card fits somewhere (game 1 has such moves at the start).
    src = next(m.source for m in pos.legal_moves() if not m.is_deal)
    n = len(pos.columns[src])
    app.play.table.activate("column", src, n - 1)
    targets = {p for k, p in ((m.kind, m.pile) for m in app.play.table.marks() if m.style == "target")}
    expected = {d for d in range(10) if d != src and pos.fitting_move(src, d) is not None}
    assert targets == expected and targets


def test_controllers_plugged_in_and_out_mid_game_do_no_harm(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    key(app, clock, pygame.K_LEFT)
    key(app, clock, pygame.K_RETURN)
    # SDL reports a pad arriving and leaving; no real device exists here.
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0, instance_id=0))
    frames(app, clock, 2)
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=0))
    frames(app, clock, 2)
    assert app.play.table.selection == ("column", 7, 5)  # the game went on untouched
    pad(app, clock, pygame.CONTROLLER_BUTTON_B)
    assert app.play.table.selection is None


class SlowSolver:
    """A solver service that answers a demo line only after ``delay`` real seconds."""

    def __init__(self, game: str, line: tuple, delay: float = 3.0) -> None:
        import time as real_time

        self.game, self.line, self.delay = game, line, delay
        self.asked: dict[int, float] = {}
        self._clock = real_time.monotonic

    def ask_line(self, position, **limits) -> int:
        rid = len(self.asked) + 1
        self.asked[rid] = self._clock()
        return rid

    def ask_shorter(self, position, than, **limits) -> int:
        return 0  # the demo's search for a shorter ending: never answered here

    def poll(self, request=None):
        from game.solver import Answer, Ask, Verdict

        t = self.asked.get(request)
        if t is None or self._clock() - t < self.delay:
            return []
        del self.asked[request]
        return [Answer(request, Ask.LINE, Verdict.SOLVED, self.line)]

    def cancel(self, request=None) -> None:
        self.asked.pop(request, None)

    def close(self) -> None:
        pass


def test_the_window_stays_live_while_the_solver_searches_for_a_demo(clock, monkeypatch, make_app):
    import time as real_time

    import game.spider.solver
    from game.spider import deal as spider_deal
    from game.spider import solve as spider_solve

    line = tuple(spider_solve(spider_deal(1, 1)).moves)

    def no_solving_here(*args, **kwargs):
        raise AssertionError("the main thread must not solve")

    monkeypatch.setattr(game.spider.solver, "solve", no_solving_here)
    app = make_app("spider", 1, 1, now=clock)
    app.play.jobs.solvers["spider"] = SlowSolver("spider", line, delay=3.0)
    frames(app, clock, 1)
    click(app, clock, button_pos(app, "demo"))
    click(app, clock, button_pos(app, "demo-full"))
    steps = 0
    start = real_time.monotonic()
    while app.play.round.demo is None and real_time.monotonic() - start < 30:
        frames(app, clock, 1)
        steps += 1
        # Keys still work while it searches: the focus moves.
        if steps == 5:
            key(app, clock, pygame.K_TAB)
            assert app.play.table.focus_index == 1
    assert app.play.round.demo is not None and app.play.round.demo.playback.line == list(line)
    # Frames kept coming during the three seconds the solver took (one, were it blocking).
    assert steps >= 10


def test_a_hint_glow_pulses_for_a_while_then_the_idle_table_stops_redrawing(clock, make_app):
    from game import speeds

    app = make_app("spider", 1, 1)
    while app.play.busy:
        frames(app, clock, 1)
    key(app, clock, pygame.K_h)
    # Spider's fair hint comes from the solver worker: frames go on while it thinks.
    import time as real_time

    deadline = real_time.monotonic() + 60
    while not any(m.style == "hint" for m in app.play.table.marks()) and real_time.monotonic() < deadline:
        frames(app, clock, 1)
        real_time.sleep(0.01)
    assert any(m.style == "hint" for m in app.play.table.marks())
    drawn = app.frames_drawn
    frames(app, clock, 30)
    assert app.frames_drawn == drawn + 30  # the glow pulses: every frame is new
    frames(app, clock, int(speeds.HINT_PULSE * 60))
    drawn = app.frames_drawn
    frames(app, clock, 30)
    assert app.frames_drawn == drawn  # still there, holding still: nothing to draw
    assert any(m.style == "hint" for m in app.play.table.marks())


def test_the_real_loop_idles_and_wakes_for_input(clock):
    import threading
    import time as real_time

    app = App("freecell", 1, now=real_time.perf_counter)
    # A key while it idles, then the window's close button: the loop handles
    # both, saves the game and closes the window itself.
    threading.Timer(0.5, lambda: pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))).start()
    threading.Timer(1.5, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT))).start()
    store = app.play.store
    assert app.run() == 0
    assert not app.running and store.load("savegame") is not None


def test_a_close_request_ends_the_loop_at_once_and_the_window_goes_before_the_save(clock, monkeypatch):
    import time as real_time

    app = App("spider", 3, 2, now=real_time.perf_counter)
    seen: list[tuple[str, bool]] = []  # (what, the window still on the screen then)

    def on_screen() -> bool:
        return pygame.display.get_init() and pygame.display.get_active()  # active: shown, not hidden
    real_wait, real_render, real_close = app._idle_wait, app.renderer.render, app.play.close

    def idle_wait(ms: int) -> None:
        if app.running and not seen.count(("idle", True)):
            # The window manager's close button while the cards rest (the loop sleeps in its idle wait).
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        seen.append(("idle" if app.running else "idle after quit", on_screen()))
        real_wait(ms)

    def render(*args, **kwargs) -> bool:
        seen.append(("frame" if app.running else "frame after quit", on_screen()))
        return real_render(*args, **kwargs)

    def close(window=None) -> None:
        seen.append(("save and stop", on_screen()))
        real_close(window)

    monkeypatch.setattr(app, "_idle_wait", idle_wait)
    monkeypatch.setattr(app.renderer, "render", render)
    monkeypatch.setattr(app.play, "close", close)
    store = app.play.store
    assert app.run() == 0
    # Nothing more is drawn or waited for once the close comes: the window leaves
    # the screen first, then the game is saved and the workers stopped.
    assert seen.count(("idle", True)) == 1
    assert [w for w in seen if w[0] not in ("idle", "frame")] == [("save and stop", False)]
    assert store.load("savegame") is not None
    assert all(not s.busy and s.pid is None for s in app.play.round.jobs.solvers.values())


def test_a_left_handed_table_is_picked_where_it_is_drawn_and_its_outline_keeps_the_table_idle(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    frames(app, clock, 400, dt=0.05)  # the deal lands
    table = app.play.table
    w, _ = app.renderer.size
    plain_cell = screen_of(app, PileKind.CELL, 0, None)
    plain_menu = button_pos(app, "menu")
    assert plain_cell[0] < w // 2 and plain_menu[0] < w // 2
    # the setting, as the Settings screen sets it: applied at once, no restart
    app.play.settings.left_handed = True
    app.play.round.apply_settings()
    frames(app, clock, 2)
    cell = screen_of(app, PileKind.CELL, 0, None)
    assert cell[0] > w // 2  # the cells went to the right
    hit = app.pick(plain_cell)
    assert hit is not None and hit.kind == "foundation"  # where cell a was, a foundation now
    assert button_pos(app, "menu")[0] > w // 2  # the control bar mirrored too
    col = table.position.columns[0]
    card = col[-1]
    drag(app, clock, screen_of(app, PileKind.COLUMN, 0, len(col) - 1), cell)
    assert table.position.cells[0] == card
    # it landed: the outline is drawn, and then nothing is redrawn while nothing changes
    frames(app, clock, 60, dt=0.05)
    assert [m for m in table.marks() if m.style == "last"] == [Mark("cell", 0, 0, "last", 1)]
    assert not any(app.step() for _ in range(10))
    # the Undo button, where the mirrored bar draws it, takes the move back
    click(app, clock, button_pos(app, "undo"))
    assert table.position.cells[0] is None and table.position.columns[0][-1] == card


def test_the_number_box_takes_full_width_digits_and_lets_the_input_method_compose(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    key(app, clock, pygame.K_m)
    click(app, clock, button_pos(app, "freecell-number"))
    assert app.text_entry.on  # typing: the system's input method may compose
    # While the IME composes, Backspace and Enter are its own: nothing is erased or confirmed.
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="６"))
    pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text="１７", start=0, length=2))
    frames(app, clock, 1)
    key(app, clock, pygame.K_BACKSPACE)
    key(app, clock, pygame.K_RETURN)
    assert app.play.menu.is_open and app.play.menu.entry == "6"
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="１７"))  # the composition, committed
    frames(app, clock, 1)
    assert app.play.menu.entry == "617"
    key(app, clock, pygame.K_RETURN)
    assert not app.play.menu.is_open and app.play.table.session.number == 617
    frames(app, clock, 1)
    assert not app.text_entry.on  # off the box, keys are the game's again (no IME in the way)


def test_the_language_setting_changes_the_words_at_once_and_is_remembered(clock, make_app):
    from game import i18n

    app = make_app("freecell", 1, now=clock)
    key(app, clock, pygame.K_m)
    click(app, clock, button_pos(app, "settings"))
    assert "English" in [b.label for b in app.play.menu.buttons()]
    click(app, clock, button_pos(app, "set-language=ru"))
    assert app.play.settings.language == "ru" and i18n.language() == "ru"
    assert "Русский" in [b.label for b in app.play.menu.buttons()]
    from game.play.menu import Settings

    assert Settings.load(app.play.store).language == "ru"  # remembered
    click(app, clock, button_pos(app, "set-language=en"))
    assert i18n.language() == "en" and app.play.menu.panel().title == "Settings"


@pytest.mark.parametrize("colour", ["green", "blue"])
def test_a_new_window_shows_the_chosen_felt_before_the_table_is_built(make_app, tmp_path, monkeypatch, colour):
    # The first visible frame came about 2 s after start on a busy machine: the
    # window now shows the felt as soon as it opens, before the card atlas,
    # fonts, sounds and the table are made.
    from game.render import scene
    from game.store import Store

    Store(str(tmp_path / "data")).save("settings", {"table_colour": colour, "live_winnability": False})
    seen: list[tuple[int, int, int]] = []
    real = scene.Renderer.__init__

    def renderer_init(self, ctx, size, *args, **kwargs):  # the heavy part starts here
        seen.append(tuple(ctx.screen.read(viewport=(0, 0, 1, 1), components=3)))
        real(self, ctx, size, *args, **kwargs)

    monkeypatch.setattr(scene.Renderer, "__init__", renderer_init)
    make_app(data_folder=str(tmp_path / "data"))
    felt = theme.table_colour(colour)[0]
    assert len(seen) == 1
    assert all(abs(got - round(255 * want)) <= 2 for got, want in zip(seen[0], felt)), (seen, felt)


def test_the_mouse_over_a_red_target_draws_its_reason_above_it(clock, make_app):
    """Show which moves keep the win: the mouse over a red target (no button down)
    draws "From there no winning line exists" just above it, in the window."""
    import time

    from game.i18n import set_language
    from game.store import Store

    set_language("en")
    Store().save("settings", {"move_grades": True, "live_winnability": False, "find_par": False})
    app = make_app("freecell", 6, now=clock)
    for token in ["8a", "25", "6b", "4c"]:  # deal 6 played into a loss (tests/test_coach_table.py)
        app.play.button(f"play:{token}")
    frames(app, clock, 40)
    table = app.play.table
    table.activate("column", 0, len(table.position.columns[0]) - 1)
    end = time.monotonic() + 60
    while not table.target_grades and time.monotonic() < end:
        frames(app, clock, 1)
        time.sleep(0.01)
    assert table.target_grades[("cell", 3)].name == "UNSOLVABLE"
    over = screen_of(app, PileKind.CELL, 3, None)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=over, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, clock, 2)
    assert table.hovered == (PileKind.CELL, 3)
    assert app.play.frame().tip == (PileKind.CELL, 3, "From there no winning line exists")
    assert app.overlay._key[-1][0] == "From there no winning line exists"  # drawn with the overlay
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, clock, 2)
    assert table.hovered is None and app.overlay._key[-1] is None


def test_the_window_paints_only_what_changed_with_the_pixels_of_a_whole_repaint(clock, make_app):
    # Issue 40: on Mesa's software renderer the window keeps its last frame between
    # swaps (probed at start), and a frame paints only the boxes that changed; every
    # frame of the deal's flight and of keyboard moves looks as a whole repaint does.
    app = make_app("freecell", 3, size=PLAY_SIZE)
    if "llvmpipe" not in str(app.ctx.info.get("GL_RENDERER", "")):
        pytest.skip("the window's swap is probed on Mesa's software renderer only")
    assert app.renderer.keeps_frame
    compared = partial = 0
    for i in range(40):
        if i >= 24 and i % 2:  # the deal has landed: the focus ring moves
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
        frames(app, clock, 1)
        shown, status = app.renderer.read_pixels(), app.overlay._key
        partial += app.renderer.painted is not None
        app.renderer.forget_frame()
        frames(app, clock, 1, dt=0.0)  # the same moment, painted whole
        if app.overlay._key == status:  # (unless the live check answered in between)
            assert app.renderer.read_pixels() == shown, f"frame {i}"
            compared += 1
    assert compared >= 30 and partial >= 12


def test_where_sdl_cannot_sleep_a_table_left_alone_looks_for_input_less_often(clock, make_app, monkeypatch):
    from game.app import waiting

    app = make_app("freecell", 1, size=PLAY_SIZE)
    frames(app, clock, 3)
    assert app._sleeper() is None  # the offscreen driver has no wait of its own
    looks: list[int] = []
    monkeypatch.setattr(waiting.pygame.time, "wait", lambda ms: looks.append(ms))
    # Just after input: a look every 25 ms (a press shows within two frames).
    app._idle_wait(200)
    assert looks == [waiting.LOOK_MS] * 8
    # Left alone a while: half as many wakes.
    looks.clear()
    clock.t += waiting.RESTING_S
    app._idle_wait(200)
    assert looks == [waiting.LOOK_RESTING_MS] * 4
    # Input ends the rest: the next wait looks often again, and one queued returns at once.
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    app.step()
    looks.clear()
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
    app._idle_wait(200)
    assert looks == [waiting.LOOK_MS]


def test_spider_thinks_ahead_between_moves_but_not_while_a_demo_plays(clock, make_app):
    app = make_app("spider", 3, 2, size=PLAY_SIZE, now=clock)
    frames(app, clock, 3)
    jobs = app.play.jobs
    ponder = jobs.solvers["ponder-spider"]
    assert ponder.searches == 1  # the hint for the table as dealt, before H is pressed
    until(app, clock, lambda: app.play.table.hints.answer(app.play.table.position))
    key(app, clock, pygame.K_h)
    # Shown in that frame, and the hint's own worker was never needed.
    assert app.play.table.message.startswith("Hint: ") and not app.play.table.thinking
    assert "spider" not in jobs.solvers or jobs.solvers["spider"].searches == 0
    click(app, clock, button_pos(app, "demo"))
    click(app, clock, button_pos(app, "demo-full"))
    until(app, clock, lambda: app.play.round.demo is not None)
    asked = ponder.searches
    for _ in range(30):
        frames(app, clock, 1, dt=0.1)
    assert app.play.table.session.moves > 0 and ponder.searches == asked  # the demo's tables: not thought about
    key(app, clock, pygame.K_ESCAPE)  # the demo stops: the table as it is gets thought about
    assert app.play.round.demo is None
    frames(app, clock, 1)
    assert ponder.searches == asked + 1
    # Nor while the menu covers the table: the player is not at it.
    key(app, clock, pygame.K_m)
    assert app.play.blocked
    app.play.table.play(next(m for m in app.play.table.position.legal_moves() if not m.is_deal))
    frames(app, clock, 5)
    assert ponder.searches == asked + 1
    key(app, clock, pygame.K_ESCAPE)
    frames(app, clock, 1)
    assert not app.play.blocked and ponder.searches == asked + 2
