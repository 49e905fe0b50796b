"""The message catalogs as the tests read them: Babel's reader, one flat entry per message.

    >>> entries = read_catalog(i18n.catalog_path("ru"))
    >>> entries[0].msgid, "nplurals=3" in entries[0].msgstr
    ('', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.pofile import read_po

from game import i18n

TEMPLATE = i18n.catalog_path("en").parents[2] / "messages.pot"


@dataclass
class Entry:
    """One message of a catalog (the header first, with msgid "")."""

    msgid: str
    msgstr: str = ""
    msgctxt: str | None = None
    msgid_plural: str | None = None
    #: msgstr[0], msgstr[1], ... of a plural message.
    plurals: list[str] = field(default_factory=list)
    fuzzy: bool = False
    #: ``#.`` lines: the notes for translators, from ``# TRANSLATORS:`` comments in the code.
    notes: list[str] = field(default_factory=list)
    #: ``#:`` lines: the files the message is used in.
    references: list[str] = field(default_factory=list)
    line: int = 0

    @property
    def key(self) -> tuple[str | None, str]:
        return self.msgctxt, self.msgid

    @property
    def translations(self) -> list[str]:
        """The msgstr (or the plural msgstrs), the empty ones included."""
        return list(self.plurals) if self.msgid_plural is not None else [self.msgstr]

    @property
    def translated(self) -> bool:
        """Every form has a translation and none is fuzzy."""
        return not self.fuzzy and bool(self.translations) and all(self.translations)


def read_catalog(path: Path) -> list[Entry]:
    """Every message of the .po or .pot at ``path``, header first, obsolete ones left out."""
    with open(path, "rb") as f:
        catalog = read_po(f)
    out = []
    for m in catalog:
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        plural = len(ids) > 1
        strings = [m.string or ""] if isinstance(m.string, str) or m.string is None else list(m.string)
        out.append(Entry(ids[0], "" if plural else strings[0], m.context, ids[1] if plural else None,
                         strings if plural else [], m.fuzzy and bool(ids[0]), list(m.auto_comments),
                         [f for f, _ in m.locations], m.lineno or 0))
    return out


def catalog(code: str) -> list[Entry]:
    """The entries of ``code``'s catalog (``"messages"``: the template)."""
    return read_catalog(TEMPLATE if code == "messages" else i18n.catalog_path(code))
