"""The menu, settings and statistics as designed screens (issue 21).

The screens are built by :class:`game.play.menu.Menu` as sections of rows
over one list of buttons, laid out by :func:`game.ui.screens.screen_geometry`
(pure: measured with the HUD font, no GL) and drawn by the overlay.
"""

from __future__ import annotations

import datetime
import os
import subprocess
import sys

import pytest
from conftest import ROOT, egl_available

from game import i18n
from game.challenges import BADGES, ChallengeProgress, challenges_for
from game.freecell.daily import daily_deal, today_in_japan
from game.play.menu import Menu, Settings
from game.play.panels import Button, Chart, Grid, Panel
from game.render.camera import hud_band
from game.stats import TABLE_COLUMNS, Statistics
from game.ui.hud import font_measure, inside, overlaps
from game.ui.screens import screen_geometry

SIZES = [(1600, 1000), (1280, 720), (800, 600), (700, 1000), (600, 800)]


def sample_stats() -> Statistics:
    """Games of every kind: wins, losses given up and abandoned, daily deals."""
    s = Statistics()
    start = datetime.date(2026, 9, 1)
    for i in range(60):
        day = (start + datetime.timedelta(days=i)).isoformat()
        if i % 4:
            s.record_win("freecell", 100.0 + 7 * i, 80 + i, date=day, daily=day if i % 2 else None)
        else:
            s.record_loss("freecell", give_up=i % 8 == 0, seconds=30.0 + i, moves=i, date=day, daily=day)
    s.record_win("spider-1", 400.0, 130, date="2026-11-01")
    s.record_loss("spider-2", give_up=True, seconds=900.0, moves=200, date="2026-11-02")
    return s


def sample_progress() -> ChallengeProgress:
    """This month's challenges: some done on their day, one done later, some tried."""
    today = today_in_japan()
    p = ChallengeProgress()
    for d in range(1, today.day + 1):
        day = challenges_for(today.replace(day=d))
        if d % 3 == 1:
            p.record_done(day[0], today.replace(day=d))
        if d % 3 == 2:
            p.record_tried(day[4], today.replace(day=d))
    if today.day > 1:
        p.record_done(challenges_for(today.replace(day=2))[5], today)
    return p


def shown(menu: Menu) -> Panel:
    """The menu's panel (open: there is one)."""
    panel = menu.panel()
    assert panel is not None
    return panel


def screens() -> dict[str, Panel]:
    """Every designed screen, the number box with a refusal included."""
    out: dict[str, Panel] = {}
    menu = Menu(Settings(spider_suits=2), sample_stats(), marks=sample_progress)
    menu.open()
    out["main"] = shown(menu)
    menu.choose("freecell-number")
    menu.type_text("12a")
    menu.confirm_entry()
    out["entry"] = shown(menu)
    menu.back()
    menu.choose("settings")
    out["settings"] = shown(menu)
    menu.back()
    menu.choose("statistics")
    out["statistics"] = shown(menu)
    menu.choose("chart-challenges")
    out["challenges"] = shown(menu)
    return out


#: Deal 85 after these plain moves: 28 legal moves, in all three of the move list's groups.
LONG_MOVE_LIST = ["3a", "87", "7b", "21", "5c", "4d", "63", "b7", "c2", "53", "84", "37", "82", "62", "73", "6b", "37", "8c", "c1", "85", "8c", "73", "a6"]


def move_list_table(number: int = 85, moves: tuple[str, ...] | list[str] = LONG_MOVE_LIST):
    """A FreeCell table (no automatic moves) with ``moves`` played on deal ``number``."""
    from game.play.freecell_table import FreeCellTable
    from game.play.table import TableEnv
    from game.session import FreeCellSession

    session = FreeCellSession(number, auto_foundation="off", now=lambda: 0.0)
    for text in moves:
        session.play(session.position.parse_move(text))
    return FreeCellTable(TableEnv(now=lambda: 0.0, auto_foundation="off"), number, session)


def move_list_panels() -> dict[str, Panel]:
    return {"moves-long": move_list_table().move_list(), "moves-deal-1": move_list_table(1, ()).move_list()}


def text_box(t) -> tuple[int, int, int, int]:
    w, h = font_measure(t.text, t.px)
    return (t.x, t.y, w, h)


