#!/usr/bin/env python3
"""Render a deal offscreen (no window) and save it as a PNG.

    python tools/screenshot.py --game freecell --deal 1 --size 1280x720 --out shot.png
    python tools/screenshot.py --game spider --deal 1 --suits 4 --out spider.png
    python tools/screenshot.py --game freecell --deal 1 --portrait --out tall.png
    python tools/screenshot.py --game spider --suits 4 --deals 5 --portrait --out long.png
    python tools/screenshot.py --game spider --help-page 2 --size 800x600 --out help.png
    python tools/screenshot.py --game freecell --deal 1 --moves line.txt --hud \
        --size 700x1000 --rects rects.json --out tall.png
    python tools/screenshot.py --game freecell --panel menu --lang ja --out menu-ja.png
    python tools/screenshot.py --deck --size 1600x1000 --out deck.png
    python tools/screenshot.py --deck --card-width 60 --four-colour --out small.png
    python tools/screenshot.py --deck --card-width 45 --set large_print=true --set high_contrast=true --out lp.png
    python tools/screenshot.py --set reduced_motion=true --set table_colour=blue --then 2a --at 30 --out s.png

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
``--panel menu|statistics|challenges|settings|help|moves|question|review`` opens that screen over
the table (challenges: the statistics' month of daily challenges; moves:
FreeCell's move list, as L opens it; question: the new-deal question over a
game the demo played part of; review: the game review of the moves
played, graded here, and with ``--review-move N`` that move's page; Spider's
knows every card, as the game's does);
``--panel result`` wins the deal by its par line (searched here, as the
game's worker does, at the default automatic level) and shows the result
panel with par; with the settings and statistics of the data folder ``--data DIR``
(default: none, so fresh settings and no statistics); the table takes the
settings' felt, card back and deck.
``--then MOVE`` (after ``--moves``) plays MOVE as a player would, with the
table's automatic moves at ``--auto off|safe|all`` (FreeCell; default the
settings' own) and its flights at the settings' speed (normal unless ``--set``), not landed; ``F`` is
the auto-complete key. ``--at MS`` draws the frame MS milliseconds after it
(default 0), as the window would: the cards in the air where they are, the
status line and the control bar as they stand then.
``--set NAME=VALUE`` (repeatable) sets one of the player's settings, the
names and values of the ``settings`` file (game/play/settings.py), checked
by its schema (game/schema.py): ``--set four_colour=true``, ``--set
animation_speed=slow``, ``--set reduced_motion=true``, ``--set language=ja``.
VALUE is read as JSON where it is JSON (``true``, ``2``, ``0.3``, ``null``),
else as text; a bad name or value is a one-line error. They go over the
settings of ``--data`` (or the defaults), and the table, its flights, the
HUD and every panel take them as the window does; reduced motion left
unset is off here (the shot does not follow this machine's desktop).
``--lang CODE`` (a code of game.i18n.LANGUAGES) sets every word of the shot in that language (the
window's own choice of font included). ``--rects FILE`` writes the screen boxes (window pixels, y down)
of every card drawn and every HUD text line and button as JSON:
``{"size": [w, h], "cards": [[x, y, w, h, card, where], ...], "hud": [[x, y, w, h], ...],
"status": "...", "panel": "You won!" or null}``: each card as it shows
(``"K♠"``; null for a card face down) and where it is drawn (``"foundation"``,
``"cell"``, ``"column"``, ``"stock"``, ``"removed"``, ``"flight"`` on its way or
waiting its turn, or ``"celebration"`` for a card in the win's celebration after
the last landing); ``"status"`` is the
status line's text and ``"panel"`` the open panel's title (with ``--hud``,
also ``"bar": [x, y, w, h]``, the control bar's background).

``--deck`` draws the 52 faces instead, flat (no perspective): a grid that
fills the image, 13 equal columns A..K and 4 equal rows clubs, diamonds,
hearts, spades, each card centred in its cell at the size the window of
``--size`` shows ``--game``'s cards (smaller only if that would not fit its
cell), from the atlas the window would draw for that size.
``--card-width N`` sets the card width in pixels; without ``--size`` the
image is then just large enough for the grid.
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

import moderngl
import pygame

from game.i18n import LANGUAGES, PSEUDO, set_language
from game.places import PileKind
from game.render.camera import Camera, set_text_scale
from game.render.layout import Layout, layout
from game.render.scene import Mark, Renderer, View


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
    from game.commands.spider import read_moves, replay_actions
    from game.session import SpiderSession
    from game.spider.moves import DEAL

    session = SpiderSession(number, suits, now=lambda: 0.0)
    pos = session.position
    if path is not None:
        try:
            actions = read_moves(str(path))
        except UsageError as exc:
            raise ShotError(str(exc)) from None
        illegal = replay_actions(pos, actions, str(path))
        if illegal is not None:
            raise ShotError(illegal)
    for _ in range(deals):
        if not (pos.deals_left and pos.can_deal()):
            break
        pos.push(DEAL)
    return session


def _read(path: Path) -> str:
    from game.commands.usage import UsageError, read_text_file

    try:
        return read_text_file(str(path), "moves file")
    except UsageError as exc:
        raise ShotError(str(exc)) from None


def table_controller(session: Any, size: tuple[int, int], left_handed: bool = False, settings: Any = None) -> Any:
    """The window's table controller for ``session``, as the window makes it, with
    ``settings`` (a :class:`game.play.settings.Settings`; None: the defaults) in force.

    The HUD's status text and buttons come from it, as in the window (with no
    live check and no demo running).
    """
    from game import speeds
    from game.play.settings import Settings
    from game.play.table import TableEnv

    st = settings or Settings()
    # What the window's round sets from the settings (game.play.round.Round._sync_env).
    env = TableEnv(size=size, now=lambda: 0.0, left_handed=left_handed or st.left_handed,
                   speed=speeds.SPEED_FACTORS[st.animation_speed], reduced_motion=st.calm(None),
                   auto_foundation=st.auto_moves, one_click_home=st.one_click_home,
                   last_move=st.last_move_outline, move_grades=st.move_grades)
    if hasattr(session, "suits"):
        from game.play.spider_table import SpiderTable

        return SpiderTable(env, session.number, session.suits, session)
    from game.play.freecell_table import FreeCellTable

    return FreeCellTable(env, session.number, session)


def play_moves(table: Any, moves: list[str]) -> None:
    """Play ``moves`` through the table controller, as a player's moves are made
    (FreeCell: with the automatic foundation moves of the default setting), and
    land their flights: the last one's cards keep their outline."""
    from game.play.table import Refused

    for text in moves:
        if table.game == "freecell":
            table.session.set_auto_level(table.env.auto_foundation)  # as a player's table plays
        table.play(parse_move(table, text, "--play"))
        refused = [e.reason for e in table.take_events() if isinstance(e, Refused)]
        if refused:
            raise ShotError(f"--play {text!r} is illegal: {refused[0]}")
        table.flights.land()


