"""Where the HUD's pieces lie: a pure function of the window size, the texts and the buttons.

The HUD is a band along the window's bottom edge
(:func:`game.render.camera.hud_band`, which the camera keeps the table out
of): a notice line (a refusal or a hint, centred; clear felt when there is
none) over the bar, which holds the status line and a row of buttons. :func:`hud_geometry` places every piece in window pixels
(y down) and fits it: a text too long for its room is cut with an ellipsis,
and the buttons drop their key hints (``"Undo (U)"`` -> ``"Undo"``), then
shrink their text, rather than run off the window. The overlay draws exactly
this geometry; tests check it without a GL context.

    >>> from types import SimpleNamespace as B
    >>> g = hud_geometry((1280, 720), "Deal #1   0:00   0 moves", "",
    ...                  [B(label="Undo (U)", action="undo", enabled=True)])
    >>> g.band, g.buttons[0].label, g.status_text
    ((0, 657, 1280, 63), 'Undo (U)', 'Deal #1   0:00   0 moves')
    >>> all(inside(r, (0, 0, 1280, 720)) for r in g.rects())
    True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Protocol, Sequence

from game.render.camera import hud_band, hud_rows, hud_text_px

__all__ = ["HudButton", "HudGeometry", "hud_geometry", "fit_text", "clean_text", "short_label",
           "font_measure", "inside", "overlaps", "Rect", "ELLIPSIS", "DocLine", "DocGeometry",
           "document_geometry", "Text", "ScreenButton", "ChartGeometry", "ScreenGeometry",
           "screen_geometry", "OUTCOMES"]

#: ``(x, y, w, h)`` in window pixels, y down.
Rect = tuple[int, int, int, int]
#: Width and height in pixels of a text set at a size: ``measure(text, px)``.
Measure = Callable[[str, int], tuple[int, int]]

ELLIPSIS = "\u2026"
#: The smallest text size a button label shrinks to before it is cut.
MIN_BUTTON_PX = 9
#: The status line shrinks to this share of the text size before it is cut.
STATUS_SHRINK = 0.8
#: No glyph of the HUD font is narrower than this share of the text size
#: (apart from zero-width ones, which :func:`clean_text` keeps out of the count):
#: a text is cut to ``width / (px * NARROWEST)`` characters before measuring.
NARROWEST = 0.2


class ButtonLike(Protocol):
    label: str
    action: str
    enabled: bool


@dataclass(frozen=True)
class HudButton:
    """A control-bar button as drawn: the label shown (maybe shortened) and its box."""

    label: str
    action: str
    enabled: bool
    rect: Rect


@dataclass(frozen=True)
class HudGeometry:
    """Every piece of the HUD for one window size, in window pixels (y down)."""

    size: tuple[int, int]
    #: Text size of the HUD (the notice's), of the status line and of the
    #: button labels (both may be smaller, to fit).
    px: int
    button_px: int
    #: The bar along the bottom edge (status and buttons): its background.
    band: Rect
    status_text: str
    #: The status text's box (None when there is no status text).
    status: Rect | None
    notice_text: str
    #: The notice's box, padding included (None when there is no notice).
    notice: Rect | None
    buttons: tuple[HudButton, ...]
    status_px: int = 0

    def rects(self) -> list[Rect]:
        """The boxes of every text line and button, as ``--rects`` writes them."""
        out = [r for r in (self.status, self.notice) if r is not None]
        return out + [b.rect for b in self.buttons]

    def hit(self, x: int, y: int) -> str | None:
        """The action of the enabled button under pixel ``(x, y)``, if any."""
        for b in self.buttons:
            bx, by, bw, bh = b.rect
            if b.enabled and bx <= x < bx + bw and by <= y < by + bh:
                return b.action
        return None


def inside(r: Rect | tuple[float, float, float, float], outer: Rect | tuple[float, float, float, float]) -> bool:
    """Whether box ``r`` lies within box ``outer`` (both ``(x, y, w, h)``)."""
    return (r[0] >= outer[0] and r[1] >= outer[1] and r[0] + r[2] <= outer[0] + outer[2]
            and r[1] + r[3] <= outer[1] + outer[3])


def overlaps(a: Rect | tuple[float, float, float, float], b: Rect | tuple[float, float, float, float]) -> bool:
    """Whether boxes ``a`` and ``b`` share any area (touching edges do not count)."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


_fonts: dict[int, object] = {}


def font_measure(text: str, px: int) -> tuple[int, int]:
    """Size of ``text`` in the HUD font (DejaVu Sans Bold) at ``px``: measured, not rendered.

    Needs pygame's font module only (no window, no GL context).
    """
    import pygame

    from game.resources import asset_path

    if not pygame.font.get_init():
        pygame.font.init()
        _fonts.clear()
    font = _fonts.get(px)
    if font is not None:
        try:
            return font.size(text)  # type: ignore[attr-defined]
        except pygame.error:  # pygame quit and started again since: the font is stale
            _fonts.clear()
    font = _fonts[px] = pygame.font.Font(str(asset_path("DejaVuSans-Bold.ttf")), px)
    return font.size(text)  # type: ignore[attr-defined]


