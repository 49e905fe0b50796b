"""Where the game's own text may break into lines, and how wide it is on a terminal.

The game sets its text itself (pygame fonts, the terminal help), so it breaks
lines itself. Babel has no line breaking, and a full UAX #14 library would
still need the game's own rules on top: a number stays with the word it counts,
a dash never starts a line (Russian typesetting), and Japanese and Chinese
kinsoku. These few rules are what the game needs, no more. A layout cuts its
text with :func:`words` at the spaces a line may break at, then each word with
:func:`breaks` where a line may break inside it, and fits the pieces to its
width; the terminal measures them with :func:`display_width`::

    >>> from game.i18n.lines import breaks, display_width, words
    >>> words("собрать 1 масть — легко")
    ['собрать', '1 масть —', 'легко']
    >>> [piece for word in words("残り3枚。次へ") for piece in breaks(word)]
    ['残', 'り', '3枚。', '次', 'へ']
    >>> display_width("フリーセル 3")
    12

A message shown on its own starts with a capital (:func:`as_sentence`). Nothing
here depends on the current language: the rules hold for every script at once.
"""

from __future__ import annotations

import itertools
import re

__all__ = ["BREAKABLE_SPACE", "DASHES", "as_sentence", "breaks", "display_width", "ends_in_number", "words",
           "wrap_columns"]

# Japanese (and Chinese) runs no spaces between words: a line may break between any two
# kanji or kana, except before closing punctuation and small kana, or after an opening
# bracket (the basic kinsoku rules). Korean spaces its words and breaks at the spaces.
_NO_START = set("、。，．・：；？！ー～」』）］｝〕〉》】〙〗”’ゝゞヽヾぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
                "…‥,.:;?!)]}%")
_NO_END = set("「『（［｛〔〈《【〘〖“‘([{")


def _wide_script(ch: str) -> bool:
    o = ord(ch)
    return (0x3000 <= o <= 0x30FF or 0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF
            or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF or o >= 0x20000)


#: The spaces a line may break at: any white space but the no-break ones (U+00A0, the
#: narrow U+202F, the figure space U+2007), which hold "1 000 000" and "5 %" together.
BREAKABLE_SPACE = re.compile(r"[^\S\u00a0\u202f\u2007]+")
DASHES = "\u2014\u2013"  # a line never starts with an em or en dash
SEPARATOR = "\u00b7"  # nor with the dot between two parts of a line ("No badge yet · 4 of 10")


def ends_in_number(word: str) -> bool:
    """Whether ``word`` ends in a number ("12", "1\u00a0000", "：52"): a line never breaks
    after it, so the number stays with the word it counts ("1 масть", "52 枚").

    >>> ends_in_number("1\u00a0000"), ends_in_number("10♠")
    (True, False)
    """
    return word[-1:].isdigit()


def words(text: str) -> list[str]:
    """``text`` cut where a line may break at a space: not at a no-break space, not
    before a dash (it stays with the word before it, as Russian typesetting wants), nor
    before the middle dot between two parts of a value (a line never opens on it), and
    not after a number (it stays with the word it counts).

    >>> words("1\u00a0000 ходов — по шесть")
    ['1\xa0000 ходов —', 'по', 'шесть']
    >>> words("собрать 1 масть")
    ['собрать', '1 масть']
    >>> words("No badge yet \u00b7 4 of 10")
    ['No', 'badge', 'yet \xb7', '4 of', '10']
    """
    out: list[str] = []
    glue = False
    for word in BREAKABLE_SPACE.split(text):
        if not word:
            continue
        if out and (glue or word[0] in DASHES or word == SEPARATOR):
            out[-1] += " " + word
        else:
            out.append(word)
        glue = ends_in_number(word)
    return out


def _katakana(ch: str) -> bool:
    """A katakana letter or the long-vowel mark (ー), full or half width; not the ・ that
    separates two katakana words, where a line may break."""
    o = ord(ch)
    return (0x30A1 <= o <= 0x30FA or 0x30FC <= o <= 0x30FF or 0x31F0 <= o <= 0x31FF
            or 0xFF66 <= o <= 0xFF9F)


def _digit(ch: str) -> bool:
    return "0" <= ch <= "9" or "０" <= ch <= "９"


def breaks(word: str) -> list[str]:
    """``word`` (no spaces in it) cut where a line may break inside it: between Japanese
    characters, never before 。 or ー nor after 「, never inside a katakana word
    (ゲーム, クリア), and never between a number and its counter (3枚). Any other
    word stays whole.

    >>> breaks("組札に置きます。"), breaks("free"), breaks("「10♠」を")
    (['組', '札', 'に', '置', 'き', 'ま', 'す。'], ['free'], ['「10♠」', 'を'])
    >>> breaks("ゲームをクリア"), breaks("残り3枚")
    (['ゲーム', 'を', 'クリア'], ['残', 'り', '3枚'])
    """
    if word.isascii() or not any(_wide_script(c) for c in word):
        return [word]
    out = [word[0]]
    for prev, ch in itertools.pairwise(word):
        whole = (ch in _NO_START or prev in _NO_END or (_katakana(prev) and _katakana(ch))
                 or (_digit(prev) and not _digit(ch)) or " " in (prev, ch)
                 or not (_wide_script(prev) or _wide_script(ch)))
        if whole:
            out[-1] += ch
        else:
            out.append(ch)
    return out


def display_width(text: str) -> int:
    """Columns ``text`` takes on a terminal: East Asian wide and full-width characters count two.

    Kept here rather than taken from a library (wcwidth): the terminal help only needs
    wide against narrow for the scripts the catalogs use, which the standard library's
    Unicode table answers, and a dependency for one line would cost more than it saves.

    >>> display_width("abc"), display_width("フリーセル")
    (3, 10)
    """
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap_columns(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    """``text`` as terminal lines at most ``width`` columns wide (:func:`display_width`), the
    first after ``first``, the others after ``rest``: broken at the spaces :func:`words`
    allows and inside a word where :func:`breaks` does. A piece wider than a line stands
    alone on one.

    >>> wrap_columns("スート数 1、2、4（既定 1）", 12)
    ['スート数 1、', '2、4（既定', '1）']
    >>> wrap_columns("собрать 1 масть — легко", 16, "- ", "  ")
    ['- собрать', '  1 масть —', '  легко']
    """
    lines: list[str] = []
    line, used, empty = first, display_width(first), True
    units = [piece for word in words(text)
             # A number and its word stay together only where they fit on a line together.
             for piece in ([word] if display_width(word) <= width - display_width(rest) or len(breaks(word)) > 1
                           else word.split(" "))]
    for word in units:
        for i, part in enumerate(breaks(word)):
            gap = "" if empty or i else " "
            w = display_width(part)
            if not empty and used + len(gap) + w > width:
                lines.append(line)
                line, used, gap = rest, display_width(rest), ""
            line += gap + part
            used += len(gap) + w
            empty = False
    if not empty:
        lines.append(line)
    return lines


def as_sentence(text: str) -> str:
    """``text`` as a line said on its own starts: with a capital letter. A message the
    terminal prints after "solitaire: " starts in lower case; the window's message line
    and notes show the same message as a sentence (cards, numbers and scripts without
    capitals stay as they are).

    >>> as_sentence("the stock is empty"), as_sentence("6♠ can't go on 9♣"), as_sentence("столбец 3 пуст")
    ('The stock is empty', "6♠ can't go on 9♣", 'Столбец 3 пуст')
    """
    return text[:1].upper() + text[1:] if text[:1].islower() else text
