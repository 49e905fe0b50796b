"""A designed screen too tall for its window (large text, Settings -> Text size), shown
through a view that scrolls: the title stays, the rest moves under it, and what the
view's edges would cut is left out whole until it scrolls into view.

:func:`game.ui.screens.screen_geometry` lays the screen out as tall as it needs and
hands it here; the wheel scrolls it (``scroll``, pixels down) and otherwise the view
follows the focused button. A row of a section (its label, value and buttons) and a
heading with its rule are one piece each (:attr:`ScreenGeometry.units`): at no scroll
position does a label stand at an edge with its buttons out of sight. A note under a
row shows with its row, and may run on below the view, line by line; one too long to
show whole under its row (200% Russian: a challenge's goal) goes on at the next stop,
from the first line that did not show, at the view's top. A chart is one
piece, laid out no taller than the view (:func:`view_span`); so is a month's name with
its legend, and its weeks, each a line of a table under the weekday heads.
"""

from __future__ import annotations

from dataclasses import replace

from game.render.camera import hud_band
from game.ui.geometry import ChartGeometry, ScreenGeometry, Text
from game.ui.hud import Measure, Rect, inside

__all__ = ["scrolled", "view_span"]


def view_span(size: tuple[int, int], px: int, title_y: int, title_h: int) -> tuple[int, int]:
    """The top and bottom (window pixels, y down) of a scrolling screen's view: under its title
    (at ``title_y``, ``title_h`` tall), above the HUD band. The layout sizes a chart or a month
    to it (:func:`game.ui.screens.screen_geometry`), so what shows whole fits in it.

        >>> view_span((1280, 720), 34, 51, 60)
        (133, 580)
    """
    w, h = size
    avail_h = max(4 * px, h - hud_band(w, h) - px // 2)
    return title_y + title_h + px * 2 // 3, avail_h - max(6, px)


def scrolled(size: tuple[int, int], panel: object, geo: ScreenGeometry, measure: Measure,
              scroll: int | None = None) -> ScreenGeometry:
    """``geo`` (laid out as tall as it needs) in the room above the HUD band, scrolled so that
    the focused button's row shows: the title stays, what lies wholly in view is kept and the
    rest is left out whole (counted in ``above`` and ``below``), never cut mid-line. A row's
    label, value and buttons, and a heading with its rule, are one piece each: they show
    whole or not at all, so a label never stands at the view's edge with its buttons out of
    sight. The lines of a note under a row show only with the row (none is left alone at the
    top) and may go on below the view; where the row is taller than the view, the lines that
    cannot show with it show without it, from the first of them down to the note's end."""
    w, h = size
    px = geo.px
    avail_h = max(4 * px, h - hud_band(w, h) - px // 2)
    bx, by, bw, _bh = geo.box
    box = (bx, by, bw, max(1, avail_h - by))
    top, bottom = view_span(size, px, geo.title_at[1], measure(geo.title, geo.title_px)[1])
    room = bottom - top

    def holds(u: Rect, r: Rect) -> bool:
        return u[0] <= r[0] < u[0] + u[2] and u[1] <= r[1] < u[1] + u[3]

    # A heading (a section's with its rule, a table's column heads) leads the piece under it:
    # it shows only with that piece's head, so at no stop does it stand at the view's bottom
    # over nothing of its own (200% Russian in 1600x900: "Последние партии" and a table's heads
    # closed a stop whose next began with what they name).
    titled = [(t.x, t.y, 0, 0) for t in geo.texts if t.role in ("heading", "header")]
    heads = [head for _whole, head in geo.units] + [b.rect for b in geo.buttons
                                                    if not any(holds(whole, b.rect) for whole, _h in geo.units)]

    def led(head: Rect) -> tuple[Rect, ...]:
        """What a heading's piece shows with: the head of the piece right under it (and on, while
        that is a heading too); nothing for a piece that is no heading."""
        out: list[Rect] = []
        while any(holds(head, t) for t in titled):
            under_it = [h for h in heads if h[1] >= head[1] + head[3] and h[0] < head[0] + head[2]
                        and head[0] < h[0] + h[2]]
            if not under_it:
                break
            head = min(under_it, key=lambda h: h[1])
            out.append(head)
        return tuple(out)

    leads = {head: led(head) for _whole, head in geo.units}  # (ways() asks for each thing, often)

    def ways(r: Rect) -> tuple[tuple[Rect, ...], ...]:
        """What must lie in view for ``r`` to show (by its top left corner), one way or another:
        its row's head (label, value, buttons) or heading whole, a heading with the head of
        the piece under it where both fit; a note line, itself and its row's head, or (a row
        taller than the view) the note's lines from it to the row's end, so a note too long to
        show whole under its row goes on at the next stop."""
        for whole, head in geo.units:
            if holds(whole, r):
                if head[3] > room:  # a head taller than the view: each thing alone
                    return ((r,),)
                if holds(head, r):
                    follows = leads[head]
                    if not follows or fits((head, *follows)):
                        return ((head, *follows),)
                    # Too tall to show with what it leads, a heading shows at the view's top only,
                    # what it leads at the next stop. (Where two columns would do that, the screen
                    # lays one, as 200% Chinese Settings' 语言 in 1280x720; this is for a heading
                    # whose piece is taller than the view even so.)
                    return ((head, (head[0], head[1], head[2], room)),)
                if whole[3] <= room:
                    return ((r, head),)
                return (r, head), ((whole[0], r[1], whole[2], whole[1] + whole[3] - r[1]),)
        return ((r,),)

    def needs(r: Rect) -> tuple[Rect, ...]:
        """The first way ``r`` shows (:func:`ways`) that fits in the view (the last if none does)."""
        return next((w for w in ways(r) if fits(w)), ways(r)[-1])

    def fits(wants: tuple[Rect, ...]) -> bool:
        return max(u[1] + u[3] for u in wants) - min(u[1] - under(u) for u in wants) <= room

    def under(r: Rect) -> int:
        """How much of the view's top a table's header keeps over a line of it (0 elsewhere)."""
        return next((head[3] for head, part in geo.tables if holds(part, r) and not holds(head, r)), 0)

    def window(r: Rect) -> tuple[int, int] | None:
        """How little and how far the view may scroll for ``r`` to show with what it needs
        (None: at no offset)."""
        fitting = [w for w in ways(r) if fits(w)]
        if not fitting:
            return None
        return (min(max(u[1] + u[3] for u in w) - bottom for w in fitting),
                max(min(u[1] - under(u) for u in w) - top for w in fitting))

    # What the screen draws, each thing where it lies unscrolled.
    things = ([(t.x, t.y, *measure(t.text, t.px)) for t in geo.texts] + [b.rect for b in geo.buttons]
              + [*geo.fields, *geo.stripes, *geo.rules] + [r for r, _st, _t in geo.days]
              + ([geo.chart.plot] if geo.chart is not None else []))
    spans = {r: window(r) for r in things}
    never = {r for r, span in spans.items() if span is None}

    def cut_lines(unit: tuple[Rect, Rect]) -> list[Rect]:
        """The lines of a row's note too far below its head to show with it (a row taller than the view)."""
        whole, head = unit
        if head[3] > room or whole[3] <= room:
            return []
        return [r for r in things if holds(whole, r) and not holds(head, r) and r[1] + r[3] - head[1] > room]

    # Rows whose head is taller than the view (200% Russian in 1280x720: the Challenges row's
    # label, value and two buttons of wrapped words, some days), their things each alone.
    alone = [whole for whole, head in geo.units if head[3] > room]

    # Where a row, or a table's line under its header, starts at the view's top. The view
    # scrolls no further than the first of these where the lowest thing shows (with what it
    # needs), so at the end too it opens on a whole row, never on a band left blank where a
    # row would have been cut, nor past the last piece: the content's end lies further down
    # (the padding), and scrolled to it, a row taller than the view whose head had gone
    # above left its note's lines out too (200% Russian: the menu's last stop was empty).
    starts = sorted({0} | {max(0, head[1] - top - under(head)) for _whole, head in geo.units}
                    | {max(0, b.rect[1] - top) for b in geo.buttons  # the buttons no row names
                       if not any(holds(whole, b.rect) for whole, _head in geo.units)}
                    # and each thing of a row whose head is taller than the view, which shows alone
                    | {max(0, r[1] - top) for r in things if any(holds(whole, r) for whole in alone)}
                    # and where the first line of a note that cannot show with its row (taller than
                    # the view) starts at the view's top, the rest of the note under it
                    | {max(0, min(r[1] for r in cut) - top) for cut in map(cut_lines, geo.units) if cut})
    end = max([0] + [span[0] for span in spans.values() if span is not None])
    most = next((s for s in starts if s >= end), end)
    focus = getattr(panel, "focus", -1)
    target = next((needs(b.rect)[0] for b in geo.buttons if b.index == focus), None)
    offset = 0 if scroll is None else scroll
    if scroll is None and target is not None and target[1] + target[3] > bottom:
        # Enough to show the focused button's row, a little room under it where the row leaves
        # it, and on to where a row starts at the top if the focused one still shows then.
        offset = min(target[1] + target[3] - bottom + px // 2, target[1] - top)
        offset = next((s for s in starts if offset <= s <= target[1] - top), offset)
    offset = max(0, min(offset, most))

    # The wheel stops at those starts, and in each thing's window on its way (Overlay.scroll_by).
    stops = tuple(s for s in starts if s <= most) + (() if most in starts else (most,))
    plot = spans.get(geo.chart.plot) if geo.chart is not None else None
    # The chart's axis and legend show with it (keep(), below), so only where it shows.
    charted = ({(t.x, t.y, *measure(t.text, t.px)) for t in geo.texts if t.role in ("axis", "legend")}
               if plot is not None else set())
    windowed: set[tuple[int, int]] = set()
    for r, span in spans.items():
        if span is None:
            continue
        a, b = (max(span[0], plot[0]), min(span[1], plot[1])) if plot is not None and r in charted else span
        if max(0, a) <= min(b, most):
            windowed.add((max(0, a), min(b, most)))
    windows = tuple(sorted(windowed))
    seen = (0, top, w, bottom - top)
    hidden = [0, 0]
    # A table's header scrolled off the top while its part reaches into the view stays at the
    # top over the part's lines, so every number shown is under its column's head (and where
    # no line fits under it, the header and those lines are left out together).
    pinned = [(head, part, top - (head[1] - offset)) for head, part in geo.tables
              if head[1] - offset < top < part[1] + part[3] - offset]

    def up(r: Rect) -> Rect:
        shift = next((s for head, _part, s in pinned if holds(head, r)), 0)
        return (r[0], r[1] - offset + shift, r[2], r[3])

    def keep(r: Rect) -> bool:
        for head, part, _s in pinned:
            if holds(head, r):
                # Shown while one line of its part shows whole under it.
                if any(holds(part, u) and not holds(head, u) and top + head[3] <= u[1] - offset
                       and u[1] + u[3] - offset <= bottom for u, _head in geo.units):
                    return True
                hidden[0] += 1
                return False
        outs = [[(up(u), u) for u in w if not inside(up(u), seen) or up(u)[1] < view_top(u)] for w in ways(r)]
        if not all(outs):
            return True
        out = [(up(u), u) for u in needs(r) if not inside(up(u), seen) or up(u)[1] < view_top(u)]
        if r not in never:  # (what shows at no offset is no reason for a ▲ or ▼)
            # A line under its table's pinned header has scrolled past it: it lies above.
            hidden[0 if min(shown[1] - view_top(u) for shown, u in out) < 0 else 1] += 1
        return False

    def view_top(u: Rect) -> int:
        """Where the view begins for ``u``: under the header pinned over its table's lines."""
        return top + next((head[3] for head, part, _s in pinned if holds(part, u)), 0)

    chart = geo.chart
    if chart is not None and not keep(chart.plot):
        chart = None  # a chart shows whole or not at all, its axis and legend with it
    texts = tuple(Text(t.text, t.x, up((t.x, t.y, 0, 0))[1], t.px, t.role) for t in geo.texts
                  if (chart is not None or geo.chart is None or t.role not in ("axis", "legend"))
                  and keep((t.x, t.y, *measure(t.text, t.px))))
    buttons = tuple(replace(b, rect=up(b.rect)) for b in geo.buttons if keep(b.rect))
    if chart is not None:
        chart = ChartGeometry(up(chart.plot), tuple((up(r), k) for r, k in chart.bars),
                              tuple((x, y - offset) for x, y in chart.rate),
                              tuple((up(r), k) for r, k in chart.swatches))
    return replace(geo, box=box, texts=texts, buttons=buttons, chart=chart,
                   fields=tuple(up(r) for r in geo.fields if keep(r)),
                   stripes=tuple(up(r) for r in geo.stripes if keep(r)),
                   rules=tuple(up(r) for r in geo.rules if keep(r)),
                   days=tuple((up(r), st, t) for r, st, t in geo.days if keep(r)),
                   day_swatches=tuple((up(r), st) for r, st in geo.day_swatches if keep(r)),
                   above=hidden[0], below=hidden[1], offset=offset, stops=stops, windows=windows,
                   units=tuple((up(whole), up(head)) for whole, head in geo.units if inside(up(head), seen)))
