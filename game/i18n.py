"""The game's languages: message catalogs, the current language, plurals.

Standard library only, so the rules engines may use it. Every string a
player reads goes through one of these calls, with named placeholders filled
in *after* translation (a translator may move them)::

    >>> from game.i18n import _, ngettext, set_language
    >>> set_language("en")
    >>> _("{card} can't go on {target}: {why}").format(card="7♦", target="4♥", why="...")
    "7♦ can't go on 4♥: ..."
    >>> ngettext("{n} move", "{n} moves", 5).format(n=5)
    '5 moves'

The catalogs are GNU gettext ``.po`` files in ``game/locale/`` (one per
language, beside the ``messages.pot`` template that
``tools/extract_messages.py`` writes from the code). They are compiled in
memory the first time a language is chosen; nothing is written to disk. A
missing or damaged catalog leaves the game in English, with one line on
standard error saying why.

The language can change at any moment (Settings), so a string defined at
import time is only *marked* with :func:`N_` and translated where it is
shown; nothing translated is ever kept.
"""

from __future__ import annotations

import ast
import gettext
import io
import itertools
import os
import re
import stat
import string
import struct
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["BREAKABLE_SPACE", "DASHES", "FIRST_WEEKDAY", "LANGUAGES", "N_", "PSEUDO", "PoEntry", "PoError", "_",
           "as_sentence", "breaks", "catalog_path", "compile_mo", "decimal", "detect_language", "display_width",
           "ends_in_number", "grouped", "language", "language_from_locale", "listed", "ngettext", "npgettext",
           "number_range", "percent", "pgettext", "placeholders", "pseudo_text", "read_po", "set_language", "words"]

#: The languages a player can choose, each named in itself (as the Settings list shows them).
LANGUAGES: dict[str, str] = {"en": "English", "ko": "한국어", "ja": "日本語", "ru": "Русский", "zh_CN": "简体中文"}

#: A pseudo-language for tests only (never offered to players): every msgstr is its
#: msgid in « » and about 40% longer, so a screen shows which text skipped the catalog
#: and whether its layout survives longer words.
PSEUDO = "qps"

#: First day of the week in each language's calendars (0 = Monday .. 6 = Sunday), as
#: CLDR has it for the language's main country: Korea and Japan start on Sunday, Russia
#: and China on Monday. English keeps the Monday-first calendar the game has always shown (ISO 8601).
FIRST_WEEKDAY: dict[str, int] = {"en": 0, "ko": 6, "ja": 6, "ru": 0, "zh_CN": 0, PSEUDO: 0}

#: Locales that name a language by more than its first part: Chinese is written in
#: Simplified characters in mainland China and Singapore (and by a bare "zh"), in
#: Traditional ones in Taiwan, Hong Kong and Macao, which the game does not speak.
_LOCALE_LANGUAGES: dict[str, str] = {"zh": "zh_CN", "zh_cn": "zh_CN", "zh_sg": "zh_CN", "zh_hans": "zh_CN"}

_LOCALE_DIR = Path(__file__).resolve().parent / "locale"
_CONTEXT_SEP = "\x04"  # gettext's separator between a msgctxt and its msgid
#: Far more than a catalog of this game holds (about 100 kB); a larger file is not one.
_CATALOG_MAX_BYTES = 4_000_000


def catalog_path(code: str) -> Path:
    """Where the catalog of ``code`` lives (``game/locale/ko.po``)."""
    return _LOCALE_DIR / f"{code}.po"


# --- reading .po files -------------------------------------------------------------------

class PoError(ValueError):
    """A .po file that cannot be read (its message names the line)."""


