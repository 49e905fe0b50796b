"""A screen that scrolls (200% text at 1280x720) shows whole rows (issue 60's notes: "at
200%, Russian Settings shows the label «В дом одним» with its buttons below the fold").

At every scroll position a player can reach (the view following the focus to each
button, then the wheel's notches up and down from there), every row of a section (its
label, value and buttons) is all in view or all out of it, a note under a row shows only
with it and from its first line, and the view is never empty; the ▲ and ▼ still say more
lies above or below, and the wheel reaches both ends.

The rows are found from what the screen draws, not from the layout's own bookkeeping:
each button belongs to its row by index, and a text belongs to the row whose buttons it
sits beside, or (a label above its row's buttons, a note below them) the row it leads
into or closes, in the same column.
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest
from conftest import every_language
from test_screens import move_list_panels, screens

from game import i18n
from game.play.panels import Panel
from game.render.camera import set_text_scale, text_scale
from game.ui import screens as screens_module
from game.ui.geometry import ScreenGeometry
from game.ui.hud import Rect, font_measure, inside
from game.ui.overlay import Overlay
from game.ui.screens import screen_geometry

WINDOW = (1280, 720)
ROW_TEXT = ("label", "value", "field", "note", "detail")


def reachable(panel) -> dict[int, object]:
    """Every view a player can bring up: ``offset -> geometry``."""
    asked: dict[int, object] = {}

    def view(scroll: int):
        if scroll not in asked:
            asked[scroll] = screen_geometry(WINDOW, panel, scroll=scroll)
        return asked[scroll]

    views: dict[int, object] = {}
    todo = [screen_geometry(WINDOW, replace(panel, focus=focus)).offset for focus in range(len(panel.buttons))]
    while todo:
        offset = todo.pop()
        if offset in views:
            continue
        g = views[offset] = view(offset)
        for notches in (1, -1):
            # The wheel as the window turns it (game.app.pointing: three lines a notch), into the
            # overlay's scroll.
            wheel = SimpleNamespace(screen=g, scroll=None)
            Overlay.scroll_by(wheel, notches * 3 * g.px)  # type: ignore[arg-type]
            if wheel.scroll is not None:
                todo.append(view(wheel.scroll).offset)
    return views


def rows_of(panel, views) -> list[set]:
    """Each row's pieces (buttons by index, texts by what and where, unscrolled)."""
    texts = {(t.role, t.text, t.x, t.y + off, t.px) for off, g in views.items() for t in g.texts if t.role in ROW_TEXT}
    spans = spans_of(views)
    heads = sorted({t.x for g in views.values() for t in g.texts if t.role == "heading"})
    rows = [r for s in panel.sections for r in s.rows if r.buttons]

    def column(x: int) -> int:
        return max((i for i, hx in enumerate(heads) if hx <= x), default=0)

    #: Each row: its column, the top and bottom of its buttons, and its pieces.
    placed: list[tuple[int, int, int, set[tuple[Any, ...]]]] = []
    for r in rows:
        rects = [spans[i] for i in r.buttons]
        pieces: set[tuple[Any, ...]] = {("button", i) for i in r.buttons}
        placed.append((column(min(x for x, _, _, _ in rects)), min(y for _, y, _, _ in rects),
                       max(y + h for _, y, _, h in rects), pieces))
    for piece in texts:
        role, _text, x, y, _px = piece
        mine = [p for p in placed if p[0] == column(x)]
        beside = [p for p in mine if p[1] <= y < p[2]]
        if beside:
            beside[0][3].add(piece)
        elif role in ("note", "detail"):  # under its row's buttons
            above = [p for p in mine if p[2] <= y]
            if above:
                row = max(above, key=lambda p: p[2])
                # Not where a label or value lies between: that starts a row with no buttons
                # (the challenges' badge line, laid in one column under the tabs' buttons).
                if not any(t[0] in ("label", "value") and column(t[2]) == row[0] and row[2] <= t[3] < y
                           for t in texts):
                    row[3].add(piece)
        else:  # a label (or value) over its row's buttons
            below = [p for p in mine if p[1] > y]
            if below:
                min(below, key=lambda p: p[1])[3].add(piece)
    return [p[3] for p in placed]


