"""How to play as a document panel (issue 14, item 5): pages broken at
sections, headings never stranded, navigation only with more than one page,
the panel laid out left-aligned and wrapped inside its box at every window
shape, and drawn by the overlay."""

from __future__ import annotations

import itertools
import os

import pytest

from game.howto import GAMES, Bullets, Heading, Paragraph, blocks, page, plain
from game.input import Act, Action
from game.play import NullHost, Play
from game.play.help import LINES_PER_PAGE, HelpBook, cost, paginate
from game.play.panels import Button, Panel
from game.render.camera import hud_band, hud_text_px
from game.store import Store
from game.ui.document import document_geometry
from game.ui.hud import font_measure, inside

SIZES = [(1280, 720), (800, 600), (700, 1000), (1024, 768), (640, 480)]


def flat(leaves) -> list[tuple[str, str]]:
    """The blocks of the pages in order, as (kind, text) per heading, paragraph and list item."""
    out = []
    for leaf in leaves:
        for b in leaf:
            if isinstance(b, Heading):
                if not b.text.endswith(" (continued)"):
                    out.append(("h", b.text))
            elif isinstance(b, Bullets):
                out.extend(("i", item) for item in b.items)
            else:
                out.append(("p", b.text))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_pages_break_at_sections_and_lose_nothing(game):
    book = HelpBook.open(game)
    assert book.title == page(game).title
    doc = [b for b in blocks(game) if not (isinstance(b, Heading) and b.level == 1)]
    assert flat(book.leaves) == flat([doc])
    for leaf in book.leaves:
        assert isinstance(leaf[0], Heading)  # every page starts at a heading
        assert not isinstance(leaf[-1], Heading)  # and never ends on one
        for a, b in itertools.pairwise(leaf):
            assert not (isinstance(a, Heading) and isinstance(b, Heading))
            assert not (isinstance(a, Bullets) and isinstance(b, Bullets))  # a list stays one list
        # Within the budget, unless the page is one heading and one block that cannot be cut.
        assert sum(cost(b) for b in leaf) <= LINES_PER_PAGE or len(leaf) == 2 or \
            (len(leaf) == 3 and leaf[0].text.endswith("(continued)"))


@pytest.mark.parametrize("game", GAMES)
def test_a_section_that_fits_a_page_is_never_split(game):
    book = HelpBook.open(game)
    for section in page(game).sections:
        if sum(cost(b) for b in section.blocks) <= LINES_PER_PAGE:
            holding = [i for i, leaf in enumerate(book.leaves)
                       if any(isinstance(b, Heading) and b.text.startswith(section.title) for b in leaf)]
            assert len(holding) == 1, section.anchor


def test_a_long_section_goes_on_under_continued():
    # The page before is more than half full: the long section starts a page of its own.
    doc = [Heading("Short"), Paragraph("a " * 100), Heading("Long")] + [Paragraph(f"p{i} " * 60) for i in range(6)]
    leaves = paginate(doc, lines=12)
    assert [leaf[0].text for leaf in leaves] == ["Short", "Long", "Long (continued)", "Long (continued)"]
    assert flat(leaves) == flat([doc])
    # A mostly empty page takes the long section's start, heading and first block together.
    doc = [Heading("Short"), Paragraph("a"), Heading("Long")] + [Paragraph(f"p{i} " * 60) for i in range(6)]
    leaves = paginate(doc, lines=12)
    assert [type(b).__name__ for b in leaves[0]] == ["Heading", "Paragraph", "Heading", "Paragraph"]
    assert leaves[1][0].text == "Long (continued)"
    assert flat(leaves) == flat([doc])


def test_a_list_too_long_for_a_page_breaks_between_items():
    doc = [Heading("List"), Bullets(tuple(f"item {i} " * 12 for i in range(12)))]
    leaves = paginate(doc, lines=10)
    assert len(leaves) > 1
    assert all(isinstance(leaf[-1], Bullets) for leaf in leaves)
    assert flat(leaves) == flat([doc])


def test_navigation_only_with_more_than_one_page_and_greyed_at_the_ends():
    book = HelpBook.open("freecell")
    assert book.pages > 2
    first = book.panel()
    assert first.title == f"How to play FreeCell (1/{book.pages})"
    assert [(b.label, b.action, b.enabled) for b in first.buttons] == [
        ("Previous page", "help-prev", False), ("Next page", "help-next", True), ("Close", "close", True)]
    assert first.buttons[first.focus].action == "help-next"
    middle = book.turn(1).panel()
    assert [b.enabled for b in middle.buttons] == [True, True, True]
    last = book.turn(book.pages + 5)
    assert last.page == book.pages - 1 and book.turn(-3).page == 0
    lp = last.panel()
    assert [b.enabled for b in lp.buttons] == [True, False, True]
    assert lp.buttons[lp.focus].action == "close"
    one = HelpBook((book.leaves[0],), "How to play FreeCell")
    assert one.pages == 1
    assert one.panel().title == "How to play FreeCell"
    assert [b.action for b in one.panel().buttons] == ["close"]


def test_help_for_a_refusal_is_its_section_alone():
    book = HelpBook.open("freecell", "needs 7, can move 6: free a cell or a column")
    headings = {b.text for leaf in book.leaves for b in leaf if isinstance(b, Heading)}
    assert {h.replace(" (continued)", "") for h in headings} == \
        {page("freecell").section("movable-cards").title}


