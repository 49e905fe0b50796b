"""No tofu: every text of every catalog has its glyphs in the font the game sets it in."""

from __future__ import annotations

import pygame
import pytest
from catalogs import catalog

from game import i18n
from game.i18n import LANGUAGES, formats
from game.resources import asset_path
from game.ui import fonts


def texts(code: str) -> list[str]:
    """What the game can show in ``code``: each msgstr (English: each msgid) and every language's name."""
    out = list(LANGUAGES.values())
    for e in catalog("messages" if code == "en" else code):
        if not e.msgid:
            continue
        if code == "en":
            out += [e.msgid] + ([e.msgid_plural] if e.msgid_plural else [])
        else:
            out += [t for t in e.translations if t]
    return out


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_message_renders_without_a_missing_glyph(code):
    pygame.font.init()
    i18n.set_language(code)
    bad = {}
    for text in texts(code):
        name = fonts._pick(text)
        missing = fonts.missing_glyphs(text, name)
        if missing:
            bad[text[:40]] = "".join(missing)
        # And the font really sets it (pygame refuses some text outright).
        assert fonts.text_font(18).render(text, True, (0, 0, 0)).get_width() > 0
    assert bad == {}, "run python3 tools/subset_fonts.py"


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_what_cldr_writes_for_a_language_is_in_its_own_font(code):
    """The calendar's titles and weekday heads and the menu's dates come from CLDR, not the
    catalogs (which the font subsets are made from): they too are in the language's font."""
    i18n.set_language(code)
    try:
        cldr = [*formats.weekday_heads(), formats.grouped(1234567), formats.decimal(0.5), formats.percent(0.75)]
        cldr += [formats.month_and_year(2026, m) + formats.day_and_month(m, 28) for m in range(1, 13)]
    finally:
        i18n.set_language("en")
    own = fonts.font_file_for(code)
    assert {t: fonts.missing_glyphs(t, own) for t in cldr if fonts.missing_glyphs(t, own)} == {}


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != "en"])
def test_a_language_s_own_text_is_in_its_own_font(code):
    # Fallback is for other scripts (the language list); a catalog's text is all in its font.
    own = fonts.font_file_for(code)
    bad = {t[:30]: fonts.missing_glyphs(t, own) for t in texts(code)[len(LANGUAGES):]
           if fonts.missing_glyphs(t, own)}
    assert bad == {}


def test_the_cjk_fonts_hold_everyday_hangul_kana_and_suits():
    hangul = "".join(chr(c) for c in range(0xAC00, 0xD7A4) if len(chr(c).encode("euc_kr", "ignore")) == 2)
    assert len(hangul) == 2350
    assert fonts.missing_glyphs(hangul + "♠♥♦♣…—0123456789ABCxyzㄱㅎㅏ", "NotoSansKR-Bold.otf") == []
    kana = "".join(chr(c) for c in range(0x3041, 0x3097)) + "".join(chr(c) for c in range(0x30A1, 0x30FB))
    assert fonts.missing_glyphs(kana + "組札場札手札山札　、。「」（）０９♠♥♦♣", "NotoSansJP-Bold.otf") == []
    # Simplified Chinese: the 3,755 everyday hanzi of GB 2312 level 1, with the full-width punctuation.
    hanzi = "".join(bytes((row, cell)).decode("gb2312", "ignore")
                    for row in range(0xB0, 0xD8) for cell in range(0xA1, 0xFF))
    assert len(hanzi) == 3755
    assert fonts.missing_glyphs(hanzi + "空当接龙蜘蛛纸牌回收区，。：；？！“”（）～、♠♥♦♣", "NotoSansSC-Bold.otf") == []
    assert fonts.font_file_for("zh_CN") == "NotoSansSC-Bold.otf"
    # A font that lacks a glyph is caught: DejaVu has no Hangul.
    assert fonts.missing_glyphs("한", fonts.LATIN) == ["한"]


def test_the_bundled_cjk_fonts_stay_small():
    sizes = {name: asset_path(name).stat().st_size for name in fonts.FONT_FILES.values()}
    assert sum(sizes.values()) < 4_000_000, sizes


def test_english_keeps_dejavu_and_other_scripts_fall_back():
    pygame.font.init()
    i18n.set_language("en")
    assert fonts._pick("Undo") == fonts.LATIN
    assert fonts._pick("日本語") != fonts.LATIN and not fonts.missing_glyphs("日本語", fonts._pick("日本語"))
    assert fonts.text_size("한국어", 20) == pygame.font.Font(str(asset_path(fonts._pick("한국어"))), 20).size("한국어")


def test_a_remembered_measure_is_the_measure_of_the_language_spoken_now():
    # Layout measures the same words over and over, so text_size remembers them; a
    # change of language (Settings) changes the font the same text is set in.
    pygame.init()
    text = "Wide WWW 1234"
    try:
        for code in (*LANGUAGES, "en"):
            i18n.set_language(code)
            first = fonts.text_size(text, 30)
            assert first == fonts.text_size(text, 30) == fonts._open(fonts._pick(text, code), 30).size(text), code
        assert fonts.text_size(text, 30) != fonts.text_size(text, 15)
    finally:
        i18n.set_language("en")


def test_fonts_opened_before_pygame_started_again_are_opened_anew():
    # A remembered measure no longer opens a font, so setting a label must itself notice
    # that pygame quit and started again since its font was opened (a window made anew).
    pygame.init()
    text = "Deal #1   0:00   0 moves"
    fonts.text_size(text, 21)
    fonts.text_font(21).render("a label set before", True, (255, 255, 255))
    pygame.quit()
    pygame.init()
    assert fonts.text_size(text, 21)[0] > 0  # remembered: no font opened
    face = fonts.text_font(21)
    assert face.render(text, True, (255, 255, 255)).get_width() == face.size(text)[0] > 0
    assert face.get_height() > 0 and face.get_linesize() > 0