def spans_of(views) -> dict[int, tuple[int, int, int, int]]:
    """Each button's rect, unscrolled."""
    return {b.index: (b.rect[0], b.rect[1] + off, b.rect[2], b.rect[3]) for off, g in views.items() for b in g.buttons}


def shown(g, offset: int) -> set:
    return ({("button", b.index) for b in g.buttons}
            | {(t.role, t.text, t.x, t.y + offset, t.px) for t in g.texts if t.role in ROW_TEXT})


def room(g: ScreenGeometry, size: tuple[int, int] = WINDOW) -> int:
    """The height of a scrolling screen's view."""
    from game.ui.scrolling import view_span

    top, bottom = view_span(size, g.px, g.title_at[1], font_measure(g.title, g.title_px)[1])
    return bottom - top


def scrolling_screens():
    return {**screens(), **move_list_panels()}


#: The screens' own layout, before :func:`layout_once` puts its cache in its place.
LAY_OUT = screens_module._screen_at


@pytest.fixture(autouse=True)
def back_to_english_at_100():
    """Each test sets the language and text scale it looks at; this puts them back after it,
    passed or failed, so no other test inherits them."""
    yield
    set_text_scale(1.0)
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def layout_once(monkeypatch):
    """The layout a scrolled view is cut from is the same at every offset: made once (speed only).

    Once per window, panel, text size *and* Settings' text scale and language: the HUD band a
    screen stops over grows with the text scale, which the pixel size passed in does not say."""
    real = LAY_OUT
    made: dict[tuple[object, ...], ScreenGeometry] = {}

    def once(*args: Any, **kwargs: Any) -> ScreenGeometry:
        key = (text_scale(), i18n.language(), args, tuple(sorted(kwargs.items())))
        if key not in made:
            made[key] = real(*args, **kwargs)
        return made[key]

    monkeypatch.setattr(screens_module, "_screen_at", once)


@pytest.mark.parametrize("lang", every_language())
def test_no_row_is_cut_by_the_view_at_any_scroll_position(lang):
    i18n.set_language(lang)
    set_text_scale(2.0)
    scrolled = 0
    for name, panel in scrolling_screens().items():
        if not screen_geometry(WINDOW, panel).above + screen_geometry(WINDOW, panel).below:
            continue
        scrolled += 1
        views = reachable(panel)
        rows = rows_of(panel, views)
        spans = spans_of(views)
        assert rows, name
        for offset, g in views.items():
            now = shown(g, offset)
            assert g.buttons or g.texts or g.stripes or g.chart, (
                f"{name} ({lang}) scrolled {offset}px shows nothing")
            for row in rows:
                head = {p for p in row if p[0] not in ("note", "detail")}
                notes = sorted((p for p in row if p[0] in ("note", "detail")), key=lambda p: p[3])
                inside = head & now
                assert not inside or inside == head, (
                    f"{name} ({lang}) scrolled {offset}px shows part of a row: {sorted(map(str, inside))} "
                    f"of {sorted(map(str, head))}")
                # A note shows with its row, from its first line on (it may run on below the view);
                # under a row taller than the view, the lines that cannot show with it show as the
                # note's end, down to its last line.
                read = [p in now for p in notes]
                tall = bool(notes) and notes[-1][3] + font_measure(notes[-1][1], notes[-1][4])[1] - min(
                    spans[p[1]][1] if p[0] == "button" else p[3] for p in row) > room(g)
                assert not any(read) or (inside and read == sorted(read, reverse=True)) or (
                    tall and not inside and read == sorted(read)), (
                    f"{name} ({lang}) scrolled {offset}px shows a note without its row or its first lines: "
                    f"{[p[1] for p in notes if p in now]}")
        # The cues and the wheel: the ends are reached, and each cue shows while more lies that way.
        ends = sorted(views)
        assert ends[0] == 0 and views[0].above == 0 and views[0].below > 0, name
        assert views[ends[-1]].below == 0 and views[ends[-1]].above > 0, name
        for offset, g in views.items():
            # A hidden button's row starts above everything in view (it lies off the top or reaches
            # over the top edge), else it lies below.
            middle = min([b.rect[1] for b in g.buttons] + [t.y for t in g.texts])
            for i in set(range(len(panel.buttons))) - {b.index for b in g.buttons}:
                row = next((r for r in rows if ("button", i) in r), {("button", i)})
                top = min(spans[p[1]][1] if p[0] == "button" else p[3] for p in row)
                if top - offset < middle:
                    assert g.above > 0, (name, offset, panel.buttons[i].label)
                else:
                    assert g.below > 0, (name, offset, panel.buttons[i].label)
    assert scrolled >= 3  # Settings, Statistics, the main menu and a long move list scroll at 200%


