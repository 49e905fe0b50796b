"""Two sentences the Chinese catalog could not say well (issue 60's catalog notes).

- A refusal about an empty place names it in a sentence of its own kind: the one
  "{place} is empty" read «空当 a是空的» in Chinese (an empty slot "is empty", and the
  letter run into the next word); a column and a free cell now each have theirs.
- The Spider status line (and the result, the menu) name the level as the rest of the game does: the
  menu's words for 1, 2 and 4 suits (Chinese 单色 / 双色 / 四色), not «2 种花色».
"""

from __future__ import annotations

import re

import pytest
from conftest import settings_panel
from freecell_helpers import make

from game import i18n
from game.freecell import Move
from game.freecell.moves import COLUMNS
from game.play.settings import Settings
from game.play.spider_table import SpiderTable
from game.play.table import TableEnv

LANGS = ["en", "ko", "ja", "ru", "zh_CN"]
HAN = "\u4e00-\u9fff"


@pytest.mark.parametrize("lang", LANGS)
def test_an_empty_free_cell_is_said_as_its_language_says_it(lang):
    i18n.set_language(lang)
    try:
        said = make([]).why_illegal(Move.of(COLUMNS, 0))  # free cell a holds nothing
        assert said == i18n._("free cell {cell} is empty").format(cell="a")
        if lang == "zh_CN":
            # A Latin letter and a Chinese word take a half-width space between them (the glossary).
            assert not re.search(rf"[A-Za-z0-9][{HAN}]|[{HAN}][A-Za-z0-9]", said), said
            assert "是空的" not in said  # a free cell (空当, an "empty slot") is not said to be empty
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGS)
def test_an_empty_column_is_said_by_its_own_message(lang):
    i18n.set_language(lang)
    try:
        position = make([""])  # column 1 empty
        assert position.why_illegal(Move.of(0, 1)) == i18n._("column {n} is empty").format(n=1)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("suits", [1, 2, 4])
def test_the_spider_status_line_names_the_level_as_settings_does(lang, suits):
    i18n.set_language(lang)
    try:
        panel = settings_panel(Settings(spider_suits=suits))
        # The Settings row "Winnable deals only" names the levels: "Spider 1 suit", "2 suits", "4 suits".
        action = f"set-winnable_spider_{suits}"
        level = next(b.label for b in panel.buttons if b.action == action)
        table = SpiderTable(TableEnv(now=lambda: 0.0), 3, suits)
        status = table.status()
        word = level if suits > 1 else i18n._("1 suit")
        assert word in status, (status, word)
        if lang == "zh_CN":
            assert "种花色" not in status
            assert {1: "单色", 2: "双色", 4: "四色"}[suits] in status
    finally:
        i18n.set_language("en")


def test_a_move_from_a_free_cell_says_the_card_lies_in_it_in_chinese():
    """«把空当的 7♥» (the free cell's 7♥) read as if the cell owned the card; a card lies in a free
    cell (把空当里的 7♥), as it lies in a column (把第 1 列的 8♠). Every sentence that starts a move
    from a free cell (the move list, the hints) says so, whatever the move's end."""
    from game.freecell.hints import move_sentence

    i18n.set_language("zh_CN")
    try:
        position = make(["* 8S", ""], cells="7H - - -", found="H-6")
        from_cell = [move_sentence(position, Move.parse(m)) for m in ("ah", "a1", "a2")]
        for said in from_cell:
            assert "空当的" not in said, said
            assert said.startswith("把空当里的 7♥ "), said
        # A column keeps its own words, and the sentence it ends in (to a free cell) is unchanged.
        assert move_sentence(position, Move.parse("1b")) == "把第 1 列的 8♠ 移到空当"
        assert len({s.split(" ", 2)[2] for s in from_cell}) == 3, from_cell  # three different ends
    finally:
        i18n.set_language("en")