@dataclass
class PoEntry:
    """One message of a catalog: its id, its translation(s) and its comments."""

    msgid: str
    msgstr: str = ""
    msgctxt: str | None = None
    msgid_plural: str | None = None
    #: msgstr[0], msgstr[1], ... of a plural message.
    plurals: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    #: ``#.`` lines: notes for translators (from ``# TRANSLATORS:`` comments in the code).
    notes: list[str] = field(default_factory=list)
    #: ``#:`` lines: where the message is used.
    references: list[str] = field(default_factory=list)
    #: ``#`` lines: the translator's own comments, kept across merges.
    comments: list[str] = field(default_factory=list)
    #: ``#|`` lines: the msgid a fuzzy translation was made for.
    previous: list[str] = field(default_factory=list)
    line: int = field(default=0, compare=False)

    @property
    def key(self) -> tuple[str | None, str]:
        return self.msgctxt, self.msgid

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translations(self) -> list[str]:
        """The msgstr (or the plural msgstrs), the empty ones included."""
        return list(self.plurals) if self.msgid_plural is not None else [self.msgstr]

    @property
    def translated(self) -> bool:
        """Every form has a translation and none is fuzzy."""
        return not self.fuzzy and all(self.translations) and bool(self.translations)


def _unquote(text: str, lineno: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"line {lineno}: expected a quoted string, found {text[:40]!r}")
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError):
        raise PoError(f"line {lineno}: a badly escaped string") from None
    if not isinstance(value, str):
        raise PoError(f"line {lineno}: expected a quoted string")
    return value


_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*)$')


def read_po(text: str) -> list[PoEntry]:
    """The entries of a .po file's ``text`` (the header, msgid "", first); obsolete ``#~`` ones left out.

    >>> [e.msgid for e in read_po('msgid ""\\nmsgstr "X: y\\\\n"\\n\\n#, fuzzy\\nmsgid "a"\\nmsgstr "b"\\n')]
    ['', 'a']
    >>> read_po('msgid "a"\\nmsgstr "b"\\n')[0].msgstr
    'b'
    """
    entries: list[PoEntry] = []
    cur: PoEntry | None = None
    field_name: str | None = None
    seen_keyword = False
    keywords: set[str] = set()

    def finish() -> None:
        nonlocal cur, seen_keyword, field_name
        keywords.clear()
        if cur is not None and seen_keyword:
            if cur.msgid_plural is None and cur.plurals:
                raise PoError(f"line {cur.line}: msgstr[n] without msgid_plural")
            entries.append(cur)
        cur, seen_keyword, field_name = None, False, None

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            finish()
            continue
        if line.startswith("#~"):
            continue
        if cur is None or (seen_keyword and line.startswith("#")):
            finish()
            cur = PoEntry("", line=lineno)
        if line.startswith("#"):
            body = line[2:].strip() if len(line) > 1 and line[1] in ".:,|" else line[1:].strip()
            kind = line[1:2]
            if kind == ",":
                cur.flags.update(f.strip() for f in body.split(",") if f.strip())
            elif kind == ".":
                cur.notes.append(body)
            elif kind == ":":
                cur.references.extend(body.split())
            elif kind == "|":
                cur.previous.append(body)
            else:
                cur.comments.append(line[1:].lstrip())
            continue
        if line.startswith('"'):
            if field_name is None:
                raise PoError(f"line {lineno}: a string outside any msgid or msgstr")
            _append(cur, field_name, _unquote(line, lineno))
            continue
        m = _KEYWORD.match(line)
        if not m:
            raise PoError(f"line {lineno}: {line[:40]!r} is not a .po line")
        keyword, index, rest = m.group(1), m.group(2), m.group(3)
        if keyword == "msgctxt" and seen_keyword:
            finish()
            cur = PoEntry("", line=lineno)
        if keyword in keywords:
            raise PoError(f"line {lineno}: a second {keyword} in one message")
        keywords.add(keyword)
        if index is not None:
            if int(index) != len(cur.plurals):
                raise PoError(f"line {lineno}: msgstr[{index}] out of order")
            cur.plurals.append("")
            field_name = f"plural{index}"
        else:
            field_name = keyword
            if keyword == "msgctxt":
                cur.msgctxt = ""
            elif keyword == "msgid_plural":
                cur.msgid_plural = ""
        seen_keyword = True
        _append(cur, field_name, _unquote(rest, lineno))
    finish()
    seen: set[tuple[str | None, str]] = set()
    for e in entries:
        if e.key in seen:
            raise PoError(f"line {e.line}: msgid {e.msgid[:40]!r} appears twice")
        seen.add(e.key)
    return entries


