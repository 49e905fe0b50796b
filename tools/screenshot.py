#!/usr/bin/env python3
"""Render a deal offscreen (no window) and save it as a PNG.

    python tools/screenshot.py --game freecell --deal 1 --size 1280x720 --out shot.png
    python tools/screenshot.py --game spider --deal 1 --suits 4 --out spider.png
    python tools/screenshot.py --game freecell --deal 1 --portrait --out tall.png
    python tools/screenshot.py --game spider --suits 4 --deals 5 --portrait --out long.png
    python tools/screenshot.py --game spider --help-page 2 --size 800x600 --out help.png
    python tools/screenshot.py --game freecell --deal 1 --moves line.txt --hud \
        --size 700x1000 --rects rects.json --out tall.png

Uses moderngl's EGL backend, so it runs on a machine without a display
(Mesa's software renderer included). ``--portrait`` swaps width and height,
as a rotated screen does.

``--moves FILE`` replays a move file before the shot exactly as
``solitaire deal ... --check FILE`` does (no automatic moves): FreeCell
standard notation as ``solitaire solve freecell`` prints it, Spider
``move SRC DST COUNT`` / ``deal`` / ``undo`` lines as ``solitaire solve
spider`` prints them. ``--hud`` draws the status line and the control bar
with the window's own overlay, their texts from the window's table
controller. ``--help-page N`` opens the How to play panel at page N over it, as F1
does (``--help-refusal REASON``: the part that explains a refusal).
``--panel menu|statistics|settings|help`` opens that screen over the
table, with the settings and statistics of the data folder ``--data DIR``
(default: none, so fresh settings and no statistics); the table takes the
settings' felt, card back and deck.
``--rects FILE`` writes the screen boxes (window pixels, y down)
of every card drawn and every HUD text line and button as JSON:
``{"size": [w, h], "cards": [[x, y, w, h], ...], "hud": [[x, y, w, h], ...]}``
(with ``--hud``, also ``"bar": [x, y, w, h]``, the control bar's background).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import moderngl  # noqa: E402
import pygame  # noqa: E402

from game.render.camera import Camera  # noqa: E402
from game.render.layout import Layout, layout  # noqa: E402
from game.render.scene import Mark, Renderer, View  # noqa: E402


class ShotError(Exception):
    """Bad input for a screenshot: one line for the user, no traceback."""


def replay_freecell(number: int, path: Path) -> Any:
    """A FreeCell session after the moves in ``path``, replayed as ``deal freecell --check`` does."""
    from game.freecell.moves import Move, NotationError
    from game.freecell.position import IllegalMoveError
    from game.session import FreeCellSession

    text = _read(path)
    tokens = [t for line in text.splitlines() if not line.lstrip().startswith("#") for t in line.split()]
    for index, token in enumerate(tokens, 1):
        try:
            Move.parse(token)
        except NotationError as exc:
            raise ShotError(f"{path}: move {index}: {exc}") from None
    session = FreeCellSession(number, auto_foundation=False, now=lambda: 0.0)
    for index, token in enumerate(tokens, 1):
        move = session.position.parse_move(token)
        try:
            session.push_plain(move)
        except IllegalMoveError as exc:
            raise ShotError(f"{path}: move {index} ({move}) is illegal: {str(exc).split(': ', 1)[-1]}") from None
    return session


def replay_spider(number: int, suits: int, path: Path | None, deals: int) -> Any:
    """A Spider session after ``deals`` deals or the actions in ``path`` (as ``deal spider --check`` does)."""
    from game.commands import UsageError
    from game.session import SpiderSession
    from game.spider import IllegalMoveError
    from game.commands.spider import UNDO, read_moves
    from game.spider.moves import DEAL

    session = SpiderSession(number, suits, now=lambda: 0.0)
    pos = session.position
    if path is not None:
        try:
            actions = read_moves(str(path))
        except UsageError as exc:
            raise ShotError(str(exc)) from None
        for lineno, action in actions:
            if action == UNDO:
                if not pos.move_stack:
                    raise ShotError(f"{path}:{lineno}: illegal move 'undo': nothing to undo")
                pos.pop()
                continue
            try:
                pos.push(action)
            except IllegalMoveError as exc:
                raise ShotError(f"{path}:{lineno}: illegal move '{action}': {exc}") from None
    for _ in range(deals):
        if not (pos.deals_left and pos.can_deal()):
            break
        pos.push(DEAL)
    return session


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ShotError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise ShotError(f"{path}: not a UTF-8 text file") from None
    except OSError as exc:
        raise ShotError(f"{path}: cannot read it ({exc.strerror or exc})") from None


def table_controller(session: Any, size: tuple[int, int]) -> Any:
    """The window's table controller for ``session``, as the window makes it.

    The HUD's status text and buttons come from it, as in the window (with no
    live check and no demo running).
    """
    from game.play.table import TableEnv

    env = TableEnv(size=size, now=lambda: 0.0)
    if hasattr(session, "suits"):
        from game.play.spider_table import SpiderTable

        return SpiderTable(env, session.number, session.suits, session)
    from game.play.freecell_table import FreeCellTable

    return FreeCellTable(env, session.number, session)


def card_boxes(lay: Layout, cam: Camera, drawn: list[Any]) -> list[list[float]]:
    """Screen bounding boxes ``[x, y, w, h]`` of the cards the renderer drew (slab corners projected)."""
    ids = {id(c) for c in drawn}
    return [list(cam.box(c.x, c.y, c.z, c.yaw)) for c in lay.cards if id(c) in ids]


def _panel_data(args: argparse.Namespace) -> tuple[Any, Any]:
    """The settings and statistics ``--panel`` shows: from ``--data DIR``, else fresh ones."""
    from game.play.menu import Settings
    from game.stats import Statistics

    if args.data is None:
        return Settings(), Statistics()
    if not args.data.is_dir():
        raise ShotError(f"--data {args.data}: not a folder")
    from game.store import Store

    store = Store(args.data, tidy=False)
    return Settings.load(store), Statistics.load(store)


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x720") from None
    if w < 16 or h < 16:
        raise argparse.ArgumentTypeError("a size needs at least 16x16 pixels")
    return w, h


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("freecell", "spider"), default="freecell")
    ap.add_argument("--deal", type=int, default=1, help="deal / game number")
    ap.add_argument("--suits", type=int, choices=(1, 2, 4), default=1, help="Spider suits")
    ap.add_argument("--deals", type=int, default=0,
                    help="Spider: deal this many rows from the stock (after --moves) for long columns")
    ap.add_argument("--size", type=parse_size, default=(1280, 720), help="WIDTHxHEIGHT in pixels")
    ap.add_argument("--portrait", action="store_true", help="swap width and height (a rotated window)")
    ap.add_argument("--four-colour", action="store_true", help="the four-colour deck")
    ap.add_argument("--demo-highlights", action="store_true",
                    help="show a selection, a legal target, a hint and the focus ring")
    ap.add_argument("--moves", type=Path, metavar="FILE",
                    help="replay this move file first, as `solitaire deal ... --check FILE` does")
    ap.add_argument("--hud", action="store_true", help="draw the status line and control bar as the window does")
    ap.add_argument("--help-page", type=int, metavar="N",
                    help="open the How to play panel at page N (1 = the first; implies --hud)")
    ap.add_argument("--help-refusal", metavar="REASON",
                    help="with --help-page: the part of How to play that explains this refusal (as F1 does)")
    ap.add_argument("--panel", choices=("menu", "statistics", "settings", "help"),
                    help="open a screen over the table (with --data: that folder's settings and statistics)")
    ap.add_argument("--data", type=Path, metavar="DIR", help="the data folder --panel reads")
    ap.add_argument("--rects", type=Path, metavar="FILE",
                    help="write the screen boxes of the cards and the HUD pieces as JSON")
    ap.add_argument("--out", type=Path, required=True, help="PNG file to write")
    args = ap.parse_args(argv)
    try:
        return shoot(args)
    except ShotError as exc:
        print(f"screenshot: {exc}", file=sys.stderr)
        return 2


def shoot(args: argparse.Namespace) -> int:

    w, h = args.size
    if args.portrait and w > h:
        w, h = h, w
    if args.game == "freecell":
        if args.moves is not None:
            session = replay_freecell(args.deal, args.moves)
        else:
            from game.session import FreeCellSession
            session = FreeCellSession(args.deal, auto_foundation=False, now=lambda: 0.0)
    else:
        session = replay_spider(args.deal, args.suits, args.moves, args.deals)
    position = session.position

    settings, panel_stats = _panel_data(args)
    ctx = moderngl.create_standalone_context(backend="egl")
    # No MSAA: the shaders antialias every edge themselves (signed distances).
    renderer = Renderer(ctx, (w, h), four_colour=args.four_colour or settings.four_colour,
                        table_colour=settings.table_colour, card_back=settings.card_back)
    marks: list[Mark] = []
    focus = None
    if args.demo_highlights:
        marks = [Mark("column", 0, None, "selected"), Mark("column", 3, None, "target"),
                 Mark("column", 5, None, "hint")]
        focus = Mark("column", 6, None)
    lay = layout(position, w, h)
    renderer.render(View(lay, marks, focus))
    hud: list[list[int]] = []
    bar: list[int] | None = None
    if args.hud or args.help_page is not None or args.panel is not None:
        from game.ui.overlay import Overlay

        table = table_controller(session, (w, h))
        overlay = Overlay(ctx, (w, h))
        overlay.set_table_colour(settings.table_colour)
        panel = None
        if args.panel == "help" and args.help_page is None:
            args.help_page = 1
        elif args.panel is not None:
            from game.play.menu import Menu

            menu = Menu(settings, panel_stats)
            menu.open()
            if args.panel != "menu":
                menu.choose(args.panel)
            panel = menu.panel()
        if args.help_page is not None:
            from game.play.help import HelpBook

            book = HelpBook.open(args.game, args.help_refusal or "")
            if not 1 <= args.help_page <= book.pages:
                raise ShotError(f"--help-page {args.help_page}: How to play has pages 1..{book.pages}")
            panel = book.turn(args.help_page - 1).panel()
        overlay.update(table.status(), table.message, table.buttons(), panel)
        renderer.target.use()  # the overlay draws over the frame, as in the window
        ctx.viewport = (0, 0, w, h)
        overlay.draw()
        assert overlay.geometry is not None
        hud = [list(r) for r in overlay.geometry.rects()]
        bar = list(overlay.geometry.band)
    surface = renderer.snapshot()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(args.out))
    if args.rects is not None:
        cam = renderer.camera_for(lay)
        data: dict[str, Any] = {"size": [w, h], "cards": card_boxes(lay, cam, renderer.drawn), "hud": hud}
        if bar is not None:
            data["bar"] = bar  # the control bar's background, behind the status line and buttons
        args.rects.parent.mkdir(parents=True, exist_ok=True)
        args.rects.write_text(json.dumps(data))
    print(f"wrote {args.out} ({w}x{h}, {ctx.info['GL_RENDERER']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
