"""How-to-play pages: both exist, anchors are stable and unique, the
movable-cards section states the SPEC §1.2 formula and examples, refusals
and the capacity figure link to the section that explains them, and the
text rendering wraps to the width."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from freecell_helpers import make

from game import howto
from game.freecell import Move
from game.freecell.position import capacity
from game.help_text import as_text
from game.howto import GAMES, PAGES, page, section_for, section_for_refusal

# Links elsewhere in the game name these anchors: renaming one breaks them.
STABLE = {
    "freecell": {"movable-cards", "building", "free-cells", "foundations", "auto-foundation", "auto-complete",
                 "stuck", "deals", "freecell-hint", "freecell-controls", "freecell-refusals", "freecell-stats",
                 "freecell-tips"},
    "spider": {"spider-building", "sets", "dealing", "difficulty", "scoring", "spider-hint", "spider-controls",
               "spider-refusals", "spider-stats", "spider-tips"},
}


def all_text(game: str) -> str:
    p = page(game)
    # The words a reader sees: the inline marks (**Button**, [Key]) as plain words.
    return "\n".join([p.title] + [s.title + "\n" + "\n".join(howto.plain(t) for t in s.paragraphs)
                                   for s in p.sections])


def test_both_pages_exist():
    assert set(GAMES) == {"freecell", "spider"}
    for game in GAMES:
        p = page(game)
        assert p.game == game and p.title and len(p.sections) >= 8
        for s in p.sections:
            assert s.title and s.paragraphs and all(par.strip() for par in s.paragraphs)
    assert page("Spider-2") is page("spider")  # a statistics key finds its page
    with pytest.raises(KeyError):
        page("klondike")


def test_every_anchor_is_unique_well_formed_and_stable():
    anchors = [s.anchor for p in PAGES.values() for s in p.sections]
    assert len(anchors) == len(set(anchors))
    for a in anchors:
        assert re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", a), a
    for game, wanted in STABLE.items():
        assert wanted <= set(page(game).anchors)
        for anchor in wanted:
            assert section_for(anchor) == (game, anchor)
            assert page(game).section(anchor).anchor == anchor


def test_movable_cards_states_the_formula_and_the_spec_examples():
    text = "\n".join(page("freecell").section("movable-cards").paragraphs)
    assert "(empty free cells + 1) x 2^(empty columns)" in text
    assert "N cards movable" in text
    assert "not counted" in text  # the destination column is not a helper
    # SPEC §1.2 examples, as the page states them ...
    assert "(2 + 1) x 2 = 6" in text and "(2 + 1) x 1 = 3" in text
    assert "4 + 1 = 5" in text and "5 x 2 = 10" in text
    assert "needs 7, can move 6: free a cell or a column" in text
    # ... agree with the rules engine.
    assert capacity(2, 1) == 6 and capacity(2, 1, to_empty_column=True) == 3
    assert capacity(4, 0) == 5 and capacity(4, 1) == 10


def test_the_pages_cover_the_rules_controls_and_scoring():
    fc, sp = all_text("freecell"), all_text("spider")
    for needle in ("52", "seven cards", "six", "alternating colours", "any card", "ace to king",
                   "Auto-complete", "key F", "Easy", "Normal", "Hard", "Japan time", "1,000,000",
                   "11982", "daily-win streak", "Double-click", "Press and hold", "Ctrl+Z", "Gamepad",
                   "D-pad", "Start", "F1"):
        assert needle in fc, needle
    for key in ("U undoes", "H asks for a hint", "N starts a new deal", "F runs auto-complete"):
        assert key in fc, key
    for needle in ("104", "ten columns", "50 cards", "whatever the suit", "ONE suit", "any card or any run",
                   "turns face up", "five times", "fewer than ten cards", "1 suit", "2 suits", "4 suits",
                   "999,999", "500", "100", "1,300", "1,180", "Undo never gives back", "Tab", "D deals",
                   "Z undoes", "stock in the focus ring", "yellow", "green"):
        assert needle in sp, needle


def test_tips_from_the_seed_pages_are_there():
    fc = "\n".join(page("freecell").section("freecell-tips").paragraphs)
    sp = "\n".join(page("spider").section("spider-tips").paragraphs)
    assert "king into an empty column" in fc and "loan" in fc and "Undo is unlimited" in fc
    assert "face-down" in sp and "same suit" in sp and "before dealing" in sp.lower()


def test_pages_are_plain_ascii():
    for game in GAMES:
        as_text(game).encode("ascii")


@pytest.mark.parametrize("topic, game, where", [
    ("movable-cards", None, ("freecell", "movable-cards")),
    ("N cards movable", None, ("freecell", "movable-cards")),
    ("capacity", None, ("freecell", "movable-cards")),
    ("refusals", "freecell", ("freecell", "freecell-refusals")),
    ("refusals", "spider", ("spider", "spider-refusals")),
    ("controls", "spider", ("spider", "spider-controls")),
    ("keyboard", "freecell", ("freecell", "freecell-controls")),
    ("score", None, ("spider", "scoring")),
    ("daily", None, ("freecell", "deals")),
    ("difficulty", "freecell", ("freecell", "deals")),
    ("difficulty", "spider-4", ("spider", "difficulty")),
    ("stock", None, ("spider", "dealing")),
])
def test_section_for(topic, game, where):
    assert section_for(topic, game=game) == where


def test_section_for_unknown_or_ambiguous_topics():
    with pytest.raises(KeyError):
        section_for("klondike")
    with pytest.raises(KeyError):
        section_for("tips")  # both pages have tips
    with pytest.raises(KeyError):
        section_for("scoring", game="freecell")  # Spider's section, not FreeCell's


def test_freecell_refusals_link_to_the_rule_behind_them():
    # 9C..3C is a 7-card run; with 2 free cells and 1 empty column it can carry 6
    # onto a card (SPEC §1.2), so all 7 onto the red 10 is refused for capacity.
    pos = make(["* TH", "* 9C 8H 7C 6D 5S 4H 3C", "", "* 5D"], cells="QS KS - -")
    assert pos.capacity() == 6
    cases = {
        "21v7": "movable-cards",  # needs 7, can move 6
        "23v7": "movable-cards",  # 7 into the empty column: capacity 3
        "2a": "free-cells",       # free cell a is occupied
        "ab": "free-cells",       # cell to cell
        "2h": "foundations",      # 3C cannot go home yet
        "24": "building",         # 3C does not go on ...
    }
    for text, anchor in cases.items():
        reason = pos.why_illegal(Move.parse(text))
        assert reason is not None, text
        assert section_for_refusal("freecell", reason) == ("freecell", anchor), (text, reason)
    assert "7 cards can't move at once: only 6 can now" in pos.why_illegal(Move.parse("21v7"))
    # Not a run: the 8 of spades breaks it.
    broken = make(["* TH", "* 9C 8S 7H", ""])
    reason = broken.why_illegal(Move.parse("21v3"))
    assert section_for_refusal("freecell", reason) == ("freecell", "movable-cards")
    # Anything else leads to the general section.
    assert section_for_refusal("freecell", "column 3 is empty") == ("freecell", "freecell-refusals")


def test_spider_refusals_link_to_the_rule_behind_them():
    from game.spider import Move as SpiderMove
    from game.spider import deal

    pos = deal(1, suits=4)
    reasons = [pos.why_illegal(SpiderMove.parse(f"move {s} {d} 1")) for s in range(1, 11) for d in range(1, 11)
               if s != d]
    doesnt_fit = [r for r in reasons if r and "can't go on" in r]
    assert doesnt_fit
    for reason in doesnt_fit:
        assert section_for_refusal("spider", reason) == ("spider", "spider-building")
    assert section_for_refusal("spider", "the stock can't be dealt while a column is empty: fill column 4 first") == \
        ("spider", "dealing")
    assert section_for_refusal("spider", "the stock is empty: no rows are left to deal") == ("spider", "dealing")
    assert section_for_refusal("spider", "only a same-suit run moves together: 9♠ 8♥ is not one") == \
        ("spider", "spider-building")
    assert section_for_refusal("spider", "column 1 has only 1 face-up card: face-down cards don't move") == \
        ("spider", "spider-refusals")


@pytest.mark.parametrize("width", [20, 33, 50, 78, 120])
@pytest.mark.parametrize("game", GAMES)
def test_text_rendering_wraps_to_the_width(game, width):
    text = as_text(game, width=width)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= width
    assert lines[0] == page(game).title or width < len(page(game).title)
    # Nothing is lost: every word of the page is in the text.
    words = re.findall(r"\S+", all_text(game))
    flat = " ".join(text.split())
    assert all(w in flat for w in words)
    for s in page(game).sections:
        section = as_text(game, width=width, anchor=s.anchor)
        assert max(len(line) for line in section.splitlines()) <= width
        assert " ".join(section.split()) in flat


def test_list_items_keep_a_hanging_indent():
    text = as_text("freecell", width=60, anchor="freecell-tips")
    lines = text.splitlines()
    items = [i for i, line in enumerate(lines) if line.startswith("  - ")]
    assert len(items) == len(page("freecell").section("freecell-tips").paragraphs)
    for _i, line in enumerate(lines[items[0]:], items[0]):
        assert line.startswith(("  - ", "    "))


def test_too_narrow_and_unknown_anchor():
    with pytest.raises(ValueError):
        as_text("freecell", width=10)
    with pytest.raises(KeyError):
        as_text("spider", anchor="movable-cards")


def test_module_is_pure_python():
    import ast
    tree = ast.parse(Path(howto.__file__).read_text(encoding="utf-8"))
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert not imported & {"pygame", "moderngl", "glm"}
