"""A document panel (How to play) laid out in window pixels: headings,
wrapped paragraphs and bullet lists, a pure function the overlay draws and
tests check without a GL context."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from game.i18n.lines import BREAKABLE_SPACE, DASHES, breaks, ends_in_number
from game.render.camera import hud_band, hud_text_px, text_scale
from game.ui.hud import MIN_BUTTON_PX, ButtonLike, HudButton, Measure, Rect, fit_text, font_measure

__all__ = ["DocGeometry", "DocLine", "document_geometry"]


#: Pieces of a document line: ``(kind, text)``, kind "text", "button", "key" or "pad"
#: (:func:`game.howto.spans`); a ``None`` kind is the gap between two words.
Run = tuple[str, str]


@dataclass(frozen=True)
class DocLine:
    """One line of a document panel: where it starts, its text size and its pieces.

    ``role`` is "heading", "text" or "bullet" (a list item's first line,
    which the overlay marks with a bullet at ``bullet_x``).
    """

    x: int
    y: int
    px: int
    role: str
    runs: tuple[Run, ...]
    height: int
    bullet_x: int = 0

    @property
    def text(self) -> str:
        return "".join(t for _, t in self.runs)


@dataclass(frozen=True)
class DocGeometry:
    """A document panel laid out for one window: the box, its title, lines and buttons."""

    box: Rect
    title: str
    title_px: int
    title_at: tuple[int, int]
    body_px: int
    lines: tuple[DocLine, ...]
    buttons: tuple[HudButton, ...]
    #: Lines that did not fit even at the smallest text size (0 when all fit).
    cut: int = 0

    def rects(self) -> list[Rect]:
        return [self.box] + [b.rect for b in self.buttons]


#: A document's body text may shrink to this share of the HUD text size to fit its box.
DOC_SHRINK = 0.72
#: The widest a document's box grows, in HUD text sizes (a readable line length).
DOC_WIDTH_PX = 48


_SPACES = re.compile(f"({BREAKABLE_SPACE.pattern})")


def _words(text: str) -> list[tuple[list[Run], bool]]:
    """``text`` (with inline marks) as words, each with whether a space comes before it.

    A word is the pieces with no space between them; Japanese text is cut
    into the pieces a line may break between (:func:`game.i18n.lines.breaks`),
    which join with no space.
    """
    from game.howto import spans

    words: list[tuple[list[Run], bool]] = []
    glued = False  # does the next piece continue the last word?
    for kind, chunk in spans(text):
        # The split's odd pieces are the spaces a line may break at (not the no-break ones).
        for n, piece in enumerate(_SPACES.split(chunk)):
            if n % 2:
                glued = False
                continue
            if not piece:
                continue
            for i, part in enumerate(breaks(piece)):
                if i == 0 and glued and words:
                    words[-1][0].append((kind, part))
                elif i == 0 and words and (part[0] in DASHES or _ends_number(words[-1][0])):
                    # A line never starts with a dash, nor breaks between a number and its word.
                    words[-1][0].append((kind, " " + part))
                else:
                    words.append(([(kind, part)], i == 0))
            glued = True
    return words


def _ends_number(word: list[Run]) -> bool:
    """Whether ``word``'s pieces end in a number ("1", "1 000") that keeps the next word beside it."""
    return ends_in_number("".join(t for _, t in word))


def _wrap_runs(text: str, width: int, px: int, measure: Measure) -> list[tuple[Run, ...]]:
    """The lines of ``text`` wrapped to ``width`` pixels at ``px``; a word too long is cut."""
    space = measure(" ", px)[0]
    lines: list[list[Run]] = []
    line: list[Run] = []
    used = 0
    queue = _words(text)[::-1]
    while queue:
        word, spaced = queue.pop()
        ww = sum(measure(t, px)[0] for _, t in word)
        glued = [i for i, (_, t) in enumerate(word) if i and t.startswith(" ")]
        if ww > width and glued:  # a number and its word, or a dash, too wide together: part them
            cut = glued[-1]
            queue += [([(word[cut][0], word[cut][1][1:]), *word[cut + 1:]], True), (word[:cut], spaced)]
            continue
        if ww > width:  # one word wider than the line: cut it, never overflow
            word = [(word[0][0], fit_text("".join(t for _, t in word), width, px, measure))]
            ww = measure(word[0][1], px)[0]
        gap = space if spaced else 0
        if line and used + gap + ww > width:
            lines.append(line)
            line, used = [], 0
        if line and spaced:
            line.append(("gap", " "))
            used += space
        line.extend(word)
        used += ww
    if line:
        lines.append(line)
    return [tuple(ln) for ln in lines] or [()]


