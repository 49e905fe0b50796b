"""What every data file may hold: one small schema per file, checked field by field.

Everything read from disk is hostile until checked here (SPEC §3: a damaged
file never crashes the game). A schema is built from a few field kinds:

* :class:`Int` -- a JSON integer in a range; ``true`` is not 1 and ``2.0``
  is not 2 (JSON keeps the difference, so the file is not ours);
* :class:`Num` -- an integer or a finite float in a range (never NaN,
  Infinity or ``1e999``);
* :class:`Bool`, :class:`Str` (length-capped, optionally one of a few
  choices or matching a pattern), :class:`Choice` (one of a few exact values),
  :class:`List` (length-capped), :class:`Pair`, :class:`Map` (string keys,
  size-capped), :class:`Nullable`, and :class:`Record` (named fields; unknown
  keys are ignored, since a newer version may add some).

``check`` raises :class:`SchemaError` (a ``ValueError``) naming the first bad
field in one short line; a value is never quoted at length, so a 5,000,000
character string cannot reach a message or a font::

    >>> SETTINGS.check({"spider_suits": 2})["spider_suits"]
    2
    >>> SETTINGS.check({"spider_suits": 2.0})
    Traceback (most recent call last):
    ...
    game.schema.SchemaError: spider_suits must be one of 1, 2, 4, not 2.0
    >>> FREECELL_SAVE.check({"game": "freecell", "deal": 1, "auto_foundation": True,
    ...                      "steps": [], "elapsed": -1e9})
    Traceback (most recent call last):
    ...
    game.schema.SchemaError: elapsed must be a number 0..31,536,000, not -1000000000.0

What a failing file costs:

* ``savegame.json``, ``statistics.json`` and ``challenges.json``: any field
  that fails sets the whole file aside (a half-trusted game or record is
  worse than none); the game starts fresh and clean statistics (or
  challenge progress) are written at once.
* ``settings.json``: the friendlier rule. The fields that pass are kept,
  each failing one takes its default, the original file is set aside (the
  warning names the first bad field) and the cleaned settings are written
  at once. A settings file that is not a JSON object at all gives all the
  defaults. :meth:`Record.clean` is that reading::

    >>> SETTINGS.clean({"volume": 0.5, "spider_suits": True})
    ({'volume': 0.5}, ['spider_suits must be one of 1, 2, 4, not True'])

The files themselves (size cap, strict JSON, nesting) are read by
:func:`parse`; :mod:`game.store` calls it.
"""

from __future__ import annotations

import datetime
import json
import math
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeAlias, TypedDict, TypeVar, cast

from game.i18n import LANGUAGES, _
from game.i18n.formats import grouped, listed
from game.quoting import shown

__all__ = ["CHALLENGES", "FREECELL_SAVE", "JSON", "MAX_FILE_BYTES", "SETTINGS", "SPIDER_SAVE", "STATISTICS", "Bool",
           "ChallengesFile", "Choice", "Date", "Field", "FreeCellSaveFile", "Int", "List", "Map", "Nullable", "Num",
           "Pair", "Record", "SchemaError", "SettingsFile", "SpiderSaveFile", "StatisticsFile", "Str", "check_savegame",
           "parse"]

#: What :func:`parse` gives: any JSON value, nested. Nothing about it is known
#: until a :class:`Field` has checked it (narrow with ``isinstance`` or a schema).
JSON: TypeAlias = dict[str, "JSON"] | list["JSON"] | str | int | float | bool | None

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)
K = TypeVar("K")
V = TypeVar("V")
#: A checked document: the TypedDict a :class:`Record` promises.
D = TypeVar("D", bound=Mapping[str, object])

#: No data file of ours comes near this; anything larger is not ours.
MAX_FILE_BYTES = 1_000_000

#: A played game never takes a year of unpaused play.
MAX_SECONDS = 365 * 24 * 3600
#: Counters (games played, undos) far beyond any real use, far below trouble.
MAX_COUNT = 1_000_000_000
#: Undos in one game: far more than anyone makes, and it bounds a Spider score.
MAX_UNDOS = 1_000_000
#: Moves in one saved game (the undo history replayed on restore).
MAX_STEPS = 20_000