def card_entries(lay: Layout, cam: Camera, drawn: list[Any], celebrating: frozenset[Any],
                 key: Any) -> list[list[Any]]:
    """Each card the renderer drew: its screen box ``x, y, w, h`` (slab corners projected),
    the card as it shows (None face down) and where it is drawn: its pile's kind at
    rest, ``"flight"`` on its way (or waiting its turn to fly, where it was),
    ``"celebration"`` in the win's spin (``key``: how the flights name a card)."""
    ids = {id(c) for c in drawn}
    out: list[list[Any]] = []
    for c in lay.cards:
        if id(c) not in ids:
            continue
        where = ("celebration" if key(c) in celebrating else "flight") if c.in_flight else str(c.kind)
        out.append([*cam.box(c.x, c.y, c.z, c.yaw), c.card.display if c.face_up else None, where])
    return out


#: The frames a ``--at`` moment is stepped in (as the window's fixed step).
FRAME_STEP = 1 / 60


def play_then(table: Any, text: str, level: str | None, at_ms: float) -> None:
    """``--then``: play ``text`` on ``table`` as a player does (automatic moves at
    ``level``, flights at the normal speed) and step its clock ``at_ms`` on, as
    the window's game loop does (the win's celebration once the last card lands)."""
    from game.play.table import Played, Refused

    if level is not None:
        table.set_auto_level(level)
        table.flights.land()
        table.take_events()
    table.settle()
    if text.strip().lower() in ("f", "autocomplete"):
        from game.input.actions import Act

        if table.game != "freecell" or not table.position.can_autocomplete():
            raise ShotError(f"--then {text!r}: auto-complete needs every column in order")
        table.command(Act.AUTOCOMPLETE)
    else:
        play_moves_unlanded(table, text)
    events = table.take_events()
    refused = [e.reason for e in events if isinstance(e, Refused)]
    if refused:
        raise ShotError(f"--then {text!r} is illegal: {refused[0]}")
    left = at_ms / 1000.0

    def react(happened: list[Any]) -> None:
        # What the game's Round does: a move that wins is celebrated, once its last card lands.
        if any(isinstance(e, Played) for e in happened) and table.session.won:
            table.celebrate()
        table.settle()

    react(events)
    while left > 1e-9:
        dt = min(FRAME_STEP, left)
        left -= dt
        table.env.anim_time += dt
        table.update(dt)
        react(table.take_events())


