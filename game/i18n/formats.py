"""Numbers, dates and lists as the current language writes them, by CLDR through Babel.

Digit grouping, decimal marks and percentages, the calendar's first day of the
week, weekday heads and month-and-year title, a day of a month, a list and a
range of numbers: each follows the language chosen with
:func:`game.i18n.set_language` (Russian groups with no-break spaces, Korean
and Japanese weeks start on Sunday)::

    >>> from game.i18n import set_language
    >>> from game.i18n.formats import decimal, first_weekday, grouped, month_and_year, percent
    >>> set_language("ru")
    >>> decimal(0.6432), month_and_year(2026, 11), first_weekday()
    ('0,64', 'Ноябрь 2026', 0)
    >>> set_language("en")
    >>> grouped(1234567), percent(0.75), month_and_year(2026, 11)
    ('1,234,567', '75%', 'November 2026')

Babel is imported as it is first needed, not with this module.
"""

from __future__ import annotations

import datetime
import functools
import re
from collections.abc import Callable, Iterable
from typing import Concatenate, ParamSpec, TypeVar, cast

from game.i18n import cldr_locale, language, pgettext
from game.i18n.lines import as_sentence

__all__ = ["day_and_month", "decimal", "first_weekday", "grouped", "listed", "month_and_year", "number_range",
           "percent", "weekday_heads"]


#: A quoted literal closing a date pattern, with the space before it: Russian's " 'г'."
_TRAILING_LITERAL = re.compile(r"[\s\u00a0\u202f]*'[^']+'\.?$")

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _per_language(maxsize: int | None) -> Callable[[Callable[Concatenate[str, _P], _R]], Callable[_P, _R]]:
    """Cache a formatter written for a language code (its first argument) by language and value,
    and give it the current language: the HUD and the screens ask for the same few numbers every
    frame, and one Babel call (some 10-40 µs) per number per frame shows in the slowest frames of
    a busy animation. The language is part of the key, so a change in Settings is seen at once.

        >>> @_per_language(maxsize=8)
        ... def shout(code: str, word: str) -> str:
        ...     return f"{code}: {word.upper()}"
        >>> shout("hi")
        'en: HI'
    """

    def wrap(write: Callable[Concatenate[str, _P], _R]) -> Callable[_P, _R]:
        # (typed as what it wraps: lru_cache's own type takes any hashable arguments)
        cached = cast(Callable[Concatenate[str, _P], _R], functools.lru_cache(maxsize=maxsize)(write))

        @functools.wraps(write)
        def in_language(*args: _P.args, **kwargs: _P.kwargs) -> _R:
            return cached(language(), *args, **kwargs)

        return in_language

    return wrap


# A formatter below written with a ``code`` first is called without it (``decimal(0.64)``):
# _per_language gives it the current language.


def grouped(n: int) -> str:
    """A whole number with the current language's digit grouping ("1,000,000"; Russian "1 000 000",
    with no-break spaces).

    >>> grouped(1000000)
    '1,000,000'
    """
    if 0 <= n < 1000:
        # Nothing to group, and every language the game speaks writes these digits (a test
        # checks): the status line's score, under 1,000 at the deal, loads no Babel at start.
        return str(n)
    return _grouped(n)


@_per_language(maxsize=1024)
def _grouped(code: str, n: int) -> str:
    from babel.numbers import format_decimal

    return format_decimal(n, locale=cldr_locale(code))


@_per_language(maxsize=1024)
def decimal(code: str, x: float, places: int = 2) -> str:
    """``x`` with ``places`` decimals and the language's decimal mark ("0.64"; Russian "0,64").

    >>> decimal(0.6432)
    '0.64'
    """
    from babel.numbers import format_decimal

    return format_decimal(x, format="0." + "0" * places if places else "0", locale=cldr_locale(code))


@_per_language(maxsize=1024)
def percent(code: str, share: float) -> str:
    """``share`` (0..1) as a whole percentage, written as the language writes it ("75%"; Russian "75 %").

    >>> percent(0.75)
    '75%'
    """
    from babel.numbers import format_percent

    return format_percent(share, locale=cldr_locale(code))


def first_weekday() -> int:
    """The first day of the week in the current language's calendars (0 = Monday .. 6 = Sunday),
    as CLDR has it for the language's main country: Korea and Japan start on Sunday, Russia,
    China and the game's (British) English on Monday.

    >>> first_weekday()
    0
    """
    return int(cldr_locale(language()).first_week_day)


@_per_language(maxsize=None)
def weekday_heads(code: str) -> tuple[str, ...]:
    """The calendar's seven column heads, from the current language's first day of the week,
    as narrow as tells the days apart: CLDR's narrow stand-alone names where the seven differ
    (Chinese 一 二 … 日), else its short ones ("Mo"; Korean "월"), with a capital as a
    heading takes (Russian "Пн", not CLDR's "пн").

    >>> weekday_heads()
    ('Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su')
    """
    days = cldr_locale(code).days["stand-alone"]
    start = int(cldr_locale(code).first_week_day)
    order = [(start + i) % 7 for i in range(7)]
    narrow = [days["narrow"][day] for day in order]
    names = narrow if len(set(narrow)) == 7 else [days["short"][day] for day in order]
    return tuple(as_sentence(name) for name in names)


@_per_language(maxsize=64)
def month_and_year(code: str, year: int, month: int) -> str:
    """A month of a year as a calendar's heading ("November 2026"; Korean "2026년 11월"; Russian
    "Ноябрь 2026"): CLDR's month-and-year format, in the month's form that stands alone, with
    a capital as a heading takes, and without the abbreviated word for "year" some languages
    write after it in running text (Russian "г."), which a calendar's heading leaves out.

    >>> month_and_year(2026, 11)
    'November 2026'
    """
    from babel.dates import format_date

    locale = cldr_locale(code)
    pattern = str(locale.datetime_skeletons["yMMMM"])
    return as_sentence(format_date(datetime.date(year, month, 1), _TRAILING_LITERAL.sub("", pattern), locale=locale))


@_per_language(maxsize=64)
def day_and_month(code: str, month: int, day: int) -> str:
    """A day of a month as a date reads ("2 November"; Russian "2 ноября", in the genitive;
    Japanese "11月2日").

    >>> day_and_month(11, 2)
    '2 November'
    """
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