def test_the_focused_buttons_row_shows_whole():
    i18n.set_language("ru")
    set_text_scale(2.0)
    panel = scrolling_screens()["settings"]
    views = reachable(panel)
    rows = rows_of(panel, views)
    for focus in range(len(panel.buttons)):
        g = screen_geometry(WINDOW, replace(panel, focus=focus))
        row = next((r for r in rows if ("button", focus) in r), {("button", focus)})
        assert row <= shown(g, g.offset), (focus, panel.buttons[focus].label)


@pytest.mark.parametrize("lang", every_language())
def test_a_table_line_in_view_has_its_columns_heads_over_it(lang):
    # "At 200% the statistics table folds in two": scrolled, its numbers stood under no head.
    i18n.set_language(lang)
    set_text_scale(2.0)
    panel = scrolling_screens()["statistics"]
    views = reachable(panel)
    assert len(views) > 1
    for offset, g in views.items():
        lines = [t for t in g.texts if t.role in ("name", "cell")]
        if not lines:
            continue
        heads = [t for t in g.texts if t.role == "header"]
        first = min(t.y for t in lines)
        # The heads of the part the first line shown belongs to stand over it, in view.
        assert any(t.y < first for t in heads), (lang, offset, [t.text for t in lines[:3]])
        over = max(t.y for t in heads if t.y < first)
        assert g.title_at[1] < over, (lang, offset)
        for t in lines:  # and none is drawn over a head
            assert not any(h.y <= t.y < h.y + h.px and abs(h.x - t.x) < g.px for h in heads), (lang, offset, t)


@pytest.mark.parametrize("lang", every_language())
def test_every_view_opens_on_a_whole_row_at_its_top(lang):
    # Scrolled to its end (the wheel, or the focus on the last button), the move list at
    # 200% once showed a blank band under its title where the rows cut by the view's top
    # edge were left out: a view begins where a row begins, and leaves room after the end.
    from game.ui.hud import font_measure

    i18n.set_language(lang)
    set_text_scale(2.0)
    for name, panel in scrolling_screens().items():
        views = reachable(panel)
        if len(views) < 2:
            continue
        for offset, g in views.items():
            view_top = g.title_at[1] + font_measure(g.title, g.title_px)[1] + g.px * 2 // 3
            first = min([b.rect[1] for b in g.buttons] + [t.y for t in g.texts if t.role != "title"])
            assert first - view_top <= 2 * g.px, (name, lang, offset, first - view_top, g.px)


def chart_and_months() -> dict[str, Panel]:
    """The statistics with a chart of recent games, with the daily deals' month (under the
    table) and with the daily challenges' month (under the badges)."""
    from test_screens import sample_progress, sample_stats, shown

    from game.play.menu import Menu, Settings

    menu = Menu(Settings(spider_suits=2), sample_stats(), marks=sample_progress)
    menu.open()
    menu.choose("statistics")
    out: dict[str, Panel] = {}
    for tab in ("freecell", "daily", "challenges"):
        menu.choose(f"chart-{tab}")
        out[tab] = shown(menu)
    return out


def views_at_stops(size: tuple[int, int], panel: Panel) -> list[ScreenGeometry]:
    """The screen as the wheel leaves it at each of its stops (the whole screen, if it does not scroll)."""
    g = screen_geometry(size, panel)
    if not g.above + g.below:
        return [g]
    return [screen_geometry(size, panel, scroll=s) for s in g.stops]