#: Every language the game speaks, and the pseudo-language whose text runs 40% longer.
LANGS = ["en", "ko", "ja", "ru", "zh_CN", "qps"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES + [(1024, 768)])
@pytest.mark.parametrize("name", ["main", "entry", "settings", "statistics", "challenges", "moves-long", "moves-deal-1"])
def test_every_screen_fits_its_window_whole(name, size, lang):
    i18n.set_language(lang)
    panel = screens()[name] if name in screens() else move_list_panels()[name]
    g = screen_geometry(size, panel)
    w, h = size
    assert g.cut == 0
    # Over the table, above the control bar, inside the window.
    assert inside(g.box, (0, 0, w, h - hud_band(w, h)))
    # Every button is placed once, inside the box, and no two overlap.
    assert sorted(b.index for b in g.buttons) == list(range(len(panel.buttons)))
    assert [b.action for b in g.buttons] == [b.action for b in panel.buttons]
    for b in g.buttons:
        assert inside(b.rect, g.box), (b, g.box)
    for i, a in enumerate(g.buttons):
        for b in g.buttons[i + 1:]:
            assert not overlaps(a.rect, b.rect), (a, b)
    # Every text lies inside the box and over no button.
    for t in g.texts:
        assert inside(text_box(t), g.box), (t, g.box)
        assert not any(overlaps(text_box(t), b.rect) for b in g.buttons), t
    # A label is never cut short with an ellipsis (the pseudo-language, 40% longer than English
    # everywhere, only has to stay inside the box: a real catalog shortens what does not fit).
    if lang != "qps":
        assert not any(t.text.endswith("\u2026") for t in g.texts if t.role in ("label", "note", "header", "name"))


def test_the_menu_has_two_columns_in_landscape_and_one_in_portrait():
    main = screens()["main"]
    assert screen_geometry((1600, 1000), main).columns == 2
    assert screen_geometry((800, 600), main).columns == 2
    assert screen_geometry((700, 1000), main).columns == 1
    # Grouped: FreeCell, Spider, More.
    assert [s.title for s in main.sections] == ["FreeCell", "Spider", "More"]
    assert [s.title for s in screens()["settings"].sections] == ["Play", "Look", "Sound", "Language"]


def test_the_spider_suit_count_is_a_three_way_choice_showing_the_current_one():
    st = Settings(spider_suits=2, spider_started=True)
    menu = Menu(st, Statistics())
    menu.open()
    buttons = menu.buttons()
    suits = menu.panel().sections[1].rows[0]
    assert [buttons[i].label for i in suits.buttons] == ["1", "2", "4"]
    assert [buttons[i].label for i in suits.selected] == ["2"]
    request = menu.choose("spider-suits-4")
    assert request is not None and request.setting == "spider_suits" and st.spider_suits == 4
    assert menu.choose("spider-suits-4") is None  # already chosen: nothing to restart
    suits = menu.panel().sections[1].rows[0]
    assert [menu.buttons()[i].label for i in suits.selected] == ["4"]


def test_todays_deal_shows_its_number_and_whether_it_was_played():
    stats = Statistics()
    menu = Menu(Settings(), stats)
    menu.open()
    today = menu.panel().sections[0].rows[0]
    assert menu.buttons()[today.buttons[0]].label == f"Play #{daily_deal()}"
    assert today.value.endswith("not played yet")
    stats.record_loss("freecell", give_up=True, date=today_in_japan().isoformat(),
                      daily=today_in_japan().isoformat())
    assert menu.panel().sections[0].rows[0].value.endswith("played, not won")
    stats.record_win("freecell", 100.0, 90, date=today_in_japan().isoformat(), daily=today_in_japan().isoformat())
    assert menu.panel().sections[0].rows[0].value.endswith("won \u2713")


def test_the_number_box_is_inline_with_its_refusal():
    menu = Menu(Settings(), Statistics())
    menu.open()
    menu.choose("freecell-number")
    assert menu.buttons()[menu.focus].action == "entry-ok"
    menu.type_text("0")
    assert menu.confirm_entry() is None
    row = menu.panel().sections[0].rows[2]
    assert row.box and row.value == "0_" and row.note == menu.error != ""
    # The rest of the menu is still there, around the box.
    assert {"spider-new", "settings", "quit"} <= {b.action for b in menu.buttons()}
    menu.back()
    assert menu.entry is None and menu.buttons()[menu.focus].action == "freecell-number"