class SchemaError(ValueError):
    """A data file's content is not what this program writes (one line).

    ``whole``: the text is a whole reason ("it is not text"), said as it is;
    else it names a field, and the store says which file did not hold what.
    """

    def __init__(self, text: str, *, whole: bool = False) -> None:
        super().__init__(text)
        self.whole = whole


def _show(value: object) -> str:
    """A short, one-line picture of a bad value for a message."""
    if isinstance(value, (dict, list)):
        return _("a JSON object") if isinstance(value, dict) else _("a list")
    if isinstance(value, str) and len(value) > 24:
        return _("a text of {n} characters").format(n=grouped(len(value)))
    if isinstance(value, str):
        return shown(value)  # escaped as every quoted word is (game.quoting)
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _num(x: float) -> str:
    return grouped(int(x)) if float(x).is_integer() else f"{x:g}"


class Field(ABC, Generic[T_co]):
    """One field kind: :meth:`check` returns the value, as a ``T_co``, or raises :class:`SchemaError`."""

    @abstractmethod
    def check(self, value: object, where: str = "the file") -> T_co:
        """``value`` if it is this kind of field; else :class:`SchemaError` naming ``where``."""


@dataclass(frozen=True)
class Int(Field[int]):
    lo: int = 0
    hi: int = MAX_COUNT

    def check(self, value: object, where: str = "the file") -> int:
        # bool is an int subclass; a float (even 2.0) is not what we write.
        if isinstance(value, bool) or not isinstance(value, int) or not self.lo <= value <= self.hi:
            raise SchemaError(_("{where} must be a whole number {low}..{high}, not {value}").format(
                where=where, low=grouped(self.lo), high=grouped(self.hi), value=_show(value)))
        return value


@dataclass(frozen=True)
class Num(Field[float]):
    lo: float = 0.0
    hi: float = MAX_SECONDS

    def check(self, value: object, where: str = "the file") -> float:
        if (isinstance(value, bool) or not isinstance(value, (int, float))
                or not math.isfinite(value) or not self.lo <= value <= self.hi):
            raise SchemaError(_("{where} must be a number {low}..{high}, not {value}").format(
                where=where, low=_num(self.lo), high=_num(self.hi), value=_show(value)))
        return value


@dataclass(frozen=True)
class Bool(Field[bool]):
    def check(self, value: object, where: str = "the file") -> bool:
        if not isinstance(value, bool):
            raise SchemaError(_("{where} must be true or false, not {value}").format(where=where, value=_show(value)))
        return value


@dataclass(frozen=True)
class Str(Field[str]):
    max_len: int = 64
    pattern: str | None = None

    def check(self, value: object, where: str = "the file") -> str:
        if not isinstance(value, str) or len(value) > self.max_len:
            raise SchemaError(_("{where} must be a text of at most {n} characters, not {value}").format(
                where=where, n=self.max_len, value=_show(value)))
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            raise SchemaError(_("{where} {value} is not in the expected form").format(where=where, value=_show(value)))
        return value


@dataclass(frozen=True)
class Date(Field[str]):
    """A calendar date written ``YYYY-MM-DD`` (a real one: no 2026-02-30)."""

    def check(self, value: object, where: str = "the file") -> str:
        if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            try:
                datetime.date.fromisoformat(value)
                return value
            except ValueError:
                pass
        raise SchemaError(_("{where} must be a YYYY-MM-DD date, not {value}").format(where=where, value=_show(value)))


@dataclass(frozen=True)
class Choice(Field[T]):
    """One of a few exact values; the choices may come from a function (read late)."""

    choices: tuple[T, ...] | Callable[[], tuple[T, ...]]

    def options(self) -> tuple[T, ...]:
        return self.choices() if callable(self.choices) else self.choices

    def check(self, value: object, where: str = "the file") -> T:
        options = self.options()
        # Compare with the type too: True == 1 and 2.0 == 2 in Python, not in our files.
        # The option found is what comes back: equal to the value, and known to be a T.
        for option in options:
            if type(value) is type(option) and value == option:
                return option
        raise SchemaError(_("{where} must be one of {options}, not {value}").format(
            where=where, options=listed(map(str, options)), value=_show(value)))


