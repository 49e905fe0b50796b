"""The game's languages: message catalogs, the current language, plurals, numbers and dates.

Every string a player reads goes through one of these calls, with named
placeholders filled in *after* translation (a translator may move them)::

    >>> from game.i18n import _, ngettext, set_language
    >>> set_language("en")
    >>> _("{card} can't go on {target}: {why}").format(card="7♦", target="4♥", why="...")
    "7♦ can't go on 4♥: ..."
    >>> ngettext("{n} move", "{n} moves", 5).format(n=5)
    '5 moves'

The catalogs are GNU gettext files kept with Babel's tools (docs/translating.md
has the commands): ``game/locale/messages.pot`` is extracted from the code by
``pybabel extract``, each language's ``game/locale/<code>/LC_MESSAGES/messages.po``
is merged with ``pybabel update`` and compiled to the ``messages.mo`` beside it
with ``pybabel compile``. The compiled files are committed (tests/test_i18n.py
checks they match their ``.po``), so a clean clone, the wheel and the bundle all
read them as they are. A missing or damaged catalog leaves the game in English,
with one line on standard error saying why.

What the language decides beyond the words comes from CLDR through Babel: which
plural form a count takes, how numbers group and mark decimals, how a month and
a date are written, the calendar's weekday heads and the first day of the week,
and which system locales mean a language. A new language needs its catalog and
its line in ``_LANGUAGE_TABLE`` below (with its font file where DejaVu Sans lacks
its script), no other code. Babel is imported as a language is chosen.

What stays here is what no library does for this game: line breaking for the
game's own text layout (:func:`words`, :func:`breaks`: Babel breaks no lines,
and a UAX #14 library would still need the game's rules on top: a number keeps
the word it counts, a dash never starts a line, Japanese and Chinese kinsoku),
terminal widths (:func:`display_width`), the tests' pseudo-language
(:func:`pseudo_text`) and the system's language as gettext reads it
(:func:`detect_language`, which Babel's ``default_locale`` is not).

The language can change at any moment (Settings), so a string defined at
import time is only *marked* with :func:`N_` and translated where it is
shown; nothing translated is ever kept.
"""

from __future__ import annotations

import datetime
import functools
import gettext
import io
import itertools
import os
import re
import stat
import string
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel import Locale

__all__ = ["BREAKABLE_SPACE", "DASHES", "LANGUAGES", "LANGUAGE_FONTS", "N_", "PSEUDO", "_", "as_sentence", "breaks",
           "catalog_path", "cldr_locale", "compiled_path", "day_and_month", "decimal", "detect_language",
           "display_width", "ends_in_number", "first_weekday", "grouped", "language", "language_from_locale", "listed",
           "month_and_year", "ngettext", "npgettext", "number_range", "percent", "pgettext", "placeholders",
           "plural_index", "pseudo_text", "set_language", "weekday_heads", "words"]

#: The languages a player can choose, in the order Settings lists them: the code (a CLDR
#: locale name, and the catalog's folder under game/locale/), the language's name in itself
#: (as the Settings list shows it), and the bundled font its script needs where DejaVu Sans
#: has none ("": DejaVu's). The one list of languages: everything else that differs by
#: language (plurals, numbers, dates, weeks, the system locales that mean it, the settings
#: file's choices, the fonts) derives from it and from CLDR.
_LANGUAGE_TABLE: tuple[tuple[str, str, str], ...] = (
    ("en", "English", ""),
    ("ko", "한국어", "NotoSansKR-Bold.otf"),
    ("ja", "日本語", "NotoSansJP-Bold.otf"),
    ("ru", "Русский", ""),
    ("zh_CN", "简体中文", "NotoSansSC-Bold.otf"),
)

#: The languages a player can choose, each named in itself (code -> name).
LANGUAGES: dict[str, str] = {code: name for code, name, _font in _LANGUAGE_TABLE}

#: The bundled font of each language whose script DejaVu Sans lacks (code -> font file under assets/).
LANGUAGE_FONTS: dict[str, str] = {code: font for code, _name, font in _LANGUAGE_TABLE if font}

#: A pseudo-language for tests only (never offered to players): every msgstr is its
#: msgid in « » and about 40% longer, so a screen shows which text skipped the catalog
#: and whether its layout survives longer words.
PSEUDO = "qps"

