#!/usr/bin/env python3
"""Turn the npm package ``@letele/playing-cards`` into the 52 face SVGs under ``assets/cards/``.

    npm pack @letele/playing-cards          # letele-playing-cards-0.1.0.tgz, no install
    python3 tools/vendor_cards.py letele-playing-cards-0.1.0.tgz

The package (CC0-1.0) wraps Adrian Kennard's SVG card designs as React
components: each card is one ``React.createElement`` tree in
``dist/index.esm.js``. This script reads that tree (a tiny parser for the
subset of JavaScript the bundler writes, nothing is run), and writes each
card back as plain SVG in the form the game needs:

* ``<use>`` is expanded in place (SDL_image's SVG reader, nanosvg, knows
  neither ``<use>`` nor ``<symbol>``): a symbol's viewBox becomes a
  transform.
* The card outline and the corner indices are dropped: the game paints the
  paper and draws its own indices, large enough to read in a fanned column
  and in the four-colour deck's inks (``game/render/atlas.py``).
* A court figure whose frame carries its suit symbol in the top-left
  corner (and, turned, the bottom-right) loses that symbol: the game's
  corner index sits on a notch cut out of the picture there.
* The ace of spades loses the designer's QR code and text lines (his web
  address), keeping the large ornate spade.
* The pip columns of 2..10 are spread apart (:data:`PIP_SPREAD`), to fill
  the width beside the game's tall corner indices.
* What is left is cropped to :data:`ART_BOX` (the ace of spades),
  :data:`ACE_BOX` (the other aces: a larger pip), :data:`PIP_BOX` (2..10)
  or :data:`COURT_BOX` (the court picture).
* Every suit symbol is wrapped in ``<g class="suit" fill=...>`` so that the
  game can print pips in its own inks (red/black or four colours) while the
  court figures keep their traditional colours.

Files are named in the game's card notation: ``AS.svg``, ``TD.svg``, ``KH.svg``.
"""

from __future__ import annotations

import argparse
import re
import sys
import tarfile
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "cards"
#: The art's box in the package's card coordinates (the card is -120 -168 240 336):
#: the pips of A-10 reach +-87.5 x +-135.5, a court's frame +-82.4 x +-130.4 (plus its stroke).
ART_BOX = (-88.0, -136.0, 176.0, 272.0)
#: A corner index sits left of this x (rank at -114.4, suit at -111.8); the art starts at -87.5.
INDEX_X = -100.0
#: Pip cards spread their two columns of pips apart by this factor (centres
#: +-52.5 become +-73.5), to use the width that the game's tall corner indices
#: leave beside the art; the pips keep their size and shape.
PIP_SPREAD = 1.4
PIP_BOX = (-(52.5 * PIP_SPREAD + 36.0), -136.0, 2 * (52.5 * PIP_SPREAD + 36.0), 272.0)
#: The other aces' box: the single pip (70 units, as on the 2..10) shown
#: 1.67 times as large, as real decks print an ace; the ace of spades keeps
#: its large ornate spade in ART_BOX.
ACE_BOX = (-52.8, -81.6, 105.6, 163.2)
#: A court card's box: the outer edge of its frame line (+-82.4 x +-130.4, and
#: half the 1-unit stroke), nothing around it: the picture fills the file, so
#: the game knows where the frame is (the file's edges) and can notch it for
#: the corner index.
COURT_BOX = (-82.9, -130.9, 165.8, 261.8)
SUITS = "CDHS"
RANK_LETTER = {"a": "A", "j": "J", "q": "Q", "k": "K", "10": "T"}
#: The package's print colour of each suit, as its pips are filled / stroked.
SUIT_INK = {"C": "#000", "D": "red", "H": "red", "S": "#000"}
#: JSX attribute names that SVG spells the same.
KEEP_CASE = {"viewBox", "preserveAspectRatio", "patternUnits"}
DROP = {"className", "aria-labelledby", "xmlns", "xmlnsXlink"}


class ParseError(Exception):
    """The bundle is not in the shape this script reads."""


@dataclass
class Node:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    kids: list[Node] = field(default_factory=list)