@dataclass(frozen=True)
class List(Field[list[T]]):
    item: Field[T]
    max_len: int = 1000

    def check(self, value: object, where: str = "the file") -> list[T]:
        if not isinstance(value, list):
            raise SchemaError(_("{where} must be a list, not {value}").format(where=where, value=_show(value)))
        if len(value) > self.max_len:
            raise SchemaError(_("{where} has {n} entries, more than {most}").format(
                where=where, n=grouped(len(value)), most=grouped(self.max_len)))
        return [self.item.check(v, f"{where}[{i}]") for i, v in enumerate(value)]


@dataclass(frozen=True)
class Pair(Field[list[K | V]]):
    """Two values in a JSON list (a list, as the file has it, not a tuple)."""

    first: Field[K]
    second: Field[V]

    def check(self, value: object, where: str = "the file") -> list[K | V]:
        if not isinstance(value, list) or len(value) != 2:
            raise SchemaError(_("{where} must be a pair [a, b], not {value}").format(where=where, value=_show(value)))
        return [self.first.check(value[0], f"{where}[0]"), self.second.check(value[1], f"{where}[1]")]


@dataclass(frozen=True)
class Map(Field[dict[K, V]]):
    key: Field[K]
    value: Field[V]
    max_len: int = 1000

    def check(self, value: object, where: str = "the file") -> dict[K, V]:
        if not isinstance(value, dict):
            raise SchemaError(_("{where} must be a JSON object, not {value}").format(where=where, value=_show(value)))
        if len(value) > self.max_len:
            raise SchemaError(_("{where} has {n} entries, more than {most}").format(
                where=where, n=grouped(len(value)), most=grouped(self.max_len)))
        return {self.key.check(k, _("a key of {where}").format(where=where)):
                self.value.check(v, f"{where}[{_show(k)}]") for k, v in value.items()}


@dataclass(frozen=True)
class Nullable(Field[T | None]):
    inner: Field[T]

    def check(self, value: object, where: str = "the file") -> T | None:
        return None if value is None else self.inner.check(value, where)


@dataclass(frozen=True)
class Record(Field[D]):
    """Named fields. ``required`` must be present; the others may be missing.
    Unknown keys are ignored (and dropped from the result).

    ``D`` is the TypedDict of what passes: its keys are the fields' names, its
    required keys ``required``, each value the type its field checks for
    (tests/test_schema_types.py holds each record of the files to its TypedDict).
    """

    fields: Mapping[str, Field[object]]
    required: frozenset[str] = field(default_factory=frozenset)

    def check(self, value: object, where: str = "") -> D:
        if not isinstance(value, dict):
            raise SchemaError(_("{where} must be a JSON object, not {value}").format(
                where=where or _("the file"), value=_show(value)))
        out: dict[str, object] = {}
        for name, kind in self.fields.items():
            path = f"{where}.{name}" if where else name
            if name not in value:
                if name in self.required:
                    raise SchemaError(_("{where} is missing").format(where=path))
                continue
            out[name] = kind.check(value[name], path)
        # Each key of D was checked by its own field just above: what mypy
        # cannot follow through a loop over names, the test named above holds.
        return cast(D, out)

    def clean(self, value: object) -> tuple[dict[str, object], list[str]]:
        """The fields that pass, and one line for each that does not."""
        if not isinstance(value, dict):
            return {}, [_("{where} must be a JSON object, not {value}").format(where=_("the file"), value=_show(value))]
        good: dict[str, object] = {}
        bad: list[str] = []
        for name, kind in self.fields.items():
            if name in value:
                try:
                    good[name] = kind.check(value[name], name)
                except SchemaError as exc:
                    bad.append(str(exc))
        return good, bad


# --- the files ---------------------------------------------------------------------------
#
# Each file's TypedDict says what its record's check gives back. The keys a file
# may lack are those of a total=False class (not NotRequired, which Python 3.11
# cannot see in a postponed annotation: the test of the types reads them at run time).


class WindowRect(TypedDict):
    """Where the window was and how big (pixels)."""

    x: int
    y: int
    w: int
    h: int