def test_settings_rows_show_their_current_values():
    st = Settings(animation_speed="fast", table_colour="red", four_colour=True, auto_moves="all",
                  volume=1.0)
    menu = Menu(st, Statistics())
    menu.open()
    menu.choose("settings")
    buttons = menu.buttons()
    shown = {row.label: [buttons[i].label for i in row.selected]
             for section in menu.panel().sections for row in section.rows}
    assert shown["Animation speed"] == ["Fast"] and shown["Table"] == ["Red"]
    assert shown["Deck"] == ["4 colours"] and shown["Volume"] == ["100%"]
    assert shown["FreeCell: automatic foundation moves"] == ["All"] and shown["Live winnability check"] == ["On"]
    assert shown["Sound"] == ["On"]
    assert menu.choose("set-table_colour=grey").setting == "table_colour" and st.table_colour == "grey"
    assert menu.choose("set-animation_speed=slow") is not None and st.animation_speed == "slow"
    assert menu.choose("set-muted").setting == "muted" and st.muted and st.volume == 1.0
    assert menu.choose("set-auto_moves=off").setting == "auto_moves" and st.auto_moves == "off"
    assert menu.choose("set-auto_moves=most") is None and st.auto_moves == "off"  # not a level: ignored


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_settings_in_a_landscape_window_keep_the_look_rows_on_one_line(size):
    """At 1280x720 the Table and Card back buttons went under their labels
    while the Play column had room to spare: the columns split the room so
    that as few rows fold as can be (Winnable deals only folds anyway)."""
    panel = screens()["settings"]
    geo = screen_geometry(size, panel)
    labels = {t.text: t for t in geo.texts if t.role == "label"}
    look = next(sec for sec in panel.sections if sec.title == "Look")
    for row in look.rows:
        label = labels[row.label]
        first = next(b for b in geo.buttons if b.index == row.buttons[0])
        last = next(b for b in geo.buttons if b.index == row.buttons[-1])
        # on the label's line (the label centred in the button's height), none wrapped
        assert first.rect[1] <= label.y <= first.rect[1] + first.rect[3], row.label
        assert last.rect[1] == first.rect[1] and first.rect[0] > label.x, row.label
    assert all(inside(b.rect, geo.box) for b in geo.buttons)


def test_focus_moves_in_two_dimensions():
    menu = Menu(Settings(), Statistics())
    menu.open()
    actions = [b.action for b in menu.buttons()]

    def on() -> str:
        return actions[menu.focus]

    assert on() == "freecell-today"
    menu.move_focus_2d(0, 1)
    assert on() == "freecell-easy"
    menu.move_focus_2d(1, 0)
    menu.move_focus_2d(1, 0)
    assert on() == "freecell-hard"
    menu.move_focus_2d(0, 1)  # the row below has one button: the focus goes to it
    assert on() == "freecell-number"
    menu.move_focus_2d(0, 1)  # the day's challenges: the day's row, then a row per level
    assert on() == "challenge-earlier"
    menu.move_focus_2d(0, 1)
    assert on().startswith("challenge-") and on().endswith("-freecell-easy")
    menu.move_focus_2d(0, 3)
    assert on() == "spider-suits-1"
    menu.move_focus_2d(0, -5)
    menu.move_focus_2d(0, -1)
    assert on() == "freecell-easy"
    menu.move_focus_2d(0, -2)  # up from the top row wraps to the bottom one
    assert on() == "close"
    menu.move_focus_2d(1, 0)
    assert on() == "quit"


def test_arrow_keys_move_the_menu_focus_in_two_dimensions(play_for_menu):
    from game.input import Act, Action

    play = play_for_menu
    play.act(Action(Act.MENU))
    assert play.menu.is_open
    play.act(Action(Act.FOCUS_DOWN))
    play.act(Action(Act.FOCUS_RIGHT))
    assert play.menu.buttons()[play.menu.focus].action == "freecell-normal"
    play.act(Action(Act.FOCUS_UP))
    assert play.menu.buttons()[play.menu.focus].action == "freecell-today"


