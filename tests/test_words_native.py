"""What native readers marked down in the catalogs (issue 61), as it reads once filled in.

tests/test_terminology.py forbids words message by message; these tests read the
sentences the game composes (a badge line inside the menu's challenge line, a
challenge's reason after its colon, a list or a range the code joins) and the
messages whose English says which sense a word has (a sampled layout is not a run).
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from catalogs import Entry, catalog

from game import i18n
from game.challenges import ChallengeProgress
from game.challenges.sentences import SENTENCES, say
from game.i18n import formats

ROOT = Path(__file__).resolve().parent.parent



def texts(e: Entry) -> list[str]:
    return list(e.plurals) if e.plurals else [e.msgstr]


@pytest.fixture
def speak():
    """Switch the language for one test; English again after it."""
    yield i18n.set_language
    i18n.set_language("en")


def test_korean_joins_no_clauses_with_a_semicolon():
    """Korean writes two sentences where English joins two clauses with ";"."""
    found = [(e.msgid, t) for e in catalog("ko") if e.msgid for t in texts(e) if re.search(r";\s", t)]
    assert found == []


def test_a_sampled_layout_is_not_a_run_in_japanese():
    """並び is the glossary's run; the fair hint's sampled layouts are 配置."""
    layouts = [e for e in catalog("ja") if re.search(r"layout|may lie|really lie", e.msgid + (e.msgid_plural or ""))]
    assert len(layouts) >= 10
    assert [(e.msgid, t) for e in layouts for t in texts(e) if "並び" in t] == []


@pytest.mark.parametrize("code, adverb", [("ko", r"게$"), ("ja", r"に$"), ("ru", r"^\w+о$")])
def test_the_demo_choices_are_nouns(code, adverb):
    """Spider's Demo asks "Full knowledge" or "Play fair": a button names a thing, not a manner."""
    buttons = {e.msgid: e.msgstr for e in catalog(code) if e.msgid in ("Full knowledge", "Play fair")}
    assert len(buttons) == 2
    assert {k: v for k, v in buttons.items() if re.search(adverb, v)} == {}


def month_of(done_days: int) -> ChallengeProgress:
    """A February whose first ``done_days`` days had all six challenges done on the day."""
    return ChallengeProgress({f"2026-02-{d:02d}": "dddddd" for d in range(1, done_days + 1)})


#: No badge yet, on the way to one, and past the highest (the badge line's two forms).
MONTHS = [0, 2, 25]


@pytest.mark.parametrize("code", ["ko", "ja"])
def test_the_menu_s_challenge_line_reads_as_one_line(code, speak):
    speak(code)
    for days in MONTHS:
        p = month_of(days)
        line = say("menu.streak", badge=p.badge_line(2026, 2), streak=p.streak_line(datetime.date(2026, 2, days or 1)))
        # Korean: a finished sentence (…니다) does not go on after a comma.
        assert not re.search(r"(니다|세요)\s*,", line), line
        # Japanese: one colon, after the heading; the badge and the streak carry none of their own.
        assert line.count("：") <= 1, line
        # Japanese: the heading says チャレンジ; the badge line after it does not say it again.
        assert line.count("チャレンジ") <= 1, line


def reasons() -> list[str]:
    """Every reason a challenge is missed, filled in as the game fills it."""
    values = {"level": say("level.all"), "goal": say("level.safe"), "limit": 40, "moves": 52, "used": 3, "cells": 2}
    return [say(key, **values) for key in SENTENCES if key.startswith("missed.")]


def goals() -> list[str]:
    """Every challenge goal as the game fills it (a sentence of its own: it starts with a capital)."""
    values = {"deal": 617, "game": 12, "moves": 40, "cells": 2, "sets": 3, "suits": say("suits.2")}
    return [say(key, **values) for key in SENTENCES if key.startswith(("freecell.", "spider."))]


def test_a_sentence_filled_in_is_not_capitalised_after_a_colon_in_russian(speak):
    """A missed challenge's reason and a challenge's goal are sentences: Russian puts them
    after a full stop, never after a colon (where the next word starts small)."""
    from game.challenges.sentences import challenge_level

    speak("ru")
    level = challenge_level("hard")
    lines = ([say("play.result.missed", reason=r) for r in reasons()]
             + [say("play.started", level=level, goal=g) for g in goals()]
             + [i18n._("{game}, {level}: {goal}").format(game=i18n._("Spider"), level=level, goal=g) for g in goals()])
    assert len(lines) >= 30
    assert [line for line in lines if re.search(r": [А-ЯЁ]", line)] == []