class SettingsFile(TypedDict, total=False):
    """``settings.json`` as :data:`SETTINGS` passes it."""

    auto_moves: str
    auto_foundation: bool
    one_click_home: bool
    animation_speed: str
    reduced_motion: bool | None
    four_colour: bool
    high_contrast: bool
    large_print: bool
    text_size: int
    fullscreen: bool
    spider_suits: int
    spider_started: bool
    volume: float
    muted: bool
    live_winnability: bool
    find_par: bool
    move_grades: bool
    table_colour: str
    card_back: str
    winnable_freecell: bool
    winnable_spider_1: bool
    winnable_spider_2: bool
    winnable_spider_4: bool
    winnable_seed: int
    winnable_dealt_1: int
    winnable_dealt_2: int
    winnable_dealt_4: int
    last_move_outline: bool
    left_handed: bool
    click_to_move: bool
    drag_distance: str
    window: WindowRect | None
    language: str


class Writer(TypedDict, total=False):
    """Which program instance saved a game, and when (written by :mod:`game.store`)."""

    instance: str
    pid: int
    saved_at: float


class _CommonSave(TypedDict, total=False):
    elapsed: float
    clock_started: bool
    undos: int
    writer: Writer
    assisted: bool
    helped: str


class _FreeCellSaveRequired(_CommonSave):
    game: str
    deal: int
    auto_foundation: bool | str
    steps: list[list[str | bool]]


class FreeCellSaveFile(_FreeCellSaveRequired, total=False):
    """``savegame.json`` holding a FreeCell game, as :data:`FREECELL_SAVE` passes it."""

    opening: str
    redo: list[list[str | bool]]


class _SpiderSaveRequired(_CommonSave):
    game: str
    number: int
    suits: int
    steps: list[str]
    score: int
    moves: int


class SpiderSaveFile(_SpiderSaveRequired, total=False):
    """``savegame.json`` holding a Spider game, as :data:`SPIDER_SAVE` passes it."""

    redo: list[str]


class ResultFile(TypedDict, total=False):
    """One recent result in ``statistics.json``."""

    won: bool
    seconds: float
    moves: int
    date: str
    gave_up: bool


class GameStatsFile(TypedDict, total=False):
    """One game's figures in ``statistics.json``."""

    played: int
    won: int
    given_up: int
    current_streak: int
    best_streak: int
    best_time: float | None
    fewest_moves: int | None
    recent: list[ResultFile]


#: The games of ``statistics.json`` (their names are not Python names).
GamesFile = TypedDict("GamesFile", {
    "freecell": GameStatsFile, "freecell-easy": GameStatsFile, "freecell-normal": GameStatsFile,
    "freecell-hard": GameStatsFile, "spider-1": GameStatsFile, "spider-2": GameStatsFile, "spider-4": GameStatsFile,
}, total=False)


class DailyFile(TypedDict, total=False):
    days: dict[str, bool]


class StatisticsFile(TypedDict, total=False):
    """``statistics.json`` as :data:`STATISTICS` passes it."""

    version: int
    games: GamesFile
    daily: DailyFile


class ChallengesFile(TypedDict, total=False):
    """``challenges.json`` as :data:`CHALLENGES` passes it."""

    version: int
    days: dict[str, str]


def _table_colours() -> tuple[str, ...]:
    from game.render import theme  # read late: the theme module is only needed here

    return theme.TABLE_COLOURS


def _card_backs() -> tuple[str, ...]:
    from game.render import theme

    return theme.CARD_BACKS


