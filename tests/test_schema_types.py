"""Each data file's record gives back what its TypedDict says (game/schema.py).

``Record[D].check`` builds its dict field by field and hands it on as a ``D``:
mypy takes that on trust (a loop over names is beyond it), so this test holds
every record to its TypedDict instead: the same keys, the same required keys,
and each field checking for the type its key is annotated with. A field added
to a schema and not to its TypedDict (or the other way round, or a Num where
the TypedDict says int) fails here by name.
"""

from __future__ import annotations

import types
import typing

import pytest

from game import schema
from game.app import capabilities

ROOTS = {
    "settings": (schema.SETTINGS, schema.SettingsFile),
    "savegame (FreeCell)": (schema.FREECELL_SAVE, schema.FreeCellSaveFile),
    "savegame (Spider)": (schema.SPIDER_SAVE, schema.SpiderSaveFile),
    "statistics": (schema.STATISTICS, schema.StatisticsFile),
    "challenges": (schema.CHALLENGES, schema.ChallengesFile),
    "display": (capabilities._SCHEMA, capabilities.DisplayFile),
}

_PLAIN = {schema.Int: int, schema.Num: float, schema.Bool: bool, schema.Str: str, schema.Date: str}


def _members(hint: object) -> set[object]:
    """The types a union is made of (a plain type: itself)."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return set(typing.get_args(hint))
    return {hint}


def _leaves(kind: schema.Field[object], where: str) -> set[object]:
    """The types a scalar field gives back (a Choice: those of its options)."""
    if type(kind) in _PLAIN:
        return {_PLAIN[type(kind)]}
    if isinstance(kind, schema.Choice):
        return {type(option) for option in kind.options()}
    raise AssertionError(f"{where}: {type(kind).__name__} is not a scalar field")


def mismatches(kind: schema.Field[object], hint: object, where: str) -> list[str]:
    """Where ``kind`` gives back something other than ``hint`` says (empty: they agree)."""
    if isinstance(kind, schema.Nullable):
        if type(None) not in _members(hint):
            return [f"{where}: the field may be null, its annotation {hint} may not"]
        rest = _members(hint) - {type(None)}
        inner = rest.pop() if len(rest) == 1 else typing.Union[tuple(rest)]  # noqa: UP007 (built at run time)
        return mismatches(kind.inner, inner, where)
    if isinstance(kind, schema.Record):
        if not typing.is_typeddict(hint):
            return [f"{where}: a record, annotated {hint}"]
        return record_mismatches(kind, hint, where)
    if isinstance(kind, schema.List):
        if typing.get_origin(hint) is not list:
            return [f"{where}: a list, annotated {hint}"]
        return mismatches(kind.item, typing.get_args(hint)[0], f"{where}[]")
    if isinstance(kind, schema.Map):
        if typing.get_origin(hint) is not dict:
            return [f"{where}: a map, annotated {hint}"]
        key, value = typing.get_args(hint)
        return mismatches(kind.key, key, f"{where}{{key}}") + mismatches(kind.value, value, f"{where}{{value}}")
    if isinstance(kind, schema.Pair):
        if typing.get_origin(hint) is not list:
            return [f"{where}: a pair (a list in the file), annotated {hint}"]
        got = _leaves(kind.first, f"{where}[0]") | _leaves(kind.second, f"{where}[1]")
        want = _members(typing.get_args(hint)[0])
        return [] if got == want else [f"{where}: a pair of {got}, annotated a list of {want}"]
    got, want = _leaves(kind, where), _members(hint)
    return [] if got == want else [f"{where}: gives {got}, annotated {want}"]


def record_mismatches(record: schema.Record[typing.Any], document: typing.Any, where: str) -> list[str]:
    hints = typing.get_type_hints(document, vars(schema) | vars(capabilities))
    out = []
    if set(record.fields) != set(hints):
        out.append(f"{where}: fields {sorted(set(record.fields) - set(hints))} not in {document.__name__}, "
                   f"keys {sorted(set(hints) - set(record.fields))} not in the record")
    if record.required != document.__required_keys__:
        out.append(f"{where}: required {sorted(record.required)}, "
                   f"{document.__name__} requires {sorted(document.__required_keys__)}")
    for name, kind in record.fields.items():
        if name in hints:
            out += mismatches(kind, hints[name], f"{where}.{name}")
    return out


@pytest.mark.parametrize("name", ROOTS)
def test_each_record_gives_what_its_typeddict_says(name):
    record, document = ROOTS[name]
    assert record_mismatches(record, document, name) == []


def test_a_field_the_typeddict_does_not_have_is_named():
    # The check above can fail: a record with one field more, and one of the wrong kind.
    record = schema.Record({**schema.CHALLENGES.fields, "extra": schema.Bool(), "version": schema.Num()})
    found = record_mismatches(record, schema.ChallengesFile, "challenges")
    assert any("'extra'" in line for line in found), found
    assert any(line.startswith("challenges.version:") for line in found), found


def test_a_required_key_the_record_does_not_require_is_named():
    record = schema.Record(schema.SPIDER_SAVE.fields, schema.SPIDER_SAVE.required - {"moves"})
    found = record_mismatches(record, schema.SpiderSaveFile, "spider")
    assert any("requires" in line and "'moves'" in line for line in found), found