def parse_move(table: Any, text: str, option: str) -> Any:
    """``text`` as a move of the game on ``table`` (FreeCell notation, or Spider's
    "move 3 7 2" / "deal"); a bad one is a :class:`ShotError` naming ``option``."""
    if table.game == "freecell":
        from game.freecell.moves import NotationError as FreeCellNotationError

        try:
            return table.position.parse_move(text)
        except (FreeCellNotationError, ValueError) as exc:
            raise ShotError(f"{option} {text!r}: {exc}") from None
    from game.spider.moves import DEAL, Move, NotationError

    try:
        return DEAL if text.strip().lower() == "deal" else Move.parse(text)
    except NotationError as exc:
        raise ShotError(f"{option} {text!r}: {exc}") from None


def play_moves_unlanded(table: Any, text: str) -> None:
    """One move ``text`` played through ``table`` (FreeCell notation or Spider's), its flights left flying."""
    table.play(parse_move(table, text, "--then"))


def _panel_data(args: argparse.Namespace) -> tuple[Any, Any, Any]:
    """The settings (with ``--set``), statistics and challenge marks ``--panel`` shows:
    from ``--data DIR``, else fresh ones."""
    from game.challenges import ChallengeProgress
    from game.play.menu import Settings
    from game.stats import Statistics

    if args.data is None:
        return with_settings(Settings(), args.set), Statistics(), ChallengeProgress()
    if not args.data.is_dir():
        raise ShotError(f"--data {args.data}: not a folder")
    from game.store import Store

    store = Store(args.data, tidy=False)
    return with_settings(Settings.load(store), args.set), Statistics.load(store), ChallengeProgress.load(store)


def with_settings(settings: Any, pairs: list[str]) -> Any:
    """``settings`` with each ``NAME=VALUE`` of ``pairs`` set, checked by the settings file's own schema.

    >>> from game.play.settings import Settings
    >>> with_settings(Settings(), ["four_colour=true", "table_colour=blue"]).table_colour
    'blue'
    >>> with_settings(Settings(), ["volume=loud"])
    Traceback (most recent call last):
    ...
    screenshot.ShotError: --set volume=loud: volume must be a number 0..1, not 'loud'
    """
    from dataclasses import fields

    from game.play.settings import Settings
    from game.schema import SETTINGS, SchemaError

    names = sorted(f.name for f in fields(Settings) if f.name in SETTINGS.fields)
    data = settings.to_dict()
    for pair in pairs:
        name, eq, text = pair.partition("=")
        name = name.strip()
        if not eq or not name:
            raise ShotError(f"--set {pair}: give NAME=VALUE, such as four_colour=true")
        if name not in names:
            raise ShotError(f"--set {pair}: no setting {name!r}; the settings are {', '.join(names)}")
        try:
            value = json.loads(text)
        except ValueError:
            value = text  # plain text: table_colour=blue
        try:
            data[name] = SETTINGS.fields[name].check(value, name)
        except SchemaError as exc:
            raise ShotError(f"--set {pair}: {exc}") from None
    out, bad = Settings.checked(data)
    assert not bad, bad  # each value passed the schema above
    return out