@pytest.mark.parametrize("lang", every_language())
@pytest.mark.parametrize("size", [(1280, 720), (720, 1280)], ids=["landscape", "portrait"])
@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0], ids=lambda s: f"{s:.0%}")
def test_the_chart_and_every_day_of_a_month_show_whole_at_some_scroll_stop(scale, size, lang):
    # "At 200% in a 1280x720 window the Recent games chart never shows": taller than the
    # view, it was left out at every scroll position, and most days of the month with it.
    from game.i18n.formats import weekday_heads
    from game.ui.hud import font_measure, inside

    i18n.set_language(lang)
    set_text_scale(scale)
    for name, panel in chart_and_months().items():
        views = views_at_stops(size, panel)
        charts = 0
        days: set[tuple[int, int]] = set()
        for g in views:
            top = g.title_at[1] + font_measure(g.title, g.title_px)[1] + g.px * 2 // 3
            view = (g.box[0], top, g.box[2], g.box[1] + g.box[3] - top)
            legend = [t for t in g.texts if t.role == "legend"]
            if g.chart is not None:
                # The plot, its bars, its legend (four words) and its axis labels, all in view.
                axis = [t for t in g.texts if t.role == "axis"]
                assert len(legend) == 4 and len(axis) >= 5, (name, lang, g.offset, legend, axis)
                for r in (g.chart.plot, *(r for r, _k in g.chart.bars), *(r for r, _k in g.chart.swatches)):
                    assert inside(r, view), (name, lang, g.offset, r, view)
                for t in legend + axis:
                    assert inside((t.x, t.y, *font_measure(t.text, t.px)), view), (name, lang, g.offset, t)
                charts += 1
            for r, _state, _today in g.days:
                assert inside(r, view), (name, lang, g.offset, r, view)
                days.add((r[0], r[1] + g.offset))
            if g.days:  # the weekday heads stand over the weeks shown, in view
                first = min(r[1] for r, _s, _t in g.days)
                heads = [t for t in g.texts if t.role == "header" and t.text in weekday_heads() and t.y < first]
                row = max((t.y for t in heads), default=-1)
                assert view[1] <= row and len([t for t in heads if t.y == row]) == 7, (name, lang, g.offset, heads)
        if panel.chart is not None:
            assert charts, f"{name} ({lang}, {scale:.0%}, {size}): no scroll stop shows the chart"
        if panel.calendar is not None:
            assert len(days) == len(panel.calendar.days), (
                f"{name} ({lang}, {scale:.0%}, {size}): {len(days)} of {len(panel.calendar.days)} days "
                "show at some scroll stop")


def statistics_screens() -> dict[str, Panel]:
    """The statistics on each of its tabs (the table over a chart, the daily deals' month, the
    challenges with their badge and streak)."""
    return {**chart_and_months(), "statistics": screens()["statistics"], "challenges": screens()["challenges"]}


@pytest.mark.parametrize("lang", every_language())
@pytest.mark.parametrize("size", [(1280, 720), (720, 1280)], ids=["landscape", "portrait"])
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5, 2.0], ids=lambda s: f"{s:.0%}")
def test_every_part_of_a_folded_table_lies_inside_the_panels_padding(scale, size, lang):
    # "At 200% Russian in 720x1280 the statistics table's second and later parts run out to
    # the panel's border": a part one value column wide was the names' column and that column,
    # wider than the panel; its header rule and line backgrounds reached past the padding.
    i18n.set_language(lang)
    set_text_scale(scale)
    for name, panel in statistics_screens().items():
        if panel.grid is None:
            continue
        for g in views_at_stops(size, panel):
            pad = max(6, g.px)
            left, right = g.box[0] + pad, g.box[0] + g.box[2] - pad
            rects = [*g.stripes, *g.rules,
                     *((t.x, t.y, *font_measure(t.text, t.px)) for t in g.texts if t.role in ("header", "name", "cell"))]
            for r in rects:
                assert left <= r[0] and r[0] + r[2] <= right, (
                    f"{name} ({lang}, {scale:.0%}, {size}) scrolled {g.offset}px: {r} runs past the padding "
                    f"({left}..{right})")


@pytest.mark.parametrize("lang", every_language())
@pytest.mark.parametrize("size", [(1280, 720), (720, 1280)], ids=["landscape", "portrait"])
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5, 2.0], ids=lambda s: f"{s:.0%}")
def test_no_text_of_the_statistics_is_cut_short(scale, size, lang):
    # "At 200% in 1280x720 the Badge line reads 'No badge yet · 0 of…'": a value too wide for
    # its column was cut with an ellipsis; it wraps, and every text stays inside the panel.
    i18n.set_language(lang)
    set_text_scale(scale)
    for name, panel in statistics_screens().items():
        for g in views_at_stops(size, panel):
            for t in g.texts:
                where = f"{name} ({lang}, {scale:.0%}, {size}) scrolled {g.offset}px: {t.role} {t.text!r}"
                assert not t.text.endswith("\u2026"), where
                assert inside((t.x, t.y, *font_measure(t.text, t.px)), g.box), (where, g.box)