def _append(entry: PoEntry, name: str, value: str) -> None:
    if name.startswith("plural"):
        i = int(name[6:])
        entry.plurals[i] += value
    elif name == "msgctxt":
        entry.msgctxt = (entry.msgctxt or "") + value
    elif name == "msgid_plural":
        entry.msgid_plural = (entry.msgid_plural or "") + value
    else:
        setattr(entry, name, getattr(entry, name) + value)


def compile_mo(entries: Iterable[PoEntry]) -> bytes:
    """The GNU .mo bytes of ``entries``, as ``msgfmt`` makes them: fuzzy and untranslated ones left out.

    >>> import gettext, io
    >>> mo = compile_mo([PoEntry("", "Plural-Forms: nplurals=2; plural=(n != 1);\\n"), PoEntry("Hi", "Salut")])
    >>> gettext.GNUTranslations(io.BytesIO(mo)).gettext("Hi")
    'Salut'
    """
    pairs: dict[bytes, bytes] = {}
    for e in entries:
        if e.msgid and not e.translated:
            continue
        if not e.msgid and e.fuzzy:
            continue
        key = e.msgid if e.msgctxt is None else e.msgctxt + _CONTEXT_SEP + e.msgid
        if e.msgid_plural is not None:
            key += "\0" + e.msgid_plural
        pairs[key.encode()] = "\0".join(e.translations).encode()
    keys = sorted(pairs)
    n = len(keys)
    ids = b"".join(k + b"\0" for k in keys)
    strs = b"".join(pairs[k] + b"\0" for k in keys)
    head = 7 * 4
    ids_at = head + 16 * n
    strs_at = ids_at + len(ids)
    table_ids, table_strs = [], []
    at = 0
    for k in keys:
        table_ids.append(struct.pack("<2I", len(k), ids_at + at))
        at += len(k) + 1
    at = 0
    for k in keys:
        table_strs.append(struct.pack("<2I", len(pairs[k]), strs_at + at))
        at += len(pairs[k]) + 1
    header = struct.pack("<7I", 0x950412DE, 0, n, head, head + 8 * n, 0, 0)
    return header + b"".join(table_ids) + b"".join(table_strs) + ids + strs


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


def _load(code: str) -> gettext.NullTranslations | None:
    if code in _loaded:
        return _loaded[code]
    path = catalog_path(code)
    name = LANGUAGES.get(code, code)
    try:
        text = _read_catalog(path)
    except (OSError, ValueError) as exc:
        _warn(f"the {name} catalog cannot be read ({path.name}: {exc}); playing in English")
        return None
    try:
        entries = read_po(text)
        if not entries or entries[0].msgid != "":
            raise PoError("no header entry")
        # A translation naming a placeholder its msgid lacks would crash a .format() later:
        # that message stays English (tests/test_i18n.py holds the catalogs to exact placeholders).
        bad = [e for e in entries if e.msgid and e.translated and not _fields_fit(e)]
        if bad:
            _warn(f"the {name} catalog: {len(bad)} message(s) with unknown placeholders (first at line "
                  f"{bad[0].line}) stay in English")
        translations = gettext.GNUTranslations(io.BytesIO(compile_mo(e for e in entries if e not in bad)))
        _check_plural(translations, entries[0].msgstr)
    except (PoError, ValueError, SyntaxError) as exc:
        _warn(f"the {name} catalog {path.name} is damaged ({exc}); playing in English")
        return None
    _loaded[code] = translations
    return translations


#: The counts a catalog's plural formula is tried on before it is trusted: every
#: ending a language's rule may read (0..199), and large counts (a formula that
#: overflows or divides by a difference would fail there first).
_PLURAL_TRIALS = (*range(200), 1000, 1001, 10_000, 100_000, 1_000_000, 10**9, 2**31 - 1, 2**63 - 1)