@pytest.fixture
def play_for_menu(tmp_path):
    from game.play import NullHost, Play
    from game.store import Store

    store = Store(str(tmp_path / "data"))
    store.save("settings", {"live_winnability": False})
    play = Play(NullHost(), "freecell", 1, 1, now=lambda: 0.0, store=store)
    yield play
    play.close()


def test_statistics_is_a_table_and_a_chart():
    stats = sample_stats()
    menu = Menu(Settings(), stats)
    menu.open()
    menu.choose("statistics")
    panel = menu.panel()
    assert panel.grid is not None and panel.grid.header[1:] == TABLE_COLUMNS
    names = [r[0] for r in panel.grid.rows]
    assert names == ["FreeCell", "FreeCell Easy", "FreeCell Normal", "FreeCell Hard", "Spider 1 suit",
                     "Spider 2 suits", "Spider 4 suits", "Daily deals"]
    fc = dict(zip(TABLE_COLUMNS, panel.grid.rows[0][1:]))
    assert (fc["Played"], fc["Won"], fc["Win %"]) == ("60", "45", "75%")
    assert fc["Best time"] == "1:47" and fc["Fewest moves"] == "81"
    assert panel.grid.rows[names.index("Spider 4 suits")][1:4] == ("0", "0", "-")  # no 4-suit games: no rate
    # The chart: the last 50 FreeCell games, oldest first, each as how it ended.
    assert panel.chart is not None and len(panel.chart.games) == 50
    kinds = [k for _, k in panel.chart.games]
    assert kinds.count("won") == 38 and kinds.count("given up") == 6 and kinds.count("lost") == 6
    menu.choose("chart-spider-2")
    assert menu.panel().chart.games == ((900.0, "given up"),)


def test_the_chart_is_drawn_to_scale():
    games = ((100.0, "won"), (50.0, "lost"), (0.0, "given up"), (200.0, "won"))
    panel = Panel("Statistics", buttons=(Button("Back", "back"),),
                  grid=Grid(("", "Played"), (("FreeCell", "4"),)), chart=Chart("FreeCell", games))
    g = screen_geometry((1280, 720), panel)
    c = g.chart
    assert c is not None and [k for _, k in c.bars] == ["won", "lost", "given up", "won"]
    plot = c.plot
    for rect, _ in c.bars:
        assert inside(rect, plot)
        assert rect[1] + rect[3] == plot[1] + plot[3]  # bars stand on the axis
    heights = [r[3] for r, _ in c.bars]
    assert heights[3] == plot[3] and abs(heights[0] - plot[3] / 2) <= 1 and heights[2] == 2
    # The running win rate: 100%, 50%, 33%, 50% of the plot's height.
    tops = [plot[1] + round((1 - f) * plot[3]) for f in (1.0, 0.5, 1 / 3, 0.5)]
    assert [y for _, y in c.rate] == tops
    # The axes are labelled: time on the left, win rate on the right.
    axis = {t.text for t in g.texts if t.role == "axis"}
    assert {"3:20", "0:00", "100%", "50%", "0%", "oldest", "newest"} <= axis


def test_a_table_too_wide_for_its_window_folds_and_keeps_every_column():
    panel = screens()["statistics"]
    wide = screen_geometry((1600, 1000), panel)
    narrow = screen_geometry((420, 900), panel)
    assert narrow.cut == 0 and inside(narrow.box, (0, 0, 420, 900))

    def headers(g) -> str:
        return " ".join(t.text for t in g.texts if t.role == "header")

    for column in TABLE_COLUMNS:
        for word in column.split():
            assert word in headers(narrow), column
    # Folded: the row names appear once per part of the table.
    assert sum(t.text == "FreeCell" for t in narrow.texts if t.role == "name") > 1
    assert sum(t.text == "FreeCell" for t in wide.texts if t.role == "name") == 1