#: ``settings.json`` (``game.play.menu.Settings``); every field may be missing.
SETTINGS: Record[SettingsFile] = Record({
    # FreeCell's automatic foundation moves; older files have the switch
    # ``auto_foundation`` instead (true: "safe", false: "off").
    "auto_moves": Choice(("off", "safe", "all")),
    "auto_foundation": Bool(),
    "one_click_home": Bool(),
    "animation_speed": Choice(("normal", "fast", "slow", "instant")),
    # Reduced motion; null (or none) follows the desktop's own setting.
    "reduced_motion": Nullable(Bool()),
    "four_colour": Bool(),
    "high_contrast": Bool(),
    "large_print": Bool(),
    # Text size, percent (game.play.settings.TEXT_SIZES).
    "text_size": Choice((100, 125, 150, 200)),
    "fullscreen": Bool(),
    "spider_suits": Choice((1, 2, 4)),
    "spider_started": Bool(),
    "volume": Num(0.0, 1.0),
    "muted": Bool(),
    "live_winnability": Bool(),
    "find_par": Bool(),
    "move_grades": Bool(),
    "table_colour": Choice(_table_colours),
    "card_back": Choice(_card_backs),
    "winnable_freecell": Bool(),
    "winnable_spider_1": Bool(),
    "winnable_spider_2": Bool(),
    "winnable_spider_4": Bool(),
    "winnable_seed": Int(0, 2**31),
    "winnable_dealt_1": Int(0, 1_000_000),
    "winnable_dealt_2": Int(0, 1_000_000),
    "winnable_dealt_4": Int(0, 1_000_000),
    "last_move_outline": Bool(),
    "left_handed": Bool(),
    "click_to_move": Bool(),
    "drag_distance": Choice(("short", "medium", "long")),
    # Where the window was and how big, when the game last closed out of fullscreen
    # (pixels; x and y may be negative on a display left of or above the main one).
    "window": Nullable(Record[WindowRect]({"x": Int(-100_000, 100_000), "y": Int(-100_000, 100_000),
                               "w": Int(1, 100_000), "h": Int(1, 100_000)}, frozenset("xywh"))),
    # The language chosen in Settings (a code of game.i18n.LANGUAGES); "" (or none) follows the system's.
    "language": Choice(("", *LANGUAGES)),
})

# Written by game.store beside a saved game: which program instance saved it, and when.
_WRITER: Record[Writer] = Record({
    "instance": Str(64, r"[0-9a-f]{1,64}"), "pid": Int(0, 2**31), "saved_at": Num(0.0, 1e11),
})

_COMMON_SAVE: dict[str, Field[object]] = {
    "elapsed": Num(0.0, MAX_SECONDS),
    "clock_started": Bool(),
    "undos": Int(0, MAX_UNDOS),
    "writer": _WRITER,
    # Something helped play the game (older saves: this alone): it never counts in the statistics.
    "assisted": Bool(),
    # What helped first: the demo, Rewind, a try-again from the review, Spider's review knowing
    # every card opened during play ("help": unknown); game.session.HELPS, checked by a test.
    "helped": Choice(("", "demo", "rewind", "try", "peek", "help")),
}

_AUTO_LEVELS = ("off", "safe", "all")
_AUTO_SAVED = Choice((True, False) + _AUTO_LEVELS)

#: ``savegame.json`` holding a FreeCell game (``FreeCellSession.to_dict``).
FREECELL_SAVE: Record[FreeCellSaveFile] = Record({
    "game": Choice(("freecell",)),
    "deal": Int(1, 1_000_000),
    # The automatic foundation level in force (older saves: true "safe", false "off"),
    # and the deal's own when it differs.
    "auto_foundation": _AUTO_SAVED,
    "opening": Choice(_AUTO_LEVELS),
    # A step is a move in FreeCell notation ("8a", "38v4") and whether it was
    # plain (true), made at the level in force (false) or at the level named.
    "steps": List(Pair(Str(12), _AUTO_SAVED), MAX_STEPS),
    # What Redo plays again, the next step last, each flagged as a step is. It
    # must replay (checked on load).
    "redo": List(Pair(Str(12), _AUTO_SAVED), MAX_STEPS),
    **_COMMON_SAVE,
}, frozenset({"game", "deal", "auto_foundation", "steps"}))

#: ``savegame.json`` holding a Spider game (``SpiderSession.to_dict``).
SPIDER_SAVE: Record[SpiderSaveFile] = Record({
    "game": Choice(("spider",)),
    "number": Int(1, 999_999),
    "suits": Choice((1, 2, 4)),
    "steps": List(Str(16), MAX_STEPS),
    # What Redo plays again, the next move or deal last (checked on load: it must replay).
    "redo": List(Str(16), MAX_STEPS),
    # Start 500, at most 8 sets of 100; every move, deal and undo costs one.
    "score": Int(500 - 2 * MAX_STEPS - 2 * MAX_UNDOS, 1300),
    "moves": Int(0, MAX_STEPS),
    **_COMMON_SAVE,
}, frozenset({"game", "number", "suits", "steps", "score", "moves"}))


