"""Words that fit (issue 38, items 8 and 9): a question wraps in its box instead of
ending in "…", a move button too long for its column wraps to more lines, and the
statistics take the window's width in every language, table whole, chart captioned."""

from __future__ import annotations

import pytest
from conftest import play_first_moves

from game import i18n
from game.i18n.lines import as_sentence
from game.play.panels import Command
from game.ui.hud import font_measure, inside, overlaps
from game.ui.question import question_geometry
from game.ui.screens import screen_geometry

LANGS = ["en", "ko", "ja", "ru", "zh_CN"]
SIZES = [(1024, 768), (800, 600)]
CUT = "\u2026"


def questions(play) -> list:
    """Every question the controller asks over a game with a move in it, helped by
    nothing and by each help (what each says of the statistics differs)."""
    panels = []
    commands = [Command.NEW, Command.GIVE_UP, Command.RESTART] + ([Command.IMPORT] if play.table.game == "freecell" else [])
    helps = ["", "demo", "try", "help"] + (["rewind"] if play.table.game == "freecell" else [])
    for helped in helps:
        play.table.session.helped = helped  # each says its own words of the statistics
        for command in commands:
            play.button(command)
            panels.append(play.table.panel)
            play.button(Command.KEEP)
        play.quit()
        panels.append(play.table.panel)
        play.button(Command.KEEP)
    return [p for p in panels if p is not None]


def challenge_panels() -> list:
    """The challenge's questions and its missed panel, with the longest goal and reason."""
    import datetime

    from game.challenges.days import challenges_for
    from game.challenges.sentences import challenge_level, say
    from game.play.panels import Button, Panel

    goals = [c.sentence() for day in range(1, 15) for c in challenges_for(datetime.date(2026, 11, day))]
    longest = max(goals, key=len)
    reason = say("over.cells", used=3, cells=1)
    buttons = (Button(say("play.keep"), Command.KEEP), Button(say("play.retry"), Command.RETRY))
    return [Panel(say("play.confirm", level=challenge_level("medium")), (longest,),
                  (Button(say("play.keep"), Command.KEEP), Button(say("play.confirm.yes"), Command.CONFIRMED))),
            Panel(say("play.missed.title"), (reason, say("restart")), buttons)]


def words_of(text: str) -> list[str]:
    return text.replace("\n", " ").split()


@pytest.mark.parametrize("lang", LANGS)
def test_every_question_wraps_in_its_box_and_is_never_cut(play_for, lang):
    for game in ("freecell", "spider"):
        play = play_for(game)
        play_first_moves(play)
        i18n.set_language(lang)
        asked = questions(play) + challenge_panels()
        assert len(asked) >= 10
        for size in SIZES:
            for panel in asked:
                g = question_geometry(size, panel, font_measure)
                shown = [t.text for t in g.texts]
                assert not any(t.endswith(CUT) for t in shown), (game, size, shown)
                assert not any(b.label.endswith(CUT) for b in g.buttons), (game, size, g.buttons)
                # Nothing dropped: the lines joined hold every word of the title and the lines.
                source = "".join(words_of(" ".join(as_sentence(t) for t in (panel.title, *panel.lines))))
                assert "".join("".join(words_of(t)) for t in shown) == source, (game, size)
                assert inside(g.box, (0, 0, *size))
                assert all(inside(b.rect, g.box) for b in g.buttons), (game, size)
                assert all(font_measure(t.text, t.px)[0] <= g.box[2] for t in g.texts)
        i18n.set_language("en")


def test_a_question_names_only_what_helped_a_game(play_for):
    """A game the demo played part of: its question names the demo alone, in FreeCell
    too (it used to say "the demo or Rewind" there, whichever it was)."""
    for game in ("spider", "freecell"):
        play = play_for(game)
        play_first_moves(play)
        play.table.session.help_with("demo")
        play.button(Command.NEW)
        note = " ".join(play.table.panel.lines)
        assert "demo" in note and "Rewind" not in note, (game, note)
        play.button(Command.KEEP)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES + [(1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_move_button_is_cut_where_it_could_wrap(lang, size):
    """At 1024x768 (English) and 800x600 (Russian) deal 85's moves to a column ended
    "(onto…" and "из столбц…": the destination hidden while the room was there."""
    from test_screens import move_list_table

    i18n.set_language(lang)
    for table in (move_list_table(), move_list_table(85, ()), move_list_table(1, ())):
        panel = table.move_list()
        g = screen_geometry(size, panel)
        plays = [b for b in g.buttons if b.action.startswith("play:")]
        assert plays and g.cut == 0
        assert [b.label for b in plays if b.label.endswith(CUT)] == [], (lang, size)
        for b in plays:
            whole = panel.buttons[b.index].label
            assert "".join(b.lines).replace(" ", "") == whole.replace(" ", "")
            # Each line fits its button, and the button is tall enough for its lines.
            assert all(font_measure(line, g.px)[0] <= b.rect[2] for line in b.lines)
            assert b.rect[3] >= len(b.lines) * font_measure("Ag", g.px)[1]
            assert inside(b.rect, g.box)
    i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGS)
def test_statistics_take_the_windows_width_in_every_language(lang):
    """Russian statistics were a narrow box of ~10 px text with the table folded in two
    at 1280x720, and the chart's caption was left out in Japanese and Russian."""
    from test_screens import sample_stats

    from game.play.menu import Menu
    from game.play.settings import Settings
    from game.render.camera import hud_text_px

    i18n.set_language(lang)
    menu = Menu(Settings(), sample_stats())
    menu.open()
    menu.choose("statistics")
    panel = menu.panel()
    w, h = 1280, 720
    g = screen_geometry((w, h), panel)
    assert g.cut == 0 and g.box[2] >= w - 2 * max(4, g.px // 2) - 1  # the window's width
    assert g.px >= hud_text_px(w, h) - 2  # text at (about) the HUD's size, not shrunk to fit a fold
    names = [t.text for t in g.texts if t.role == "name"]
    assert names == [row[0] for row in panel.grid.rows]  # one table, each row once
    caption = i18n.ngettext("last {n} game (bar: time)", "last {n} games (bar: time)", 50).format(n=50)
    for size in ((w, h), (800, 600), (420, 900)):  # beside "oldest" and "newest", or on a line of its own
        g = screen_geometry(size, panel)
        axis = [t for t in g.texts if t.role == "axis"]
        assert caption in [t.text for t in axis], size
        boxes = [(t.x, t.y, *font_measure(t.text, t.px)) for t in axis]
        assert not any(overlaps(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]), size
        assert all(inside(b, g.box) for b in boxes) and g.cut == 0, size
    i18n.set_language("en")


def test_each_line_of_a_panel_starts_as_a_sentence():
    """The result panel's par line came as "ходов: 44 — эталон 44" in Russian."""
    from game.challenges.sentences import say
    from game.play.panels import Button, Panel

    i18n.set_language("ru")
    try:
        par = say("par", moves=44, par=44)
        assert par[:1].islower()  # the catalog's form, after a colon elsewhere
        panel = Panel(i18n._("You won!"), (par,), (Button(i18n._("New deal"), Command.NEW),))
        g = question_geometry((800, 600), panel, font_measure)
        assert [t.text for t in g.texts] == [i18n._("You won!"), "Х" + par[1:]]
    finally:
        i18n.set_language("en")