def _won_by_par(table: Any) -> Any:
    """Play the deal's par line on ``table`` as a player would (the automatic moves
    left to the table) and return its result panel, par beside the moves."""
    from game.play.par import par_here, par_sentence

    s = table.session
    level = table.env.auto_foundation if table.game == "freecell" else None
    if table.game == "freecell":
        table.session = type(s)(s.number, auto_foundation=level, now=lambda: 0.0)
    par = par_here(table.game, s.number, table.suits, level)
    if par is None:
        raise ShotError(f"no par line was found for #{s.number}")
    line = [str(m) for m in par.line]
    i = 0
    while i < len(line):
        text = line[i]
        move = table.position.parse_move(text) if table.game == "freecell" else _spider_move(text)
        table.play(move)
        table.flights.land()
        i += 1 + (len(table.position.undo_steps()[-1][1]) if table.game == "freecell" else 0)
    table.take_events()
    table.moves_text = par_sentence(table.session.moves, par.moves)
    return table.outcome_panel(table.position.outcome())


def _spider_move(text: str) -> Any:
    from game.spider.moves import Move

    return Move.parse(text)


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
    ap.add_argument("--size", type=parse_size, default=None, help="WIDTHxHEIGHT in pixels (default 1280x720)")
    ap.add_argument("--portrait", action="store_true", help="swap width and height (a rotated window)")
    ap.add_argument("--four-colour", action="store_true", help="the four-colour deck (as --set four_colour=true)")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="set one of the player's settings (a settings file's name and value; may repeat)")
    ap.add_argument("--left-handed", action="store_true",
                    help="the left-handed table: top row and control bar mirrored")
    ap.add_argument("--play", action="append", default=[], metavar="MOVE",
                    help="play MOVE through the game's table (FreeCell notation such as 3a or "
                         "'ah'; Spider 'move 1 2 3' or 'deal'; may repeat) and outline the last one's cards")
    ap.add_argument("--demo-highlights", action="store_true",
                    help="show a selection, a legal target, a hint and the focus ring")
    ap.add_argument("--moves", type=Path, metavar="FILE",
                    help="replay this move file first, as `solitaire deal ... --check FILE` does")
    ap.add_argument("--then", metavar="MOVE",
                    help="after --moves, play MOVE as a player would (F: auto-complete), its cards left flying")
    ap.add_argument("--auto", choices=("off", "safe", "all"),
                    help="FreeCell: the automatic foundation moves --then plays with (default: the settings')")
    ap.add_argument("--at", type=float, metavar="MS",
                    help="with --then: draw the frame MS milliseconds after the move (default 0)")
    ap.add_argument("--hud", action="store_true", help="draw the status line and control bar as the window does")
    ap.add_argument("--help-page", type=int, metavar="N",
                    help="open the How to play panel at page N (1 = the first; implies --hud)")
    ap.add_argument("--help-refusal", metavar="REASON",
                    help="with --help-page: the part of How to play that explains this refusal (as F1 does)")
    ap.add_argument("--select", metavar="PLACE",
                    help="FreeCell: select the card at the end of column 1-8 or in cell a-d, as a click does")
    ap.add_argument("--grades", action="store_true",
                    help="with --select: \"Show which moves keep the win\" on, its grades decided here")
    ap.add_argument("--review-move", type=int, metavar="N",
                    help="with --panel review: the review's page for move N (the table shows the position before it)")
    ap.add_argument("--panel", choices=("menu", "statistics", "challenges", "settings", "help", "result", "moves",
                                        "question", "review"),
                    help="open a screen over the table (with --data: that folder's settings and statistics)")
    ap.add_argument("--data", type=Path, metavar="DIR", help="the data folder --panel reads")
    ap.add_argument("--scroll", type=int, metavar="PX",
                    help="with --panel: a screen that scrolls (large text), this many pixels down as the "
                         "wheel leaves it (0: the top), instead of where the focus takes it")
    ap.add_argument("--rects", type=Path, metavar="FILE",
                    help="write the screen boxes of the cards and the HUD pieces as JSON")
    ap.add_argument("--deck", action="store_true", help="draw the 52 faces in a grid, flat, instead of a table")
    ap.add_argument("--card-width", type=int, metavar="PX",
                    help="with --deck: cards this many pixels wide (default: as the window of --size shows them)")
    ap.add_argument("--lang", choices=(*LANGUAGES, PSEUDO),
                    help="the language of every word shown (default: --set language's, else English; "
                         "qps: the test pseudo-language)")
    ap.add_argument("--out", type=Path, required=True, help="PNG file to write")
    args = ap.parse_args(argv)
    set_language(args.lang or "en")
    if args.card_width is not None and not args.deck:
        ap.error("--card-width goes with --deck")
    if (args.at is not None or args.auto is not None) and args.then is None:
        ap.error("--at and --auto go with --then")
    if args.at is not None and not 0 <= args.at <= 600_000:
        ap.error("--at takes 0..600000 milliseconds")
    if args.card_width is not None and not 16 <= args.card_width <= 1024:
        ap.error("--card-width takes 16..1024 pixels")
    try:
        settings = _panel_data(args)[0]  # --set checked before anything is drawn
        if args.lang is None and settings.language:
            set_language(settings.language)
        set_text_scale(settings.text_size / 100)  # as the window's round sets it (--set text_size=150)
        if args.deck:
            return shoot_deck(args)
        if args.size is None:
            args.size = (1280, 720)
        return shoot(args)
    except ShotError as exc:
        print(f"screenshot: {exc}", file=sys.stderr)
        return 2