#: The windows a scrolling screen is checked in: the usual one, the same inside openbox's
#: frame (where the player saw the menu end on an empty box), portrait, and 4:3.
STOP_WINDOWS = [(1280, 720), (1264, 690), (720, 1280), (1024, 768)]


def drawn(g: ScreenGeometry, offset: int) -> dict[tuple, tuple[int, int, int, int]]:
    """What a view draws, each thing by what it is and where it stands unscrolled."""
    out: dict[tuple, tuple[int, int, int, int]] = {}
    for t in g.texts:
        out[("text", t.role, t.text, t.x, t.y + offset)] = (t.x, t.y + offset, *font_measure(t.text, t.px))
    for b in g.buttons:
        out[("button", b.index)] = (b.rect[0], b.rect[1] + offset, *b.rect[2:])
    for r, _state, _today in g.days:
        out[("day", r[0], r[1] + offset)] = (r[0], r[1] + offset, *r[2:])
    if g.chart is not None:
        out[("chart",)] = (g.chart.plot[0], g.chart.plot[1] + offset, *g.chart.plot[2:])
    return out


def pieces(size: tuple[int, int], panel: Panel, px: int) -> tuple[list[tuple[set, set, int]], set]:
    """The pieces of a scrolling screen (laid out as tall as it needs, unscrolled): each as what
    shows it whole, what shows its head (a row's label, value and buttons) and where it ends, and
    everything the screen draws. A row taller than the view (over a long note) is two pieces:
    its head (with its note's first lines), and the rest of its note."""
    from game.ui.scrolling import view_span

    tall = screens_module._screen_at(size, panel, tuple(getattr(panel, "sections", ())), px, font_measure,
                                     tall=True)
    top, bottom = view_span(size, px, tall.title_at[1], font_measure(tall.title, tall.title_px)[1])
    things = drawn(tall, 0)

    def holds(u, x: int, y: int) -> bool:
        return u[0] <= x < u[0] + u[2] and u[1] <= y < u[1] + u[3]

    out = []
    for whole, head in tall.units:
        # A table's line shares the view with its header, kept over it at the top.
        room = bottom - top - next((h[3] for h, part in tall.tables
                                    if holds(part, *whole[:2]) and not holds(h, *whole[:2])), 0)
        in_whole = {k for k, r in things.items() if holds(whole, *r[:2])}
        in_head = {k for k, r in things.items() if holds(head, *r[:2])}
        if not in_head:
            continue
        if head[3] > room:
            # A head taller than the view (the Challenges row at 200% Russian in 1280x720 on some
            # days: a label, a value and two buttons of wrapped words): each thing shows alone.
            out += [({k}, {k}, things[k][1] + things[k][3]) for k in in_whole]
        elif whole[3] <= room:
            out.append((in_whole, in_head, whole[1] + whole[3]))
        else:  # its head (with its note's first lines) and the rest of its note show at a stop each
            rest = {k for k in in_whole - in_head if things[k][1] + things[k][3] - head[1] > room}
            out += [(in_head, in_head, head[1] + head[3]), (rest, rest, whole[1] + whole[3])]
    for b in tall.buttons:  # the buttons no row names (Back) are pieces too
        if not any(holds(whole, *b.rect[:2]) for whole, _head in tall.units):
            out.append(({("button", b.index)},) * 2 + (b.rect[1] + b.rect[3],))
    return out, set(things)