@pytest.mark.skipif(not egl_available(), reason="no EGL (offscreen OpenGL) on this machine")
def test_the_screenshot_tool_draws_the_statistics_of_a_data_folder(tmp_path):
    import pygame

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = tmp_path / "stats.png"
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "screenshot.py"), "--panel", "statistics",
                          "--data", str(ROOT / "docs" / "sample-data"), "--size", "800x600", "--out", str(out)],
                         check=False, capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    shot = pygame.image.load(str(out))
    # The sample's FreeCell chart has won (green) and given-up (amber) bars.
    colours = {tuple(shot.get_at((x, y)))[:3] for x in range(0, 800, 2) for y in range(0, 600, 2)}
    assert (96, 200, 112) in colours and (236, 172, 64) in colours
    bad = subprocess.run([sys.executable, str(ROOT / "tools" / "screenshot.py"), "--panel", "statistics",
                          "--data", str(tmp_path / "nowhere"), "--out", str(out)],
                         check=False, capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert bad.returncode != 0 and "Traceback" not in bad.stderr and "not a folder" in bad.stderr


def test_daily_deals_show_as_a_month_calendar(on_day):
    stats = Statistics()
    today = today_in_japan()
    stats.daily.record(today.replace(day=1), True)
    if today.day > 1:
        stats.daily.record(today, False)
    last_month = today.replace(day=1) - datetime.timedelta(days=1)
    stats.daily.record(last_month, True)
    menu = Menu(Settings(), stats)
    menu.open()
    menu.choose("statistics")
    menu.choose("chart-daily")
    cal = menu.panel().calendar
    assert cal is not None and menu.panel().chart is None
    assert cal.first == today.replace(day=1).weekday() and cal.today == today.day
    assert cal.days[0] == "won" and (today.day == 1 or cal.days[today.day - 1] == "played")
    assert cal.days.count("") == len(cal.days) - (1 if today.day == 1 else 2)
    assert "month-later" in {b.action for b in menu.buttons() if not b.enabled}  # no month after this one
    menu.choose("month-earlier")
    cal = menu.panel().calendar
    assert cal.today == 0 and len(cal.days) == last_month.day and cal.days[-1] == "won"
    for size in SIZES:
        g = screen_geometry(size, menu.panel())
        assert g.cut == 0 and len(g.days) == len(cal.days)
        assert all(inside(r, g.box) for r, _, _ in g.days)
        assert [s for _, s, _ in g.days] == list(cal.days)


def test_another_button_closes_the_number_box():
    menu = Menu(Settings(), Statistics())
    menu.open()
    menu.choose("spider-number")
    assert menu.entry == ""
    menu.choose("settings")
    assert menu.entry is None and menu.panel().title == "Settings"  # keys are keys again, not text


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (420, 900)])
def test_the_charts_labels_never_sit_on_each_other(size):
    # With two games "oldest" and "newest" were printed on top of each other.
    measure = font_measure
    for n in (1, 2, 3, 5, 12, 50):
        games = tuple((60.0 * (i + 1), "won") for i in range(n))
        panel = Panel("Statistics", buttons=(Button("Back", "back"),),
                      grid=Grid(("", "Played"), (("FreeCell", str(n)),)), chart=Chart("FreeCell", games))
        g = screen_geometry(size, panel)
        under = [t for t in g.texts if t.role == "axis" and t.y > g.chart.plot[1] + g.chart.plot[3]]
        boxes = [(t.x, t.y, *measure(t.text, t.px)) for t in under]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert not overlaps(a, b), (n, size, under)
        words = {t.text for t in under}
        assert ("oldest" in words and "newest" in words) == (n > 1), (n, words)


