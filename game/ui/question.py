"""A plain panel (a question, a result, a short menu) laid out in window pixels: its
title and lines wrapped to the box, never cut short, and its buttons in a row (or a
column, when a row would not fit). A pure function the overlay draws and tests check
without a GL context::

    >>> from game.play.panels import Button, Panel
    >>> p = Panel("Start a new game?", ("The moves of this game will be lost.",),
    ...           (Button("Keep playing", "keep"), Button("New game", "confirmed")), focus=0)
    >>> g = question_geometry((800, 600), p, lambda t, px: (len(t) * px // 2, px))
    >>> [t.text for t in g.texts], [b.action for b in g.buttons]
    (['Start a new game?', 'The moves of this game will be lost.'], ['keep', 'confirmed'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.i18n.lines import as_sentence
from game.render.camera import hud_text_px, text_scale
from game.ui.geometry import ScreenButton, Text
from game.ui.hud import Measure, Rect, fit_text, font_measure
from game.ui.placing import beside, covered
from game.ui.screens import wrap_plain

__all__ = ["TEXT_WIDTH_PX", "QuestionGeometry", "question_geometry"]

#: The widest a panel's text runs, in HUD text sizes (a line a reader takes in at once);
#: a row of buttons wider than that widens the box to hold it.
TEXT_WIDTH_PX = 40
#: The slimmer wrap a page about the table tries when the usual one covers what it is about.
SLIM_TEXT_PX = 24


@dataclass(frozen=True)
class QuestionGeometry:
    """A plain panel laid out: the box, its texts ("title" and "line" roles) and buttons."""

    box: Rect
    px: int
    texts: tuple[Text, ...]
    buttons: tuple[ScreenButton, ...]
    vertical: bool

    def rects(self) -> list[Rect]:
        return [self.box] + [b.rect for b in self.buttons]


def _balanced(text: str, width: int, px: int, measure: Measure) -> list[str]:
    """``text`` wrapped to at most ``width`` pixels in as few lines as that allows, the
    lines as even as can be (no lone word, no せん。 left on a last line of its own).

    >>> _balanced("one two three four five", 20 * 7, 12, lambda t, px: (len(t) * 7, px))
    ['one two three', 'four five']
    """
    lines = wrap_plain(text, width, px, measure)
    if len(lines) < 2:
        return lines
    whole = "".join(lines).replace(" ", "")

    def fits(w: int) -> bool:  # as few lines, and no word cut short to fit
        trial = wrap_plain(text, w, px, measure)
        return len(trial) <= len(lines) and "".join(trial).replace(" ", "") == whole

    lo, hi = width // 2, width  # the narrowest width that keeps the count: a binary search
    while lo < hi:
        mid = (lo + hi) // 2
        if fits(mid):
            hi = mid
        else:
            lo = mid + 1
    return wrap_plain(text, hi, px, measure)


def question_geometry(size: tuple[int, int], panel: object, measure: Measure = font_measure,
                      clear: Sequence[Rect] = (), floor: int | None = None,
                      table: Sequence[Rect] = ()) -> QuestionGeometry:
    """Lay out ``panel`` (a :class:`game.play.panels.Panel` with a title, lines and
    buttons) in a window of ``size``: centred a little above the middle, each line
    wrapped to the box and centred. A panel about the marked cards (``beside_marks``:
    the review's page of a move) goes where it covers the boxes ``clear`` (those
    cards' on screen) least, then the least of the piles' boxes ``table``, above
    ``floor`` (the control bar's top), its lines wrapped wider (a shorter box) or
    narrower (a slimmer one) when that covers less."""
    geo = _laid_out(size, panel, measure, None)
    # Larger text (Settings -> Text size) too tall for the window sets a little smaller, not below 100%.
    own = round(geo.px / text_scale())
    room = size[1] if floor is None else floor - geo.px  # a page beside the cards stays above the bar
    while geo.px > own and (not _whole(geo, size, measure) or geo.box[3] > room):
        geo = _laid_out(size, panel, measure, None, geo.px - 1)
    if floor is not None and geo.box[1] + geo.box[3] > floor:  # a tall page lifted clear of the bar
        geo = _moved(geo, 0, max(-geo.box[1], floor - geo.box[1] - geo.box[3]))
    if not (getattr(panel, "beside_marks", False) and clear):
        return geo
    bottom = size[1] if floor is None else floor

    def placed(laid: QuestionGeometry) -> tuple[tuple[int, int, int], QuestionGeometry]:
        """``laid`` moved beside the marked cards: what it still covers of them and of the
        table, how far it moved, and itself."""
        box = beside(size, laid.box, clear, bottom, laid.px, table)
        dx, dy = box[0] - laid.box[0], box[1] - laid.box[1]
        return (covered(box, clear, laid.px), covered(box, table, 0), abs(dx) + abs(dy)), _moved(laid, dx, dy)

    best = placed(geo)  # the usual wrap first: it wins a tie
    # The widest wrap, steps between it and a slim one: a taller page (a move's page with its
    # par line, in Korean or Russian at 1024x768) finds room beside a lit card at one of them;
    # failing that, the same in text a size smaller (still read easily) before any card is covered.
    for smaller in (False, True):
        for wide in (size[0], *(size[0] * k // 10 for k in (8, 7, 6, 5)), SLIM_TEXT_PX * geo.px):
            other = placed(_laid_out(size, panel, measure, wide, geo.px * 7 // 8 if smaller else geo.px))
            if other[0] < best[0] and other[1].box[1] + other[1].box[3] <= max(bottom, geo.box[1] + geo.box[3]):
                best = other
        if best[0][0] == 0:
            break
    return best[1]


def _whole(geo: QuestionGeometry, size: tuple[int, int], measure: Measure) -> bool:
    """Whether ``geo``'s box lies in the window and holds every line and button."""
    _, y, _, h = geo.box
    inner = [t.y + measure(t.text, t.px)[1] for t in geo.texts] + [b.rect[1] + b.rect[3] for b in geo.buttons]
    return y >= 0 and y + h <= size[1] and max(inner, default=y) <= y + h


def _moved(geo: QuestionGeometry, dx: int, dy: int) -> QuestionGeometry:
    """``geo`` with its box, texts and buttons moved by ``(dx, dy)``."""
    if not dx and not dy:
        return geo
    x, y, w, h = geo.box
    return replace(geo, box=(x + dx, y + dy, w, h),
                   texts=tuple(replace(t, x=t.x + dx, y=t.y + dy) for t in geo.texts),
                   buttons=tuple(replace(b, rect=(b.rect[0] + dx, b.rect[1] + dy, *b.rect[2:])) for b in geo.buttons))


def _laid_out(size: tuple[int, int], panel: object, measure: Measure, wide: int | None,
              px: int | None = None) -> QuestionGeometry:
    """``panel`` laid out a little above the middle, its lines wrapped to ``wide`` pixels
    (None: :data:`TEXT_WIDTH_PX` text sizes, or its row of buttons if wider), in text of
    ``px`` (None: the window's own size, :func:`hud_text_px`)."""
    w, h = size
    px = hud_text_px(w, h) if px is None else px
    title_px = int(px * 1.5)
    room = max(1, w - 5 * px)  # the box's inner width at its widest
    buttons = tuple(getattr(panel, "buttons", ()))
    labels = [fit_text(b.label, room - 2 * px, px, measure) or " " for b in buttons]
    label_w = [measure(lb, px)[0] for lb in labels]
    btn_h = int(px * 1.8)
    gap = px // 2
    row_w = sum(lw + px for lw in label_w) + gap * max(0, len(labels) - 1)
    # A row of buttons too wide for the window stacks them instead (a narrow window).
    vertical = bool(getattr(panel, "vertical", False)) or row_w > room
    if vertical:
        row_w = max((lw + 2 * px for lw in label_w), default=0)
        buttons_h = len(labels) * (btn_h + gap // 2)
    else:
        buttons_h = btn_h if labels else 0
    text_w = min(room, max(TEXT_WIDTH_PX * px if wide is None else wide, row_w))
    # Each line of a panel is said on its own: it starts as a sentence ("ходов: 44 — …" reads "Ходов: 44 — …").
    title_lines = _balanced(as_sentence(getattr(panel, "title", "")) or " ", text_w, title_px, measure)
    body = [(line, px) for text in getattr(panel, "lines", ())
            for line in _balanced(as_sentence(text) or " ", text_w, px, measure)]
    heads = [(line, title_px) for line in title_lines]
    widest = max([row_w] + [measure(t, size_px)[0] for t, size_px in heads + body])
    width = min(w - 2 * px, widest + 3 * px)
    title_h = sum(measure(t, size_px)[1] for t, size_px in heads)
    height = title_h + sum(measure(t, size_px)[1] + px // 3 for t, size_px in body) + 3 * px + buttons_h
    box_h = min(h - 2 * px, height)
    cx = w // 2
    cy = min(h // 2 - px, h - box_h // 2 - 3 * px)
    box = (cx - width // 2, cy - box_h // 2, width, box_h)
    texts: list[Text] = []
    y = box[1] + px
    for text, size_px in heads:
        tw, th = measure(text, size_px)
        texts.append(Text(text, cx - tw // 2, y, size_px, "title"))
        y += th
    y += px
    for text, size_px in body:
        tw, th = measure(text, size_px)
        texts.append(Text(text, cx - tw // 2, y, size_px, "line"))
        y += th + px // 3
    y += px // 2
    placed: list[ScreenButton] = []
    x = cx - row_w // 2
    for i, (b, lb, lw) in enumerate(zip(buttons, labels, label_w)):
        if vertical:
            rect = (cx - row_w // 2, y, row_w, btn_h)
            y += btn_h + gap // 2
        else:
            rect = (x, y, lw + px, btn_h)
            x += lw + px + gap
        placed.append(ScreenButton(lb, b.action, bool(getattr(b, "enabled", True)), rect, i))
    return QuestionGeometry(box, px, tuple(texts), tuple(placed), vertical)