def check_savegame(data: object) -> dict[str, object]:
    """The saved game checked against the schema of its game.

    >>> check_savegame({"game": "chess"})
    Traceback (most recent call last):
    ...
    game.schema.SchemaError: game must be one of freecell, spider, not 'chess'
    """
    if not isinstance(data, dict):
        raise SchemaError(_("{where} must be a JSON object, not {value}").format(
            where=_("the saved game"), value=_show(data)))
    kind = Choice(("freecell", "spider")).check(data.get("game"), "game")
    # A plain dict (a copy) for game.session, which reads the fields of either game.
    return dict(SPIDER_SAVE.check(data) if kind == "spider" else FREECELL_SAVE.check(data))


_DATE = Date()

_RESULT: Record[ResultFile] = Record({
    "won": Bool(), "seconds": Num(0.0, MAX_SECONDS), "moves": Int(0, MAX_COUNT),
    "date": _DATE, "gave_up": Bool(),
})

_GAME_STATS: Record[GameStatsFile] = Record({
    "played": Int(), "won": Int(), "given_up": Int(),
    "current_streak": Int(), "best_streak": Int(),
    "best_time": Nullable(Num(0.0, MAX_SECONDS)),
    "fewest_moves": Nullable(Int()),
    # Only the last 20 are kept; an older or hand-edited file may hold a few more.
    "recent": List(_RESULT, 1000),
})

#: ``statistics.json`` (``game.stats.Statistics``); consistency between the
#: counts (won <= played, ...) is checked by ``Statistics.from_dict``.
STATISTICS: Record[StatisticsFile] = Record({
    "version": Int(1, 1000),
    "games": Record[GamesFile](dict.fromkeys(("freecell", "freecell-easy", "freecell-normal", "freecell-hard",
                                   "spider-1", "spider-2", "spider-4"), _GAME_STATS)),
    "daily": Record[DailyFile]({"days": Map(_DATE, Bool(), 100_000)}),
})


#: ``challenges.json`` (``game.challenges.progress.ChallengeProgress``): per Japan
#: date, one letter per challenge of the day (- not tried, t tried, d done, l done later).
CHALLENGES: Record[ChallengesFile] = Record({
    "version": Int(1, 1000),
    # 80 years of days fit; the file stays far below MAX_FILE_BYTES.
    "days": Map(_DATE, Str(6, r"[-tdl]{6}"), 40_000),
})


# --- reading a file ------------------------------------------------------------------------


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise SchemaError(_("the number {value} is too large").format(value=_show(text)))
    return value


def _no_constant(name: str) -> float:
    raise SchemaError(_("{name} is not a number this program writes").format(name=name))


def parse(raw: bytes) -> JSON:
    """Strict JSON from a file's bytes, or :class:`SchemaError` in one line.

    Refused: more than :data:`MAX_FILE_BYTES`, text that is not UTF-8 JSON,
    ``NaN`` / ``Infinity`` / numbers too large for a float (``1e999``),
    integers of thousands of digits, and nesting so deep that the decoder
    gives up (``'[' * 100000``)::

        >>> parse(b'{"elapsed": 1.5}')
        {'elapsed': 1.5}
        >>> parse(b'{"elapsed": NaN}')
        Traceback (most recent call last):
        ...
        game.schema.SchemaError: NaN is not a number this program writes
        >>> parse(b'[' * 100000)
        Traceback (most recent call last):
        ...
        game.schema.SchemaError: it is nested too deeply
    """
    if len(raw) > MAX_FILE_BYTES:
        raise SchemaError(_("it is larger than {n} bytes").format(n=grouped(MAX_FILE_BYTES)), whole=True)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SchemaError(_("it is not text"), whole=True) from None
    try:
        # json.loads's own annotation says nothing of what it gives; with these hooks, JSON values only.
        parsed: JSON = json.loads(text, parse_float=_finite, parse_constant=_no_constant)
        return parsed
    except RecursionError:
        raise SchemaError(_("it is nested too deeply"), whole=True) from None
    except SchemaError:
        raise
    except json.JSONDecodeError as exc:
        raise SchemaError(_("it was damaged (at line {line})").format(line=exc.lineno), whole=True) from None
    except ValueError:  # e.g. an integer past Python's digit limit
        raise SchemaError(_("it holds a number too long to read"), whole=True) from None