def _check_plural(translations: gettext.GNUTranslations, header: str) -> None:
    """Raise :class:`PoError` unless the header's plural formula gives a form the catalog
    has (0..nplurals-1) for every count tried: a formula that raises (``plural=(n/0)``)
    or points past the forms is a damaged catalog, found here, not at the first plural
    message the player meets.

    >>> t = gettext.GNUTranslations(io.BytesIO(compile_mo([PoEntry("", "Plural-Forms: nplurals=2; plural=(n/0);\\n")])))
    >>> _check_plural(t, "Plural-Forms: nplurals=2; plural=(n/0);\\n")
    Traceback (most recent call last):
    ...
    game.i18n.PoError: its plural formula fails for n=0: integer division or modulo by zero
    """
    found = re.search(r"nplurals\s*=\s*(\d+)", header)
    forms = int(found.group(1)) if found else 2  # gettext's own default: English's two forms
    plural: Callable[[int], object] = getattr(translations, "plural")  # noqa: B009  # set as the catalog is parsed; typeshed leaves it out
    for n in _PLURAL_TRIALS:
        try:
            form = plural(n)
        except Exception as exc:  # noqa: BLE001  # any failure of the compiled formula: ZeroDivisionError, RecursionError...
            raise PoError(f"its plural formula fails for n={n}: {exc or type(exc).__name__}") from None
        if not isinstance(form, int) or not 0 <= form < forms:
            raise PoError(f"its plural formula gives form {form!r} for n={n}; the catalog has {forms}")


def _read_catalog(path: Path) -> str:
    """The catalog's text, read with game.bounded's care: a plain file, at most
    ``_CATALOG_MAX_BYTES``, UTF-8. (game.bounded itself speaks through this module, so
    this one cannot import it: the same checks, in a few lines.)"""
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
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None


def _fields_fit(e: PoEntry) -> bool:
    allowed = set(placeholders(e.msgid)) | set(placeholders(e.msgid_plural or ""))
    return all(set(placeholders(t)) <= allowed for t in e.translations)


def set_language(code: str) -> None:
    """Speak ``code`` from now on ("en", "ko", "ja", "ru", "zh_CN"; "qps" for tests).

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
        return
    if code == PSEUDO:
        _translations, _language = _Pseudo(), PSEUDO
        return
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}: choose one of {', '.join(LANGUAGES)}")
    loaded = _load(code)
    if loaded is None:
        _translations, _language = gettext.NullTranslations(), "en"
    else:
        _translations, _language = loaded, code


def language() -> str:
    """The code of the language spoken now ("en" when a catalog failed to load)."""
    return _language


def _(message: str) -> str:
    """``message`` in the current language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n`` in the current language (fill in ``{n}`` after)."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where the same English word needs another
    translation in another place (``pgettext("suit", "Spades")``)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    return _translations.npgettext(context, singular, plural, n)


def grouped(n: int) -> str:
    """A whole number with the current language's digit grouping ("1,000,000"; Russian "1 000 000").

    >>> grouped(1000000)
    '1,000,000'
    """
    text = f"{n:,}"
    return text.replace(",", "\u00a0") if _language == "ru" else text


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

# Japanese and Chinese run no spaces between words: a line may break between any two
# hanzi, kanji or kana, except before closing punctuation and small kana, or after an opening
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

    >>> display_width("abc"), display_width("フリーセル")
    (3, 10)
    """
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def decimal(x: float, places: int = 2) -> str:
    """``x`` with ``places`` decimals and the language's decimal mark ("0.64"; Russian "0,64").

    >>> decimal(0.6432)
    '0.64'
    """
    text = f"{x:.{places}f}"
    return text.replace(".", ",") if _language == "ru" else text


def percent(share: float) -> str:
    """``share`` (0..1) as a whole percentage, written as the language writes it ("75%"; Russian "75 %").

    >>> percent(0.75)
    '75%'
    """
    text = f"{share:.0%}"
    return text.replace("%", "\u00a0%") if _language == "ru" else text


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
    region = "_".join(re.split(r"[_\-]", re.split(r"[.@]", name.strip(), maxsplit=1)[0])[:2]).lower()
    if region in _LOCALE_LANGUAGES:
        return _LOCALE_LANGUAGES[region]
    code = re.split(r"[_.@\-]", name.strip(), maxsplit=1)[0].lower()
    return code if code in LANGUAGES else None


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
    set. On Windows: the user's UI language.

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