#: The CLDR locale of a language code where it is not the code itself: the game's
#: English is British ("colour"; dates "2 November", weeks from Monday), and the
#: pseudo-language formats as English does.
_CLDR_NAMES: dict[str, str] = {"en": "en_GB", PSEUDO: "en_GB"}

_LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: Far more than a catalog of this game holds (about 200 kB); a larger file is not one.
_CATALOG_MAX_BYTES = 4_000_000


def catalog_path(code: str) -> Path:
    """Where the catalog of ``code`` lives (``game/locale/ko/LC_MESSAGES/messages.po``)."""
    return _LOCALE_DIR / code / "LC_MESSAGES" / "messages.po"


def compiled_path(code: str) -> Path:
    """Where ``pybabel compile`` puts the compiled catalog of ``code`` (the one the game reads)."""
    return catalog_path(code).with_suffix(".mo")


def placeholders(text: str) -> list[str]:
    """The named ``{fields}`` of a message, sorted (what a translation must keep).

    >>> placeholders("{card} can't go on {target}: {why}")
    ['card', 'target', 'why']
    """
    try:
        return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)
    except ValueError:
        return ["<unbalanced braces>"]


# --- the pseudo-language (tests) ----------------------------------------------------------

_PROTECTED = re.compile(r"\{[^{}]*\}|\*\*[^*]+\*\*|\[[^\[\]]+\]")


def pseudo_text(msgid: str) -> str:
    """``msgid`` as the test pseudo-language shows it: in « », about 40% longer.

    Placeholders and the help pages' marks (``**Button**``, ``[Key]``) are kept
    whole so the text still formats and still names real controls.

    >>> pseudo_text("{n} moves")
    '«{n} moves ~»'
    """
    if not msgid:
        return msgid
    plain_len = len(_PROTECTED.sub("", msgid))
    pad = max(1, round(plain_len * 0.4) - 1)
    # The padding comes in short words, so that it wraps like text rather than as one long word.
    padding = " ".join("~" * min(5, pad - i) for i in range(0, pad, 5))
    return f"«{msgid} {padding}»"