def clean_text(text: str, limit: int) -> str:
    """At most ``limit`` characters of ``text``, with anything unprintable as a space.

    Text from a file or the clipboard may hold NULs, newlines or lone
    surrogates, which the font renderer refuses; and it may be megabytes long.

    >>> clean_text("a\\x00b\\nc" + "x" * 10, 6)
    'a b cx'
    """
    return "".join(ch if ch.isprintable() else " " for ch in str(text)[:max(0, limit)])


def fit_text(text: str, width: int, px: int, measure: Measure = font_measure) -> str:
    """``text`` if it fits ``width`` pixels at ``px``, else its longest prefix that fits with an ellipsis.

    Safe for any input: the text is cut to what could possibly fit before
    anything is measured, so a five-million-character string costs no more
    than a line's worth.

    >>> fit_text("x" * 5_000_000, 100, 12, lambda t, px: (len(t) * 7, px))
    'xxxxxxxxxxxxx…'
    >>> fit_text("short", 100, 12, lambda t, px: (len(t) * 7, px))
    'short'
    >>> fit_text("Demo 4/88: Enter pause, Left/Right step", 200, 12, lambda t, px: (len(t) * 7, px))
    'Demo 4/88: Enter pause…'
    """
    if width <= 0:
        return ""
    text = clean_text(text, int(width / max(1.0, px * NARROWEST)) + 2).rstrip()
    if measure(text, px)[0] <= width:
        return text
    lo, hi = 0, len(text)  # the longest prefix that fits, ellipsis included
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if measure(text[:mid].rstrip() + ELLIPSIS, px)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    if lo == 0:
        return ELLIPSIS if measure(ELLIPSIS, px)[0] <= width else ""
    # End at a word when one ends near the cut, rather than mid-word.
    space = text.rfind(" ", 0, lo + 1)
    if space > lo * 3 // 4:
        lo = space
    return text[:lo].rstrip().rstrip(",;:") + ELLIPSIS


_HINT = re.compile(r"\s*\([^()]*\)")


def short_label(label: str) -> str:
    """A button label without its key hint.

    >>> short_label("Undo (U)"), short_label("Deal (D) 5"), short_label("Menu")
    ('Undo', 'Deal 5', 'Menu')
    """
    return _HINT.sub("", label).strip() or label