_TOKEN = re.compile(r"""
    (?P<ws>\s+|/\*.*?\*/)
  | (?P<str>"(?:[^"\\]|\\.)*")
  | (?P<num>-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)
  | (?P<name>[A-Za-z_$][\w$.]*)
  | (?P<punct>[{}(),:?])
""", re.S | re.X)


_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?")


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise ParseError(f"unexpected text at {text[pos:pos + 30]!r}")
        pos = m.end()
        if m.lastgroup != "ws":
            out.append(m.group())
    return out


class _Parser:
    """Reads ``React.createElement(tag, props, ...children)`` as the bundler writes it."""

    def __init__(self, tokens: list[str]) -> None:
        self.t = tokens
        self.i = 0

    def peek(self) -> str:
        return self.t[self.i] if self.i < len(self.t) else ""

    def take(self, want: str | None = None) -> str:
        tok = self.peek()
        if want is not None and tok != want:
            raise ParseError(f"expected {want!r}, found {tok!r}")
        self.i += 1
        return tok

    def element(self) -> Node | None:
        tok = self.take()
        if tok == "React.createElement":
            self.take("(")
            tag = self.take().strip('"')
            self.take(",")
            node = Node(tag, self.props())
            while self.peek() == ",":
                self.take(",")
                kid = self.element()
                if kid is not None:
                    node.kids.append(kid)
            self.take(")")
            return node
        if tok == "title" and self.peek() == "?":
            # ``title ? <title/> : null``: the React title prop; never set here.
            self.take("?")
            self.element()
            self.take(":")
            self.take("null")
            return None
        if tok in ("null", "title") or tok.startswith('"'):
            return None  # text appears only on the jokers, which are not vendored
        raise ParseError(f"unexpected {tok!r} where an element should be")

    def props(self) -> dict[str, str]:
        tok = self.peek()
        if tok == "null":
            self.take()
            return {}
        if tok == "_extends":
            self.take()
            self.take("(")
            props = self.obj()
            self.take(",")
            self.take("props")
            self.take(")")
            return props
        return self.obj()

    def obj(self) -> dict[str, str]:
        self.take("{")
        out: dict[str, str] = {}
        while self.peek() != "}":
            key = self.take().strip('"')
            self.take(":")
            val = self.take()
            if val.startswith('"'):
                out[key] = val[1:-1]
            elif _NUMBER.fullmatch(val):
                out[key] = val
            elif val == "titleId":
                pass  # React's title id, never the card's
            else:
                raise ParseError(f"unexpected value {val!r} for {key}")
            if self.peek() == ",":
                self.take(",")
        self.take("}")
        return out


def parse_bundle(js: str) -> dict[str, Node]:
    """Every card component of the bundle: export name ("Sq", "H10") -> its ``<svg>`` tree."""
    exports = re.search(r"export \{([^}]*)\}", js)
    if exports is None:
        raise ParseError("no export list")
    names = dict(re.findall(r"(Svg\w+) as (\w+)", exports.group(1)))
    cards: dict[str, Node] = {}
    for m in re.finditer(r"const (Svg\w+) = _ref => \{.*?return (.*?);\n\};", js, re.S):
        tree = _Parser(_tokens(m.group(2))).element()
        if tree is None or tree.tag != "svg":
            raise ParseError(f"{m.group(1)}: no <svg>")
        cards[names[m.group(1)]] = tree
    return cards


def _num(node: Node, key: str, default: float = 0.0) -> float:
    return float(node.attrs.get(key, default))


def _fmt(v: float) -> str:
    return f"{v:.6f}".rstrip("0").rstrip(".")