def check_stops(size: tuple[int, int], panel: Panel, where: str) -> bool:
    """Every wheel stop of ``panel`` shows a whole piece (or a row's head), the last one the
    lowest piece, and ▼ shows at every stop but the last, ▲ at every stop but the first; every
    piece shows whole at some stop. False: the screen does not scroll."""
    g = screen_geometry(size, panel)
    if not g.above + g.below:
        return False
    units, everything = pieces(size, panel, g.px)
    assert units, where
    views = [screen_geometry(size, panel, scroll=s) for s in g.stops]
    assert [v.offset for v in views] == list(g.stops), (where, g.stops)
    shown = [set(drawn(v, v.offset)) for v in views]
    for n, (v, now) in enumerate(zip(views, shown)):
        assert any(head <= now for _whole, head, _end in units), (
            f"{where} scrolled {v.offset}px (stops {g.stops}) shows no whole piece")
        assert (v.above > 0) == (v.offset > 0), (f"{where} scrolled {v.offset}px: ▲ {v.above}", g.stops)
        assert (v.below > 0) == (n < len(views) - 1), (f"{where} scrolled {v.offset}px: ▼ {v.below}", g.stops)
    end = max(e for _w, _h, e in units)
    for whole, _head, e in units:
        if e == end:
            assert whole <= shown[-1], (
                f"{where}: the last stop ({g.stops[-1]}px) leaves out the lowest piece {sorted(map(str, whole))[:3]}")
        assert any(whole <= now for now in shown), f"{where}: no stop shows {sorted(map(str, whole))[:3]}"
    # Every line of every note too.
    assert everything <= set().union(*shown), f"{where}: no stop shows {sorted(map(str, everything - set().union(*shown)))[:3]}"
    return True


def scrolling_screens_all() -> dict[str, Panel]:
    """Every screen that may scroll: the menu, the number box, Settings, the statistics on each
    tab, the move lists."""
    return {**scrolling_screens(), **{f"statistics-{k}": p for k, p in chart_and_months().items()}}


