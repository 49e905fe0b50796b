"""Write game/locale/messages.pot from the code and merge it into every .po.

Usage::

    python3 tools/extract_messages.py          # rewrite the .pot, merge it into ko/ja/ru.po
    python3 tools/extract_messages.py --check  # exit 1 if the committed .pot is out of step

Every call of ``_``, ``N_``, ``ngettext``, ``pgettext`` and ``npgettext`` with
literal strings under ``game/`` becomes a message (``_(name)`` translates a
string marked with ``N_`` where it is defined, and is skipped), with its source
references and the ``# TRANSLATORS:`` comment written just above it (the
lines right above the call, or on the call's own first line). The merge
works like ``msgmerge``: a message the .po already has keeps its
translation; a new message whose text is close to a message that went away
takes that translation marked fuzzy (with the old msgid as ``#|``), so the
translator checks it; messages no longer in the code stay at the end as
obsolete ``#~`` entries. Nothing is written when nothing changed.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import io
import sys
import tokenize
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.i18n import LANGUAGES, PoEntry, read_po  # noqa: E402

LOCALE = ROOT / "game" / "locale"
POT = LOCALE / "messages.pot"

#: Call name -> which arguments are (msgctxt, msgid, msgid_plural).
KEYWORDS: dict[str, tuple[int | None, int, int | None]] = {
    "_": (None, 0, None),
    "N_": (None, 0, None),
    "ngettext": (None, 0, 1),
    "pgettext": (0, 1, None),
    "npgettext": (0, 1, 2),
}

#: Plural-Forms of each language (GNU gettext's, as the CLDR rules give them).
PLURAL_FORMS: dict[str, str] = {
    "ko": "nplurals=1; plural=0;",
    "ja": "nplurals=1; plural=0;",
    "zh_CN": "nplurals=1; plural=0;",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}

_TRANSLATORS = "TRANSLATORS:"


@dataclass
class Message:
    msgid: str
    msgctxt: str | None = None
    msgid_plural: str | None = None
    references: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: "python-brace-format" when the message has {placeholders}.
    flags: set[str] = field(default_factory=set)
    #: Where in its file the message first appears (orders the catalog).
    line: int = 0


def _comments(source: str) -> dict[int, str]:
    out: dict[int, str] = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            out[tok.start[0]] = tok.string.lstrip("#").strip()
    return out


def _note(comments: dict[int, str], line: int) -> list[str]:
    """The ``# TRANSLATORS:`` comment on ``line`` or in the comment lines right above it."""
    if _TRANSLATORS in comments.get(line, ""):
        return [comments[line].split(_TRANSLATORS, 1)[1].strip()]
    block: list[str] = []
    at = line - 1
    while at in comments:
        block.insert(0, comments[at])
        if comments[at].startswith(_TRANSLATORS):
            first = block[0][len(_TRANSLATORS):].strip()
            return [" ".join([first, *block[1:]]).strip()]
        at -= 1
    return []