def _button_row(buttons: Sequence[ButtonLike], row: Rect, px: int, measure: Measure
                ) -> tuple[int, list[HudButton]]:
    """Fit the buttons in ``row``, centred: full labels, then short ones, then smaller text, then cut."""
    x0, y0, w, h = row
    if not buttons:
        return px, []
    room = w - 2 * max(4, px // 2)

    def widths(labels: list[str], size: int) -> list[int]:
        return [measure(lb, size)[0] + size for lb in labels]

    def gap(size: int) -> int:
        return max(3, size // 3)

    full = [clean_text(b.label, 200) for b in buttons]
    short = [short_label(lb) for lb in full]
    labels, size = full, px
    if sum(widths(full, px)) + gap(px) * (len(buttons) - 1) > room:
        labels = short
        need = sum(widths(short, px)) + gap(px) * (len(buttons) - 1)
        while need > room and size > MIN_BUTTON_PX:
            size -= 1
            need = sum(widths(short, size)) + gap(size) * (len(buttons) - 1)
        if need > room:
            # Still too wide (a window a few hundred pixels across): every label gets an equal share.
            share = max(1, (room - gap(size) * (len(buttons) - 1)) // len(buttons))
            labels = [fit_text(lb, share - size, size, measure) for lb in short]
    ws = widths(labels, size)
    g = gap(size)
    total = sum(ws) + g * (len(ws) - 1)
    if total > room:  # cut labels can still leave a sliver over: squeeze the boxes
        ws = [max(1, wi - (total - room) // len(ws) - 1) for wi in ws]
        total = sum(ws) + g * (len(ws) - 1)
    bh = min(h - 2 * max(2, h // 8), round(size * 1.65))
    by = y0 + (h - bh) // 2
    x = x0 + (w - total) // 2
    out = []
    for b, lb, bw in zip(buttons, labels, ws):
        out.append(HudButton(lb, b.action, bool(b.enabled), (x, by, bw, bh)))
        x += bw + g
    return size, out


def hud_geometry(size: tuple[int, int], status: str, message: str = "",
                 buttons: Sequence[ButtonLike] = (), measure: Measure = font_measure) -> HudGeometry:
    """Place the status text, the notice (``message``) and the buttons for a window of ``size``.

    Everything lies inside the band :func:`~game.render.camera.hud_band`
    reserves, which lies inside the window; nothing is cut mid-glyph: long
    texts end in an ellipsis, wide button rows shorten their labels.
    """
    w, h = size
    band_h = hud_band(w, h)
    rows = hud_rows(w, h)
    px = hud_text_px(w, h)
    if sum(rows) > band_h:  # a window too small for the rows: shrink them to the band
        k = band_h / sum(rows)
        rows = (int(rows[0] * k), int(rows[1] * k), band_h - int(rows[0] * k) - int(rows[1] * k))
        px = max(6, int(px * k))
    notice_h, status_h, button_h = rows
    top = h - band_h
    band = (0, top + notice_h, w, status_h + button_h)
    pad = max(4, px // 2)
    room = max(0, w - 2 * pad)
    notice_text = fit_text(message, max(0, room - px), px, measure) if message else ""
    notice: Rect | None = None
    if notice_text:
        tw, th = measure(notice_text, px)
        bw, bh = min(tw + px, room), min(th + px // 3, notice_h)
        notice = ((w - bw) // 2, top + (notice_h - bh) // 2, bw, bh)
    # A status line a little too long sets smaller (to STATUS_SHRINK of the text size) before it is cut.
    status_px = px
    if status:
        probe = clean_text(status, int(room / max(1.0, px * NARROWEST)) + 2)
        while status_px > max(MIN_BUTTON_PX, round(px * STATUS_SHRINK)) and measure(probe, status_px)[0] > room:
            status_px -= 1
    status_text = fit_text(status, room, status_px, measure) if status else ""
    status_box: Rect | None = None
    row_y = top + notice_h
    if status_text:
        tw, th = measure(status_text, status_px)
        th = min(th, status_h)
        status_box = (pad, row_y + (status_h - th) // 2, min(tw, room), th)
    button_px, placed = _button_row(buttons, (0, row_y + status_h, w, button_h), px, measure)
    return HudGeometry((w, h), px, button_px, band, status_text, status_box, notice_text, notice,
                       tuple(placed), status_px)


# --- a document panel (How to play) ----------------------------------------------------------

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


def _words(text: str) -> list[list[Run]]:
    """``text`` (with inline marks) as words; a word is the pieces with no space between them."""
    from game.howto import spans

    words: list[list[Run]] = []
    glued = False  # does the next piece continue the last word?
    for kind, chunk in spans(text):
        for piece in re.split(r"(\s+)", chunk):
            if not piece:
                continue
            if piece.isspace():
                glued = False
                continue
            if glued and words:
                words[-1].append((kind, piece))
            else:
                words.append([(kind, piece)])
            glued = True
    return words


def _wrap_runs(text: str, width: int, px: int, measure: Measure) -> list[tuple[Run, ...]]:
    """The lines of ``text`` wrapped to ``width`` pixels at ``px``; a word too long is cut."""
    space = measure(" ", px)[0]
    lines: list[list[Run]] = []
    line: list[Run] = []
    used = 0
    for word in _words(text):
        ww = sum(measure(t, px)[0] for _, t in word)
        if ww > width:  # one word wider than the line: cut it, never overflow
            word = [(word[0][0], fit_text("".join(t for _, t in word), width, px, measure))]
            ww = measure(word[0][1], px)[0]
        if line and used + space + ww > width:
            lines.append(line)
            line, used = [], 0
        if line:
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


# --- a designed screen (menu, settings, statistics) -------------------------------------------

@dataclass(frozen=True)
class Text:
    """A piece of text on a designed screen: where it starts, its size and its role.

    Roles: "heading" (a section title), "label", "value", "field" (a number
    box's text), "note" (a refusal), "header" and "cell" (the table),
    "name" (a table row's name), "axis" (a chart's labels), "legend", "empty".
    """

    text: str
    x: int
    y: int
    px: int
    role: str


@dataclass(frozen=True)
class ScreenButton:
    """A button of a designed screen: ``index`` into the panel's buttons; ``selected``
    when it shows the current value of a choice or a toggle that is on."""

    label: str
    action: str
    enabled: bool
    rect: Rect
    index: int
    selected: bool = False


@dataclass(frozen=True)
class ChartGeometry:
    """A chart of recent games: the plot area, one bar per game and the win-rate line."""

    plot: Rect
    bars: tuple[tuple[Rect, str], ...]
    #: The running win rate, one point per game (bar centres), y down.
    rate: tuple[tuple[int, int], ...]
    #: Coloured squares (and the line's sample) beside the legend's words: ``(rect, kind)``.
    swatches: tuple[tuple[Rect, str], ...]


@dataclass(frozen=True)
class ScreenGeometry:
    """A designed screen laid out for one window (y down): everything the overlay draws."""

    box: Rect
    title: str
    title_px: int
    title_at: tuple[int, int]
    px: int
    texts: tuple[Text, ...]
    buttons: tuple[ScreenButton, ...]
    #: Boxes drawn as text fields (the number box) and as table stripes / header rules.
    fields: tuple[Rect, ...] = ()
    stripes: tuple[Rect, ...] = ()
    rules: tuple[Rect, ...] = ()
    chart: ChartGeometry | None = None
    #: A month of daily deals: ``(rect, state, is_today)`` per day, state "won", "played" or "".
    days: tuple[tuple[Rect, str, bool], ...] = ()
    #: The legend's squares for the month: ``(rect, state)``.
    day_swatches: tuple[tuple[Rect, str], ...] = ()
    columns: int = 1
    #: Rows that found no room even at the smallest text size (0 when all fit).
    cut: int = 0

    def rects(self) -> list[Rect]:
        return [self.box] + [b.rect for b in self.buttons]

    def hit(self, x: int, y: int) -> str | None:
        for b in self.buttons:
            bx, by, bw, bh = b.rect
            if b.enabled and bx <= x < bx + bw and by <= y < by + bh:
                return b.action
        return None


#: The smallest a designed screen's text shrinks to, to fit its window.
SCREEN_MIN_PX = 9


def _clock_text(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


class _Flow:
    """Places pieces top to bottom in one column; collects what it placed."""

    def __init__(self, x: int, y: int, width: int, px: int, measure: Measure) -> None:
        self.x, self.y, self.width, self.px, self.measure = x, y, width, px, measure
        self.texts: list[Text] = []
        self.buttons: list[ScreenButton] = []
        self.fields: list[Rect] = []
        self.rules: list[Rect] = []

    @property
    def button_h(self) -> int:
        return round(self.px * 1.7)

    def button_w(self, label: str) -> int:
        return self.measure(label, self.px)[0] + self.px

    def heading(self, title: str, first: bool) -> None:
        px = self.px
        hpx = max(px + 1, round(px * 1.15))
        if not first:
            self.y += px * 2 // 3
        text = fit_text(title, self.width, hpx, self.measure)
        self.texts.append(Text(text, self.x, self.y, hpx, "heading"))
        self.y += self.measure("Ag", hpx)[1] + max(2, px // 4)
        self.rules.append((self.x, self.y, self.width, max(1, px // 10)))
        self.y += px // 2

    def row(self, row: object, buttons: Sequence[ButtonLike], label_w: int) -> None:
        px, m = self.px, self.measure
        bh = self.button_h
        gap = max(3, px // 3)
        label = fit_text(getattr(row, "label", ""), self.width, px, m) if getattr(row, "label", "") else ""
        long_label = bool(label) and m(label, px)[0] > label_w
        value = getattr(row, "value", "")
        idx = list(getattr(row, "buttons", ()))
        chosen = set(getattr(row, "selected", ()))
        widths = [min(self.width, self.button_w(fit_text(buttons[i].label, self.width - px, px, m)))
                  for i in idx]
        row_w = sum(widths) + gap * max(0, len(widths) - 1)
        is_field = bool(getattr(row, "box", False))
        value_w = (m(value, px)[0] + (px if is_field else 0)) if value else 0
        lead = (label_w + px) if label else 0
        inline = not long_label and lead + (value_w + px if value else 0) + row_w <= self.width
        th = m("Ag", px)[1]
        if inline:
            if label:
                self.texts.append(Text(label, self.x, self.y + (bh - th) // 2, px, "label"))
            x = self.x + lead
            if value:
                self._value(value, x, self.y, value_w, bh, is_field)
                x += value_w + px
            if not idx:
                self.y += bh
            start_y = self.y
        else:
            # Folded: the label (and its value) on a line, the buttons under it, indented.
            if label:
                self.texts.append(Text(label, self.x, self.y, px, "label"))
                self.y += th + px // 4
            if value:
                vw = min(value_w, self.width - px)
                self._value(fit_text(value, vw - (px if is_field else 0), px, m), self.x + px, self.y, vw, bh, is_field)
                self.y += bh + px // 4
            x = self.x + (px if label else 0)
            start_y = self.y
        right = self.x + self.width
        y = start_y
        for i, bw in zip(idx, widths):
            if x + bw > right and x > self.x + px:  # wrap the buttons of a row too wide for the column
                x = self.x + (px if label else 0)
                y += bh + gap
            bw = min(bw, right - x)
            text = fit_text(buttons[i].label, bw - px, px, m)
            self.buttons.append(ScreenButton(text, buttons[i].action, bool(buttons[i].enabled),
                                             (x, y, bw, bh), i, i in chosen))
            x += bw + gap
        if idx:
            self.y = y + bh
        note = getattr(row, "note", "")
        if note:
            npx = max(SCREEN_MIN_PX, round(px * 0.9))
            self.y += px // 4
            # A refusal is read whole: it wraps, it is never cut short.
            for line in _wrap_plain(note, self.width, npx, m):
                self.texts.append(Text(line, self.x, self.y, npx, "note"))
                self.y += m("Ag", npx)[1]
        self.y += max(3, px // 3)

    def _value(self, value: str, x: int, y: int, w: int, bh: int, is_field: bool) -> None:
        th = self.measure("Ag", self.px)[1]
        if is_field:
            self.fields.append((x, y, w, bh))
            self.texts.append(Text(value, x + self.px // 2, y + (bh - th) // 2, self.px, "field"))
        else:
            self.texts.append(Text(value, x, y + (bh - th) // 2, self.px, "value"))


def _wrap_plain(text: str, width: int, px: int, measure: Measure) -> list[str]:
    """``text`` as lines no wider than ``width`` (a word too long for a line is cut).

    >>> _wrap_plain("one two three", 9 * 7, 12, lambda t, px: (len(t) * 7, px))
    ['one two', 'three']
    """
    lines: list[str] = []
    line = ""
    for word in clean_text(text, 2000).split():
        if measure(word, px)[0] > width:
            word = fit_text(word, width, px, measure)
        trial = f"{line} {word}" if line else word
        if line and measure(trial, px)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line] if line else lines or [""]


def _label_width(sections: Sequence[object], px: int, measure: Measure, cap: int) -> int:
    widths = [measure(r.label, px)[0] for s in sections for r in getattr(s, "rows", ()) if r.label]
    return min(cap, max(widths, default=0))


def _sections_natural_width(sections: Sequence[object], buttons: Sequence[ButtonLike], px: int,
                            measure: Measure) -> int:
    """The width a column of these sections needs for every row to sit on one line."""
    lw = _label_width(sections, px, measure, 10 ** 6)
    gap = max(3, px // 3)
    need = 0
    for s in sections:
        need = max(need, measure(s.title, round(px * 1.15))[0])
        for r in s.rows:
            bw = sum(measure(buttons[i].label, px)[0] + px for i in r.buttons) + gap * max(0, len(r.buttons) - 1)
            vw = (measure(r.value, px)[0] + px * (1 + getattr(r, "box", False))) if r.value else 0
            need = max(need, (lw + px if r.label else 0) + vw + bw)
    return need


def _grid_parts(header: Sequence[str], rows: Sequence[Sequence[str]], width: int, px: int,
                measure: Measure) -> list[tuple[list[int], list[int]]]:
    """The table's columns split into parts that each fit ``width`` (a fold): ``(columns, widths)``."""
    th = [measure(h, px)[0] for h in header]
    # A header wider than its column's cells takes two lines (its words split).
    heads = []
    for i, h in enumerate(header):
        cells = max((measure(r[i], px)[0] for r in rows), default=0)
        if " " in h and th[i] > cells + px:
            a, b = h.split(" ", 1)
            heads.append(max(measure(a, px)[0], measure(b, px)[0], cells))
        else:
            heads.append(max(th[i], cells))
    col = [w + px for w in heads]
    name_w = col[0]
    parts: list[tuple[list[int], list[int]]] = []
    cur: list[int] = []
    used = name_w
    for i in range(1, len(header)):
        if cur and used + col[i] > width:
            parts.append((cur, [col[j] for j in cur]))
            cur, used = [], name_w
        cur.append(i)
        used += col[i]
    if cur:
        parts.append((cur, [col[j] for j in cur]))
    return [([0] + c, [name_w] + ws) for c, ws in parts]


def _header_lines(text: str, width: int, px: int, measure: Measure) -> list[str]:
    if measure(text, px)[0] <= width - px or " " not in text:
        return [text]
    return text.split(" ", 1)


def screen_geometry(size: tuple[int, int], panel: object, measure: Measure = font_measure) -> ScreenGeometry:
    """Lay out a designed screen (a :class:`game.play.panels.Panel` with sections, a grid or a chart).

    Top to bottom: the title, the table (folded into parts when too wide),
    the sections (two columns in a landscape window when there are two or
    more, one in portrait), the chart, and the buttons no row names. The
    text shrinks (down to :data:`SCREEN_MIN_PX`) until it all fits above
    the HUD band; every box lies inside the window.

        >>> from game.play.panels import Panel, Button, Section, Row
        >>> p = Panel("Menu", buttons=(Button("A", "a"), Button("B", "b"), Button("Back", "back")),
        ...           sections=(Section("One", (Row("Pick", (0, 1), selected=(1,)),)),))
        >>> g = screen_geometry((800, 600), p)
        >>> [b.action for b in g.buttons], [b.selected for b in g.buttons], g.cut
        (['a', 'b', 'back'], [False, True, False], 0)
        >>> all(inside(b.rect, g.box) for b in g.buttons) and inside(g.box, (0, 0, 800, 600))
        True
    """
    w, h = size
    base = hud_text_px(w, h)
    sections = tuple(getattr(panel, "sections", ()))
    for px in range(base, SCREEN_MIN_PX - 1, -1):
        geo = _screen_at(size, panel, sections, px, measure)
        if geo.cut == 0 and geo.box[3] <= max(4 * px, h - hud_band(w, h) - px // 2):
            return geo
    return geo


def _screen_at(size: tuple[int, int], panel: object, sections: tuple[object, ...], px: int,
               measure: Measure) -> ScreenGeometry:
    w, h = size
    avail_h = max(4 * px, h - hud_band(w, h) - px // 2)
    margin = max(4, px // 2)
    pad = max(6, px)
    buttons: Sequence[ButtonLike] = getattr(panel, "buttons", ())
    grid = getattr(panel, "grid", None)
    chart = getattr(panel, "chart", None)
    landscape = w >= h * 1.15
    two = landscape and len(sections) >= 2 and grid is None
    max_w = w - 2 * margin
    title_px = max(px + 2, round(px * 1.5))
    # The box's width: what the content needs, within the window.
    if sections:
        if two:
            half = (len(sections) + 1) // 2
            cols = [sections[:1], sections[1:]] if len(sections) <= 3 else [sections[:half], sections[half:]]
        else:
            cols = [sections]
        natural = [_sections_natural_width(c, buttons, px, measure) for c in cols]
        need = sum(natural) + 2 * pad * (len(cols) - 1)
    else:
        cols = []
        natural = []
        need = 0
    calendar = getattr(panel, "calendar", None)
    if grid is not None or chart is not None or calendar is not None:
        need = max(need, 46 * px)
    need = max(need, measure(getattr(panel, "title", ""), title_px)[0], 20 * px)
    box_w = min(max_w, need + 2 * pad)
    inner = box_w - 2 * pad
    x0 = (w - box_w) // 2
    y0 = 0  # placed after the height is known
    title = fit_text(getattr(panel, "title", ""), inner, title_px, measure) or " "
    title_h = measure(title, title_px)[1]
    y = y0 + pad + title_h + px * 2 // 3
    texts: list[Text] = []
    placed: list[ScreenButton] = []
    fields: list[Rect] = []
    stripes: list[Rect] = []
    rules: list[Rect] = []
    chart_geo: ChartGeometry | None = None
    th = measure("Ag", px)[1]
    if grid is not None:
        parts = _grid_parts(grid.header, grid.rows, inner, px, measure)
        for n, (colidx, widths) in enumerate(parts):
            if n:
                y += px
            table_w = sum(widths)
            tx = x0 + pad + (inner - table_w) // 2
            heads = [_header_lines(grid.header[c], wd, px, measure) for c, wd in zip(colidx, widths)]
            lines = max(len(hd) for hd in heads)
            cx = tx
            for c, wd, hd in zip(colidx, widths, heads):
                for k, part in enumerate(hd):
                    pw = measure(part, px)[0]
                    hx = cx + px // 2 if c == 0 else cx + (wd - pw) // 2
                    texts.append(Text(part, hx, y + (lines - len(hd) + k) * th, px, "header"))
                cx += wd
            y += lines * th + px // 4
            rules.append((tx, y, table_w, max(1, px // 8)))
            y += px // 4
            row_h = th + px // 2
            for r, cells in enumerate(grid.rows):
                if r % 2 == 0:
                    stripes.append((tx, y, table_w, row_h))
                cx = tx
                for c, wd in zip(colidx, widths):
                    text = fit_text(cells[c], wd - px // 2, px, measure)
                    tw = measure(text, px)[0]
                    hx = cx + px // 2 if c == 0 else cx + (wd - tw) // 2
                    texts.append(Text(text, hx, y + px // 4, px, "name" if c == 0 else "cell"))
                    cx += wd
                y += row_h
        y += px // 2
    flows: list[_Flow] = []
    if sections:
        gutter = 2 * pad
        room = inner - gutter * (len(cols) - 1)
        # Each column as wide as it needs, all of them shrunk alike when the window is narrower.
        widths = [room] if len(cols) == 1 else [max(8 * px, room * n // max(1, sum(natural))) for n in natural]
        top = y
        cx = x0 + pad
        for col, col_w in zip(cols, widths):
            flow = _Flow(cx, top, col_w, px, measure)
            cx += col_w + gutter
            lw = _label_width(col, px, measure, col_w * 3 // 5)
            for n, s in enumerate(col):
                flow.heading(s.title, n == 0)
                for r in s.rows:
                    flow.row(r, buttons, lw)
            flows.append(flow)
        y = max(f.y for f in flows)
    # The chart takes what height is left (within limits).
    footer = [i for i in range(len(buttons))
              if not any(i in r.buttons for s in sections for r in s.rows)]
    bh = round(px * 1.7)
    gap = max(3, px // 3)
    fw = [measure(fit_text(buttons[i].label, inner - px, px, measure), px)[0] + px for i in footer]
    foot_lines = 1
    run = 0
    for bw in fw:
        if run and run + gap + bw > inner:
            foot_lines += 1
            run = 0
        run += bw + (gap if run else 0)
    footer_h = (foot_lines * (bh + gap) - gap + px) if footer else 0
    cut = 0
    if chart is not None:
        legend_h = th + px // 2
        axis_h = th + px // 3
        room = avail_h - (y - y0) - footer_h - pad - legend_h - axis_h - px
        plot_h = min(14 * px, room)
        if plot_h < 4 * px:
            cut += 1
            plot_h = 4 * px
        chart_geo, chart_texts = _chart(chart, x0 + pad, y, inner, plot_h, px, measure)
        texts += chart_texts
        y += legend_h + plot_h + axis_h + px // 2
    days: list[tuple[Rect, str, bool]] = []
    day_swatches: list[tuple[Rect, str]] = []
    if calendar is not None:
        room = avail_h - (y - y0) - footer_h - pad - px
        used, cal_texts, days, day_swatches = _month(calendar, x0 + pad, y, inner, room, px, measure)
        if used > room:
            cut += 1
        texts += cal_texts
        y += used
    y += px // 2
    # The footer: buttons no row names, centred rows.
    if footer:
        y += px // 2
        rows_: list[list[tuple[int, int]]] = [[]]
        run = 0
        for i, bw in zip(footer, fw):
            if rows_[-1] and run + gap + bw > inner:
                rows_.append([])
                run = 0
            rows_[-1].append((i, bw))
            run += bw + (gap if run else 0)
        for line in rows_:
            total = sum(bw for _, bw in line) + gap * (len(line) - 1)
            bx = x0 + pad + (inner - total) // 2
            for i, bw in line:
                label = fit_text(buttons[i].label, bw - px, px, measure)
                placed.append(ScreenButton(label, buttons[i].action, bool(buttons[i].enabled), (bx, y, bw, bh), i))
                bx += bw + gap
            y += bh + gap
        y -= gap
    box_h = y - y0 + pad
    if box_h > avail_h:
        cut += 1
    # Centre the box in the room above the HUD band, then move everything there.
    dy = max(margin, (avail_h - box_h) // 2)
    box = (x0, y0 + dy, box_w, min(box_h, h - dy))

    def down(r: Rect) -> Rect:
        return (r[0], r[1] + dy, r[2], r[3])

    for f in flows:
        texts += f.texts
        placed += f.buttons
        fields += f.fields
        rules += f.rules
    texts = [Text(t.text, t.x, t.y + dy, t.px, t.role) for t in texts]
    placed = [ScreenButton(b.label, b.action, b.enabled, down(b.rect), b.index, b.selected) for b in placed]
    placed.sort(key=lambda b: b.index)
    if chart_geo is not None:
        chart_geo = ChartGeometry(down(chart_geo.plot), tuple((down(r), k) for r, k in chart_geo.bars),
                                  tuple((x, yy + dy) for x, yy in chart_geo.rate),
                                  tuple((down(r), k) for r, k in chart_geo.swatches))
    title_at = (x0 + pad, y0 + dy + pad)
    return ScreenGeometry(box, title, title_px, title_at, px, tuple(texts), tuple(placed),
                          tuple(down(r) for r in fields), tuple(down(r) for r in stripes),
                          tuple(down(r) for r in rules), chart_geo,
                          tuple((down(r), st, t) for r, st, t in days),
                          tuple((down(r), st) for r, st in day_swatches), 2 if two else 1, cut)


#: The calendar's weekday heads, Monday first.
WEEKDAYS = ("Mo", "Tu", "We", "Th", "Fr", "Sa", "Su")


def _month(calendar: object, x: int, y: int, width: int, room: int, px: int, measure: Measure
           ) -> tuple[int, list[Text], list[tuple[Rect, str, bool]], list[tuple[Rect, str]]]:
    """A month as a grid of days under its name and a legend: the height used and the pieces."""
    spx = max(SCREEN_MIN_PX, round(px * 0.85))
    th = measure("Ag", spx)[1]
    texts: list[Text] = []
    swatches: list[tuple[Rect, str]] = []
    name = getattr(calendar, "title", "")
    texts.append(Text(name, x, y, px, "label"))
    lx = x + measure(name, px)[0] + 2 * px
    sq = max(6, spx * 2 // 3)
    for state, word in (("won", "won"), ("played", "played, not won")):
        swatches.append(((lx, y + (th - sq) // 2, sq, sq), state))
        lx += sq + spx // 3
        texts.append(Text(word, lx, y, spx, "legend"))
        lx += measure(word, spx)[0] + spx
    top = y + measure("Ag", px)[1] + px // 2
    first = int(getattr(calendar, "first", 0))
    marks = tuple(getattr(calendar, "days", ()))
    weeks = (first + len(marks) + 6) // 7
    gap = max(2, px // 6)
    cell_w = min(width // 7, 4 * px)
    cell_h = max(th + 2, min(round(px * 1.9), (room - (top - y) - th - px // 4) // max(1, weeks) - gap))
    gx = x + (width - 7 * cell_w) // 2
    for i, wd in enumerate(WEEKDAYS):
        tw = measure(wd, spx)[0]
        texts.append(Text(wd, gx + i * cell_w + (cell_w - tw) // 2, top, spx, "header"))
    top += th + px // 4
    days: list[tuple[Rect, str, bool]] = []
    today = int(getattr(calendar, "today", 0))
    for d, state in enumerate(marks, 1):
        slot = first + d - 1
        r = (gx + (slot % 7) * cell_w + gap // 2, top + (slot // 7) * (cell_h + gap), cell_w - gap, cell_h)
        days.append((r, state, d == today))
        label = str(d)
        tw, tht = measure(label, spx)
        texts.append(Text(label, r[0] + (r[2] - tw) // 2, r[1] + (r[3] - tht) // 2, spx, "day-" + (state or "none")))
    used = top + weeks * (cell_h + gap) - y
    return used, texts, days, swatches


#: Outcomes a chart colours, in legend order.
OUTCOMES = ("won", "lost", "given up")


def _chart(chart: object, x: int, y: int, width: int, plot_h: int, px: int, measure: Measure
           ) -> tuple[ChartGeometry, list[Text]]:
    """A bar chart of recent games under a legend, axes labelled: time on the left, win rate on the right."""
    games = list(getattr(chart, "games", ()))
    spx = max(SCREEN_MIN_PX, round(px * 0.85))
    th = measure("Ag", spx)[1]
    texts: list[Text] = []
    swatches: list[tuple[Rect, str]] = []
    # The legend: a line of coloured squares and words, then the win rate's line sample.
    lx = x
    sq = max(6, spx * 2 // 3)
    for kind in (*OUTCOMES, "rate"):
        word = "win rate" if kind == "rate" else kind
        if kind == "rate":
            swatches.append(((lx, y + th // 2 - 1, 2 * sq, max(2, px // 6)), kind))
            lx += 2 * sq + spx // 3
        else:
            swatches.append(((lx, y + (th - sq) // 2, sq, sq), kind))
            lx += sq + spx // 3
        texts.append(Text(word, lx, y, spx, "legend"))
        lx += measure(word, spx)[0] + spx
    y += th + px // 2
    longest = max((s for s, _ in games), default=0.0)
    top_label = _clock_text(longest) if longest > 0 else "0:00"
    left_w = max(measure(top_label, spx)[0], measure("0:00", spx)[0]) + spx // 2
    right_w = measure("100%", spx)[0] + spx // 2
    plot = (x + left_w, y, max(4 * px, width - left_w - right_w), plot_h)
    px0, py0, pw, ph = plot
    texts.append(Text(top_label, x, py0, spx, "axis"))
    texts.append(Text("0:00", x, py0 + ph - th, spx, "axis"))
    for frac, label in ((1.0, "100%"), (0.5, "50%"), (0.0, "0%")):
        ly = py0 + round((1 - frac) * (ph - th))
        texts.append(Text(label, px0 + pw + spx // 3, ly, spx, "axis"))
    bars: list[tuple[Rect, str]] = []
    rate: list[tuple[int, int]] = []
    slots = max(len(games), 20)
    slot = pw / slots
    won = 0
    for i, (seconds, kind) in enumerate(games):
        bh = max(2, round(ph * seconds / longest)) if longest > 0 else 2
        bx = px0 + round(i * slot + slot * 0.15)
        bw = max(1, round(slot * 0.7))
        bars.append(((bx, py0 + ph - bh, bw, bh), kind))
        won += kind == "won"
        rate.append((bx + bw // 2, py0 + round((1 - won / (i + 1)) * ph)))
    base = py0 + ph + px // 4
    if games:
        n = len(games)
        texts.append(Text("oldest", px0, base, spx, "axis"))
        newest = "newest"
        texts.append(Text(newest, px0 + min(pw, round(n * slot)) - measure(newest, spx)[0], base, spx, "axis"))
        middle = f"last {n} game{'s' * (n != 1)} (bar: time)"
        mw = measure(middle, spx)[0]
        if mw < pw - 2 * measure("newest", spx)[0] - 2 * spx:
            texts.append(Text(middle, px0 + (pw - mw) // 2, base, spx, "axis"))
    else:
        empty = "No games yet"
        ew, eh = measure(empty, px)
        texts.append(Text(empty, px0 + (pw - ew) // 2, py0 + (ph - eh) // 2, px, "empty"))
    return ChartGeometry(plot, tuple(bars), tuple(rate), tuple(swatches)), texts