def test_the_panel_is_a_document_and_ordinary_panels_are_unchanged():
    panel = HelpBook.open("spider").panel()
    assert panel.blocks and panel.lines == ()
    assert Panel("You won!", ("Deal #617",)).blocks == ()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_every_page_sets_inside_its_box_left_aligned(game, size):
    w, h = size
    px = hud_text_px(w, h)
    book = HelpBook.open(game)
    for n in range(book.pages):
        panel = book.turn(n).panel()
        geo = document_geometry(size, panel.title, panel.blocks, panel.buttons)
        assert geo.cut == 0, (n, size)
        box = geo.box
        assert inside(box, (0, 0, w, h - hud_band(w, h)))  # above the control bar
        if size in ((1280, 720), (800, 600), (700, 1000)):
            assert geo.body_px == px, (n, size)  # full size where the pages were made to fit
        left = {ln.x for ln in geo.lines if ln.role == "heading"}
        assert len(left) == 1  # headings and paragraphs share one left edge
        body_x = {ln.x for ln in geo.lines if ln.role == "text" and ln.x in left}
        assert body_x <= left
        for ln in geo.lines:
            width = font_measure(ln.text, ln.px)[0]
            assert inside((ln.x, ln.y, width, ln.height), box), (ln.text, size)
            assert "===" not in ln.text and "---" not in ln.text
        assert geo.lines[-1].role != "heading"
        ys = [ln.y for ln in geo.lines]
        assert ys == sorted(ys) and len(set(ys)) == len(ys)
        for b in geo.buttons:
            assert inside(b.rect, box)
            assert b.rect[1] >= geo.lines[-1].y + geo.lines[-1].height
        assert [b.label for b in geo.buttons] == [b.label for b in panel.buttons]


def test_headings_are_larger_and_the_text_wraps_to_the_box():
    panel = HelpBook.open("freecell").panel()
    geo = document_geometry((1280, 720), panel.title, panel.blocks, panel.buttons)
    heads = [ln for ln in geo.lines if ln.role == "heading"]
    body = [ln for ln in geo.lines if ln.role != "heading"]
    assert heads and body and min(h.px for h in heads) > max(b.px for b in body)
    # Wrapped, not cut: the words of the page's paragraphs are all on the lines.
    words = " ".join(plain(b.text) for b in panel.blocks if isinstance(b, Paragraph)).split()
    shown = " ".join(ln.text for ln in body).split()
    assert all(w in shown for w in words)
    assert len(body) > len([b for b in panel.blocks if isinstance(b, Paragraph)])  # more lines than paragraphs


def test_list_items_hang_from_a_bullet():
    book = HelpBook.open("freecell")
    leaf = next(i for i, lf in enumerate(book.leaves) if any(isinstance(b, Bullets) for b in lf))
    panel = book.turn(leaf).panel()
    geo = document_geometry((800, 600), panel.title, panel.blocks, panel.buttons)
    bullets = [ln for ln in geo.lines if ln.role == "bullet"]
    assert bullets
    items = sum(len(b.items) for b in panel.blocks if isinstance(b, Bullets))
    assert len(bullets) == items
    margin = min(ln.x for ln in geo.lines)
    assert all(ln.x > margin and ln.bullet_x < ln.x for ln in bullets)


@pytest.fixture
def play(tmp_path):
    store = Store(str(tmp_path / "data"))
    store.save("settings", {"live_winnability": False})
    p = Play(NullHost(), "freecell", 1, now=lambda: 0.0, store=store)
    yield p
    p.close()


def test_f1_opens_the_book_the_keys_turn_it_and_esc_closes_it(play):
    play.act(Action(Act.HELP))
    panel = play.table.panel
    assert panel is not None and panel.blocks and panel.title.startswith("How to play FreeCell (1/")
    play.act(Action(Act.SELECT))  # the focus is on Next page
    assert play.table.panel.title.startswith("How to play FreeCell (2/")
    play.button("help-prev")
    assert play.table.panel.title.startswith("How to play FreeCell (1/")
    play.button("help-prev")  # greyed out on the first page: nothing moves
    assert play.table.panel.title.startswith("How to play FreeCell (1/")
    play.act(Action(Act.CANCEL))
    assert play.table.panel is None and not play.menu.is_open


def test_the_menus_how_to_play_opens_the_same_book(play):
    play.act(Action(Act.MENU))
    play.button("help")
    assert play.table.panel is not None and play.table.panel.blocks
    assert play.table.panel.blocks == HelpBook.open("freecell").panel().blocks


@pytest.fixture(scope="module")
def gl():
    moderngl = pytest.importorskip("moderngl")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    try:
        context = moderngl.create_standalone_context(backend="egl")
    except Exception as exc:  # noqa: BLE001  # no EGL here: the layout tests above still ran
        pytest.skip(f"no EGL context: {exc}")
    yield context
    context.release()


def test_the_overlay_draws_the_document_and_greyed_buttons_take_no_click(gl):
    from game.ui.overlay import Overlay

    overlay = Overlay(gl, (800, 600))
    try:
        panel = HelpBook.open("freecell").panel()
        assert overlay.update("Deal #1", "", (Button("Menu", "menu"),), panel)
        geo = overlay.document
        assert geo is not None
        prev, nxt, close = geo.buttons
        centre = lambda r: (r[0] + r[2] // 2, r[1] + r[3] // 2)  # noqa: E731
        assert overlay.hit(centre(prev.rect)) is None
        assert overlay.hit(centre(nxt.rect)) == "help-next"
        assert overlay.hit(centre(close.rect)) == "close"
        assert overlay.covers(centre(geo.box))
        # An ordinary panel is drawn as before, with no document.
        overlay.update("Deal #1", "", (), Panel("Give up this game?", ("really?",), (Button("Keep playing", "keep"),)))
        assert overlay.document is None
    finally:
        overlay.release()
