"""The card faces: vendored art for every card, indices readable in a fan, pips apart, four colours.

Faces are drawn with pygame only (no OpenGL): the atlas surface is read
pixel by pixel. ``--deck`` of tools/screenshot.py is run as a user runs it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from conftest import ROOT, egl_available

from game.cards import Card
from game.render import atlas, theme
from game.render.atlas import ART_TOP, art_aspect, card_file, draw_atlas
from game.resources import asset_path

sys.path.insert(0, str(ROOT / "tools"))

import vendor_cards


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def face(sheet, card: int) -> pygame.Surface:
    return sheet.surface.subsurface(sheet.cell_rect(card))


def ink_mask(surf: pygame.Surface, rect: pygame.Rect | None = None) -> pygame.mask.Mask:
    """Pixels clearly darker or more coloured than the paper, inside ``rect`` (the whole face if None)."""
    # Paper-like: every channel within 100 of white (so above 155); ink is the rest.
    mask = pygame.mask.from_threshold(surf, (255, 255, 255, 255), (101, 101, 101, 255))
    mask.invert()
    if rect is not None:
        keep = pygame.mask.Mask(surf.get_size())
        keep.draw(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
        mask = mask.overlap_mask(keep, (0, 0))
    return mask


def blob_box(m: pygame.mask.Mask) -> pygame.Rect:
    """The bounding box of all the set bits of ``m``."""
    rects = m.get_bounding_rects()
    return rects[0].unionall(rects) if rects else pygame.Rect(0, 0, 0, 0)


COURTS = [Card.parse(f"{r}{s}") for r in "JQK" for s in "CDHS"]


@pytest.mark.parametrize("card_px", [160, 512])
def test_court_pictures_fill_most_of_the_card(card_px):
    """A court picture is as large as on a real deck (~72 x 112 of the card's 100 x 140), centred.

    Its frame line is one connected blob of ink: the largest on the face.
    """
    sheet = draw_atlas(card_px)
    w, h = sheet.cell_rect(0)[2:]
    for card in COURTS:
        frame = blob_box(max(ink_mask(face(sheet, card)).connected_components(), key=lambda m: m.count()))
        assert frame.width >= 0.68 * w and frame.height >= 0.76 * h, (Card(card), frame, (w, h))
        assert abs(frame.left - (w - frame.right)) <= 2 and abs(frame.top - (h - frame.bottom)) <= 2, \
            (Card(card), frame)


def test_court_pictures_are_large_at_the_smallest_card_too():
    """At 60 px (where the frame line is fainter than a pixel) the picture still spans most of the card's width.

    Measured in the middle band of the card, clear of both indices.
    """
    sheet = draw_atlas(60)
    w, h = sheet.cell_rect(0)[2:]
    for card in COURTS:
        box = blob_box(ink_mask(face(sheet, card), pygame.Rect(0, round(0.3 * h), w, round(0.4 * h))))
        assert box.width >= 0.66 * w, (Card(card), box, w)
        assert abs(box.left - (w - box.right)) <= 2, (Card(card), box, w)


@pytest.mark.parametrize("card_px", [60, 200])
def test_court_indices_sit_on_clear_paper(card_px, monkeypatch):
    """The picture reaches under both indices, yet around their ink it is cut away: the index reads as on a pip card.

    The same card drawn without its art (the program's framed letter, far
    from the corners) is the reference for what the index's box must show.
    """
    sheet = draw_atlas(card_px)
    files = atlas._art_files()
    monkeypatch.setattr(atlas, "_art_files", lambda: tuple(None if c in COURTS else f for c, f in enumerate(files)))
    atlas._draw_art.cache_clear()
    try:
        plain = draw_atlas(card_px)
    finally:
        atlas._draw_art.cache_clear()
    w, h = sheet.cell_rect(0)[2:]
    u = w / 100.0
    region = pygame.Rect(0, 0, round(60 * u), round(ART_TOP * u))
    for card in COURTS:
        ref = face(plain, card)
        index = blob_box(ink_mask(ref, region)).inflate(round(2 * u), round(2 * u))
        got = face(sheet, card)
        # The picture does come close: within a few units of the index box.
        near = index.inflate(round(16 * u), round(16 * u)).clip(got.get_rect())
        assert ink_mask(got, near).count() > ink_mask(ref, near).count() + 5 * u * u, Card(card)
        for box in (index, pygame.Rect(w - index.right, h - index.bottom, index.width, index.height)):
            a = pygame.image.tobytes(got.subsurface(box), "RGBA")
            b = pygame.image.tobytes(ref.subsurface(box), "RGBA")
            assert a == b, (Card(card), box)


def test_every_card_has_its_vendored_art():
    names = {card_file(c) for c in range(52)}
    assert len(names) == 52
    for name in sorted(names):
        data = asset_path(f"cards/{name}").read_bytes()
        assert art_aspect(data) is not None, name
        assert b"<use" not in data and b"<symbol" not in data, name  # nanosvg reads neither
        if name[0] in "A23456789T":
            assert data.count(b'class="suit"') >= 1, name
    assert None not in atlas._art_files()


@pytest.mark.parametrize("card_px", [60, 128, 512])
def test_the_corner_index_is_tall_and_fits_the_fan_strip(card_px):
    """Rank 14 px tall on a 60 px card (24 design units), all of it above the next card of a fan."""
    sheet = draw_atlas(card_px)
    w = sheet.cell_rect(0)[2]
    u = w / 100.0
    strip = round(theme.FAN_UP / theme.CARD_W * 100 * u)
    for card in range(52):
        surf = face(sheet, card)
        # The index: the blobs wholly in the top-left part, left of the art's
        # middle column (a court picture reaches in there, and is not one).
        region = pygame.Rect(0, 0, round(60 * u), round(ART_TOP * u))
        boxes = [b for b in map(blob_box, ink_mask(surf).connected_components()) if region.contains(b)]
        assert boxes, Card(card)
        top = min(b.top for b in boxes)
        bottom = max(b.bottom for b in boxes)
        assert bottom - top >= 0.233 * w - 1, (Card(card), bottom - top, w)
        assert bottom <= strip, (Card(card), bottom, strip)
        # Rank and suit side by side: at least two blobs in a row across the strip.
        assert len([b for b in boxes if b.height > 0.12 * w]) >= 2, Card(card)


@pytest.mark.parametrize("card_px", [96, 200])  # 96: the atlas of an 800x600 window
def test_pips_stand_apart_and_clear_of_the_indices(card_px):
    """2..10 show exactly that many separate pips between the indices (no two touch)."""
    sheet = draw_atlas(card_px)
    w, h = sheet.cell_rect(0)[2:]
    u = w / 100.0
    band = pygame.Rect(0, round(ART_TOP * u) - 1, w, h - 2 * round(ART_TOP * u) + 2)
    for card in range(52):
        rank = Card(card).rank
        if not 2 <= rank <= 10:
            continue
        mask = ink_mask(face(sheet, card))
        pips = [m for m in mask.connected_components(minimum=20)
                if band.contains(pygame.Rect(m.get_bounding_rects()[0].unionall(m.get_bounding_rects())))]
        assert len(pips) == rank, (Card(card), len(pips))
        # Nothing of the art reaches into the index strips: every blob is
        # either wholly inside the art band or wholly outside it.
        for m in mask.connected_components(minimum=1):
            box = m.get_bounding_rects()[0].unionall(m.get_bounding_rects())
            inside = band.contains(box)
            outside = box.bottom <= band.top + 1 or box.top >= band.bottom - 1
            assert inside or outside, (Card(card), box, band)


def colours(surf: pygame.Surface, rect: pygame.Rect) -> list[tuple[int, int, int]]:
    return [(c.r, c.g, c.b) for y in range(rect.top, rect.bottom, 2)
            for x in range(rect.left, rect.right, 2) for c in [surf.get_at((x, y))]]


def test_four_colours_recolour_the_pips_but_not_the_court_figures():
    two, four = draw_atlas(160), draw_atlas(160, four_colour=True)
    w, h = two.cell_rect(0)[2:]
    middle = pygame.Rect(w // 4, h // 3, w // 2, h // 3)
    for card, want in (("5D", "blue"), ("5C", "green"), ("5H", "red"), ("5S", "black")):
        c = Card.parse(card)
        inked = [p for p in colours(face(four, c), middle) if min(p) < 150]
        assert inked, card
        r, g, b = (sum(p[i] for p in inked) / len(inked) for i in range(3))
        if want == "blue":
            assert b > r + 60, (card, r, g, b)
        elif want == "green":
            assert g > r + 40 and g > b + 20, (card, r, g, b)
        elif want == "red":
            assert r > g + 80, (card, r, g, b)
        else:
            assert max(r, g, b) < 90, (card, r, g, b)
        # The two-colour deck prints diamonds and clubs red and black.
        inked2 = [p for p in colours(face(two, c), middle) if min(p) < 150]
        r2, g2, b2 = (sum(p[i] for p in inked2) / len(inked2) for i in range(3))
        assert (r2 > g2 + 80) == Card(c).is_red, (card, r2, g2, b2)
    for card in ("KD", "QD", "JC", "KC"):
        c = Card.parse(card)
        a, b = colours(face(two, c), middle), colours(face(four, c), middle)
        same = sum(p == q for p, q in zip(a, b)) / len(a)
        assert same > 0.75, (card, same)
        # Only the suit symbols in the picture change: every pixel that does
        # (beyond the rasteriser's rounding) moves toward the four-colour ink.
        new_ink = atlas.ink(Card(c).suit, four_colour=True)
        dist = lambda p, ink=new_ink: sum((x - y) ** 2 for x, y in zip(p, ink))  # noqa: E731
        moved = [(p, q) for p, q in zip(a, b) if max(abs(x - y) for x, y in zip(p, q)) > 3]
        assert moved, card
        assert all(dist(q) < dist(p) for p, q in moved), card
        # A court figure is coloured: red, blue and yellow all present, whatever the suit.
        assert any(r > 180 and g < 90 and b < 90 for r, g, b in a), card
        assert any(b > 180 and r < 140 and g < 140 for r, g, b in a), card
        assert any(r > 200 and g > 160 and b < 110 for r, g, b in a), card


def test_a_missing_or_broken_art_file_falls_back_to_drawn_pips(tmp_path, monkeypatch):
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "5C.svg").write_bytes(b"GIF89a not an svg")
    monkeypatch.setattr(atlas, "asset_path", lambda name: tmp_path / name if name.startswith("cards/")
                        else asset_path(name))
    atlas._art_files.cache_clear()
    atlas._draw_art.cache_clear()
    try:
        assert set(atlas._art_files()) == {None}
        sheet = draw_atlas(200)
    finally:
        atlas._art_files.cache_clear()
        atlas._draw_art.cache_clear()
    w, h = sheet.cell_rect(0)[2:]
    u = w / 100.0
    band = pygame.Rect(0, round(ART_TOP * u), w, h - 2 * round(ART_TOP * u))
    for token, rank in (("5C", 5), ("9S", 9), ("TD", 10)):
        mask = ink_mask(face(sheet, Card.parse(token)), band)
        assert len(mask.connected_components(minimum=20)) == rank, token
    assert ink_mask(face(sheet, Card.parse("KH")), band).count() > 0


def test_art_aspect_rejects_what_is_not_card_art():
    assert art_aspect(b'<svg viewBox="0 0 100 140"></svg>') == pytest.approx(100 / 140)
    for bad in (b"", b"<svg></svg>", b'<svg viewBox="0 0 0 10"></svg>', b'<svg viewBox="a b c d"></svg>',
                b'<svg viewBox="0 0 100 140">', b'<html viewBox="0 0 1 1"></html>'):
        assert art_aspect(bad) is None, bad


BUNDLE = '''
const SvgH2 = _ref => {
  let {
    title,
    titleId,
    ...props
  } = _ref;
  return /*#__PURE__*/React.createElement("svg", _extends({
    viewBox: "-120 -168 240 336",
    "aria-labelledby": titleId
  }, props), title ? /*#__PURE__*/React.createElement("title", {
    id: titleId
  }, title) : null, /*#__PURE__*/React.createElement("defs", null, /*#__PURE__*/React.createElement("symbol", {
    id: "s",
    viewBox: "-600 -600 1200 1200",
    preserveAspectRatio: "xMinYMid"
  }, /*#__PURE__*/React.createElement("path", {
    d: "M0-500 400 0 0 500-400 0Z",
    fill: "red"
  }))), /*#__PURE__*/React.createElement("rect", {
    width: 239,
    height: 335,
    x: -119.5,
    y: -167.5
  }), /*#__PURE__*/React.createElement("use", {
    xlinkHref: "#s",
    height: 26,
    width: 26,
    x: -111.8,
    y: -119
  }), /*#__PURE__*/React.createElement("use", {
    xlinkHref: "#s",
    height: 70,
    width: 70,
    x: -35,
    y: -135.5,
    strokeWidth: 2
  }));
};
export { SvgH2 as H2 };
'''


def test_the_vendoring_tool_expands_uses_and_drops_outline_and_index():
    cards = vendor_cards.parse_bundle(BUNDLE)
    assert set(cards) == {"H2"}
    assert vendor_cards.card_file_name("H2") == "2H.svg"
    assert vendor_cards.card_file_name("Sq") == "QS.svg" and vendor_cards.card_file_name("J1") is None
    svg = vendor_cards.card_svg(cards["H2"], "H", "pips")
    assert "<use" not in svg and "<rect" not in svg and "<symbol" not in svg
    # One pip (the index's small suit, x < -100, is gone), in a marked group,
    # its symbol's viewBox mapped onto the use's box: 70 / 1200 per unit.
    assert svg.count('class="suit"') == 1
    assert "translate(-35 -135.5) scale(0.058333) translate(600 600)" in svg
    assert 'stroke-width="2"' in svg
    assert art_aspect(svg.encode()) is not None
    pygame.image.load_sized_svg(__import__("io").BytesIO(svg.encode()), (50, 70))
    with pytest.raises(vendor_cards.ParseError):
        vendor_cards.parse_bundle(BUNDLE.replace("_extends({", "_extends(oops{"))


def test_the_vendoring_tool_crops_a_court_to_its_frame_and_clears_the_notched_corner():
    N = vendor_cards.Node
    symbol = N("symbol", {"id": "s", "viewBox": "-600 -600 1200 1200"}, [N("path", {"d": "M0-500 400 0 0 500-400 0Z"})])
    corner_suit = lambda x: N("use", {"xlinkHref": "#s", "height": "55.68", "width": "55.68", "x": x,  # noqa: E731
                                      "y": "-132.16"})
    frame = N("path", {"d": "M-82.4-130.4H82.4v260.8H-82.4z", "stroke": "#44F"})
    for x, kept in (("-89.68", 0), ("34", 2)):
        tree = N("svg", {"viewBox": "-120 -168 240 336"}, [
            N("defs", {}, [symbol]), frame, corner_suit(x), N("g", {"transform": "rotate(180)"}, [corner_suit(x)])])
        svg = vendor_cards.card_svg(tree, "D", "court")
        assert svg.count('class="suit"') == kept, x  # top-left (and its turned twin): under the game's index
        assert 'viewBox="-82.9 -130.9 165.8 261.8"' in svg and "<path" in svg
        # Pip cards keep such a symbol: only a court is notched.
        assert vendor_cards.card_svg(tree, "D", "pips").count('class="suit"') == 2


def shoot_deck(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    out = tmp_path / "deck.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "screenshot.py"), "--deck", *args, "--out", str(out)],
                          check=False, capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    return done, out


@pytest.mark.skipif(not egl_available(), reason="no EGL (offscreen OpenGL) on this machine")
@pytest.mark.parametrize("args, size, card_w", [
    (("--size", "1600x1000"), (1600, 1000), None),
    (("--card-width", "40", "--four-colour"), None, 40),
])
def test_the_deck_sheet_is_a_13_by_4_grid_of_centred_cards(tmp_path, args, size, card_w):
    done, out = shoot_deck(tmp_path, *args)
    assert done.returncode == 0, done.stderr
    img = pygame.image.load(str(out))
    w, h = img.get_size()
    if size is not None:
        assert (w, h) == size
    felt = tuple(round(c * 255) for c in theme.FELT)
    is_felt = lambda p: max(abs(a - b) for a, b in zip(p[:3], felt)) < 6  # noqa: E731
    is_paper = lambda p: min(p[:3]) > 225  # noqa: E731
    cw = w / 13
    ch = h / 4
    # The card's width: what is not felt across the middle row of the first cell.
    width = sum(not is_felt(img.get_at((x, int(ch / 2)))) for x in range(int(cw)))
    if card_w is not None:
        assert abs(width - card_w) <= 2, width
    assert width < cw
    for r in range(4):
        for c in range(13):
            x0, y0 = c * cw, r * ch
            assert is_felt(img.get_at((int(x0 + 1), int(y0 + 1)))), (r, c)
            # Paper just inside the card's top-right and bottom-left corners (clear
            # of both indices), symmetric about the cell's middle: the card is centred.
            for dx, dy in ((0.42, -0.6), (-0.42, 0.6)):
                px = int(x0 + cw / 2 + dx * width)
                py = int(y0 + ch / 2 + dy * width)
                assert is_paper(img.get_at((px, py))), (r, c, dx)
                assert not is_paper(img.get_at((int(px + 0.12 * width * (1 if dx > 0 else -1)), py))), (r, c, dx)
    # The rows run clubs, diamonds, hearts, spades: the ace's centre pip in each row's first card.
    centre = [img.get_at((int(cw / 2), int(ch * (r + 0.5))))[:3] for r in range(4)]
    four = "--four-colour" in args
    reds = [p[0] > p[1] + 80 and p[0] > p[2] + 80 for p in centre]
    assert reds == [False, not four, True, False], centre


def test_card_width_without_deck_is_refused(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "screenshot.py"), "--card-width", "60",
                           "--out", str(tmp_path / "x.png")], check=False, capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=60)
    assert done.returncode == 2 and "--card-width goes with --deck" in done.stderr
    assert "Traceback" not in done.stderr
