"""Hostile data files: every one is set aside with one line, clean defaults
are written at once, and nothing raises (issue 18, items 1-5 and 10).

The corpus is each case the issue found, plus a wrong value of every kind
for every field of every schema (savegame for both games, settings,
statistics), fed to the loaders the app uses: ``restore_saved``,
``Settings.load`` and ``Statistics.load``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import schema
from game.freecell import Move
from game.play.menu import Settings
from game.render import theme
from game.session import FreeCellSession, SpiderSession, restore_saved
from game.stats import Statistics
from game.store import Store

# --- valid documents to damage ------------------------------------------------------------


def freecell_save() -> dict[str, Any]:
    t = [0.0]
    s = FreeCellSession(1, now=lambda: t[0])
    s.play(Move.parse("6a"))
    t[0] += 42.0
    s.play(Move.parse("6b"))
    s.undo()
    return dict(s.to_dict())  # a plain dict: the tests spoil its fields


def spider_save() -> dict[str, Any]:
    from game.spider import DEAL

    t = [0.0]
    s = SpiderSession(1, 2, now=lambda: t[0])
    for _ in range(3):
        s.play(s.position.legal_moves()[0])
    t[0] += 30.0
    s.play(DEAL)
    s.undo()
    return dict(s.to_dict())  # a plain dict: the tests spoil its fields


def settings_doc() -> dict[str, Any]:
    """Every field away from its default, so a kept field is told from a reset one."""
    return {"auto_moves": "all", "one_click_home": True, "animation_speed": "fast", "reduced_motion": True,
            "four_colour": True, "high_contrast": True, "large_print": True, "fullscreen": True, "spider_suits": 2,
            "spider_started": True, "click_to_move": True, "drag_distance": "long", "text_size": 150,
            "volume": 0.3, "muted": True, "live_winnability": False, "find_par": False, "move_grades": True,
            "table_colour": theme.TABLE_COLOURS[1], "card_back": theme.CARD_BACKS[1],
            "winnable_freecell": True, "winnable_spider_1": True, "winnable_spider_2": True,
            "winnable_spider_4": True, "winnable_seed": 12345, "winnable_dealt_1": 3, "winnable_dealt_2": 2,
            "winnable_dealt_4": 1,
            "last_move_outline": False, "left_handed": True, "language": "ja",
            "window": {"x": -1920, "y": 40, "w": 1000, "h": 700}}


def statistics_doc() -> dict[str, Any]:
    s = Statistics()
    s.record_win("freecell", 120.5, 90, date="2026-11-28", daily="2026-11-28")
    s.record_loss("freecell", give_up=True, seconds=10.0, moves=3, date="2026-11-29")
    s.record_win("spider-2", 600.0, 200, date="2026-11-29")
    return dict(s.to_dict())  # a plain dict: the tests spoil its fields


def test_the_valid_documents_load_as_they_are(tmp_path):
    store = Store(tmp_path)
    for doc in (freecell_save(), spider_save()):
        store.save("savegame", doc)
        assert restore_saved(store).to_dict() == doc
    store.save("settings", settings_doc())
    assert Settings.load(store).to_dict() == settings_doc()
    store.save("statistics", statistics_doc())
    assert Statistics.load(store).to_dict() == statistics_doc()
    assert store.warnings == []


# --- wrong values, by field kind ---------------------------------------------------------

HUGE = "x" * 500_000  # under the file size cap: the schema's string caps refuse it


def wrong_values(kind: schema.Field) -> list[Any]:
    """Values a field of this kind must refuse (a fixed list per kind, not
    asked of the schema itself)."""
    common: list[Any] = [{"a": 1}, HUGE]
    if isinstance(kind, schema.Nullable):
        return [v for v in wrong_values(kind.inner) if v is not None]
    if isinstance(kind, schema.Int):
        return common + [2.0, True, "3", [], -1 if kind.lo >= 0 else kind.lo - 1, 10**13, None]
    if isinstance(kind, schema.Num):
        return common + [True, "1", [], -0.5, 1e300, None]
    if isinstance(kind, schema.Bool):
        return common + [1, 0, "true", [], None]
    if isinstance(kind, schema.Date):
        return [20261129, None, "2026-02-30", "29/11/2026", HUGE]
    if isinstance(kind, schema.Str):
        return [5, None, [], "y" * (kind.max_len + 1)]
    if isinstance(kind, schema.Choice):
        options = kind.options()
        out = common + ["nope", None, []]
        if any(isinstance(o, int) for o in options):
            out += [2.0, True, "2", 3]
        # A choice may take true/false itself (an old save's switch): those are not wrong.
        return [v for v in out if not any(type(v) is type(o) and v == o for o in options)]
    if isinstance(kind, (schema.List, schema.Pair)):
        return [{"a": 1}, "nope", None, 3, [None] * 3]
    if isinstance(kind, schema.Map):
        return [[], "nope", None, {"2026-13-45": True}, {"2026-11-29": 1}]
    if isinstance(kind, schema.Record):
        return [[], "nope", None, 7]
    raise AssertionError(f"no wrong values for {kind!r}")


def field_cases(record: schema.Record, base: dict[str, Any], prefix: tuple[str | int, ...] = ()) -> list[tuple]:
    """(path, wrong value) for every field of ``record`` present in ``base``,
    and of the records nested in it."""
    out: list[tuple] = []
    for name, kind in record.fields.items():
        if name not in base:
            continue
        path = prefix + (name,)
        out += [(path, v) for v in wrong_values(kind)]
        if isinstance(kind, schema.Record) and isinstance(base[name], dict):
            out += field_cases(kind, base[name], path)
        if isinstance(kind, schema.List) and isinstance(kind.item, schema.Record) and base[name]:
            out += field_cases(kind.item, base[name][0], path + (0,))
    return out


def damaged(base: dict[str, Any], path: tuple, value: Any) -> dict[str, Any]:
    doc = json.loads(json.dumps(base))
    node = doc
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return doc


def _id(path: tuple, value: Any) -> str:
    shown = repr(value) if len(repr(value)) < 20 else f"<{type(value).__name__} {len(value)}>"
    return ".".join(map(str, path)) + "=" + shown


FC_BASE, SP_BASE, SET_BASE, ST_BASE = freecell_save(), spider_save(), settings_doc(), statistics_doc()

SAVE_FIELD_CASES = ([("freecell", p, v) for p, v in field_cases(schema.FREECELL_SAVE, FC_BASE)]
                    + [("spider", p, v) for p, v in field_cases(schema.SPIDER_SAVE, SP_BASE)])


# --- whole-file cases: the issue's, and files that are not JSON we write ---------------------


def raw_field(base: dict[str, Any], key: str, token: str) -> bytes:
    """The document with one field spelled as raw JSON text (NaN, 1e999...)."""
    return json.dumps({**base, key: "@@"}).replace('"@@"', token).encode()


#: Each file, a valid document of it, and the field the raw cases are put in.
FILES = {"savegame": (FC_BASE, "elapsed"), "settings": (SET_BASE, "volume"),
         "statistics": (ST_BASE, "version")}

#: Cases that spoil the whole file: nothing of it is kept, whatever the file.
WHOLE_FILE: dict[str, Callable[[dict[str, Any], str], bytes]] = {
    "nan": lambda base, key: raw_field(base, key, "NaN"),
    "infinity": lambda base, key: raw_field(base, key, "Infinity"),
    "minus infinity": lambda base, key: raw_field(base, key, "-Infinity"),
    "1e999": lambda base, key: raw_field(base, key, "1e999"),
    "thousands of digits": lambda base, key: raw_field(base, key, "1" * 5000),
    "nested in a field": lambda base, key: raw_field(base, key, "[" * 50_000),
    "five million characters": lambda base, key: json.dumps({**base, key: "x" * 5_000_000}).encode(),
    "deeply nested list": lambda base, key: b"[" * 100_000,
    "deeply nested object": lambda base, key: b'{"a":' * 100_000,
    "over the size cap": lambda base, key: b" " * (schema.MAX_FILE_BYTES + 1) + b"{}",
    "not utf-8": lambda base, key: b"\xff\xfe\x00\x81",
    "empty": lambda base, key: b"",
    "truncated": lambda base, key: json.dumps(base).encode()[:-7],
    "a list": lambda base, key: b"[1, 2, 3]",
    "a string": lambda base, key: b'"data"',
    "null": lambda base, key: b"null",
}


def _load(name: str, store: Store) -> Any:
    return {"savegame": lambda: restore_saved(store), "settings": lambda: Settings.load(store),
            "statistics": lambda: Statistics.load(store)}[name]()


FRESH = {"savegame": None, "settings": Settings(), "statistics": Statistics()}


def check_set_aside(folder: Path, name: str, content: bytes, store: Store) -> None:
    """One one-line warning; the original kept aside byte for byte."""
    assert len(store.warnings) == 1, store.warnings
    line = store.warnings[0]
    assert "\n" not in line and len(line) <= 400 and f"{name}.json" in line and "set aside" in line
    aside = [p for p in folder.iterdir() if p.name.startswith(f"{name}.json.damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes() == content


def check_clean_after(folder: Path, name: str, expected: Any) -> None:
    """What is on disk now loads without a word, as ``expected`` (written at
    once: no game has to end or quit first)."""
    again = Store(folder)
    value = _load(name, again)
    assert again.warnings == []
    if name == "savegame":
        assert value is None and not (folder / "savegame.json").exists()
    else:
        assert (folder / f"{name}.json").exists() and value == expected


@pytest.mark.parametrize("name", sorted(FILES))
@pytest.mark.parametrize("case", sorted(WHOLE_FILE))
def test_a_hostile_file_is_set_aside_and_replaced_by_defaults_at_once(tmp_path, name, case):
    base, key = FILES[name]
    content = WHOLE_FILE[case](base, key)
    (tmp_path / f"{name}.json").write_bytes(content)
    store = Store(tmp_path)
    assert _load(name, store) == FRESH[name]
    check_set_aside(tmp_path, name, content, store)
    check_clean_after(tmp_path, name, FRESH[name])


def fc(**change: Any) -> bytes:
    return json.dumps({**FC_BASE, **change}).encode()


def sp(**change: Any) -> bytes:
    return json.dumps({**SP_BASE, **change}).encode()


#: The saved games the issue found, and saves that do not add up.
BAD_SAVES = {
    "negative elapsed": fc(elapsed=-1e9),
    "deal 1e999": raw_field(FC_BASE, "deal", "1e999"),
    "deal 2.0": fc(deal=2.0),
    "spider negative moves": sp(moves=-100),
    "spider negative score": sp(score=-99999999),
    "spider moves not its steps": sp(moves=SP_BASE["moves"] + 1),
    "spider score above its steps": sp(score=SP_BASE["score"] + 100),
    "spider suits true": sp(suits=True),
    "half a million characters": fc(steps=[[HUGE, False]]),
    "steps that do not replay": fc(steps=[["12", False]]),
    "another game": fc(game="klondike"),
    "a redo move that does not replay": fc(redo=[["a1", False]]),
    "a redo pair that is not a pair": fc(redo=[["6b"]]),
    "more redo deals than the stock holds": sp(redo=["deal"] * 6),
    "a redo move that is no move": sp(redo=["move 1 2 99"]),
    "assisted as a word": fc(assisted="yes"),
}


@pytest.mark.parametrize("case", sorted(BAD_SAVES))
def test_the_issues_saved_games_are_set_aside(tmp_path, case):
    (tmp_path / "savegame.json").write_bytes(BAD_SAVES[case])
    store = Store(tmp_path)
    assert restore_saved(store) is None
    check_set_aside(tmp_path, "savegame", BAD_SAVES[case], store)
    check_clean_after(tmp_path, "savegame", None)


@pytest.mark.parametrize("game,path,value", SAVE_FIELD_CASES,
                         ids=[f"{g}:{_id(p, v)}" for g, p, v in SAVE_FIELD_CASES])
def test_a_saved_game_with_a_wrong_field_is_set_aside(tmp_path, game, path, value):
    base = FC_BASE if game == "freecell" else SP_BASE
    content = json.dumps(damaged(base, path, value)).encode()
    (tmp_path / "savegame.json").write_bytes(content)
    store = Store(tmp_path)
    assert restore_saved(store) is None
    check_set_aside(tmp_path, "savegame", content, store)
    check_clean_after(tmp_path, "savegame", None)


ST_FIELD_CASES = field_cases(schema.STATISTICS, ST_BASE)


@pytest.mark.parametrize("path,value", ST_FIELD_CASES, ids=[_id(p, v) for p, v in ST_FIELD_CASES])
def test_statistics_with_a_wrong_field_are_set_aside_and_cleared_at_once(tmp_path, path, value):
    content = json.dumps(damaged(ST_BASE, path, value)).encode()
    (tmp_path / "statistics.json").write_bytes(content)
    store = Store(tmp_path)
    assert Statistics.load(store) == Statistics()
    check_set_aside(tmp_path, "statistics", content, store)
    check_clean_after(tmp_path, "statistics", Statistics())


SET_FIELD_CASES = field_cases(schema.SETTINGS, SET_BASE)


@pytest.mark.parametrize("path,value", SET_FIELD_CASES, ids=[_id(p, v) for p, v in SET_FIELD_CASES])
def test_settings_with_a_wrong_field_keep_the_others_and_reset_that_one(tmp_path, path, value):
    """The settings rule: good fields kept, the bad one back to its default,
    the original set aside, the cleaned file written at once."""
    content = json.dumps(damaged(SET_BASE, path, value)).encode()
    (tmp_path / "settings.json").write_bytes(content)
    store = Store(tmp_path)
    got = Settings.load(store)
    (field,) = path
    expected = Settings(**{**SET_BASE, field: getattr(Settings(), field)})
    assert got == expected
    check_set_aside(tmp_path, "settings", content, store)
    assert field in store.warnings[0] and "other settings were kept" in store.warnings[0]
    check_clean_after(tmp_path, "settings", expected)


def test_settings_with_every_field_wrong_are_all_defaults(tmp_path):
    doc = dict.fromkeys(SET_BASE, "wrong")
    (tmp_path / "settings.json").write_text(json.dumps(doc))
    store = Store(tmp_path)
    assert Settings.load(store) == Settings()
    assert f"and {len(SET_BASE) - 1} more" in store.warnings[0]
    check_clean_after(tmp_path, "settings", Settings())


def test_the_issues_settings_cases(tmp_path):
    for bad in (2.0, True, "2", 3):
        store = Store(tmp_path)
        store.save("settings", {"spider_suits": bad, "volume": 0.5})
        got = Settings.load(store)
        assert got.spider_suits == 1 and type(got.spider_suits) is int and got.volume == 0.5
    ok = Store(tmp_path)
    ok.save("settings", {"spider_suits": 4})
    assert Settings.load(ok).spider_suits == 4 and ok.warnings == []


def _field(record: schema.Record, *path: str) -> schema.Field:
    """The field at ``path`` in nested records."""
    field: schema.Field = record
    for name in path:
        assert isinstance(field, schema.Record)
        field = field.fields[name]
    return field


@pytest.mark.parametrize("kind", [schema.Int(), schema.Num(), schema.Bool(), schema.Str(),
                                  schema.Choice((1, 2, 4)), schema.List(schema.Int()),
                                  _field(schema.STATISTICS, "daily", "days"), schema.SETTINGS])
def test_every_wrong_value_is_refused_in_one_short_line(kind):
    for value in wrong_values(kind):
        with pytest.raises(schema.SchemaError) as info:
            kind.check(value, "f")
        assert "\n" not in str(info.value) and len(str(info.value)) < 120


def test_a_restored_game_never_has_a_negative_or_infinite_clock(tmp_path):
    # What the issue saw as "-16666667:23" and a crash in int(NaN).
    store = Store(tmp_path)
    for elapsed in (-1e9, -0.001, float("nan"), float("inf")):
        (tmp_path / "savegame.json").write_text(json.dumps({**FC_BASE, "elapsed": elapsed}))
        assert restore_saved(store) is None
    store.save("savegame", {**FC_BASE, "elapsed": 12.5})
    s = restore_saved(store)
    assert s is not None and s.clock.elapsed == pytest.approx(12.5, abs=0.1) and s.moves == 1