def _symbol_transform(use: Node, symbol: Node) -> str:
    """The transform that maps ``symbol``'s viewBox into ``use``'s x, y, width, height."""
    vx, vy, vw, vh = (float(v) for v in symbol.attrs["viewBox"].split())
    x, y = _num(use, "x"), _num(use, "y")
    w, h = _num(use, "width", vw), _num(use, "height", vh)
    align = symbol.attrs.get("preserveAspectRatio", "xMidYMid")
    if align == "none":
        return f"translate({_fmt(x)} {_fmt(y)}) scale({_fmt(w / vw)} {_fmt(h / vh)}) translate({_fmt(-vx)} {_fmt(-vy)})"
    s = min(w / vw, h / vh)
    dx = {"xMin": 0.0, "xMid": 0.5, "xMax": 1.0}[align[:4]] * (w - vw * s)
    dy = {"YMin": 0.0, "YMid": 0.5, "YMax": 1.0}[align[4:8]] * (h - vh * s)
    return f"translate({_fmt(x + dx)} {_fmt(y + dy)}) scale({_fmt(s)}) translate({_fmt(-vx)} {_fmt(-vy)})"


def _expand(node: Node, ids: dict[str, Node], suit_ids: set[str], ink: str) -> Node:
    """``node`` with every ``<use>`` replaced by a group holding what it names."""
    if node.tag != "use":
        return Node(node.tag, {k: v for k, v in node.attrs.items() if k != "id"},
                    [_expand(k, ids, suit_ids, ink) for k in node.kids])
    ref = node.attrs["xlinkHref"].lstrip("#")
    target = ids[ref]
    attrs = {k: v for k, v in node.attrs.items() if k not in ("xlinkHref", "x", "y", "width", "height", "transform")}
    steps = [node.attrs["transform"]] if "transform" in node.attrs else []
    if target.tag == "symbol":
        steps.append(_symbol_transform(node, target))
        kids = [_expand(k, ids, suit_ids, ink) for k in target.kids]
        if ref in suit_ids:
            for kid in kids:
                kid.attrs.pop("fill", None)  # the group's ink, below, fills it
    else:
        if "x" in node.attrs or "y" in node.attrs:
            steps.append(f"translate({_fmt(_num(node, 'x'))} {_fmt(_num(node, 'y'))})")
        kids = [_expand(target, ids, suit_ids, ink)]
    attrs["transform"] = " ".join(steps)
    group = Node("g", attrs, kids)
    if ref in suit_ids:
        # The suit symbol: marked, so the game can print it in its own ink.
        group.attrs["class"] = "suit"
        group.attrs["fill"] = ink
    return group


def _collect_ids(node: Node, ids: dict[str, Node]) -> None:
    if "id" in node.attrs:
        ids[node.attrs["id"]] = node
    for kid in node.kids:
        _collect_ids(kid, ids)


def _is_index(node: Node) -> bool:
    return node.tag == "use" and _num(node, "x") < INDEX_X


def _is_outline(node: Node) -> bool:
    return node.tag == "rect" and _num(node, "width") > 230


def _is_signature(node: Node) -> bool:
    """The designer's QR code (a white path) and text lines on the ace of spades."""
    return node.tag == "text" or (node.tag == "path" and node.attrs.get("fill") == "#fff")


def _is_notched_corner_suit(node: Node, suit_ids: set[str]) -> bool:
    """A court frame's corner suit in the top-left (bottom-right when turned): where the game's index notch goes.

    Half the court figures carry their frame's suit symbol in that corner,
    the others in the top-right. The game cuts a paper notch for its corner
    index out of the picture there, which would leave a sliver of the symbol
    showing; the index beside it names the suit anyway.
    """
    if node.tag != "use" or node.attrs.get("xlinkHref", "").lstrip("#") not in suit_ids:
        return False
    return _num(node, "x") + _num(node, "width") / 2 < 0 and _num(node, "y") + _num(node, "height") / 2 < 0


def _suit_symbol_ids(root: Node, ids: dict[str, Node]) -> set[str]:
    """Ids of the suit symbol: the one the pips and the index's suit use (a 1200-unit viewBox)."""
    return {k for k, v in ids.items() if v.tag == "symbol" and v.attrs.get("viewBox") == "-600 -600 1200 1200"}