@pytest.mark.parametrize("lang", every_language())
@pytest.mark.parametrize("size", STOP_WINDOWS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_scroll_stop_shows_a_whole_piece_and_the_last_the_lowest(size, lang):
    # "At 200% Russian the main menu's last scroll stop shows an empty box, only the title and
    # the ▲": the view scrolled on to the content's end, past a row taller than the view whose
    # head had gone above while its note's lines showed only with it.
    i18n.set_language(lang)
    scrolled = 0
    for scale in (1.0, 1.25, 1.5, 2.0):
        set_text_scale(scale)
        for name, panel in scrolling_screens_all().items():
            scrolled += check_stops(size, panel, f"{name} ({lang}, {scale:.0%}, {size})")
    assert scrolled


@pytest.mark.parametrize("lang", every_language())
@pytest.mark.parametrize("size", STOP_WINDOWS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_menu_scrolls_to_its_last_row_on_every_day_of_a_month(size, lang):
    # "On 12 of December's 31 days the menu ended on an empty box": the day's challenges (their
    # goals' words) set how tall the rows are.
    import datetime

    from conftest import move_day
    from test_screens import sample_progress, sample_stats

    from game.play.menu import Menu, Settings

    i18n.set_language(lang)
    for scale in (1.0, 1.25, 1.5, 2.0):
        set_text_scale(scale)
        for day in range(1, 32):
            move_day(datetime.date(2026, 12, day))
            menu = Menu(Settings(spider_suits=2), sample_stats(), marks=sample_progress)
            menu.open()
            check_stops(size, menu.panel(), f"the menu on 2026-12-{day:02d} ({lang}, {scale:.0%}, {size})")


def uncached(monkeypatch) -> None:
    """Lay each screen out afresh (:func:`layout_once` keeps one layout per size, panel and text
    size in pixels, while the HUD band over which a screen stops grows with Settings' text size)."""
    monkeypatch.setattr(screens_module, "_screen_at", LAY_OUT)


def december_menus():
    """The main menu on each day of December 2026 (the day's challenges set its goals' words):
    ``(day, panel)``, the game's clock on that day."""
    import datetime

    from conftest import move_day
    from test_screens import sample_progress, sample_stats

    from game.play.menu import Menu, Settings

    for day in range(1, 32):
        move_day(datetime.date(2026, 12, day))
        menu = Menu(Settings(spider_suits=2), sample_stats(), marks=sample_progress)
        menu.open()
        yield day, menu.panel()


def sectioned(panel) -> bool:
    """A screen whose sections two columns may lay (two or more, over no table)."""
    return len(getattr(panel, "sections", ())) >= 2 and getattr(panel, "grid", None) is None


def one_column_heights(panel, tall: ScreenGeometry) -> list[int]:
    """How tall each heading and row (a row with its notes) of ``panel``'s sections stands laid
    in one column as wide as the inside of the box ``tall`` (the layout's own flow of rows)."""
    px = tall.px
    inner = tall.box[2] - 2 * max(6, px)
    sections = tuple(panel.sections)
    flow = screens_module._Flow(0, 0, inner, px, font_measure)
    lw = screens_module._label_width(sections, px, font_measure, inner * 3 // 5)
    for n, s in enumerate(sections):
        flow.heading(s.title, n == 0)
        for row in s.rows:
            flow.row(row, panel.buttons, lw)
    return [whole[3] for whole, _head in flow.units] + [lead[3] for lead in flow.leads]


def led(g: ScreenGeometry) -> list[Rect]:
    """Each section heading of ``g`` with the head of the row under it in its column: what a
    scrolling view must show together."""
    out = []
    for whole, _head in g.units:
        if not any(t.role == "heading" and inside((t.x, t.y, 1, 1), whole) for t in g.texts):
            continue
        under = [head for w, head in g.units if w[1] >= whole[1] + whole[3]
                 and w[0] < whole[0] + whole[2] and whole[0] < w[0] + w[2]]
        if under:
            head = min(under, key=lambda h: h[1])
            out.append((whole[0], whole[1], whole[2], head[1] + head[3] - whole[1]))
    return out


def tall_rows(size: tuple[int, int], panel) -> tuple[ScreenGeometry, int, list[Rect]]:
    """The screen laid out to scroll (as tall as it needs), its view's height, and its rows (with
    their notes), and its headings with the head of the row each leads, taller than that view."""
    g = screen_geometry(size, panel)
    tall = screens_module._screen_at(size, panel, tuple(panel.sections), g.px, font_measure, tall=True)
    view = room(tall, size)
    return tall, view, [r for r in [whole for whole, _head in tall.units] + led(tall) if r[3] > view]


def scaled_screens():
    """Every two-column scrolling screen (by name), then the menu on each day of December."""
    yield from ((name, p) for name, p in scrolling_screens_all().items() if sectioned(p))
    yield from ((f"the menu on 2026-12-{day:02d}", p) for day, p in december_menus())


@pytest.mark.parametrize("lang", every_language())
@pytest.mark.parametrize("size", STOP_WINDOWS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_row_is_taller_than_the_view_where_one_column_holds_it(size, lang, monkeypatch):
    # "At 200% Russian in 1280x720 the menu's hard challenge reads «...не больше 3 карт» at one
    # stop and «одновременно и не отменяя ходов» at the next": in the narrow left column its goal
    # wrapped to 6-9 lines and the row stood taller than the view, which one column holds whole.
    uncached(monkeypatch)
    i18n.set_language(lang)
    for scale in (1.25, 1.5, 2.0):
        set_text_scale(scale)
        for name, panel in scaled_screens():
            g = screen_geometry(size, panel)
            if not g.above + g.below:
                continue
            tall, view, over = tall_rows(size, panel)
            if over:
                assert any(h > view for h in one_column_heights(panel, tall)), (
                    f"{name} ({lang}, {scale:.0%}, {size}) in {tall.columns} columns: rows {over} are "
                    f"taller than the view ({view}px), which one column would hold whole")


@pytest.mark.parametrize("lang", every_language())
@pytest.mark.parametrize("size", STOP_WINDOWS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_two_columns_stay_wherever_every_row_fits_the_view(size, lang, monkeypatch):
    # One column only where two would make a row taller than the view: at 100% (nothing
    # scrolls) and wherever every row of two columns shows whole at a stop, the screen is laid
    # out as it was, in two columns.
    uncached(monkeypatch)

    def two_columns(panel) -> ScreenGeometry:
        """The screen as two columns lay it out, whatever their rows' heights."""
        with monkeypatch.context() as m:
            m.setattr(screens_module, "_rows_fit", lambda flows, view: True, raising=False)
            return screen_geometry(size, panel)

    i18n.set_language(lang)
    for scale in (1.0, 1.25, 1.5, 2.0):
        set_text_scale(scale)
        for name, panel in scaled_screens():
            where = f"{name} ({lang}, {scale:.0%}, {size})"
            g, two = screen_geometry(size, panel), two_columns(panel)
            if g == two:
                continue
            assert scale > 1.0, f"{where}: laid out otherwise at 100%"
            with monkeypatch.context() as m:
                m.setattr(screens_module, "_rows_fit", lambda flows, view: True, raising=False)
                _tall, view, over = tall_rows(size, panel)
            assert g.columns == 1 and two.columns == 2 and over, (
                f"{where}: one column where two columns' rows all fit the view ({view}px)")
            assert not tall_rows(size, panel)[2], f"{where}: one column, yet a row is taller than the view"


def orphans(g: ScreenGeometry) -> list[str]:
    """The headings and table heads a view shows with nothing under them: no text of another
    role, button, day or chart below them before the view's end (at the view's top too: where
    two columns would make a heading and what it leads taller than the view, the screen lays
    one column)."""
    things = drawn(g, 0)
    heads = [(k, r) for k, r in things.items() if k[0] == "text" and k[1] in ("heading", "header")]
    rest = [r for k, r in things.items() if not (k[0] == "text" and k[1] in ("heading", "header"))]
    out = []
    for k, r in heads:
        # (anywhere across the panel: a weekday's head may stand over no day in the one week in
        # view, the month beginning later in the week)
        below = [u for u in rest if u[1] >= r[1] + r[3]]
        if not below:
            out.append(f"{k[1]} {k[2]!r} at y={r[1]}")
    return out


@pytest.mark.parametrize("lang", every_language())
@pytest.mark.parametrize("size", STOP_WINDOWS + [(1600, 900)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_scroll_stop_ends_on_a_heading_with_nothing_under_it(size, lang):
    # "Fullscreen at 200% Russian: a stop of the statistics ends on 'Последние партии' and its
    # rule, another on a table's column heads, what they name at the next stop": a heading shows
    # with the head of the piece under it. ("200% Chinese in 1280x720: Settings' 语言 alone at
    # the view's top, its four lines of languages at the next stop": one column holds both.)
    i18n.set_language(lang)
    for scale in (1.0, 1.25, 1.5, 2.0):
        set_text_scale(scale)
        for name, panel in scrolling_screens_all().items():
            for v in views_at_stops(size, panel):
                assert not orphans(v), f"{name} ({lang}, {scale:.0%}, {size}) scrolled {v.offset}px: {orphans(v)}"


def wheeled(size: tuple[int, int], panel: Panel, notches: int) -> list[ScreenGeometry]:
    """The views the wheel shows from one end of ``panel`` to the other, a notch at a time (as
    the window turns it: three lines a notch), from the top (``notches`` 1) or the bottom (-1)."""
    g = screen_geometry(size, panel, scroll=0 if notches > 0 else 10 ** 6)
    views = [g]
    while True:
        wheel = SimpleNamespace(screen=g, scroll=None)
        Overlay.scroll_by(wheel, notches * 3 * g.px)  # type: ignore[arg-type]
        g = screen_geometry(size, panel, scroll=wheel.scroll)
        if g.offset == views[-1].offset:
            return views
        views.append(g)


@pytest.mark.parametrize("lang", every_language())
@pytest.mark.parametrize("size", STOP_WINDOWS + [(1600, 900)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_wheel_passes_nothing_by(size, lang):
    # "Fullscreen at 200% Chinese, the wheel goes from above Settings' 语言 to below it": three
    # lines a notch, on to the next stop, jumped the stops where a tall piece shows whole (语言 with
    # its four lines of languages, the challenges' badge note, the menu's last buttons). Down from
    # the top, and up from the bottom, every piece shows whole at some view the wheel brings.
    i18n.set_language(lang)
    for scale in (1.25, 1.5, 2.0):
        set_text_scale(scale)
        for name, panel in scrolling_screens_all().items():
            g = screen_geometry(size, panel)
            if not g.above + g.below:
                continue
            units, _everything = pieces(size, panel, g.px)
            for notches in (1, -1):
                shown_by_wheel = [set(drawn(v, v.offset)) for v in wheeled(size, panel, notches)]
                passed = [sorted(map(str, whole))[:2] for whole, _head, _end in units
                          if not any(whole <= now for now in shown_by_wheel)]
                assert not passed, f"{name} ({lang}, {scale:.0%}, {size}), wheel {notches:+}: never shows {passed}"