#: Deck sheet: the gap around each card, as a fraction of the card's width.
DECK_GAP = 0.12


def window_card_px(game: str, size: tuple[int, int]) -> float:
    """How many pixels wide the window of ``size`` shows ``game``'s cards (at the table's middle)."""
    from game.render import theme

    if game == "freecell":
        from game.freecell.deals import deal as freecell_deal

        position: Any = freecell_deal(1)
    else:
        from game.spider.deals import deal as spider_deal

        position = spider_deal(1, 1)
    lay = layout(position, *size)
    cam = Camera.frame(lay.rect, *size)
    # The same measure as the renderer's atlas (Renderer.render, game/render/scene.py).
    return cam.pixels_per_unit(0.0, lay.rect[2]) * theme.CARD_W


def deck_sheet(sheet: Any, card_w: int, size: tuple[int, int], contrast: bool = False) -> pygame.Surface:
    """All 52 faces of the atlas ``sheet`` at ``card_w`` pixels wide, in the deck grid of an image of ``size``
    (``contrast``: on high contrast's table, each card in its black outline)."""
    from game.cards import Card, Suit
    from game.render import theme

    w, h = size
    felt = tuple(round(c * 255) for c in (theme.CONTRAST_FELT if contrast else theme.FELT))
    border = tuple(round(c * 255) for c in (theme.CONTRAST_BORDER if contrast else theme.CARD_BORDER))
    rim = round(theme.CONTRAST_OUTLINE_PX) if contrast else 0  # high contrast's black rim, outside the edge
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.fill((*felt, 255))
    card_h = round(card_w * theme.CARD_H / theme.CARD_W)
    radius = max(1, round(theme.CORNER_RADIUS / theme.CARD_W * card_w))
    # The shader rounds the corners and draws the edge: do the same here.
    mask = pygame.Surface((card_w, card_h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    for row, suit in enumerate((Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)):
        for col in range(13):
            face = sheet.surface.subsurface(sheet.cell_rect(Card.make(col + 1, suit)))
            img = pygame.transform.smoothscale(face, (card_w, card_h))
            img.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            pygame.draw.rect(img, border, img.get_rect(), width=1, border_radius=radius)
            # Cell edges at k * size / n: 13 (and 4) equal cells that fill the image.
            x0, x1 = col * w // 13, (col + 1) * w // 13
            y0, y1 = row * h // 4, (row + 1) * h // 4
            at = ((x0 + x1 - card_w) // 2, (y0 + y1 - card_h) // 2)
            if rim:
                pygame.draw.rect(out, border, img.get_rect(topleft=at).inflate(2 * rim, 2 * rim),
                                 border_radius=radius + rim)
            out.blit(img, at)
    return out


def shoot_deck(args: argparse.Namespace) -> int:
    """``--deck``: the 52 faces, flat, in a 13 x 4 grid (see the module docstring)."""
    from game.render import theme

    card_w = args.card_width
    if args.size is None:
        if card_w is None:
            args.size = (1280, 720)
        else:
            gap = max(4, round(card_w * DECK_GAP))
            args.size = (13 * (card_w + gap), 4 * (round(card_w * theme.CARD_H / theme.CARD_W) + gap))
    w, h = args.size
    if args.portrait and w > h:
        w, h = h, w
    note = ""
    if card_w is None:
        card_w = round(window_card_px(args.game, (w, h)))
        # A card wider than its cell would overlap its neighbours: the sheet shrinks it.
        fit = int(min(w / 13 / (1 + DECK_GAP), h / 4 / (theme.CARD_H / theme.CARD_W + DECK_GAP)))
        if card_w > fit:
            note = f", shrunk from the window's {card_w} px to fit the grid"
            card_w = fit
    ctx = moderngl.create_standalone_context(backend="egl")  # type: ignore[arg-type]  # the stub types each keyword as a dict
    settings = _panel_data(args)[0]
    renderer = Renderer(ctx, (w, h))
    renderer.set_faces(args.four_colour or settings.four_colour, large_print=settings.large_print,
                       contrast=settings.high_contrast)
    # The atlas the window draws for cards of this size (it picks its own, larger, pixel size).
    renderer.atlas.ensure(card_w)
    assert renderer.atlas.sheet is not None
    surface = deck_sheet(renderer.atlas.sheet, card_w, (w, h), settings.high_contrast)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(args.out))
    print(f"wrote {args.out} ({w}x{h}, cards {card_w} px wide{note}, atlas drawn at {renderer.atlas.card_px} px)")
    renderer.release()
    return 0


def _select(table: Any, place: str, grades: bool) -> None:
    """Select the top card of ``place`` ("1".."8", "a".."d"); with ``grades``, grade its
    targets here (as the game's worker does) and mark them as the table does."""
    if table.game != "freecell" or len(place) != 1 or place not in "12345678abcd":
        raise ShotError(f"--select {place}: a FreeCell column 1-8 or free cell a-d")
    if place.isdigit():
        column = int(place) - 1
        table.activate("column", column, len(table.position.columns[column]) - 1)
    else:
        table.activate("cell", "abcd".index(place), 0)
    if grades:
        from game.freecell.moves import Move
        from game.freecell.review import grade_targets

        table.env.move_grades = True
        source, count = table._source()
        places = table.targets()
        moves = [Move.of(source, table._place(kind, pile), count) for kind, pile in places]
        table.target_grades = dict(zip(places, grade_targets(table.session.position, moves)))
        # The mouse over the first red target: its reason shows on it, as in the window.
        table.hovered = next((place for place, v in table.target_grades.items() if v.name == "UNSOLVABLE"), None)


def _open_review(table: Any, move: int | None) -> None:
    """The game review of the table's game, graded here (as the game's worker does), on screen:
    its list, or with ``move`` that move's page (the table then shows the position before it)."""
    from game.play.coach import Coach

    coach = Coach(table.coach_rules)
    start, moves, level, known_lost = coach.rules.played(table.session)
    review: Any
    if table.game == "spider":
        from game.spider.review import review_spider

        review = review_spider(start, moves)
    else:
        from game.freecell.review import review_game

        review = review_game(start, moves, level, known_lost=known_lost)
    coach.load(table.session.number, review, table.session)
    table.coach = coach
    if move is not None and not 1 <= move <= len(moves):
        raise ShotError(f"--review-move {move}: the game has moves 1..{len(moves)}")
    table.review_button("review" if move is None else f"review-move:{move}")


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

    settings, panel_stats, panel_progress = _panel_data(args)
    ctx = moderngl.create_standalone_context(backend="egl")  # type: ignore[arg-type]  # the stub types each keyword as a dict
    # No MSAA: the shaders antialias every edge themselves (signed distances).
    renderer = Renderer(ctx, (w, h), four_colour=args.four_colour or settings.four_colour,
                        table_colour=settings.table_colour, card_back=settings.card_back)
    renderer.set_faces(args.four_colour or settings.four_colour, large_print=settings.large_print,
                       contrast=settings.high_contrast)
    marks: list[Mark] = []
    focus = None
    table = table_controller(session, (w, h), args.left_handed, settings)
    result = _won_by_par(table) if args.panel == "result" else None
    if args.play:
        play_moves(table, args.play)
        marks = table.marks()
    if args.then is not None:
        level = (args.auto or settings.auto_moves) if table.game == "freecell" else None
        play_then(table, args.then, level, args.at or 0.0)
        marks = table.marks()
    if args.select is not None:
        _select(table, args.select, args.grades)
        marks = table.marks()
    if args.panel == "review":
        _open_review(table, args.review_move)
        marks = table.marks()
    if args.demo_highlights:
        marks += [Mark(PileKind.COLUMN, 0, None, "selected"), Mark(PileKind.COLUMN, 3, None, "target"),
                  Mark(PileKind.COLUMN, 5, None, "hint")]
        focus = Mark(PileKind.COLUMN, 6, None)
    # The cards as the window draws them now: those on their way where they are.
    lay = table.shown_layout((w, h))
    renderer.render(View(lay, marks, focus))
    hud: list[list[int]] = []
    bar: list[int] | None = None
    panel = table.current_panel()
    if args.hud or args.help_page is not None or args.panel is not None:
        from game.ui.overlay import Overlay

        overlay = Overlay(ctx, (w, h))
        overlay.set_mirror(table.env.left_handed)
        overlay.set_table_colour(settings.table_colour, high_contrast=settings.high_contrast)
        if args.panel == "help" and args.help_page is None:
            args.help_page = 1
        elif result is not None:
            panel = result
        elif args.panel == "review":
            panel = table.panel
        elif args.panel == "moves":
            if args.game != "freecell":
                raise ShotError("--panel moves: the move list is FreeCell's")
            panel = table.move_list()  # as L opens it
        elif args.panel == "question":
            from game.i18n import _
            from game.play.games import asks, not_counted
            from game.play.panels import Button, Command, Panel

            # The new-game question over a try-again from the review (the longest the game asks).
            panel = Panel(asks(table.noun, "new"), (not_counted("try"),),
                          (Button(_("Keep playing"), Command.KEEP), Button(asks(table.noun, "new-yes"),
                                                                            Command.CONFIRMED)), focus=0)
        elif args.panel is not None:
            from game.play.menu import Menu

            menu = Menu(settings, panel_stats, marks=lambda: panel_progress, playing=table.stats_key)
            menu.open()
            if args.panel == "challenges":  # the statistics' month of daily challenges
                menu.choose("statistics")
                menu.choose("chart-challenges")
            elif args.panel != "menu":
                menu.choose(args.panel)
            panel = menu.panel()
        if args.help_page is not None:
            from game.play.help import HelpBook

            book = HelpBook.open(args.game, args.help_refusal or "")
            if not 1 <= args.help_page <= book.pages:
                raise ShotError(f"--help-page {args.help_page}: How to play has pages 1..{book.pages}")
            panel = book.turn(args.help_page - 1).panel()
        from game.render.picking import marked_boxes, pile_boxes, place_box

        # The note on a red target and the marked cards a panel leaves in view, as the window places them.
        rest = table.layout_now(size=(w, h))
        tip, cam = table.tip(), renderer.camera_for(rest)
        if tip is not None:
            tip = (tip[2], place_box(rest, cam, tip[0], tip[1]))
        if args.scroll is not None and panel is not None:
            # As the wheel leaves it: the screen scrolled this far, not following the focus.
            overlay.scroll, overlay._scrolled = args.scroll, panel
        overlay.update(table.status(), table.message, table.buttons(), panel, tip=tip,
                       clear=marked_boxes(rest, cam, marks), table=pile_boxes(rest, cam))
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
        celebrating = table.flights.celebrating(table.env.anim_time)
        data: dict[str, Any] = {"size": [w, h], "cards": card_entries(lay, cam, renderer.drawn, celebrating,
                                                                      table.card_key),
                                "hud": hud, "status": table.status(), "panel": panel.title if panel else None}
        if bar is not None:
            data["bar"] = bar  # the control bar's background, behind the status line and buttons
        args.rects.parent.mkdir(parents=True, exist_ok=True)
        args.rects.write_text(json.dumps(data))
    print(f"wrote {args.out} ({w}x{h}, {ctx.info['GL_RENDERER']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