@pytest.mark.parametrize("size", SIZES + [(1024, 768)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_move_list_keeps_clear_of_the_status_line_and_cuts_no_move(size):
    # At 1024x768 a list of 13 moves cut through the status line; 28 here.
    table = move_list_table()
    panel = table.move_list()
    plays = [b for b in panel.buttons if b.action.startswith("play:")]
    assert len(plays) == len(table.position.distinct_moves()) >= 13
    w, h = size
    g = screen_geometry(size, panel)
    assert g.cut == 0 and g.box[1] + g.box[3] <= h - hud_band(w, h)
    assert not any(b.label.endswith("\u2026") for b in g.buttons)  # every move reads whole


def test_the_move_list_is_grouped_under_headings_and_its_title_is_the_status_lines_figure():
    from game.freecell import HOME

    table = move_list_table()
    pos = table.position
    panel = table.move_list()
    titles = [sec.title for sec in panel.sections]
    assert titles == ["To the foundation", "To a free cell", "To a column"]
    for sec in panel.sections:
        for row in sec.rows:
            (i,) = row.buttons
            move = pos.parse_move(panel.buttons[i].action.split(":", 1)[1])
            kind = "To the foundation" if move.dest == HOME else "To a free cell" if move.dest >= 8 else "To a column"
            assert kind == sec.title, (sec.title, move)
    # Every move is under a heading, once; the other buttons go along the bottom.
    rowed = sorted(i for sec in panel.sections for row in sec.rows for i in row.buttons)
    assert rowed == [i for i, b in enumerate(panel.buttons) if b.action.startswith("play:")]
    # The figure is the status line's.
    n = pos.movable()
    assert panel.title == f"Moves: {n} cards movable" and table.status().endswith(f"   {n} cards movable")


def test_the_move_list_title_says_1_card_and_never_more_than_the_cards_left():
    # "1 cards movable" and "48 cards movable" while the status said otherwise.
    from game.freecell import deal
    from game.freecell.solver import solve

    full = move_list_table(1, ())
    pos = full.position
    for i in range(4):  # every free cell taken, no empty column: one card moves at a time
        pos.cells[i] = pos.columns[i].pop()
    assert pos.movable() == 1
    assert full.move_list().title == "Moves: 1 card movable" and "   1 card movable" in full.status()
    # Near the end: columns empty, so the capacity is far above the few cards left.
    line = [str(m) for m in solve(deal(617, auto_foundation=False)).moves]
    late = move_list_table(617, line[:-3])
    pos = late.position
    left = 52 - pos.cards_home
    assert pos.capacity() > left > 1 and pos.movable() == left
    assert late.move_list().title == f"Moves: {left} cards movable"
    assert f"   {left} cards movable" in late.status()


def test_the_challenges_month_marks_each_day_and_shows_the_badge_and_streak(on_day):
    today = today_in_japan()
    progress = sample_progress()
    menu = Menu(Settings(), Statistics(), marks=lambda: progress)
    menu.open()
    menu.choose("statistics")
    menu.choose("chart-challenges")
    panel = menu.panel()
    cal = panel.calendar
    assert cal is not None and cal.today == today.day
    assert len(cal.days) == len(progress.calendar(today.year, today.month))
    for d, state in enumerate(cal.days, 1):
        date = today.replace(day=d)
        marks = progress.marks(date)
        want = "done" if "d" in marks else "late" if "l" in marks else "tried" if "t" in marks else ""
        assert state == want, (d, marks)
    assert [word for _, word in cal.legend] == ["done", "done later", "tried"]
    section = next(s for s in panel.sections if s.title == "Daily challenges")
    badge, streak = section.rows
    done = progress.month_done(today.year, today.month)
    assert f"{done} of " in badge.value or "highest badge" in badge.value
    for name, needed in BADGES:
        assert f"{name.capitalize()} {needed}" in badge.detail  # every threshold, from the one table
    # The row's heading says "Streak": its value counts the days, not "daily streak" again.
    now, best = progress.streak(today), progress.best_streak
    days = {1: "1 day"}
    assert streak.value == f"{days.get(now, f'{now} days')} now \u00b7 best {days.get(best, f'{best} days')}"
    assert "streak" not in streak.value
    # The days are drawn in their states at every size the screens walk.
    for size in SIZES:
        g = screen_geometry(size, panel)
        assert g.cut == 0 and [s for _, s, _ in g.days] == list(cal.days)


def test_the_menus_challenge_rows_say_done_and_the_day_can_go_back_within_the_month(on_day):
    today = today_in_japan()
    progress = sample_progress()
    menu = Menu(Settings(), Statistics(), marks=lambda: progress)
    menu.open()
    panel = menu.panel()
    earlier = next(b for b in panel.buttons if b.action == "challenge-earlier")
    later = next(b for b in panel.buttons if b.action == "challenge-later")
    assert earlier.enabled == (today.day > 1) and not later.enabled
    if today.day == 1:
        return  # (on_day runs it on later days too: the walk back below is checked every run)
    menu.choose("challenge-earlier")
    panel = menu.panel()
    yesterday = today - datetime.timedelta(days=1)
    ids = [b.action[len("challenge-"):] for b in panel.buttons if b.action.startswith("challenge-20")]
    assert ids == [c.id for c in challenges_for(yesterday)]
    for _ in range(40):  # never before the 1st of this month
        menu.choose("challenge-earlier")
    assert menu.challenge_date() == today.replace(day=1)


def statistics_tab(play) -> str:
    """The game whose tab the open statistics screen has selected ("spider-2")."""
    panel = play.menu.panel()
    assert panel is not None and panel.title == "Statistics"
    (chosen,) = panel.sections[0].rows[0].selected
    assert panel.focus == chosen  # the keyboard's ring is on the tab shown, not on the first tab
    return panel.buttons[chosen].action.removeprefix("chart-")


def open_statistics_by_keys(play) -> None:
    """M, then Tab to the Statistics button and Enter, as a keyboard player does."""
    from game.input import Act, Action

    play.act(Action(Act.MENU))
    for _ in range(len(play.menu.buttons())):
        if play.menu.buttons()[play.menu.focus].action == "statistics":
            break
        play.act(Action(Act.FOCUS_NEXT))
    play.act(Action(Act.SELECT))


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_statistics_opened_during_spider_show_spider_with_its_suits(tmp_path, suits):
    # Issue 62 (9b): they opened on FreeCell's tab whatever was on the table (FreeCell had
    # results here, and the tab stayed on the last game that had any).
    from game.input import Act, Action
    from game.play import NullHost, Play
    from game.play.panels import Command
    from game.store import Store

    store = Store(str(tmp_path / "data"))
    store.save("settings", {"live_winnability": False})
    Statistics.load(store).update(store, lambda s: s.record_win("freecell", 100.0, 90, date="2026-11-01"))
    play = Play(NullHost(), "spider", 3, suits, now=lambda: 0.0, store=store)
    try:
        key = f"spider-{suits}"
        open_statistics_by_keys(play)  # the menu's key, then its button
        assert statistics_tab(play) == key
        assert play.menu.panel().chart.games == ()  # this game has no result yet: its own empty chart
        play.act(Action(Act.CANCEL))
        play.act(Action(Act.CANCEL))
        assert not play.menu.is_open
        # After a result: one Spider game given up, the menu's Statistics button by the pointer.
        play.act(Action(Act.DEAL))
        play.button(Command.GIVE_UP)
        play.button(Command.CONFIRMED)
        play.button(Command.MENU)
        play.button("statistics")
        assert statistics_tab(play) == key
        assert [kind for _, kind in play.menu.panel().chart.games] == ["given up"]
        # Another tab chosen, then a FreeCell deal: the statistics open on FreeCell's.
        play.button("chart-daily")
        play.button("back")
        play.button("freecell-random")
        play.button(Command.CONFIRMED)
        assert play.game == "freecell"
        open_statistics_by_keys(play)
        assert statistics_tab(play) == "freecell"
    finally:
        play.close()


def test_a_row_of_text_alone_starts_at_the_margin_with_no_blank_line_above():
    """The review's summary rows are text alone (no label, no button): each starts right
    under what comes before it, at the section's margin, and the first button follows it."""
    from game.play.panels import Row, Section

    summary, against = "14 moves: 11 best, 3 good", "5 moves more than par 45: 3 good"
    rows = (Row(detail=summary), Row(detail=against), Row(buttons=(0,)))
    panel = Panel("Game review", (), (Button("1. J\u2666 to a free cell \u2014 good", "review-move:1"),),
                  vertical=True, sections=(Section("Moves 1\u201310 of 14", rows),))
    geo = screen_geometry((1280, 720), panel)
    first, second = (next(t for t in geo.texts if t.text == line) for line in (summary, against))
    heading = next(t for t in geo.texts if t.text.startswith("Moves 1"))
    line_h = font_measure("Ag", first.px)[1]
    assert first.x == heading.x and second.x == heading.x  # no indent under a missing label
    assert first.y - heading.y < 2.5 * line_h  # no empty button-high line between them
    assert second.y - first.y < 1.6 * line_h
    assert geo.buttons[0].rect[1] - second.y < 2 * line_h
