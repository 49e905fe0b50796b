"""The game's message catalogs: the languages, the current one, and the words in it.

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

This module holds the one list of languages (``_LANGUAGE_TABLE`` below): a new
language needs its catalog and its line there (with its font file where DejaVu
Sans lacks its script), no other code. Which plural form a count takes is
CLDR's rule for the language, through Babel (:func:`cldr_locale`, imported as a
language is chosen). The tests' pseudo-language (:func:`pseudo_text`) is here too.

The rest of what the language decides has a module of its own beside this one:
:mod:`game.i18n.formats` writes numbers, dates and lists as CLDR does,
:mod:`game.i18n.lines` breaks the game's own text into lines and measures it
on a terminal, and :mod:`game.i18n.detect` finds the system's language.

The language can change at any moment (Settings), so a string defined at
import time is only *marked* with :func:`N_` and translated where it is
shown; nothing translated is ever kept.
"""

from __future__ import annotations

import datetime
import functools
import gettext
import io
import os
import re
import stat
import string
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel import Locale

__all__ = ["LANGUAGES", "LANGUAGE_FONTS", "N_", "PSEUDO", "_", "catalog_path", "cldr_locale", "cldr_name",
           "compiled_path", "formats_warm", "language", "ngettext", "npgettext", "pgettext", "placeholders",
           "plural_index", "pseudo_text", "set_language", "warm_formats"]

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

#: game/locale/, beside this package: where pybabel's commands, the wheel and the bundle keep the catalogs.
_LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
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


def cldr_name(code: str) -> str:
    """The CLDR locale name a language code (or a system locale's name) is read as: the code
    itself but where the game's language is another (English is British; the pseudo-language
    formats as English does).

    >>> cldr_name("en"), cldr_name(PSEUDO), cldr_name("de_AT")
    ('en_GB', 'en_GB', 'de_AT')
    """
    return _CLDR_NAMES.get(code, code)


@functools.cache
def cldr_locale(code: str) -> Locale:
    """The Babel (CLDR) locale of the game's language ``code``, in the language's main
    country where the code names none (weeks start where that country's calendars start them).

    >>> cldr_locale("en"), cldr_locale("ru")
    (Locale('en', territory='GB'), Locale('ru', territory='RU'))
    """
    from babel import Locale
    from babel.core import get_global

    locale = Locale.parse(cldr_name(code))
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


#: The languages whose number and date formats :func:`warm_formats` has loaded.
_WARM: set[str] = set()


def warm_formats() -> bool:
    """Load Babel's number and date formats and the CLDR data of the language spoken
    now, if they are not loaded yet; True when it did (some 25-70 ms here).

    The window calls it while the table rests after the first frame, and again after
    Settings changes the language, rather than at the first number the game writes:
    that can come as a game is won, and the load there showed as a stutter in the
    cards' flight home. Anything that writes a number sooner loads what it needs itself.

    >>> set_language("ja"); _ = warm_formats(); warm_formats()  # the second time: loaded already
    False
    >>> set_language("en")
    """
    if _language in _WARM:
        return False
    from babel.dates import format_skeleton
    from babel.numbers import format_percent

    locale = cldr_locale(_language)
    format_percent(0.5, locale=locale)  # reads the locale's data and parses its number pattern
    format_skeleton("yMMMM", datetime.date(2026, 1, 1), locale=locale)
    _WARM.add(_language)
    return True


def formats_warm() -> bool:
    """Whether :func:`warm_formats` has loaded the formats of the language spoken now."""
    return _language in _WARM


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


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it (strings defined at import
    time, translated with :func:`_` where they are shown)."""
    return message