def test_lists_and_ranges_the_code_joins_are_the_catalog_s(speak):
    """A list or range the code builds is punctuated by the language: Japanese 、 and ～."""
    speak("ja")
    assert formats.listed(["ブロンズ 10", "シルバー 30"]) == "ブロンズ 10、シルバー 30"
    assert formats.number_range(1, 1_000_000) == "1～1,000,000"
    speak("ru")
    assert formats.number_range(1, 999_999) == "от 1 до 999\u00a0999"


def menu_texts(menu) -> list[str]:
    panel = menu.panel()
    out = [panel.title, *panel.lines]
    for section in panel.sections:
        out += [section.title] + [t for row in section.rows for t in (row.label, row.value, row.note,
                                                                       getattr(row, "detail", ""))]
    return [t for t in out if t]


def test_the_menu_s_badges_and_number_box_in_japanese(speak):
    """The statistics' badge thresholds and the number box's range, as a Japanese player reads them."""
    from game.play.menu import Menu, Settings
    from game.stats import Statistics

    speak("ja")
    menu = Menu(Settings(), Statistics(), marks=lambda: month_of(2))
    menu.open()
    menu.choose("statistics")
    menu.choose("chart-challenges")
    shown = menu_texts(menu)
    thresholds = [t for t in shown if t.startswith(i18n._(SENTENCES["calendar.thresholds"]).split("{")[0])]
    assert thresholds and all("、" in t and ", " not in t for t in thresholds), shown
    menu.open()
    menu.choose("freecell-number")
    note = " ".join(menu_texts(menu))
    assert "1～1,000,000" in note and ".." not in note


#: Where the code may join with ", " or "; ": messages for programmers (English only, never shown in the window).
NOT_FOR_PLAYERS = {"game/stats.py", "game/freecell/position.py"}


def test_no_player_facing_list_is_joined_with_english_punctuation():
    """The code joins a player's list with formats.listed (a catalog entry), never a literal ", "."""
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"""(?<![{(])["'](, |; )["']\.join\(""", line) and rel not in NOT_FOR_PLAYERS:
                found.append(f"{rel}:{n}: {line.strip()}")
    assert found == []


def test_the_menu_s_challenge_line_has_one_colon_in_russian(speak):
    """«Испытания дня: …; серия дней: 3» read as two labels on one line: the heading keeps
    the only colon, and the streak says its days without a label of its own."""
    speak("ru")
    for days in MONTHS:
        p = month_of(days)
        line = say("menu.streak", badge=p.badge_line(2026, 2), streak=p.streak_line(datetime.date(2026, 2, days or 1)))
        assert line.count(":") <= 1, line


def test_the_statistics_streak_row_does_not_repeat_its_label_in_russian(speak):
    """The challenges' streak row came as «Серия дней   серия дней: 2 · лучшая серия: 2 дн.»."""
    from game.challenges.sentences import streak_heading
    from game.play.menu import Menu, Settings
    from game.stats import Statistics

    speak("ru")
    menu = Menu(Settings(), Statistics(), marks=lambda: month_of(2))
    menu.open()
    menu.choose("statistics")
    menu.choose("chart-challenges")
    rows = [row for section in menu.panel().sections for row in section.rows if row.label == streak_heading()]
    assert len(rows) == 1
    assert rows[0].value and streak_heading().lower() not in rows[0].value.lower(), rows[0].value


def test_a_hint_after_its_label_is_not_capitalised_after_a_colon_in_russian(speak):
    """A hint is a sentence of its own (the table also shows it alone, with its capital):
    after the label «Подсказка» it follows a full stop, as the table and the terminal show it."""
    from game.commands.textplay import TextGame
    from game.freecell import Move, deal
    from game.freecell.hints import Hint, HintKind, hint_text, known_unsolvable_hint
    from game.play.freecell_table import FreeCellTable
    from game.play.table import TableEnv

    speak("ru")
    pos = deal(1)
    hints = [Hint(0, HintKind.WIN, Move.parse("3a"), 88, 10, 0.1),
             Hint(0, HintKind.UNFINISHED, Move.parse("23"), None, 10, 0.1),
             Hint(0, HintKind.NO_WIN, None, None, 10, 0.1)]
    lines = []
    for hint in hints:
        table = FreeCellTable(TableEnv(auto_foundation=False), 1)
        table._show_hint(hint)
        lines += [table.message, i18n._("Hint: {hint}.").format(hint=hint_text(pos, hint))]
    assert all(line.startswith("Подсказка") for line in lines), lines
    lines.append(TextGame(11982)._hint())  # the terminal's h: a proven deal answers without a search
    lines.append(i18n._("Hint: {text}").format(text=hint_text(deal(11982), known_unsolvable_hint(11982))))
    assert [line for line in lines if re.search(r": [А-ЯЁ]", line)] == []


