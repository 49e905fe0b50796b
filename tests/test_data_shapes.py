"""The exact shape of every data file, field by field: pairs are pairs.

* What the game writes (a saved FreeCell and Spider game, the settings, the
  statistics, with the store's ``writer`` beside them) has exactly the
  fields its schema names, each of the declared kind: a pair is a list of
  two, a list holds its item kind, no key the schema does not know.
* What the game reads refuses every value of the wrong shape *inside* lists,
  pairs and maps too (a step ``["6a"]`` or ``["6a", false, 3]``, a day
  marked ``1``), and the file is set aside: nothing half-read is restored.
* The shipped tables (assets/freecell-min-cells.tsv and
  assets/spider-winnable.tsv) are three tab-separated fields per row, every
  row of them reads, and a row of any other shape is skipped.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_hostile_files import FC_BASE, SET_BASE, SP_BASE, ST_BASE, damaged, wrong_values

from game import schema
from game.freecell import difficulty as difficulty_module
from game.play.menu import Settings
from game.resources import asset_path
from game.session import restore_saved
from game.spider.winnable import format_rows, load, parse_rows
from game.stats import Statistics
from game.store import Store

# --- what is written has the schema's exact shape -----------------------------------------


def conforms(kind: schema.Field, value: Any, where: str = "") -> None:
    """Assert that ``value`` is exactly what ``kind`` describes (stricter than
    ``check``, which ignores unknown keys a newer version might add)."""
    if isinstance(kind, schema.Nullable):
        if value is not None:
            conforms(kind.inner, value, where)
        return
    if isinstance(kind, schema.Record):
        assert isinstance(value, dict), where
        assert set(value) <= set(kind.fields), f"{where}: unknown keys {set(value) - set(kind.fields)}"
        assert kind.required <= set(value), f"{where}: missing {kind.required - set(value)}"
        for name, sub in kind.fields.items():
            if name in value:
                conforms(sub, value[name], f"{where}.{name}")
        return
    if isinstance(kind, schema.Pair):
        assert isinstance(value, list) and len(value) == 2, f"{where} is not a pair: {value!r}"
        conforms(kind.first, value[0], f"{where}[0]")
        conforms(kind.second, value[1], f"{where}[1]")
        return
    if isinstance(kind, schema.List):
        assert isinstance(value, list) and len(value) <= kind.max_len, where
        for i, item in enumerate(value):
            conforms(kind.item, item, f"{where}[{i}]")
        return
    if isinstance(kind, schema.Map):
        assert isinstance(value, dict) and len(value) <= kind.max_len, where
        for k, v in value.items():
            kind.key.check(k, where)
            conforms(kind.value, v, f"{where}[{k}]")
        return
    kind.check(value, where or "the file")  # a leaf: its own check is its shape


def written(tmp_path: Path, name: str, document: dict[str, Any]) -> Any:
    """The document as the store puts it on disk."""
    store = Store(tmp_path)
    assert store.save(name, document)
    return json.loads((tmp_path / f"{name}.json").read_text())


@pytest.mark.parametrize("name, document, kind", [
    ("savegame", FC_BASE, schema.FREECELL_SAVE),
    ("savegame", SP_BASE, schema.SPIDER_SAVE),
    ("settings", SET_BASE, schema.SETTINGS),
    ("statistics", ST_BASE, schema.STATISTICS),
], ids=["freecell save", "spider save", "settings", "statistics"])
def test_what_the_game_writes_has_exactly_the_schemas_shape(tmp_path, name, document, kind):
    on_disk = written(tmp_path, name, document)
    conforms(kind, on_disk)
    if name == "savegame":
        assert set(on_disk["writer"]) == set(schema._WRITER.fields)  # the store's own record, whole
        assert on_disk["steps"]
    if kind is schema.FREECELL_SAVE:
        assert all(isinstance(step, list) and len(step) == 2 for step in on_disk["steps"])


def test_every_saved_freecell_step_is_a_move_and_its_level():
    # The valid save plays three steps (one undone): each [notation, level].
    assert [type(step[0]) for step in FC_BASE["steps"]] == [str] * len(FC_BASE["steps"])
    assert all(step[1] in (True, False, "off", "safe", "all") for step in FC_BASE["steps"])


# --- what is read refuses a wrong shape inside lists, pairs and maps ---------------------------


def inner_nodes(kind: schema.Field, value: Any, path: tuple = (), inside: bool = False) -> Iterator[tuple]:
    """(path, kind) of every node of ``value`` that lies inside a list, a pair
    or a map (the top-level fields have their own tests in test_hostile_files)."""
    if isinstance(kind, schema.Nullable):
        if value is not None:
            yield from inner_nodes(kind.inner, value, path, inside)
        return
    if inside:
        yield path, kind
    if isinstance(kind, schema.Record):
        for name, sub in kind.fields.items():
            if name in value:
                yield from inner_nodes(sub, value[name], path + (name,), inside)
    elif isinstance(kind, schema.List) and value:
        yield from inner_nodes(kind.item, value[0], path + (0,), True)
        yield from inner_nodes(kind.item, value[-1], path + (len(value) - 1,), True)
    elif isinstance(kind, schema.Pair):
        yield from inner_nodes(kind.first, value[0], path + (0,), True)
        yield from inner_nodes(kind.second, value[1], path + (1,), True)
    elif isinstance(kind, schema.Map) and value:
        key = next(iter(value))
        yield from inner_nodes(kind.value, value[key], path + (key,), True)


def misshapen(kind: schema.Field, good: Any) -> list[Any]:
    """Wrong values for a node; a pair gets every wrong length and a dict."""
    if isinstance(kind, schema.Pair):
        a, b = good
        return [[], [a], [a, b, b], [b, a, a, b], {"0": a, "1": b}, f"{a}{b}", None, [[a, b]]]
    return wrong_values(kind)


def _node(doc: Any, path: tuple) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _cases(kind: schema.Record, base: dict[str, Any], label: str) -> list:
    return [pytest.param(base, path, value, id=f"{label}:{'.'.join(map(str, path))}={str(value)[:14]!r}")
            for path, node_kind in inner_nodes(kind, base)
            for value in misshapen(node_kind, _node(base, path))]


SAVE_CASES = _cases(schema.FREECELL_SAVE, FC_BASE, "freecell") + _cases(schema.SPIDER_SAVE, SP_BASE, "spider")


def test_the_walk_reaches_every_pair_and_list_item():
    paths = {path for path, _ in inner_nodes(schema.FREECELL_SAVE, FC_BASE)}
    assert {("steps", 0), ("steps", 0, 0), ("steps", 0, 1)} <= paths
    assert ("steps", 0) in {path for path, _ in inner_nodes(schema.SPIDER_SAVE, SP_BASE)}
    st = {path[:3] + path[-1:] for path, _ in inner_nodes(schema.STATISTICS, ST_BASE)}
    assert ("games", "freecell", "recent", "won") in st
    assert any(path[:2] == ("daily", "days") for path, _ in inner_nodes(schema.STATISTICS, ST_BASE))


@pytest.mark.parametrize("base, path, value", SAVE_CASES)
def test_a_save_with_a_misshapen_inner_value_is_set_aside_not_restored(tmp_path, base, path, value):
    content = json.dumps(damaged(base, path, value)).encode()
    (tmp_path / "savegame.json").write_bytes(content)
    store = Store(tmp_path)
    assert restore_saved(store) is None
    assert len(store.warnings) == 1 and "set aside" in store.warnings[0]
    assert not (tmp_path / "savegame.json").exists()


@pytest.mark.parametrize("base, path, value", _cases(schema.STATISTICS, ST_BASE, "statistics"))
def test_statistics_with_a_misshapen_inner_value_are_set_aside(tmp_path, base, path, value):
    (tmp_path / "statistics.json").write_bytes(json.dumps(damaged(base, path, value)).encode())
    store = Store(tmp_path)
    assert Statistics.load(store) == Statistics()
    assert len(store.warnings) == 1 and "set aside" in store.warnings[0]


def test_a_daily_key_that_is_no_date_sets_the_statistics_aside(tmp_path):
    doc = json.loads(json.dumps(ST_BASE))
    doc["daily"]["days"]["2026-02-30"] = True
    (tmp_path / "statistics.json").write_text(json.dumps(doc))
    store = Store(tmp_path)
    assert Statistics.load(store) == Statistics() and len(store.warnings) == 1


def test_the_valid_documents_still_load_whole(tmp_path):
    # The damaged cases above fail for their damage alone.
    store = Store(tmp_path)
    store.save("savegame", FC_BASE)
    assert restore_saved(store).to_dict() == FC_BASE
    store.save("statistics", ST_BASE)
    assert Statistics.load(store).to_dict() == ST_BASE
    store.save("settings", SET_BASE)
    assert Settings.load(store).to_dict() == SET_BASE
    assert store.warnings == []


# --- the shipped tables ----------------------------------------------------------------------


def test_the_difficulty_table_is_one_row_per_deal_and_every_row_reads():
    lines = asset_path("freecell-min-cells.tsv").read_text().splitlines()
    assert len(lines) == 32000
    for n, line in enumerate(lines, start=1):
        fields = line.split("\t")
        assert len(fields) == 3 and fields[0] == str(n), line
        assert fields[1] in ("-", "0", "1", "2", "3", "4") and fields[2] in ("exact", "upper"), line
        assert fields[1] != "-" or fields[2] == "exact", line  # "no win" is only ever a proof
    table = difficulty_module.load_table()
    assert sorted(table) == list(range(1, 32001))  # no row was skipped
    assert [n for n, d in table.items() if d.cells is None] == [11982]


@pytest.fixture
def table_from(tmp_path, monkeypatch):
    """``load_table()`` reading a table of our own instead of the shipped one."""
    def read(text: str):
        (tmp_path / "freecell-min-cells.tsv").write_text(text)
        monkeypatch.setattr(difficulty_module, "asset_path", lambda name: tmp_path / name)
        # Both caches: the table and the text it is read from (one row is looked up in the text).
        difficulty_module._text.cache_clear()
        difficulty_module.load_table.cache_clear()
        return difficulty_module.load_table()

    yield read
    difficulty_module._text.cache_clear()
    difficulty_module.load_table.cache_clear()


@pytest.mark.parametrize("row", [
    "7\t2", "7\t2\texact\textra", "7\t2\tExact", "7\t5\texact", "7\t-1\texact", "7\t\texact", "x\t2\texact",
    "-7\t2\texact", " 7\t2\texact", "７\t2\texact", "7\t２\texact", "7 2 exact", "7\t2\texact ", "",
])
def test_a_difficulty_row_of_another_shape_is_skipped(table_from, row):
    table = table_from(f"1\t3\texact\n{row}\n9\t-\texact\n")
    assert table.keys() == {1, 9}
    assert table[1].cells == 3 and table[1].exact and table[9].cells is None


def test_the_spider_list_is_three_fields_per_row_and_every_row_reads():
    lines = asset_path("spider-winnable.tsv").read_text().splitlines()
    rows = [line for line in lines if not line.startswith("#")]
    seen = set()
    for line in rows:
        fields = line.split("\t")
        assert len(fields) == 3 and all(f.isascii() and f.isdigit() for f in fields), line
        game, suits, moves = map(int, fields)
        assert 1 <= game <= 999_999 and suits in (1, 2, 4) and 1 <= moves <= 10_000, line
        assert (game, suits) not in seen, line
        seen.add((game, suits))
    listed = load()
    assert sum(len(listed.games(s)) for s in (1, 2, 4)) == len(rows)  # no row was skipped
    assert set(listed.tried) == {1, 2, 4}
    # The builder writes the file the way it is shipped.
    assert format_rows(parse_rows("\n".join(lines))).splitlines()[1:] == lines[1:]


@pytest.mark.parametrize("row", [
    "5\t1", "5\t1\t96\t1", "5\t3\t96", "0\t1\t96", "1000000\t1\t96", "5\t1\t0", "5\t1\t10001", "５\t1\t96",
    " 5\t1\t96", "5\t1\t96 ", "5 1 96", "5\t1\t9.6", "", "#5\t1\t96",
])
def test_a_spider_row_of_another_shape_is_skipped(row):
    rows = parse_rows(f"# tried 1:9\n3\t1\t98\n{row}\n7\t4\t180\n")
    assert rows.games(1) == (3,) and rows.games(4) == (7,) and rows.games(2) == ()
    assert rows.moves(1, 3) == 98 and rows.tried == {1: 9}


# --- every field's exact kind and range ------------------------------------------------------


def describe(kind: schema.Field[object], where: str = "") -> list[str]:
    """One line per leaf field: its path, kind and range, as tests/data/schema-shapes.txt lists them."""
    if isinstance(kind, schema.Nullable):
        return [line + " or null" for line in describe(kind.inner, where)]
    if isinstance(kind, schema.Record):
        out = []
        for name, sub in kind.fields.items():
            mark = "" if name in kind.required else "?"
            out += describe(sub, f"{where}.{name}{mark}" if where else f"{name}{mark}")
        return out
    if isinstance(kind, schema.List):
        return [f"{where}: list of at most {kind.max_len}"] + describe(kind.item, f"{where}[]")
    if isinstance(kind, schema.Pair):
        return [f"{where}: pair"] + describe(kind.first, f"{where}[0]") + describe(kind.second, f"{where}[1]")
    if isinstance(kind, schema.Map):
        return ([f"{where}: map of at most {kind.max_len}"] + describe(kind.key, f"{where}{{key}}")
                + describe(kind.value, f"{where}{{value}}"))
    if isinstance(kind, schema.Int):
        return [f"{where}: whole number {kind.lo}..{kind.hi}"]
    if isinstance(kind, schema.Num):
        return [f"{where}: number {kind.lo:g}..{kind.hi:g}"]
    if isinstance(kind, schema.Str):
        return [f"{where}: text of at most {kind.max_len}" + (f" matching {kind.pattern}" if kind.pattern else "")]
    if isinstance(kind, schema.Choice):
        return [f"{where}: one of {', '.join(repr(o) for o in kind.options())}"]
    return [f"{where}: {type(kind).__name__.lower()}"]


SCHEMAS: dict[str, schema.Field[object]] = {
    "savegame (FreeCell)": schema.FREECELL_SAVE, "savegame (Spider)": schema.SPIDER_SAVE,
    "settings": schema.SETTINGS, "statistics": schema.STATISTICS}
SHAPES = Path(__file__).resolve().parent / "data" / "schema-shapes.txt"


def shapes_text() -> str:
    lines = ["# Every field of every data file: written by `python tests/test_data_shapes.py --write`",
             "# on purpose when a schema changes; tests/test_data_shapes.py checks it line for line."]
    for name, kind in SCHEMAS.items():
        lines += ["", f"[{name}]"] + describe(kind)
    return "\n".join(lines) + "\n"


def test_every_field_has_the_pinned_kind_and_range():
    want = SHAPES.read_text().splitlines()
    got = shapes_text().splitlines()
    changed = [f"{a!r} -> {b!r}" for a, b in zip(want, got) if a != b]
    assert got == want, ("a data file's fields changed (rewrite tests/data/schema-shapes.txt on purpose): "
                         + "; ".join(changed[:3]))


def test_the_ranges_are_the_games_own():
    from game.freecell.deals import MAX_DEAL, MIN_DEAL
    from game.spider.deals import FIRST_GAME, LAST_GAME, SUIT_PLAN
    from game.spider.position import SET_BONUS, SETS, START_SCORE

    fc, sp = schema.FREECELL_SAVE.fields, schema.SPIDER_SAVE.fields
    from game.session import HELPS

    assert set(fc["helped"].options()) == set(sp["helped"].options()) == {"", *HELPS}  # every help saved is read back
    assert (fc["deal"].lo, fc["deal"].hi) == (MIN_DEAL, MAX_DEAL)
    assert (sp["number"].lo, sp["number"].hi) == (FIRST_GAME, LAST_GAME)
    assert set(sp["suits"].options()) == set(SUIT_PLAN) == set(schema.SETTINGS.fields["spider_suits"].options())
    # The best a Spider score can be: the start and every set's bonus, no move paid for.
    assert sp["score"].hi == START_SCORE + SETS * SET_BONUS
    assert sp["moves"].hi == schema.MAX_STEPS == sp["steps"].max_len == fc["steps"].max_len
    assert schema.SETTINGS.fields["volume"] == schema.Num(0.0, 1.0)


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["--write"]:
        SHAPES.write_text(shapes_text())
        print(f"wrote {SHAPES}")
