"""Text size (issue 60): a setting of 100%, 125%, 150% or 200% that scales the status line,
the control bar, every panel and question, the help, the menu, statistics and the review.

At 1280x720 and 150% nothing is cut or overlapped in any language; at 200% every screen
fits or scrolls (the focused button always in view), never clipping a line; the control
bar's buttons, and so their hit areas, grow with their text."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest
from conftest import every_language, play_first_moves
from test_screens import move_list_panels, screens, text_box
from test_words_fit import challenge_panels, questions

from game import i18n
from game.freecell.deals import deal as freecell_deal
from game.play.help import HelpBook
from game.play.menu import Menu
from game.play.settings import TEXT_SIZES, Settings
from game.render.camera import hud_band, hud_text_px, set_text_scale, text_scale
from game.session import FreeCellSession, SpiderSession
from game.spider.deals import deal as spider_deal
from game.ui.document import document_geometry
from game.ui.hud import font_measure, hud_geometry, inside, overlaps
from game.ui.question import question_geometry
from game.ui.screens import screen_geometry

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from screenshot import play_moves, table_controller

WINDOW = (1280, 720)
CUT = "\u2026"


@pytest.fixture(params=[150, 200], ids=lambda p: f"{p}%")
def scaled(request):
    set_text_scale(request.param / 100)
    yield request.param
    set_text_scale(1.0)


def test_the_setting_is_offered_remembered_and_checked():
    menu = Menu(Settings())
    menu.open()
    menu.choose("settings")
    panel = menu.panel()
    row = next(r for s in panel.sections for r in s.rows if r.label == "Text size")
    assert [panel.buttons[i].label for i in row.buttons] == ["100%", "125%", "150%", "200%"]
    assert [panel.buttons[i].label for i in row.selected] == ["100%"]
    request = menu.choose("set-text_size=150")
    assert request is not None and request.setting == "text_size"
    assert menu.settings.text_size == 150
    assert menu.choose("set-text_size=175") is None and menu.settings.text_size == 150  # not one offered
    assert Settings.from_dict(menu.settings.to_dict()).text_size == 150
    assert Settings.from_dict({"text_size": 300}).text_size == 100  # a bad value keeps the default
    assert TEXT_SIZES == (100, 125, 150, 200)


def test_choosing_a_size_scales_the_text_and_the_bar_at_once(play_for):
    play = play_for("freecell")
    assert hud_text_px(*WINDOW) == 17 and hud_band(*WINDOW) == 89
    play.settings.text_size = 200
    play.round.apply_settings()
    try:
        assert text_scale() == 2.0
        assert hud_text_px(*WINDOW) == 34 and hud_band(*WINDOW) > 89 * 1.9  # the bar makes room for its text
        assert play.host.size == WINDOW  # the host laid everything out again
        play.settings.text_size = 100
        play.round.apply_settings()
        assert hud_text_px(*WINDOW) == 17
    finally:
        set_text_scale(1.0)


def test_a_saved_size_is_in_force_from_the_start(play_for):
    play_for("spider", text_size=125)
    try:
        assert text_scale() == 1.25 and hud_text_px(*WINDOW) == 21
    finally:
        set_text_scale(1.0)


def _bar(game: str, redo: bool):
    if game == "freecell":
        session: FreeCellSession | SpiderSession = FreeCellSession(1, auto_foundation=False, now=lambda: 0.0)
    else:
        session = SpiderSession(1, 2, now=lambda: 0.0)
    table = table_controller(session, WINDOW)
    if redo:
        table.play(table.position.legal_moves()[0])
        table.undo()
    return table


@pytest.mark.parametrize("lang", every_language())
@pytest.mark.parametrize("game", ["freecell", "spider"])
def test_the_status_line_and_bar_fit_whole_with_buttons_as_tall_as_their_text(scaled, game, lang):
    i18n.set_language(lang)
    try:
        w, h = WINDOW
        base = {}
        for redo in (False, True):
            table = _bar(game, redo)
            geo = hud_geometry(WINDOW, table.status(), "That card cannot go there", table.buttons())
            assert geo.px == hud_text_px(w, h) == round(hud_text_px(w, h) / text_scale() * text_scale())
            pieces = geo.rects()
            for r in pieces:
                assert inside(r, (0, h - hud_band(w, h), w, hud_band(w, h))), r
            for i, a in enumerate(pieces):
                for b in pieces[i + 1:]:
                    assert not overlaps(a, b), (a, b)
            assert not geo.status_text.endswith(CUT) and geo.status_px >= 0.8 * geo.px - 1
            line = font_measure("Ag", geo.button_px)[1]
            for b in geo.buttons:
                assert not b.label.endswith(CUT), b
                tw = font_measure(b.label, geo.button_px)[0]
                # The hit area is the button's box (Overlay.hit): at least the text's line, all its label.
                assert b.rect[3] >= line and b.rect[2] >= tw, (b, line)
            base[redo] = geo
        # The buttons grow with the text: taller than the bar's at 100%, their text larger.
        set_text_scale(1.0)
        plain = hud_geometry(WINDOW, _bar(game, False).status(), "", _bar(game, False).buttons())
        set_text_scale(scaled / 100)
        assert base[False].button_px > plain.button_px
        assert min(b.rect[3] for b in base[False].buttons) > max(b.rect[3] for b in plain.buttons)
    finally:
        i18n.set_language("en")


def _all_screens():
    return {**screens(), **move_list_panels()}


@pytest.mark.parametrize("lang", every_language())
def test_every_screen_fits_or_scrolls_and_never_clips(scaled, lang):
    i18n.set_language(lang)
    try:
        w, h = WINDOW
        px = hud_text_px(w, h)
        for name, panel in _all_screens().items():
            g = screen_geometry(WINDOW, panel)
            assert g.cut == 0, name
            assert g.px >= round(px * 0.85), (name, g.px, px)  # the chosen size, not shrunk back to 100%
            assert inside(g.box, (0, 0, w, h - hud_band(w, h))), name
            for b in g.buttons:
                assert inside(b.rect, g.box), (name, b)
            for i, a in enumerate(g.buttons):
                for b in g.buttons[i + 1:]:
                    assert not overlaps(a.rect, b.rect), (name, a, b)
            for t in g.texts:
                assert inside(text_box(t), g.box), (name, t, g.box)
                assert not any(overlaps(text_box(t), b.rect) for b in g.buttons), (name, t)
            assert not any(t.text.endswith(CUT) for t in g.texts if t.role in ("label", "note", "header", "name"))
            # A button's words wrap, never cut (at 200% the move list's second column once
            # showed "Move J♣ from column 5…", hiding where the card goes).
            cut = [b.label for b in g.buttons if CUT in b.label and CUT not in panel.buttons[b.index].label]
            assert cut == [], (name, cut)
            # All of it shows, or the screen says it scrolls and leaves pieces out whole.
            shown = len(g.buttons) == len(panel.buttons)
            assert shown or g.above + g.below > 0, name
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", ["settings", "statistics", "main", "moves-long"])
def test_a_scrolling_screen_shows_the_focused_button_and_every_button_in_turn(lang, name):
    i18n.set_language(lang)
    set_text_scale(2.0)
    try:
        panel = _all_screens()[name]
        assert screen_geometry(WINDOW, panel).below > 0  # it scrolls at 200%
        seen: set[int] = set()
        for focus in range(len(panel.buttons)):
            from dataclasses import replace

            g = screen_geometry(WINDOW, replace(panel, focus=focus))
            assert focus in {b.index for b in g.buttons}, (focus, panel.buttons[focus])
            seen |= {b.index for b in g.buttons}
        assert seen == set(range(len(panel.buttons)))
    finally:
        set_text_scale(1.0)
        i18n.set_language("en")


@pytest.mark.parametrize("lang", every_language())
@pytest.mark.parametrize("game", ["freecell", "spider"])
def test_every_help_page_sets_whole_at_the_larger_size(scaled, game, lang):
    i18n.set_language(lang)
    try:
        w, h = WINDOW
        px = hud_text_px(w, h)
        book = HelpBook.open(game)
        for n in range(book.pages):
            panel = book.turn(n).panel()
            geo = document_geometry(WINDOW, panel.title, panel.blocks, panel.buttons)
            assert geo.cut == 0, n
            assert geo.body_px >= round(px / text_scale()), n  # never smaller than at 100%
            assert inside(geo.box, (0, 0, w, h - hud_band(w, h)))
            for ln in geo.lines:
                assert inside((ln.x, ln.y, font_measure(ln.text, ln.px)[0], ln.height), geo.box), ln.text
            for b in geo.buttons:
                assert inside(b.rect, geo.box)
    finally:
        i18n.set_language("en")


@functools.cache
def _reviewed():
    """A FreeCell game of three moves with its review open (graded as tools/screenshot.py does,
    with the small budgets of conftest.quick_review and no clock: the pages' layout is the subject)."""
    from game.freecell.review import review_game
    from game.limits import Limit
    from game.play.coach import Coach

    table = table_controller(FreeCellSession(617, auto_foundation="safe", now=lambda: 0.0), WINDOW)
    play_moves(table, ["1a", "2b", "3c"])
    coach = Coach(table.coach_rules)
    start, moves, level, known_lost = coach.rules.played(table.session)
    coach.load(617, review_game(start, moves, level, known_lost=known_lost, states=10_000,
                                par_limit=Limit(20_000, None), total_seconds=float("inf")), table.session)
    table.coach = coach
    table.review_button("review")
    return table


def _boxed(g, size) -> None:
    assert inside(g.box, (0, 0, *size))
    for t in g.texts:
        assert inside(text_box(t), g.box), (t, g.box)
        assert not t.text.endswith(CUT), t
    for b in g.buttons:
        assert inside(b.rect, g.box), b
        assert not b.label.endswith(CUT), b
    for i, a in enumerate(g.buttons):
        for b in g.buttons[i + 1:]:
            assert not overlaps(a.rect, b.rect), (a, b)


@pytest.mark.parametrize("lang", every_language())
def test_every_question_and_review_page_sets_whole(scaled, play_for, lang):
    play = play_for("freecell")
    play_first_moves(play)
    set_text_scale(scaled / 100)  # the play's own settings (100%) were applied as it began
    i18n.set_language(lang)
    try:
        for panel in questions(play) + challenge_panels():
            _boxed(question_geometry(WINDOW, panel, font_measure), WINDOW)
        table = _reviewed()
        for action in ("review", "review-move:1", "review-move:3"):
            table.review_button(action)  # the page in this language, at this size
            assert table.panel is not None
            floor = hud_geometry(WINDOW, "").band[1]  # the control bar's top, as the overlay passes it
            g = question_geometry(WINDOW, table.panel, font_measure, clear=[(250, 350, 90, 130)], floor=floor)
            _boxed(g, WINDOW)
            assert g.box[1] + g.box[3] <= floor  # above the control bar
            assert g.px >= round(hud_text_px(*WINDOW) / text_scale())  # never below 100%
    finally:
        i18n.set_language("en")


def test_the_deal_itself_still_fits_beside_the_larger_bar(scaled):
    from test_layout_fits import card_boxes

    w, h = WINDOW
    for pos in (freecell_deal(1), spider_deal(1, 2)):
        _, boxes = card_boxes(pos, WINDOW)
        for c, box in boxes:
            assert inside(box, (0, 0, w, h - hud_band(w, h))), (c, box)


@pytest.mark.parametrize("name", ["statistics", "settings"])
def test_the_wheel_scrolls_a_screen_from_its_top_to_its_end(name):
    import pygame

    from game.app.pointing import Pointing

    set_text_scale(2.0)
    try:
        panel = _all_screens()[name]
        top = screen_geometry(WINDOW, panel, scroll=0)
        assert top.offset == 0 and top.above == 0 and top.below > 0
        first = min(top.texts, key=lambda t: t.y)  # the first line under the title shows
        assert first.y >= top.title_at[1]
        end = screen_geometry(WINDOW, panel, scroll=10**6)
        assert end.below == 0 and end.above > 0 and 0 < end.offset < 10**6  # held at the screen's end
        assert {b.index for b in end.buttons} >= {len(panel.buttons) - 1}  # its last button (Back) shows
        # The window's wheel: over a screen that scrolls it scrolls three lines a notch, else nothing.
        moved: list[int] = []
        overlay = type("O", (), {"screen": None, "scroll_by": lambda self, px: moved.append(px)})()
        pointing = Pointing(type("A", (), {"overlay": overlay, "size": WINDOW})())
        assert not pointing.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
        overlay.screen = top
        assert pointing.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2))
        assert pointing.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
        assert moved == [6 * top.px, -3 * top.px]
    finally:
        set_text_scale(1.0)