class _Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo_text(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo_text(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo_text(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo_text(msgid1 if n == 1 else msgid2)


# --- the current language -------------------------------------------------------------------

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
_loaded: dict[str, gettext.NullTranslations] = {}
_warned: set[str] = set()


def _warn(line: str) -> None:
    if line not in _warned:
        _warned.add(line)
        print(f"solitaire: {line}", file=sys.stderr)


@functools.cache
def cldr_locale(code: str) -> Locale:
    """The Babel (CLDR) locale of the game's language ``code``, in the language's main
    country where the code names none (weeks start where that country's calendars start them).

    >>> cldr_locale("en"), cldr_locale("ru")
    (Locale('en', territory='GB'), Locale('ru', territory='RU'))
    """
    from babel import Locale
    from babel.core import get_global

    locale = Locale.parse(_CLDR_NAMES.get(code, code))
    if locale.territory is None:
        likely = get_global("likely_subtags").get(locale.language)
        if likely:
            locale = Locale.parse(likely)
    return locale


#: CLDR's plural categories in the order gettext numbers a language's forms (msgstr[0], [1], ...).
_CATEGORY_ORDER = ("zero", "one", "two", "few", "many", "other")
#: Counts that reach every plural category a language has for whole numbers.
_PLURAL_TRIALS = (*range(200), 1000, 1001, 10_000, 100_000, 1_000_000)


@functools.cache
def _categories(code: str) -> tuple[str, ...]:
    """The plural categories whole numbers take in ``code``, in gettext's order of forms
    (Russian: one, few, many; English: one, other; Japanese: other)."""
    rule = cldr_locale(code).plural_form
    reached = {rule(n) for n in _PLURAL_TRIALS}
    return tuple(c for c in _CATEGORY_ORDER if c in reached)


@functools.lru_cache(maxsize=4096)
def plural_index(code: str, n: int) -> int:
    """Which form (msgstr[i]) of a plural message the count ``n`` takes in ``code``, by CLDR's rule
    (cached: the status line asks for the same counts every frame, and CLDR's rule costs some 20 µs).

    >>> [plural_index("ru", n) for n in (1, 2, 5, 11, 21, 22, 111)], plural_index("ja", 1)
    ([0, 1, 2, 2, 0, 1, 2], 0)
    """
    return _categories(code).index(cldr_locale(code).plural_form(abs(n)))


def _load(code: str) -> gettext.NullTranslations | None:
    if code in _loaded:
        return _loaded[code]
    path = compiled_path(code)
    name = LANGUAGES.get(code, code)
    try:
        raw = _read_catalog(path)
    except (OSError, ValueError) as exc:
        _warn(f"the {name} catalog cannot be read ({path.name}: {exc}); playing in English")
        return None
    try:
        translations = gettext.GNUTranslations(io.BytesIO(raw))
        forms = _plural_forms(translations)
        want = len(_categories(code))
        if forms != want:
            raise ValueError(f"its plural forms are {forms}, where CLDR's rule for the language has {want}")
    except Exception as exc:  # noqa: BLE001  # any damage: struct.error, UnicodeDecodeError, OSError, a bad header...
        _warn(f"the {name} catalog {path.name} is damaged ({exc or type(exc).__name__}); playing in English")
        return None
    # The plural form comes from CLDR's rule, not from the formula the catalog's header
    # carries: a header that is wrong or malicious cannot pick a form that is not there.
    translations.plural = functools.partial(plural_index, code)  # type: ignore[attr-defined]
    _drop_unknown_fields(translations, name)
    _loaded[code] = translations
    return translations


def _plural_forms(translations: gettext.GNUTranslations) -> int:
    """The nplurals of the catalog's Plural-Forms header (gettext's default, 2, without one)."""
    found = re.search(r"nplurals\s*=\s*(\d+)", translations.info().get("plural-forms", ""))
    return int(found.group(1)) if found else 2


def _drop_unknown_fields(translations: gettext.GNUTranslations, name: str) -> None:
    """A translation naming a placeholder its msgid lacks would crash a .format() later:
    that message stays English, with one warning (tests/test_i18n.py holds the catalogs
    to exact placeholders; pybabel compile checks only %-style ones). Plural messages are
    checked as they are asked for (:func:`_plural_fits`): a compiled catalog keeps only the
    singular msgid of each."""
    # gettext's own table, which typeshed leaves out (hence getattr, not an attribute).
    table: dict[object, str] = getattr(translations, "_catalog")  # noqa: B009
    bad = [key for key, text in table.items()
           if isinstance(key, str) and key and not set(placeholders(text)) <= set(placeholders(key.split("\x04")[-1]))]
    for key in bad:
        del table[key]
    if bad:
        _warn(f"the {name} catalog: {len(bad)} message(s) with unknown placeholders stay in English")


@functools.lru_cache(maxsize=4096)
def _plural_fits(text: str, singular: str, plural: str) -> bool:
    """Whether a plural form names only placeholders its English forms have (warns once if not)."""
    if set(placeholders(text)) <= set(placeholders(singular)) | set(placeholders(plural)):
        return True
    _warn(f"the {LANGUAGES.get(_language, _language)} catalog: {plural!r} names unknown placeholders; "
          "it stays in English")
    return False


def _read_catalog(path: Path) -> bytes:
    """The compiled catalog's bytes, read with game.bounded's care: a plain file, at most
    ``_CATALOG_MAX_BYTES``. (game.bounded itself speaks through this module, so this one
    cannot import it: the same checks, in a few lines.)"""
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise ValueError("not a plain file")
    if st.st_size > _CATALOG_MAX_BYTES:
        raise ValueError(f"larger than {_CATALOG_MAX_BYTES:,} bytes")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped since the stat
            raise ValueError("not a plain file")
        raw = os.read(fd, _CATALOG_MAX_BYTES + 1)
    finally:
        os.close(fd)
    if len(raw) > _CATALOG_MAX_BYTES:
        raise ValueError(f"larger than {_CATALOG_MAX_BYTES:,} bytes")
    return raw


def set_language(code: str) -> None:
    """Speak ``code`` from now on (a code of :data:`LANGUAGES`; "qps" for tests).

    A catalog that cannot be read leaves the game in English, with a warning.
    Raises ``ValueError`` for a code the game does not know.

    >>> set_language("ru"); language()
    'ru'
    >>> set_language("en"); language()
    'en'
    """
    global _translations, _language
    if code == "en":
        _translations, _language = gettext.NullTranslations(), "en"
    elif code == PSEUDO:
        _translations, _language = _Pseudo(), PSEUDO
    elif code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}: choose one of {', '.join(LANGUAGES)}")
    else:
        loaded = _load(code)
        if loaded is None:
            _translations, _language = gettext.NullTranslations(), "en"
        else:
            _translations, _language = loaded, code
    _warm(_language)


def _warm(code: str) -> None:
    """Load Babel's number and date formats and the language's CLDR data now, as the
    language is chosen (at start, or in Settings), rather than at the first number the
    game writes: that can come as a game is won, and some 30-40 ms there show as a
    stutter in the cards' flight home."""
    from babel.dates import format_skeleton
    from babel.numbers import format_percent

    locale = cldr_locale(code)
    format_percent(0.5, locale=locale)  # reads the locale's data and parses its number pattern
    format_skeleton("yMMMM", datetime.date(2026, 1, 1), locale=locale)


def language() -> str:
    """The code of the language spoken now ("en" when a catalog failed to load)."""
    return _language


def _(message: str) -> str:
    """``message`` in the current language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n`` in the current language (fill in ``{n}`` after)."""
    text = _translations.ngettext(singular, plural, n)
    return text if text in (singular, plural) or _plural_fits(text, singular, plural) else (
        singular if n == 1 else plural)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where the same English word needs another
    translation in another place (``pgettext("suit", "Spades")``)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    text = _translations.npgettext(context, singular, plural, n)
    return text if text in (singular, plural) or _plural_fits(text, singular, plural) else (
        singular if n == 1 else plural)


# --- numbers and dates, as CLDR writes them ---------------------------------------------------
# Each is cached by language and value: the HUD and the screens ask for the same few numbers
# every frame, and one Babel call (some 10-40 µs) per number per frame shows in the slowest
# frames of a busy animation. The language is part of the key, so a change in Settings is seen at once.

def grouped(n: int) -> str:
    """A whole number with the current language's digit grouping ("1,000,000"; Russian "1 000 000",
    with no-break spaces).

    >>> grouped(1000000)
    '1,000,000'
    """
    return _grouped(_language, n)


@functools.lru_cache(maxsize=1024)
def _grouped(code: str, n: int) -> str:
    from babel.numbers import format_decimal

    return format_decimal(n, locale=cldr_locale(code))


def decimal(x: float, places: int = 2) -> str:
    """``x`` with ``places`` decimals and the language's decimal mark ("0.64"; Russian "0,64").

    >>> decimal(0.6432)
    '0.64'
    """
    return _decimal(_language, x, places)


@functools.lru_cache(maxsize=1024)
def _decimal(code: str, x: float, places: int) -> str:
    from babel.numbers import format_decimal

    return format_decimal(x, format="0." + "0" * places if places else "0", locale=cldr_locale(code))


def percent(share: float) -> str:
    """``share`` (0..1) as a whole percentage, written as the language writes it ("75%"; Russian "75 %").

    >>> percent(0.75)
    '75%'
    """
    return _percent(_language, share)


@functools.lru_cache(maxsize=1024)
def _percent(code: str, share: float) -> str:
    from babel.numbers import format_percent

    return format_percent(share, locale=cldr_locale(code))


def first_weekday() -> int:
    """The first day of the week in the current language's calendars (0 = Monday .. 6 = Sunday),
    as CLDR has it for the language's main country: Korea and Japan start on Sunday, Russia,
    China and the game's (British) English on Monday.

    >>> first_weekday()
    0
    """
    return int(cldr_locale(_language).first_week_day)


def weekday_heads() -> tuple[str, ...]:
    """The calendar's seven column heads, from the current language's first day of the week,
    as narrow as tells the days apart: CLDR's narrow stand-alone names where the seven differ
    (Chinese 一 二 … 日), else its short ones ("Mo"; Korean "월"), with a capital as a
    heading takes (Russian "Пн", not CLDR's "пн").

    >>> weekday_heads()
    ('Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su')
    """
    return _weekday_heads(_language)


@functools.cache
def _weekday_heads(code: str) -> tuple[str, ...]:
    days = cldr_locale(code).days["stand-alone"]
    start = int(cldr_locale(code).first_week_day)
    order = [(start + i) % 7 for i in range(7)]
    narrow = [days["narrow"][day] for day in order]
    names = narrow if len(set(narrow)) == 7 else [days["short"][day] for day in order]
    return tuple(as_sentence(name) for name in names)


def month_and_year(year: int, month: int) -> str:
    """A month of a year as a calendar's heading ("November 2026"; Korean "2026년 11월"; Russian
    "Ноябрь 2026"): CLDR's month-and-year format, in the month's form that stands alone, with
    a capital as a heading takes, and without the abbreviated word for "year" some languages
    write after it in running text (Russian "г."), which a calendar's heading leaves out.

    >>> month_and_year(2026, 11)
    'November 2026'
    """
    return _month_and_year(_language, year, month)


#: A quoted literal closing a date pattern, with the space before it: Russian's " 'г'."
_TRAILING_LITERAL = re.compile(r"[\s\u00a0\u202f]*'[^']+'\.?$")


@functools.lru_cache(maxsize=64)
def _month_and_year(code: str, year: int, month: int) -> str:
    from babel.dates import format_date

    locale = cldr_locale(code)
    pattern = str(locale.datetime_skeletons["yMMMM"])
    return as_sentence(format_date(datetime.date(year, month, 1), _TRAILING_LITERAL.sub("", pattern), locale=locale))


def day_and_month(month: int, day: int) -> str:
    """A day of a month as a date reads ("2 November"; Russian "2 ноября", in the genitive;
    Japanese "11月2日").

    >>> day_and_month(11, 2)
    '2 November'
    """
    return _day_and_month(_language, month, day)


@functools.lru_cache(maxsize=64)
def _day_and_month(code: str, month: int, day: int) -> str:
    from babel.dates import format_skeleton

    # Any leap year, so that 29 February is a date.
    return format_skeleton("MMMMd", datetime.date(2024, month, day), locale=cldr_locale(code))


def listed(items: Iterable[str]) -> str:
    """Items joined as the current language lists them (Japanese joins with 、, not ", ").

    >>> listed(["Bronze 10", "Silver 20"])
    'Bronze 10, Silver 20'
    """
    # TRANSLATORS: what goes between the items of a list the game joins ("Bronze 10, Silver 20");
    # keep the space if the language writes one.
    return pgettext("list separator", ", ").join(items)


def number_range(low: int, high: int) -> str:
    """The whole numbers ``low`` to ``high`` as the current language writes a range, grouped.

    >>> number_range(1, 1000000)
    '1..1,000,000'
    """
    # TRANSLATORS: a range of whole numbers, as in "Type a number 1..1,000,000" (Japanese 1～1,000,000).
    return pgettext("number range", "{low}..{high}").format(low=grouped(low), high=grouped(high))


# --- line breaking ----------------------------------------------------------------------------
# The game sets its own text (pygame fonts, the terminal help), so it breaks lines itself.
# Babel has no line breaking, and a full UAX #14 library would still need the game's own
# rules on top: a number stays with the word it counts, a dash never starts a line (Russian
# typesetting), and Japanese kinsoku. These few rules are what the game needs, no more.

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


def ends_in_number(word: str) -> bool:
    """Whether ``word`` ends in a number ("12", "1\u00a0000", "：52"): a line never breaks
    after it, so the number stays with the word it counts ("1 масть", "52 枚").

    >>> ends_in_number("1\u00a0000"), ends_in_number("10♠")
    (True, False)
    """
    return word[-1:].isdigit()


def words(text: str) -> list[str]:
    """``text`` cut where a line may break at a space: not at a no-break space, not
    before a dash (it stays with the word before it, as Russian typesetting wants), and
    not after a number (it stays with the word it counts).

    >>> words("1\u00a0000 ходов — по шесть")
    ['1\xa0000 ходов —', 'по', 'шесть']
    >>> words("собрать 1 масть")
    ['собрать', '1 масть']
    """
    out: list[str] = []
    glue = False
    for word in BREAKABLE_SPACE.split(text):
        if not word:
            continue
        if out and (glue or word[0] in DASHES):
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


def as_sentence(text: str) -> str:
    """``text`` as a line said on its own starts: with a capital letter. A message the
    terminal prints after "solitaire: " starts in lower case; the window's message line
    and notes show the same message as a sentence (cards, numbers and scripts without
    capitals stay as they are).

    >>> as_sentence("the stock is empty"), as_sentence("6♠ can't go on 9♣"), as_sentence("столбец 3 пуст")
    ('The stock is empty', "6♠ can't go on 9♣", 'Столбец 3 пуст')
    """
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it (strings defined at import
    time, translated with :func:`_` where they are shown)."""
    return message


# --- which language the system speaks ------------------------------------------------------

def language_from_locale(name: str | None) -> str | None:
    """The game's language for a locale name ("ko_KR.UTF-8" -> "ko"), ``None`` for any other.
    A language matches in the script it is written in, by CLDR's likely subtags: Chinese
    in mainland China and Singapore (and a bare "zh") is Simplified, the game's zh_CN; in
    Taiwan and Hong Kong it is Traditional, which the game does not speak.

    >>> language_from_locale("ru_RU.UTF-8"), language_from_locale("ja"), language_from_locale("de_DE")
    ('ru', 'ja', None)
    >>> language_from_locale("C"), language_from_locale("en_GB@euro")
    ('en', 'en')
    >>> language_from_locale("zh_CN.UTF-8"), language_from_locale("zh-Hans-SG"), language_from_locale("zh_TW")
    ('zh_CN', 'zh_CN', None)
    """
    if not name:
        return None
    if name in ("C", "POSIX") or name.startswith(("C.", "POSIX.")):
        return "en"
    # language[_territory][.encoding][@modifier], or a BCP 47 tag (Windows: "ja-JP").
    return _matching_language(re.split(r"[.@]", name.strip(), maxsplit=1)[0].replace("-", "_"))


def _matching_language(identifier: str) -> str | None:
    asked = _language_script_territory(identifier)
    if not asked[0]:
        return None
    # The same language in the same script; in the same territory too where the game has several.
    same = [code for code in LANGUAGES if _language_script_territory(code)[:2] == asked[:2]]
    here = [code for code in same if _language_script_territory(code)[2] == asked[2]]
    return (here or same)[0] if same else None


@functools.cache
def _language_script_territory(identifier: str) -> tuple[str, str, str]:
    """A locale's language, script and territory, the ones it leaves out filled in from CLDR's
    likely subtags ("zh_TW" -> zh, Hant, TW; "ru" -> ru, Cyrl, RU); all "" for no locale name.
    Only the name is read, not the locale's own data (the bundle carries the game's locales only)."""
    from babel.core import get_global, parse_locale

    try:
        language, territory, script, *_rest = parse_locale(_CLDR_NAMES.get(identifier, identifier))
    except ValueError:
        return "", "", ""
    likely = get_global("likely_subtags")
    keys = (f"{language}_{territory}", f"{language}_{script}", language)
    parts = next((likely[key] for key in keys if key in likely), "").split("_")
    script = script or (parts[1] if len(parts) == 3 else "")
    territory = territory or (parts[-1] if len(parts) > 1 else "")
    return language, script, territory


def _windows_ui_language() -> str | None:
    if sys.platform != "win32":  # (type checkers know ctypes.windll only on Windows)
        return None
    try:
        import ctypes
        import locale
        langid = ctypes.windll.kernel32.GetUserDefaultUILanguage()
    except (ImportError, AttributeError, OSError):
        return None
    return locale.windows_locale.get(int(langid))


def detect_language(environ: Mapping[str, str] | None = None,
                    windows_ui: Callable[[], str | None] | None = None) -> str:
    """The language of the system's locale, English for one the game does not speak.

    On Linux and macOS: the first of LANGUAGE (a colon-separated list, as GNU
    gettext reads it, unless the locale is C), LC_ALL, LC_MESSAGES, LANG that is
    set. On Windows: the user's UI language. (Babel's ``default_locale`` is not
    this: it reads LC_CTYPE, the character set's variable, where gettext reads
    LC_MESSAGES, keeps LANGUAGE in the C locale, and knows nothing of Windows.)

    >>> detect_language({"LANG": "ko_KR.UTF-8"})
    'ko'
    >>> detect_language({"LANGUAGE": "de:ja", "LANG": "de_DE.UTF-8"})
    'ja'
    >>> detect_language({"LC_ALL": "fr_FR.UTF-8", "LANG": "ru_RU.UTF-8"})
    'en'
    >>> detect_language({})
    'en'
    """
    if environ is None and sys.platform == "win32":
        found = language_from_locale((windows_ui or _windows_ui_language)())
        return found or "en"
    env = os.environ if environ is None else environ
    locale_name = next((env[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(v)), "")
    # GNU gettext reads the LANGUAGE list first, except in the C locale.
    c_locale = locale_name in ("C", "POSIX") or locale_name.startswith(("C.", "POSIX."))
    if env.get("LANGUAGE") and not c_locale:
        for part in env["LANGUAGE"].split(":"):
            found = language_from_locale(part)
            if found:
                return found
    return language_from_locale(locale_name) or "en"