def extract_file(path: Path, rel: str) -> list[Message]:
    """The messages of one source file, in the order they appear."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, filename=rel)
    comments = _comments(source)
    out: list[Message] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS):
            continue
        ctx_at, id_at, plural_at = KEYWORDS[node.func.id]
        args = node.args

        wanted = [i for i in (ctx_at, id_at, plural_at) if i is not None]
        texts = {i: a.value for i, a in enumerate(args) if isinstance(a, ast.Constant) and isinstance(a.value, str)}
        if not all(i in texts for i in wanted):
            # _(variable): a string marked with N_() where it is defined, translated here.
            continue

        def literal(i: int | None, texts: dict[int, str] = texts) -> str | None:
            return None if i is None else texts[i]

        # References name the file only (msgmerge's --add-location=file): a line number would
        # change the catalogs at every edit of the code and collide with the translators' work.
        msg = Message(literal(id_at) or "", literal(ctx_at), literal(plural_at),
                      [rel], _note(comments, node.lineno), line=node.lineno)
        if not msg.msgid:
            raise SystemExit(f"{rel}:{node.lineno}: an empty message")
        out.append(msg)
    out.sort(key=lambda m: m.line)
    return out


def extract(root: Path = ROOT) -> list[Message]:
    """Every message under ``game/``, one per (context, msgid), in file then line order."""
    found: dict[tuple[str | None, str], Message] = {}
    for path in sorted((root / "game").rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        for msg in extract_file(path, rel):
            key = (msg.msgctxt, msg.msgid)
            if key in found:
                have = found[key]
                if have.msgid_plural != msg.msgid_plural:
                    raise SystemExit(f"{msg.references[0]}:{msg.line}: {msg.msgid!r} has two plural forms in the code")
                have.references.extend(r for r in msg.references if r not in have.references)
                have.notes.extend(n for n in msg.notes if n not in have.notes)
            else:
                found[key] = msg
    for msg in found.values():
        if "{" in msg.msgid:
            msg.flags.add("python-brace-format")
    return list(found.values())


# --- writing ---------------------------------------------------------------------------------

def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\n", "\\n") + '"'


def _field(name: str, text: str, width: int = 79) -> list[str]:
    """``name "text"``, folded as xgettext folds long strings (after spaces and newlines)."""
    one = f"{name} {_quote(text)}"
    if len(one) <= width and "\n" not in text[:-1]:
        return [one]
    pieces: list[str] = []
    for chunk in text.splitlines(keepends=True):
        # A chunk's leading spaces (an indented line) are words too: empty ones.
        line, started = "", False
        for word in chunk.split(" "):
            add = " " + word if started else word
            if line.strip() and len(_quote(line + add + " ")) > width - 2:
                pieces.append(line + " ")
                line = word
            else:
                line += add
            started = True
        if line:
            pieces.append(line)
    return [f'{name} ""'] + [_quote(p) for p in pieces]


def _entry_lines(e: PoEntry, obsolete: bool = False) -> list[str]:
    lines = [f"# {c}".rstrip() for c in e.comments]
    lines += [f"#. {n}" for n in e.notes]
    if e.references:
        refs, line = [], "#:"
        for r in e.references:
            if len(line) + 1 + len(r) > 79 and line != "#:":
                refs.append(line)
                line = "#:"
            line += " " + r
        refs.append(line)
        lines += refs
    if e.flags:
        lines.append("#, " + ", ".join(sorted(e.flags, key=lambda f: (f != "fuzzy", f))))
    lines += [f"#| {p}" for p in e.previous]
    body: list[str] = []
    if e.msgctxt is not None:
        body += _field("msgctxt", e.msgctxt)
    body += _field("msgid", e.msgid)
    if e.msgid_plural is not None:
        body += _field("msgid_plural", e.msgid_plural)
        for i, form in enumerate(e.plurals):
            body += _field(f"msgstr[{i}]", form)
    else:
        body += _field("msgstr", e.msgstr)
    if obsolete:
        body = ["#~ " + b for b in body]
    return lines + body


def write_po(entries: list[PoEntry], obsolete: Sequence[PoEntry] = ()) -> str:
    """The text of a catalog (header first), as this tool always writes it."""
    blocks = ["\n".join(_entry_lines(e)) for e in entries]
    blocks += ["\n".join(_entry_lines(e, obsolete=True)) for e in obsolete]
    return "\n\n".join(blocks) + "\n"


def _header(lang: str | None) -> PoEntry:
    fields = [
        "Project-Id-Version: solitaire3d",
        f"Language: {lang or ''}",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
        f"Plural-Forms: {PLURAL_FORMS.get(lang or '', 'nplurals=2; plural=(n != 1);')}",
    ]
    comments = ["Messages of solitaire3d (FreeCell and Spider).",
                "This file is written by tools/extract_messages.py from the code: do not edit it by hand."]
    if lang is not None:
        comments = [f"{LANGUAGES[lang]} messages of solitaire3d (FreeCell and Spider).",
                    "tools/extract_messages.py adds new messages; write the translations here.",
                    "",
                    "Rules the tests hold every translation to:",
                    "- keep every {placeholder} (any order; they are filled in after translation);",
                    "- a help page's list item starts with \"- \" as its msgid does;",
                    "- keep the help pages' marks: **Button** names a button or menu entry by the",
                    "  label it has in this language, [Key] a key ([Ctrl+Z], [F1]; key names stay",
                    "  as printed on the keyboard), [pad A] a gamepad control;",
                    "- card names stay as the cards show them (10♠, K♥): they come in placeholders.",
                    "",
                    "Glossary (use these terms everywhere):"]
    return PoEntry("", "".join(f + "\n" for f in fields), comments=comments)


def pot_entries(messages: list[Message]) -> list[PoEntry]:
    out = [_header(None)]
    for m in messages:
        out.append(PoEntry(m.msgid, "", m.msgctxt, m.msgid_plural, ["", ""] if m.msgid_plural else [],
                           set(m.flags), list(m.notes), list(m.references)))
    return out


def pot_text(messages: list[Message] | None = None) -> str:
    """The template the code calls for now."""
    return write_po(pot_entries(extract() if messages is None else messages))


def _nplurals(lang: str) -> int:
    return int(PLURAL_FORMS[lang].split("nplurals=")[1].split(";")[0])


def merge(template: list[PoEntry], old: list[PoEntry], lang: str) -> tuple[list[PoEntry], list[PoEntry]]:
    """``template``'s messages with the translations of ``old`` (a .po's entries): (entries, obsolete)."""
    have = {e.key: e for e in old if e.msgid}
    header = next((e for e in old if not e.msgid), None) or _header(lang)
    fresh = _header(lang)
    # Keep the translator's header comments (the glossary) and fields; the plural rule is ours.
    lines = [ln for ln in header.msgstr.splitlines() if not ln.startswith("Plural-Forms:")]
    lines.append(f"Plural-Forms: {PLURAL_FORMS[lang]}")
    header = PoEntry("", "".join(ln + "\n" for ln in lines), comments=header.comments or fresh.comments)
    used: set[tuple[str | None, str]] = set()
    gone = [e for e in old if e.msgid and e.key not in {t.key for t in template}]
    out = [header]
    n = _nplurals(lang)
    for t in template[1:]:
        e = PoEntry(t.msgid, "", t.msgctxt, t.msgid_plural, [""] * n if t.msgid_plural else [],
                    set(t.flags), list(t.notes), list(t.references))
        was = have.get(t.key)
        if was is None:
            close = difflib.get_close_matches(t.msgid, [g.msgid for g in gone if g.key not in used], 1, 0.7)
            match = next((g for g in gone if close and g.msgid == close[0] and g.msgctxt == t.msgctxt), None)
            if match is not None and any(match.translations):
                used.add(match.key)
                was = match
                e.flags.add("fuzzy")
                e.previous = [f'msgid {_quote(match.msgid)}']
        if was is not None:
            used.add(was.key)
            e.comments = list(was.comments)
            if "fuzzy" in was.flags:
                e.flags.add("fuzzy")
                e.previous = e.previous or list(was.previous)
            if e.msgid_plural is not None:
                forms = list(was.plurals) if was.msgid_plural is not None else [was.msgstr] * n
                e.plurals = (forms + [""] * n)[:n]
            else:
                e.msgstr = was.msgstr if was.msgid_plural is None else (was.plurals[:1] or [""])[0]
        out.append(e)
    obsolete = [g for g in gone if g.key not in used and any(g.translations)]
    return out, obsolete


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether messages.pot is up to date")
    args = parser.parse_args(argv)
    messages = extract()
    text = pot_text(messages)
    current = POT.read_text(encoding="utf-8") if POT.exists() else ""
    if args.check:
        if current != text:
            print("game/locale/messages.pot is out of step with the code: run tools/extract_messages.py")
            return 1
        print(f"messages.pot is up to date ({len(messages)} messages)")
        return 0
    LOCALE.mkdir(exist_ok=True)
    if current != text:
        POT.write_text(text, encoding="utf-8")
        print(f"wrote {POT.relative_to(ROOT)} ({len(messages)} messages)")
    template = pot_entries(messages)
    for lang in PLURAL_FORMS:
        path = LOCALE / f"{lang}.po"
        old = read_po(path.read_text(encoding="utf-8")) if path.exists() else []
        entries, obsolete = merge(template, old, lang)
        merged = write_po(entries, obsolete)
        if not path.exists() or path.read_text(encoding="utf-8") != merged:
            path.write_text(merged, encoding="utf-8")
            done = sum(e.translated for e in entries[1:])
            print(f"merged {path.relative_to(ROOT)}: {done} of {len(entries) - 1} translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