def test_the_daily_streak_counts_its_days_as_russian_does(speak):
    """«3 дн. подряд» was the catalog's way round a message without plural forms: the streak
    and the best streak now say день / дня / дней as the number asks (1, 2–4, 5–20, 21, 22)."""
    from game.challenges.sentences import streak_days, streak_row

    speak("ru")
    want = {1: "1 день", 2: "2 дня", 4: "4 дня", 5: "5 дней", 11: "11 дней", 14: "14 дней", 21: "21 день", 22: "22 дня"}
    assert {n: streak_days(n) for n in want} == {n: f"{w} подряд" for n, w in want.items()}
    assert {n: streak_row(n, n) for n in want} == {n: f"сейчас {w} \u00b7 рекорд {w}" for n, w in want.items()}
    p = month_of(2)
    assert p.streak_line(datetime.date(2026, 2, 2)) == "2 дня подряд"


def test_a_greyed_bar_button_is_named_without_its_key_in_japanese(speak):
    """The bar names a refused button by what comes before " (" in its label
    ("Undo (U)": Undo), so the key follows the name after a half-width space and the
    sentence quotes the name as the glossary quotes a button: 「元に戻す」はいま使えません."""
    from game.input.actions import Act
    from game.play.bar import BarFocus
    from game.play.panels import Button

    speak("ja")
    labels = ["Undo (U)", "Undo (Z)", "Hint (H)", "Moves (L)", "New deal (N)", "Rewind (R)",
              "Redo (Ctrl+Y)", "Auto-complete (F)", "Stop (F)", "Off (S)", "Deal (D) {deals_left}"]
    said: list[str] = []
    for label in labels:
        bar = (Button(i18n._(label).format(deals_left=5), "x", False),)
        assert BarFocus(0).key(Act.SELECT, bar, press=lambda action: None, say=said.append)
    names = [re.fullmatch(r"「(.+)」はいま使えません", s) for s in said]
    assert all(names), said
    assert [m.group(1) for m in names if m and re.search(r"[()（）]", m.group(1))] == []
    assert said[0] == "「元に戻す」はいま使えません"


def test_the_move_list_s_buttons_are_labels_in_japanese(speak):
    """FreeCell's move list shows each legal move as a button, in the words the hint
    says it: a label names the move (3 列目の 2♥をフリーセルへ), it is not a sentence
    ending in ます; the hint line reads the same words after ヒント：."""
    from game.freecell import deal
    from game.play.move_list import move_list_panel

    speak("ja")
    pos = deal(1)
    moves = [b.label for b in move_list_panel(pos).buttons if str(b.action).startswith("play:")]
    assert len(moves) >= 8
    assert [label for label in moves if re.search(r"ます|です", label)] == []
    assert all(re.search(r"(組札|フリーセル|の上|列目)へ\s+\S+$", label) for label in moves), moves


@pytest.mark.parametrize("lang", sorted(i18n.LANGUAGES))
def test_a_greyed_bar_button_is_named_without_its_key_in_every_language(speak, lang):
    """Whatever a language's typography puts before a key's parenthesis (a space or none,
    half- or full-width), the refusal names the button alone: 되돌리기, not 되돌리기(U)."""
    from game.input.actions import Act
    from game.play.bar import BarFocus
    from game.play.panels import Button

    speak(lang)
    for label in ("Undo (U)", "Hint (H)", "Moves (L)", "New deal (N)", "Redo (Ctrl+Y)", "Deal (D) {deals_left}"):
        shown = i18n._(label).format(deals_left=5)
        said: list[str] = []
        assert BarFocus(0).key(Act.SELECT, (Button(shown, "x", False),), press=lambda action: None,
                               say=said.append)
        key = label[label.index("(") + 1:label.index(")")]
        assert f"({key})" not in said[0] and f"\uff08{key}" not in said[0], (shown, said[0])
        name = re.split(r"\s*[(（]", shown)[0]
        assert name in said[0], (shown, said[0])
