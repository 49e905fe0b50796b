"""The code stays in pieces a reader can hold: no module of game/ over 800
lines, the window module (events, the loop, drawing) at most 300 and the
controller (game/play/controller.py) at most 350."""

from __future__ import annotations

from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"


def test_no_module_is_over_800_lines_and_the_window_stays_small():
    sizes = {p.relative_to(GAME.parent).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
             for p in GAME.rglob("*.py")}
    assert len(sizes) > 30
    assert {name: n for name, n in sizes.items() if n > 800} == {}
    assert sizes["game/app/window.py"] <= 300
    assert sizes["game/play/controller.py"] <= 350
