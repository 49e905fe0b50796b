"""A designed screen (the menu, settings, statistics) laid out in window
pixels: sections of labelled rows, a table, a chart, a month calendar. A
pure function the overlay draws and tests check without a GL context."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.i18n import N_, _, ngettext
from game.i18n.formats import first_weekday, percent, weekday_heads
from game.i18n.lines import as_sentence, breaks, words
from game.render.camera import hud_band, hud_text_px, text_scale
from game.ui.geometry import ChartGeometry, ScreenButton, ScreenGeometry, Text
from game.ui.hud import ButtonLike, Measure, Rect, clean_text, fit_text, font_measure
from game.ui.scrolling import scrolled, view_span

__all__ = ["OUTCOMES", "screen_geometry", "wrap_plain"]


class RowLike(Protocol):
    """What the layout reads of a section's row by name (the rest, if present, by getattr)."""

    @property
    def label(self) -> str: ...
    @property
    def buttons(self) -> tuple[int, ...]: ...
    @property
    def value(self) -> str: ...


class SectionLike(Protocol):
    """A screen's section, as :class:`game.play.panels.Section` (ui does not import play)."""

    @property
    def title(self) -> str: ...
    @property
    def rows(self) -> Sequence[RowLike]: ...



#: The smallest a designed screen's text shrinks to, to fit its window.
SCREEN_MIN_PX = 9
#: Text made larger in Settings shrinks to this share of its size at the most; past that, the screen scrolls.
SCALED_SHRINK = 0.85
#: The height a screen laid out to scroll may take (pixels): more than any screen needs.
TALL_PX = 1_000_000


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
        #: Each row's and heading's extent, and its head's (:attr:`ScreenGeometry.units`).
        self.units: list[tuple[Rect, Rect]] = []
        #: Each heading with the head of the row it leads: what a scrolling view shows together
        #: (:func:`game.ui.scrolling.scrolled`).
        self.leads: list[Rect] = []
        self._heading_y: int | None = None

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
        start = self.y
        text = fit_text(title, self.width, hpx, self.measure)
        self.texts.append(Text(text, self.x, self.y, hpx, "heading"))
        self.y += self.measure("Ag", hpx)[1] + max(2, px // 4)
        self.rules.append((self.x, self.y, self.width, max(1, px // 10)))
        self.y += px // 2
        whole = (self.x, start, self.width, self.y - start)
        self.units.append((whole, whole))
        self._heading_y = start

    def button_text(self, label: str, width: int) -> str:
        """``label`` as a button ``width`` pixels wide (its text's room) shows it: whole on
        one line, else wrapped on up to three ("\\n" between them), cut only past those."""
        if self.measure(label, self.px)[0] <= width:
            return label
        lines = wrap_plain(label, width, self.px, self.measure)
        if len(lines) > 3:
            lines = lines[:2] + [fit_text(" ".join(lines[2:]), width, self.px, self.measure)]
        return "\n".join(lines)

    def row(self, row: object, buttons: Sequence[ButtonLike], label_w: int) -> None:
        px, m = self.px, self.measure
        bh = self.button_h
        gap = max(3, px // 3)
        first_y = self.y
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
            if not idx and (label or value):
                self.y += bh  # a row of text alone (the review's summary) takes no button's height
            start_y = self.y
        else:
            # Folded: the label (and its value) on a line, the buttons under it, indented.
            if label:  # a label wider than the column (large text) wraps rather than being cut
                for line in wrap_plain(getattr(row, "label", ""), self.width, px, m):
                    self.texts.append(Text(line, self.x, self.y, px, "label"))
                    self.y += th
                self.y += px // 4
            if value and is_field:  # a number box holds one line: what is typed in it is short
                vw = min(value_w, self.width - px)
                self._value(fit_text(value, vw - px, px, m), self.x + px, self.y, vw, bh, is_field)
                self.y += bh + px // 4
            elif value:
                # A value wider than the column (large text: the badge's and the streak's lines)
                # wraps as a note does, never cut short: its lines are the row's, shown whole.
                lines = [value] if value_w <= self.width - px else wrap_plain(value, self.width - px, px, m)
                for k, line in enumerate(lines):
                    self._value(line, self.x + px, self.y + k * th, m(line, px)[0], bh, False)
                self.y += bh + (len(lines) - 1) * th + px // 4
            x = self.x + (px if label else 0)
            start_y = self.y
        right = self.x + self.width
        y = start_y
        line_h = bh  # the row of buttons' height: a wrapped label makes its button taller
        for i, bw in zip(idx, widths):
            if x + bw > right and x > self.x + px:  # wrap the buttons of a row too wide for the column
                x = self.x + (px if label else 0)
                y += line_h + gap
                line_h = bh
            bw = min(bw, right - x)
            text = self.button_text(buttons[i].label, bw - px)
            tall = bh + (text.count("\n")) * th
            self.buttons.append(ScreenButton(text, buttons[i].action, bool(buttons[i].enabled),
                                             (x, y, bw, tall), i, i in chosen))
            line_h = max(line_h, tall)
            x += bw + gap
        if idx:
            self.y = y + line_h
        head = (self.x, first_y, self.width, self.y - first_y)
        alone = not (label or value or idx)
        for role in ("detail", "note"):
            note = as_sentence(getattr(row, role, ""))  # a refusal under the number box reads as a sentence
            if note:
                npx = max(SCREEN_MIN_PX, round(px * 0.9))
                self.y += 0 if alone else px // 4
                # A refusal (or a goal) is read whole: it wraps, it is never cut short. A detail is
                # indented under its row; a row of text alone starts at the margin.
                indent = px if role == "detail" and not alone else 0
                for line in wrap_plain(note, self.width - indent, npx, m):
                    self.texts.append(Text(line, self.x + indent, self.y, npx, role))
                    self.y += m("Ag", npx)[1]
        self.units.append(((self.x, first_y, self.width, self.y - first_y), head))
        if self._heading_y is not None:
            self.leads.append((self.x, self._heading_y, self.width, head[1] + head[3] - self._heading_y))
            self._heading_y = None
        self.y += max(3, px // 3)

    def _value(self, value: str, x: int, y: int, w: int, bh: int, is_field: bool) -> None:
        th = self.measure("Ag", self.px)[1]
        if is_field:
            self.fields.append((x, y, w, bh))
            self.texts.append(Text(value, x + self.px // 2, y + (bh - th) // 2, self.px, "field"))
        else:
            self.texts.append(Text(value, x, y + (bh - th) // 2, self.px, "value"))


def wrap_plain(text: str, width: int, px: int, measure: Measure) -> list[str]:
    """``text`` as lines no wider than ``width`` (a word too long for a line is cut).

    >>> wrap_plain("one two three", 9 * 7, 12, lambda t, px: (len(t) * 7, px))
    ['one two', 'three']
    """
    lines: list[str] = []
    line = ""
    units = [(part, i == 0) for word in words(clean_text(text, 2000))
             # A number and its word stay together only where they fit on a line together.
             for piece in ([word] if measure(word, px)[0] <= width or len(breaks(word)) > 1 else word.split(" "))
             for i, part in enumerate(breaks(piece))]
    for word, spaced in units:
        if measure(word, px)[0] > width:
            word = fit_text(word, width, px, measure)
        trial = (f"{line} {word}" if spaced else line + word) if line else word
        if line and measure(trial, px)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line] if line else lines or [""]


def _label_width(sections: Sequence[SectionLike], px: int, measure: Measure, cap: int) -> int:
    widths = [measure(r.label, px)[0] for s in sections for r in getattr(s, "rows", ()) if r.label]
    return min(cap, max(widths, default=0))


def _row_widths(sections: Sequence[SectionLike], buttons: Sequence[ButtonLike], px: int,
                measure: Measure) -> list[int]:
    """The width each heading and row of a column needs to sit on one line."""
    lw = _label_width(sections, px, measure, 10 ** 6)
    gap = max(3, px // 3)
    out = []
    for s in sections:
        out.append(measure(s.title, round(px * 1.15))[0])
        for r in s.rows:
            bw = sum(measure(buttons[i].label, px)[0] + px for i in r.buttons) + gap * max(0, len(r.buttons) - 1)
            vw = (measure(r.value, px)[0] + px * (1 + getattr(r, "box", False))) if r.value else 0
            out.append((lw + px if r.label else 0) + vw + bw)
    return out


def _column_widths(needs: Sequence[Sequence[int]], room: int, px: int) -> list[int]:
    """Split ``room`` between columns whose rows need ``needs`` (see :func:`_row_widths`).

    With room for every row, each column grows alike. Without, two columns
    split the room so that as few rows as can be fold (a row wider than its
    column puts its buttons under its label), and only then in proportion:
    a column with one wide row that folds anyway (Settings' "Winnable deals
    only") must not take the room that keeps the other column's rows whole.

    >>> _column_widths([[300, 700], [250, 480]], 1150, 16)
    [670, 480]
    """
    natural = [max(n, default=0) for n in needs]
    total = max(1, sum(natural))
    lo = 8 * px
    if len(needs) != 2 or sum(natural) <= room:
        return [room] if len(needs) == 1 else [max(lo, room * n // total) for n in natural]
    share = room * natural[0] // total
    cuts = {share} | set(needs[0]) | {room - w for w in needs[1]}
    fits = [c for c in cuts if lo <= c <= room - lo] or [max(lo, share)]

    def cost(a: int) -> tuple[int, int]:
        folded = sum(w > a for w in needs[0]) + sum(w > room - a for w in needs[1])
        return folded, abs(a - share)

    first = min(fits, key=cost)
    return [first, room - first]


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
    # The names' column gives way to the widest other column where the two together are too
    # wide for a part (large text, a portrait window): its names wrap (:func:`_name_lines`),
    # never narrower than their longest word, so every part stays inside ``width``.
    longest_word = max((measure(piece, px)[0] for r in rows for word in words(r[0]) for piece in breaks(word)),
                       default=0)
    name_w = max(min(col[0], width - max(col[1:], default=0)), longest_word + px)
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
    if name_w < col[0]:
        # Where the names wrap, every part fills ``width``: their names stand one under
        # another from part to part rather than each part centred at its own width.
        for _c, ws in parts:
            slack = max(0, width - name_w - sum(ws))
            for j in range(len(ws)):
                ws[j] += slack // len(ws) + (slack % len(ws) if j == len(ws) - 1 else 0)
    return [([0] + c, [name_w] + ws) for c, ws in parts]


def _name_lines(name: str, width: int, px: int, measure: Measure) -> list[str]:
    """A table line's name in its column ``width`` wide: on one line where it fits (as at
    100% text), else wrapped, never cut short (see :func:`_grid_parts`)."""
    if measure(name, px)[0] <= width - px // 2:
        return [name]
    return wrap_plain(name, width - px, px, measure)


def _header_lines(text: str, width: int, px: int, measure: Measure) -> list[str]:
    if measure(text, px)[0] <= width - px or " " not in text:
        return [text]
    return text.split(" ", 1)


def screen_geometry(size: tuple[int, int], panel: object, measure: Measure = font_measure,
                    scroll: int | None = None) -> ScreenGeometry:
    """Lay out a designed screen (a :class:`game.play.panels.Panel` with sections, a grid or a chart).

    Top to bottom: the title, the table (folded into parts when too wide),
    the sections (two columns in a landscape window when there are two or
    more; one in portrait, or where two would cut a label or a button's words
    or, scrolling, make a row taller than the view), the chart, and the
    buttons no row names. The text shrinks (down to :data:`SCREEN_MIN_PX`) until it all fits above
    the HUD band; every box lies inside the window. Larger text (Settings) that still does
    not fit scrolls: to ``scroll`` pixels down (the wheel's), else to the focused button.

        >>> from game.play.panels import Panel, Button, Section, Row
        >>> p = Panel("Menu", buttons=(Button("A", "a"), Button("B", "b"), Button("Back", "back")),
        ...           sections=(Section("One", (Row("Pick", (0, 1), selected=(1,)),)),))
        >>> g = screen_geometry((800, 600), p)
        >>> [b.action for b in g.buttons], [b.selected for b in g.buttons], g.cut
        (['a', 'b', 'back'], [False, True, False], 0)
        >>> from game.ui.hud import inside
        >>> all(inside(b.rect, g.box) for b in g.buttons) and inside(g.box, (0, 0, 800, 600))
        True
    """
    w, h = size
    base = hud_text_px(w, h)
    sections = tuple(getattr(panel, "sections", ()))
    # Text the player made larger (Settings -> Text size) shrinks only a little to fit, never
    # back to the window's own size: a screen too tall for it scrolls instead.
    own = max(SCREEN_MIN_PX, round(base / text_scale()))
    larger = base > own
    smallest = max(own, round(base * SCALED_SHRINK)) if larger else SCREEN_MIN_PX
    for px in range(base, smallest - 1, -1):
        geo = _screen_at(size, panel, sections, px, measure)
        if geo.cut == 0 and geo.box[3] <= max(4 * px, h - hud_band(w, h) - px // 2):
            return geo
    if larger:
        return scrolled(size, panel, _screen_at(size, panel, sections, base, measure, tall=True), measure, scroll)
    return geo


def _cuts(cols: Sequence[Sequence[SectionLike]], widths: Sequence[int], buttons: Sequence[ButtonLike], px: int,
          measure: Measure) -> bool:
    """Whether a column ``widths`` wide would cut a row's label or a button's words (a
    button wraps on up to three lines, as :meth:`_Flow.button_text` sets it).

        >>> from game.play.panels import Button, Row, Section
        >>> one = (Section("A", (Row("", (0,)),)),)
        >>> m = lambda text, px: (len(text) * px, px)
        >>> _cuts([one, one], [200, 200], [Button("word " * 5, "a")], 10, m)
        False
        >>> _cuts([one, one], [60, 200], [Button("word " * 5, "a")], 10, m)
        True
    """
    for col, col_w in zip(cols, widths):
        for sec in col:
            for row in sec.rows:
                if measure(row.label, px)[0] > col_w:
                    return True
                for i in row.buttons:
                    if len(wrap_plain(buttons[i].label, col_w - px, px, measure)) > 3:
                        return True
    return False


def _balanced(sections: tuple[SectionLike, ...]) -> list[tuple[SectionLike, ...]]:
    """Two or three sections in two columns, in order, as even in height as the split
    allows (a heading counts as a row): the menu's first group alone, a long move list's
    last group alone."""
    tall = [1 + len(getattr(sec, "rows", ())) for sec in sections]
    k = min(range(1, len(sections)), key=lambda i: (max(sum(tall[:i]), sum(tall[i:])), i))
    return [sections[:k], sections[k:]]


def _flows(cols: Sequence[Sequence[SectionLike]], buttons: Sequence[ButtonLike], x: int, y: int, inner: int,
           pad: int, px: int, measure: Measure) -> list[_Flow]:
    """The sections of ``cols`` laid out side by side from ``(x, y)`` in ``inner`` pixels of
    width: each column as wide as it needs; short of room, as few rows folded as can be."""
    gutter = 2 * pad
    room = inner - gutter * (len(cols) - 1)
    widths = _column_widths([_row_widths(c, buttons, px, measure) for c in cols], room, px)
    flows: list[_Flow] = []
    for col, col_w in zip(cols, widths):
        flow = _Flow(x, y, col_w, px, measure)
        x += col_w + gutter
        lw = _label_width(col, px, measure, col_w * 3 // 5)
        for n, s in enumerate(col):
            flow.heading(s.title, n == 0)
            for row in s.rows:
                flow.row(row, buttons, lw)
        flows.append(flow)
    return flows


def _rows_fit(flows: Sequence[_Flow], view: int) -> bool:
    """Whether every row and heading of ``flows``, a row with its notes, is at most ``view``
    pixels tall, and every heading with the head of the row it leads: each shows whole at one
    stop of a scrolling view that tall (:func:`view_span`), a heading with what it names."""
    return all(r[3] <= view for f in flows for r in [whole for whole, _head in f.units] + f.leads)


def _screen_at(size: tuple[int, int], panel: object, sections: tuple[SectionLike, ...], px: int,
               measure: Measure, tall: bool = False) -> ScreenGeometry:
    """The screen at text size ``px``; ``tall``: in as much height as it needs, from the top (to scroll)."""
    w, h = size
    avail_h = TALL_PX if tall else max(4 * px, h - hud_band(w, h) - px // 2)
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
            cols = _balanced(sections) if len(sections) <= 3 else [sections[:half], sections[half:]]
        else:
            cols = [sections]
        needs = [_row_widths(c, buttons, px, measure) for c in cols]
        natural = [max(n, default=0) for n in needs]
        need = sum(natural) + 2 * pad * (len(cols) - 1)
    else:
        cols = []
        needs = []
        need = 0
    calendar = getattr(panel, "calendar", None)
    if grid is not None or chart is not None or calendar is not None:
        need = max(need, 46 * px)
    if grid is not None:
        # The statistics take the window's width in every language: a language with longer
        # heads and names keeps its table whole (folded in two only where the window is narrow).
        need = max_w
    need = max(need, measure(getattr(panel, "title", ""), title_px)[0], 20 * px)
    box_w = min(max_w, need + 2 * pad)
    inner = box_w - 2 * pad
    if len(cols) == 2 and _cuts(cols, _column_widths(needs, inner - 2 * pad, px), buttons, px, measure):
        # Two columns would cut a label short (large text: the move list's "Move J♣ from
        # column 5…" hid where it goes); one column, taller, scrolls or shrinks instead.
        cols = [sections]
    x0 = (w - box_w) // 2
    y0 = 0  # placed after the height is known
    title = fit_text(getattr(panel, "title", ""), inner, title_px, measure) or " "
    title_h = measure(title, title_px)[1]
    y = y0 + pad + title_h + px * 2 // 3
    # A screen that scrolls shows through a view under its title (the box starts ``margin``
    # down): a chart or a month taller than that view would show at no scroll position.
    view_top, view_bottom = view_span(size, px, margin + pad, title_h)
    view = view_bottom - view_top
    texts: list[Text] = []
    placed: list[ScreenButton] = []
    fields: list[Rect] = []
    stripes: list[Rect] = []
    rules: list[Rect] = []
    chart_geo: ChartGeometry | None = None
    th = measure("Ag", px)[1]
    units: list[tuple[Rect, Rect]] = []
    tables: list[tuple[Rect, Rect]] = []
    if grid is not None:
        parts = _grid_parts(grid.header, grid.rows, inner, px, measure)
        for n, (colidx, widths) in enumerate(parts):
            if n:
                y += px
            table_w = sum(widths)
            tx = x0 + pad + (inner - table_w) // 2
            head_y = y
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
            head = (tx, head_y, table_w, y - head_y)
            units.append((head, head))
            for r, cells in enumerate(grid.rows):
                names = _name_lines(cells[0], widths[0], px, measure)
                row_h = len(names) * th + px // 2
                units.append(((tx, y, table_w, row_h),) * 2)  # a table's line shows whole, its name's lines too
                if r % 2 == 0:
                    stripes.append((tx, y, table_w, row_h))
                for k, name_line in enumerate(names):
                    texts.append(Text(name_line, tx + px // 2, y + px // 4 + k * th, px, "name"))
                cx = tx + widths[0]
                for c, wd in zip(colidx[1:], widths[1:]):
                    # A number stands level with the first line of its name.
                    text = fit_text(cells[c], wd - px // 2, px, measure)
                    tw = measure(text, px)[0]
                    texts.append(Text(text, cx + (wd - tw) // 2, y + px // 4, px, "cell"))
                    cx += wd
                y += row_h
            tables.append((head, (tx, head_y, table_w, y - head_y)))
        y += px // 2
    flows: list[_Flow] = []
    if sections:
        flows = _flows(cols, buttons, x0 + pad, y, inner, pad, px, measure)
        if tall and len(cols) == 2 and not _rows_fit(flows, view):
            # Two columns would make a row (with its notes) taller than the view (200% Russian
            # in 1280x720: a challenge's goal wraps to 6-9 lines in the narrow left column), so
            # its goal would read across two scroll stops; or a heading with the head of its row
            # (200% Chinese in 1280x720: Settings' 语言 over four lines of languages), so the
            # heading would show at one stop and what it names at the next. One column, where
            # every row shows whole at a stop, each heading with it, scrolls instead.
            one = _flows([sections], buttons, x0 + pad, y, inner, pad, px, measure)
            if _rows_fit(one, view):
                cols, flows = [sections], one
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
        # Under the plot: a line of labels, and a second where the caption cannot sit among them.
        probe = _chart(chart, 0, 0, inner, 4 * px, px, measure)
        # Over it, the legend: a line, and more where its words do not fit on one (large text,
        # a portrait window); the probe's plot starts under its last line.
        spx = max(SCREEN_MIN_PX, round(px * 0.85))
        legend_h = th + px // 2 + probe[0].plot[1] - (measure("Ag", spx)[1] + px // 2)
        under = {t.y for t in probe[1] if t.role == "axis" and t.y > probe[0].plot[1] + probe[0].plot[3]}
        axis_h = len(under) * th + px // 3 if under else th + px // 3
        if tall:
            # The chart shows whole or not at all: its plot takes what the view leaves it
            # under the legend and over the axis labels, so one scroll position shows it all.
            plot_h = max(4 * px, min(14 * px, view - legend_h - axis_h))
        else:
            room = avail_h - (y - y0) - footer_h - pad - legend_h - axis_h - px
            plot_h = min(14 * px, room)
            if plot_h < 4 * px:
                cut += 1
                plot_h = 4 * px
        chart_geo, chart_texts = _chart(chart, x0 + pad, y, inner, plot_h, px, measure)
        texts += chart_texts
        whole = (x0 + pad, y, inner, legend_h + plot_h + axis_h)
        units.append((whole, whole))  # the wheel stops where the chart starts at the view's top
        y += legend_h + plot_h + axis_h + px // 2
    days: list[tuple[Rect, str, bool]] = []
    day_swatches: list[tuple[Rect, str]] = []
    if calendar is not None:
        # Scrolling, the month's weeks are sized to show all at once in the view where they
        # can; where they cannot, each week is a line of a table under the weekday heads.
        room = view if tall else avail_h - (y - y0) - footer_h - pad - px
        used, cal_texts, days, day_swatches, cal_units, cal_table = _month(calendar, x0 + pad, y, inner, room,
                                                                           px, measure)
        if used > room and not tall:
            cut += 1
        texts += cal_texts
        units += cal_units
        tables.append(cal_table)
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
    dy = margin if tall else max(margin, (avail_h - box_h) // 2)
    box = (x0, y0 + dy, box_w, box_h if tall else min(box_h, h - dy))

    def down(r: Rect) -> Rect:
        return (r[0], r[1] + dy, r[2], r[3])

    for f in flows:
        texts += f.texts
        placed += f.buttons
        fields += f.fields
        rules += f.rules
        units += f.units
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
                          tuple((down(r), st) for r, st in day_swatches), max(1, len(cols)), cut,
                          units=tuple((down(whole), down(head)) for whole, head in units),
                          tables=tuple((down(head), down(whole)) for head, whole in tables))


#: What the chart's and the calendar's legends call each kind of game or day.
_LEGEND = {
    # TRANSLATORS: the legend of the statistics chart (games won, lost, given up) and calendar.
    "won": N_("won"),
    # TRANSLATORS: the legend of the statistics chart (games won, lost, given up) and calendar.
    "lost": N_("lost"),
    # TRANSLATORS: the legend of the statistics chart (games won, lost, given up) and calendar.
    "given up": N_("given up"),
    # TRANSLATORS: the legend of the statistics chart (games won, lost, given up) and calendar.
    "rate": N_("win rate"),
    "played": N_("played, not won"),
}


def _month(calendar: object, x: int, y: int, width: int, room: int, px: int, measure: Measure
           ) -> tuple[int, list[Text], list[tuple[Rect, str, bool]], list[tuple[Rect, str]],
                      list[tuple[Rect, Rect]], tuple[Rect, Rect]]:
    """A month as a grid of days under its name and a legend, in ``room`` pixels of height where
    they fit: the height used, the pieces, the parts a scrolling view shows whole
    (:attr:`ScreenGeometry.units`: the name with its legend, the weekday heads, each week) and
    the weeks as a table under those heads (:attr:`ScreenGeometry.tables`)."""
    spx = max(SCREEN_MIN_PX, round(px * 0.85))
    th = measure("Ag", spx)[1]
    texts: list[Text] = []
    swatches: list[tuple[Rect, str]] = []
    name = getattr(calendar, "title", "")
    texts.append(Text(name, x, y, px, "label"))
    lx = x + measure(name, px)[0] + 2 * px
    sq = max(6, spx * 2 // 3)
    legend = getattr(calendar, "legend", None) or (("won", _(_LEGEND["won"])), ("played", _(_LEGEND["played"])))
    ly = y
    for state, word in legend:
        need = sq + spx // 3 + measure(word, spx)[0]
        if lx + need > x + width and lx > x:  # a legend too wide for the line goes on under it
            lx, ly = x, ly + max(th, measure("Ag", px)[1] if ly == y else th) + px // 4
        swatches.append(((lx, ly + (th - sq) // 2, sq, sq), state))
        lx += sq + spx // 3
        texts.append(Text(word, lx, ly, spx, "legend"))
        lx += measure(word, spx)[0] + spx
    top = max(y + measure("Ag", px)[1], ly + th) + px // 2
    units: list[tuple[Rect, Rect]] = [((x, y, width, top - y),) * 2]
    start = first_weekday()
    first = (int(getattr(calendar, "first", 0)) - start) % 7  # the 1st's column in a week that starts at ``start``
    marks = tuple(getattr(calendar, "days", ()))
    weeks = (first + len(marks) + 6) // 7
    gap = max(2, px // 6)
    cell_w = min(width // 7, 4 * px)
    cell_h = max(th + 2, min(round(px * 1.9), (room - (top - y) - th - px // 4) // max(1, weeks) - gap))
    gx = x + (width - 7 * cell_w) // 2
    # The heads (CLDR's, game.i18n.formats.weekday_heads) start on the same day the week does.
    for i, wd in enumerate(weekday_heads()):
        tw = measure(wd, spx)[0]
        texts.append(Text(wd, gx + i * cell_w + (cell_w - tw) // 2, top, spx, "header"))
    head = (x, top, width, th + px // 4)
    units.append((head, head))
    top += th + px // 4
    for week in range(weeks):
        units.append(((x, top + week * (cell_h + gap), width, cell_h + gap),) * 2)
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
    return used, texts, days, swatches, units, (head, (x, head[1], width, top + weeks * (cell_h + gap) - head[1]))


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
    # The legend: a line of coloured squares and words, then the win rate's line sample; what
    # does not fit on the line (large text, a portrait window) goes on under it.
    lx = x
    sq = max(6, spx * 2 // 3)
    for kind in (*OUTCOMES, "rate"):
        word = _(_LEGEND[kind])
        sample = 2 * sq if kind == "rate" else sq
        if lx > x and lx + sample + spx // 3 + measure(word, spx)[0] > x + width:
            lx, y = x, y + th + px // 4
        if kind == "rate":
            swatches.append(((lx, y + th // 2 - 1, sample, max(2, px // 6)), kind))
        else:
            swatches.append(((lx, y + (th - sq) // 2, sq, sq), kind))
        lx += sample + spx // 3
        texts.append(Text(word, lx, y, spx, "legend"))
        lx += measure(word, spx)[0] + spx
    y += th + px // 2
    longest = max((s for s, _ in games), default=0.0)
    top_label = _clock_text(longest) if longest > 0 else "0:00"
    left_w = max(measure(top_label, spx)[0], measure("0:00", spx)[0]) + spx // 2
    right_w = measure(percent(1.0), spx)[0] + spx // 2
    plot = (x + left_w, y, max(4 * px, width - left_w - right_w), plot_h)
    px0, py0, pw, ph = plot
    texts.append(Text(top_label, x, py0, spx, "axis"))
    texts.append(Text("0:00", x, py0 + ph - th, spx, "axis"))
    for frac, label in ((1.0, percent(1.0)), (0.5, percent(0.5)), (0.0, percent(0.0))):
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
        gap = spx
        middle = ngettext("last {n} game (bar: time)", "last {n} games (bar: time)", n).format(n=n)
        ends: list[tuple[int, int]] = []  # the x spans of the labels placed under the bars
        if n > 1:
            # "newest" sits under the last bar, but never on top of "oldest":
            # with a few games the bars end near the left edge.
            oldest, newest = _("oldest"), _("newest")
            ow, nw = measure(oldest, spx)[0], measure(newest, spx)[0]
            nx = max(px0 + ow + gap, px0 + min(pw, round(n * slot)) - nw)
            texts.append(Text(oldest, px0, base, spx, "axis"))
            texts.append(Text(newest, nx, base, spx, "axis"))
            ends = [(px0, px0 + ow), (nx, nx + nw)]
        mw = measure(middle, spx)[0]
        mx = px0 + (pw - mw) // 2
        if not all(mx + mw + gap <= a or b + gap <= mx for a, b in ends):
            base += th  # no room between "oldest" and "newest": the caption takes a line under them
        # A caption wider than the plot (large text, a portrait window) wraps, never cut short.
        for k, line in enumerate([middle] if mw <= pw else wrap_plain(middle, pw, spx, measure)):
            texts.append(Text(line, px0 + (pw - measure(line, spx)[0]) // 2, base + k * th, spx, "axis"))
    else:
        empty = _("No games yet")
        ew, eh = measure(empty, px)
        texts.append(Text(empty, px0 + (pw - ew) // 2, py0 + (ph - eh) // 2, px, "empty"))
    return ChartGeometry(plot, tuple(bars), tuple(rate), tuple(swatches)), texts
