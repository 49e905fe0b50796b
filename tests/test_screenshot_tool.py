"""tools/screenshot.py shows what the window shows: the HUD, a replayed game, and the boxes of both.

Runs the tool as a user does (offscreen, moderngl's EGL backend) on a
long-column position in a portrait window and reads its ``--rects`` JSON.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, egl_available

TOOL = ROOT / "tools" / "screenshot.py"
DATA = Path(__file__).resolve().parent / "data"
FREECELL_LONG = DATA / "freecell-8-long-column.moves"
SPIDER_LONG = DATA / "spider-1-long-column.moves"


pytestmark = pytest.mark.skipif(not egl_available(), reason="no EGL (offscreen OpenGL) on this machine")


def shoot(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(TOOL), *args, "--out", str(tmp_path / "shot.png")],
                          check=False, capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)


def overlaps(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def check_rects(data: dict, cards_drawn: int) -> None:
    w, h = data["size"]
    assert len(data["cards"]) == cards_drawn
    assert len(data["hud"]) >= 8  # the status line and at least seven buttons
    for r in data["hud"]:
        assert r[0] >= 0 and r[1] >= 0 and r[0] + r[2] <= w and r[1] + r[3] <= h, r
    bar = data["bar"]
    assert bar[0] == 0 and bar[2] == w and bar[1] + bar[3] == h
    for c in data["cards"]:
        assert c[0] >= 0 and c[1] >= 0 and c[0] + c[2] <= w and c[1] + c[3] <= h, c
        for r in data["hud"] + [bar]:
            assert not overlaps(c, r), (c, r)


def test_a_long_freecell_column_in_portrait_stays_clear_of_the_hud(tmp_path):
    rects = tmp_path / "rects.json"
    run = shoot(tmp_path, "--game", "freecell", "--deal", "8", "--moves", str(FREECELL_LONG), "--hud",
                "--size", "700x1000", "--rects", str(rects))
    assert run.returncode == 0, run.stderr
    data = json.loads(rects.read_text())
    assert data["size"] == [700, 1000]
    check_rects(data, 52)  # nothing is home: every card is drawn
    # the 19-card column reaches far down, right above the bar
    bottom = max(c[1] + c[3] for c in data["cards"])
    top_of_hud = min(r[1] for r in data["hud"])
    assert 0.8 * top_of_hud < bottom <= top_of_hud

    import pygame

    img = pygame.image.load(str(tmp_path / "shot.png"))
    assert img.get_size() == (700, 1000)


def test_a_long_spider_column_in_portrait_stays_clear_of_the_hud(tmp_path):
    rects = tmp_path / "rects.json"
    run = shoot(tmp_path, "--game", "spider", "--deal", "1", "--suits", "2", "--moves", str(SPIDER_LONG),
                "--hud", "--portrait", "--size", "1000x700", "--rects", str(rects))
    assert run.returncode == 0, run.stderr
    data = json.loads(rects.read_text())
    assert data["size"] == [700, 1000]
    # ten columns (a 30-card one among them), no stock left: 104 cards, each drawn
    check_rects(data, 104)
    bottom = max(c[1] + c[3] for c in data["cards"])
    assert 0.7 * min(r[1] for r in data["hud"]) < bottom


def test_the_hud_is_drawn_where_the_geometry_says(tmp_path):
    """The pixels under each button differ from the felt beside the bar: the overlay drew them there."""
    import pygame

    rects = tmp_path / "rects.json"
    plain = tmp_path / "plain"
    plain.mkdir()
    run = shoot(tmp_path, "--game", "freecell", "--deal", "1", "--hud", "--size", "800x600", "--rects", str(rects))
    assert run.returncode == 0, run.stderr
    bare = shoot(plain, "--game", "freecell", "--deal", "1", "--size", "800x600")
    assert bare.returncode == 0, bare.stderr
    with_hud = pygame.image.load(str(tmp_path / "shot.png"))
    without = pygame.image.load(str(plain / "shot.png"))
    data = json.loads(rects.read_text())
    for x, y, _w, h in data["hud"][1:]:  # the buttons (after the status line)
        cx, cy = int(x + 3), int(y + h / 2)
        assert with_hud.get_at((cx, cy)) != without.get_at((cx, cy)), (x, y)
    # above the HUD the frame is the same picture
    top = min(r[1] for r in data["hud"]) - 12
    for x in range(0, 800, 97):
        for y in range(0, int(top), 89):
            assert with_hud.get_at((x, y)) == without.get_at((x, y)), (x, y)


def test_bad_move_files_get_one_line(tmp_path):
    missing = shoot(tmp_path, "--moves", str(tmp_path / "nope.txt"))
    assert missing.returncode == 2 and "no such file" in missing.stderr
    assert len(missing.stderr.strip().splitlines()) == 1
    bad = tmp_path / "bad.txt"
    bad.write_text("1a\nzz\n")
    run = shoot(tmp_path, "--deal", "1", "--moves", str(bad))
    assert run.returncode == 2 and "move 2" in run.stderr and "Traceback" not in run.stderr
    illegal = tmp_path / "illegal.txt"
    illegal.write_text("1h\n")  # 6S cannot go home on deal 1
    run = shoot(tmp_path, "--deal", "1", "--moves", str(illegal))
    assert run.returncode == 2 and "illegal" in run.stderr and "Traceback" not in run.stderr
    spider = tmp_path / "sp.txt"
    spider.write_text("move 1 2 9\n")
    run = shoot(tmp_path, "--game", "spider", "--moves", str(spider))
    assert run.returncode == 2 and "sp.txt:1" in run.stderr and "Traceback" not in run.stderr


def test_the_overlay_draws_the_hud_geometry_and_survives_hostile_text():
    import moderngl

    from game.ui.hud import hud_geometry
    from game.ui.overlay import Button, Overlay, Panel

    ctx = moderngl.create_standalone_context(backend="egl")
    try:
        buttons = (Button("Undo (U)", "undo", False), Button("Hint (H)", "hint"), Button("Deal (D) 5", "deal"),
                   Button("Give up", "giveup"), Button("Menu", "menu"))
        for size in ((1280, 720), (480, 640)):
            overlay = Overlay(ctx, size)
            huge = "9\u2665 " * 2_000_000
            assert overlay.update(huge, huge, buttons, Panel(huge, (huge,), (Button(huge, "close"),)))
            geo = hud_geometry(size, huge, huge, buttons)
            assert overlay.geometry == geo
            hits = [(tuple(r), a) for r, a in overlay._hits.rects][:len(buttons) - 1]
            assert hits == [(b.rect, b.action) for b in geo.buttons if b.enabled]
            assert overlay.hit(geo.buttons[1].rect[:2]) == "hint"
            assert overlay.hit(geo.buttons[0].rect[:2]) is None  # a disabled button
            overlay.release()
    finally:
        ctx.release()


def test_a_panel_in_a_narrow_window_stacks_its_buttons_inside_the_window():
    import moderngl

    from game.ui.overlay import Button, Overlay, Panel

    ctx = moderngl.create_standalone_context(backend="egl")
    try:
        size = (480, 640)
        overlay = Overlay(ctx, size)
        buttons = tuple(Button(f"A rather long button label {i}", f"b{i}") for i in range(4))
        overlay.update("status", "", (), Panel("You won!", ("Game #1",), buttons))
        rects = [r for r, a in overlay._hits.rects if a.startswith("b")]
        assert len(rects) == 4
        for r in rects:
            assert r.left >= 0 and r.right <= size[0] and r.top >= 0 and r.bottom <= size[1], r
        assert len({r.top for r in rects}) == 4  # one under another
        overlay.release()
    finally:
        ctx.release()


def test_a_left_handed_shot_with_a_played_move_and_bad_moves_get_one_line(tmp_path):
    rects = tmp_path / "rects.json"
    run = shoot(tmp_path, "--deal", "1", "--hud", "--left-handed", "--play", "3a", "--size", "800x600",
                "--rects", str(rects))
    assert run.returncode == 0, run.stderr
    data = json.loads(rects.read_text())
    status = data["hud"][0]
    assert status[0] > 400 and 790 <= status[0] + status[2] <= 800  # the status line on the right
    for args, words in ((("--play", "1h"), "illegal"), (("--play", "zz"), "--play 'zz'"),
                        (("--game", "spider", "--play", "move 1 2 9"), "illegal")):
        bad = shoot(tmp_path, "--deal", "1", *args)
        assert bad.returncode == 2 and words in bad.stderr and "Traceback" not in bad.stderr, bad.stderr
        assert len(bad.stderr.strip().splitlines()) == 1


FREECELL_LAST = DATA / "freecell-76941-before-last.moves"
PLACES = {"foundation", "cell", "column", "stock", "removed", "flight", "celebration"}


def shot_at(tmp_path: Path, ms: int, *extra: str) -> dict:
    rects = tmp_path / f"rects-{ms}.json"
    run = shoot(tmp_path, "--deal", "76941", "--moves", str(FREECELL_LAST), "--then", "41", "--auto", "safe",
                "--at", str(ms), "--rects", str(rects), *extra)
    assert run.returncode == 0, run.stderr
    data = json.loads(rects.read_text())
    for c in data["cards"]:
        assert len(c) == 6 and all(isinstance(v, (int, float)) for v in c[:4]) and c[5] in PLACES, c
    return data


def test_then_and_at_show_the_winning_move_as_it_lands(tmp_path):
    """Deal 76941's last move at the Safe level: its cards fly home one after another;
    the win, the celebration and the result panel come only after the last landing."""
    first = shot_at(tmp_path, 0)
    where = {c[4]: c[5] for c in first["cards"]}
    # Nothing has landed: the kings still wait (in their cells, on the table), the status counts as before.
    assert all(where[k] == "flight" for k in ("K\u2660", "K\u2665", "K\u2666", "K\u2663"))
    assert "80 moves" in first["status"] and "movable" in first["status"] and first["panel"] is None
    assert sum(1 for c in first["cards"] if c[5] == "foundation") == 4  # one top card on each pile
    spin = shot_at(tmp_path, 2300)
    assert "celebration" in {c[5] for c in spin["cards"]} and "flight" not in {c[5] for c in spin["cards"]}
    assert "81 moves" in spin["status"] and "movable" not in spin["status"]
    done = shot_at(tmp_path, 6000, "--hud")
    assert done["panel"] == "You won!" and "81 moves" in done["status"]
    assert sorted(c[4] for c in done["cards"]) == sorted(["K\u2660", "K\u2665", "K\u2666", "K\u2663"])
    assert {c[5] for c in done["cards"]} == {"foundation"}


def test_at_goes_with_then(tmp_path):
    run = shoot(tmp_path, "--deal", "1", "--at", "80")
    assert run.returncode == 2 and "--then" in run.stderr and "Traceback" not in run.stderr
    bad = shoot(tmp_path, "--deal", "1", "--then", "zz")
    assert bad.returncode == 2 and "--then" in bad.stderr and "Traceback" not in bad.stderr
    illegal = shoot(tmp_path, "--deal", "1", "--then", "1h")
    assert illegal.returncode == 2 and "illegal" in illegal.stderr and "Traceback" not in illegal.stderr


def test_set_reduced_motion_shows_the_winning_move_as_steps_with_no_celebration(tmp_path):
    """``--set`` takes a player's setting: under reduced motion the same last move's
    cards step home one after another (each waiting where it was, never between)
    and the win has no celebration."""
    calm = ("--set", "reduced_motion=true")
    plain = shot_at(tmp_path, 0)
    first = shot_at(tmp_path, 0, *calm)
    # The player's card (10♦, to an empty column) is where it was put at once, to wait there
    # for its turn home; the others wait exactly where they were.
    boxes = {c[4]: c[:4] for c in plain["cards"]}
    assert [c[4] for c in first["cards"] if c[:4] != boxes[c[4]]] == ["10\u2666"]
    assert "80 moves" in first["status"]
    cards = [c[4] for c in first["cards"]]
    assert len(cards) == len(set(cards))  # none drawn twice
    late = shot_at(tmp_path, 2300, *calm)
    assert "celebration" not in {c[5] for c in late["cards"]} and "flight" not in {c[5] for c in late["cards"]}
    assert "81 moves" in late["status"]
    done = shot_at(tmp_path, 2300, "--hud", *calm)
    assert done["panel"] == "You won!"  # at once: no celebration to wait for


def test_set_takes_any_setting_and_refuses_a_bad_one_in_one_line(tmp_path):
    rects = tmp_path / "rects.json"
    run = shoot(tmp_path, "--set", "language=ja", "--set", "left_handed=true", "--hud", "--rects", str(rects))
    assert run.returncode == 0, run.stderr
    data = json.loads(rects.read_text())
    assert "\u624b" in data["status"]  # 手: the move count in Japanese
    foundations = [c for c in data["cards"] if c[5] == "column"]
    assert foundations  # the table was drawn
    for args, words in ((["--set", "volume=loud"], "volume must be a number"),
                        (["--set", "colour=red"], "no setting 'colour'"),
                        (["--set", "four_colour"], "NAME=VALUE"),
                        (["--set", "reduced_motion=maybe"], "reduced_motion must be true or false"),
                        (["--deck", "--set", "table_colour=pink"], "table_colour must be one of")):
        bad = shoot(tmp_path, *args)
        assert bad.returncode == 2, (args, bad.stderr)
        lines = [line for line in bad.stderr.splitlines() if line.startswith("screenshot:")]
        assert len(lines) == 1 and words in lines[0] and "Traceback" not in bad.stderr, bad.stderr