def _lay_blocks(blocks: Sequence[object], width: int, px: int, measure: Measure
                ) -> tuple[list[tuple[str, int, int, tuple[Run, ...], int]], int]:
    """``(role, px, indent, runs, gap_before)`` per line at body size ``px``, and the total height."""
    from game.howto import Bullets, Heading

    out: list[tuple[str, int, int, tuple[Run, ...], int]] = []
    head_px = max(px + 2, round(px * 1.3))
    indent = 2 * px
    for block in blocks:
        gap = 0 if not out else (px if isinstance(block, Heading) else px * 2 // 3)
        if isinstance(block, Heading):
            for i, runs in enumerate(_wrap_runs(block.text, width, head_px, measure)):
                out.append(("heading", head_px, 0, runs, gap if i == 0 else 0))
        elif isinstance(block, Bullets):
            for n, item in enumerate(block.items):
                for i, runs in enumerate(_wrap_runs(item, width - indent, px, measure)):
                    first = gap if (n == 0 and i == 0) else (px // 4 if i == 0 else 0)
                    out.append(("bullet" if i == 0 else "text", px, indent, runs, first))
        else:
            for i, runs in enumerate(_wrap_runs(getattr(block, "text", ""), width, px, measure)):
                out.append(("text", px, 0, runs, gap if i == 0 else 0))
    height = sum(gap + measure("Ag", size)[1] for _, size, _, _, gap in out)
    return out, height


def document_geometry(size: tuple[int, int], title: str, blocks: Sequence[object],
                      buttons: Sequence[ButtonLike], measure: Measure = font_measure) -> DocGeometry:
    """Lay out a document panel (How to play) in a window of ``size``, above the HUD band.

    Headings are set larger, paragraphs left-aligned and wrapped to the box,
    list items hang from a bullet. The body text shrinks (to
    :data:`DOC_SHRINK` of the HUD size) until the page fits the box; the
    buttons sit in a row under the text.
    """
    w, h = size
    px = hud_text_px(w, h)
    avail_h = max(4 * px, h - hud_band(w, h) - px)
    box_w = min(w - 2 * max(4, px // 2), DOC_WIDTH_PX * px)
    pad = max(6, px * 5 // 4)
    inner = max(10 * px, box_w - 2 * pad)
    title_px = max(px + 2, round(px * 1.5))
    title_text = fit_text(title, inner, title_px, measure) or " "
    title_h = measure(title_text, title_px)[1]
    button_h = int(px * 1.8)
    fixed = pad + title_h + px + px + button_h + pad  # title, a gap, the text, a gap, the buttons
    smallest = max(MIN_BUTTON_PX, round(px * DOC_SHRINK))
    if text_scale() > 1:  # larger text (Settings) may shrink on a crowded page, not below the window's own size
        smallest = max(MIN_BUTTON_PX, min(smallest, round(px / text_scale())))
    body_px = px
    laid, text_h = _lay_blocks(blocks, inner, body_px, measure)
    while fixed + text_h > avail_h and body_px > smallest:
        body_px -= 1
        laid, text_h = _lay_blocks(blocks, inner, body_px, measure)
    box_h = min(avail_h, fixed + text_h)
    box = ((w - box_w) // 2, max(px // 2, (avail_h - box_h) // 2 + px // 2), box_w, box_h)
    x0, y = box[0] + pad, box[1] + pad + title_h + px
    bottom = box[1] + box_h - pad - button_h - px
    lines: list[DocLine] = []
    cut = 0
    for role, lpx, indent, runs, gap in laid:
        lh = measure("Ag", lpx)[1]
        if y + gap + lh > bottom:
            cut += 1
            continue
        y += gap
        lines.append(DocLine(x0 + indent, y, lpx, role, runs, lh, x0 + indent - lpx))
        y += lh
    # The buttons: a centred row, labels at the HUD size.
    labels = [fit_text(b.label, inner, px, measure) for b in buttons]
    gap_x = px // 2
    widths = [measure(lb, px)[0] + px for lb in labels]
    row_w = sum(widths) + gap_x * max(0, len(widths) - 1)
    bx = box[0] + (box_w - row_w) // 2
    by = box[1] + box_h - pad - button_h
    placed: list[HudButton] = []
    for b, lb, bw in zip(buttons, labels, widths):
        placed.append(HudButton(lb, b.action, b.enabled, (bx, by, bw, button_h)))
        bx += bw + gap_x
    title_at = (box[0] + (box_w - measure(title_text, title_px)[0]) // 2, box[1] + pad)
    return DocGeometry(box, title_text, title_px, title_at, body_px, tuple(lines), tuple(placed), cut)