def _spread(node: Node, suit_ids: set[str]) -> Node:
    """A pip ``<use>`` moved sideways: its centre's x times :data:`PIP_SPREAD`."""
    if node.tag != "use" or node.attrs.get("xlinkHref", "").lstrip("#") not in suit_ids:
        return node
    half = _num(node, "width") / 2
    moved = Node(node.tag, dict(node.attrs), node.kids)
    moved.attrs["x"] = _fmt((_num(node, "x") + half) * PIP_SPREAD - half)
    return moved


def card_svg(tree: Node, suit: str, kind: str = "pips") -> str:
    """The art of one card as the game loads it (see the module docstring).

    ``kind`` is ``"ace"``, ``"pips"`` (2..10: the pip columns spread apart)
    or ``"court"``.
    """
    ids: dict[str, Node] = {}
    _collect_ids(tree, ids)
    suit_ids = _suit_symbol_ids(tree, ids)
    ink = SUIT_INK[suit]

    def dropped(node: Node) -> bool:
        return _is_index(node) or (kind == "court" and _is_notched_corner_suit(node, suit_ids))

    body: list[Node] = []
    for kid in tree.kids:
        if kid.tag == "defs" or _is_outline(kid) or dropped(kid) or _is_signature(kid):
            continue
        if kid.tag == "g" and kid.attrs.get("transform") == "rotate(180)":
            kid = Node("g", dict(kid.attrs), [k for k in kid.kids if not dropped(k)])
            if not kid.kids:
                continue
        if kind == "pips":
            kid = Node(kid.tag, kid.attrs, [_spread(k, suit_ids) for k in kid.kids]) if kid.tag == "g" \
                else _spread(kid, suit_ids)
        body.append(_expand(kid, ids, suit_ids, ink))
    x, y, w, h = {"ace": ACE_BOX if suit != "S" else ART_BOX, "pips": PIP_BOX, "court": COURT_BOX}[kind]
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_fmt(x)} {_fmt(y)} {_fmt(w)} {_fmt(h)}" '
            f'width="{_fmt(w)}" height="{_fmt(h)}">')]
    for node in body:
        _write(node, out)
    out.append("</svg>\n")
    return "\n".join(out)


def _attr_name(key: str) -> str:
    if key in KEEP_CASE:
        return key
    return re.sub(r"[A-Z]", lambda m: "-" + m.group().lower(), key)


def _write(node: Node, out: list[str]) -> None:
    attrs = "".join(f" {_attr_name(k)}={quoteattr(v)}" for k, v in node.attrs.items() if k not in DROP)
    if not node.kids:
        out.append(f"<{node.tag}{attrs}/>")
        return
    out.append(f"<{node.tag}{attrs}>")
    for kid in node.kids:
        _write(kid, out)
    out.append(f"</{node.tag}>")


def card_file_name(export: str) -> str | None:
    """``"Sq"`` -> ``"QS.svg"``; ``None`` for the jokers and backs."""
    suit, rank = export[0], export[1:]
    if suit not in SUITS or export in ("J1", "J2"):
        return None
    letter = RANK_LETTER.get(rank, rank)
    return f"{letter}{suit}.svg"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tarball", type=Path, help="the npm pack file of @letele/playing-cards")
    ap.add_argument("--out", type=Path, default=OUT, help="folder for the 52 SVG files")
    args = ap.parse_args(argv)
    try:
        with tarfile.open(args.tarball) as tar:
            member = tar.extractfile("package/dist/index.esm.js")
            if member is None:
                raise ParseError("no package/dist/index.esm.js in the tarball")
            js = member.read().decode("utf-8")
        cards = parse_bundle(js)
    except (OSError, tarfile.TarError, KeyError, UnicodeDecodeError, ParseError) as exc:
        print(f"vendor_cards: {args.tarball}: {exc}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    written = 0
    for export, tree in sorted(cards.items()):
        name = card_file_name(export)
        if name is None:
            continue
        rank = export[1:]
        kind = "court" if rank in ("j", "q", "k") else "ace" if rank == "a" else "pips"
        (args.out / name).write_text(card_svg(tree, export[0], kind), encoding="utf-8")
        written += 1
    print(f"wrote {written} faces to {args.out}")
    return 0 if written == 52 else 1


if __name__ == "__main__":
    raise SystemExit(main())
