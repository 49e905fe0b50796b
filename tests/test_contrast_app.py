"""High contrast and large print in the window: chosen in Settings, shown at once, remembered."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
from test_app import button_pos, click, clock, frames, key, make_app  # noqa: F401  # (fixtures)

from game.ui.overlay import HIGH_CONTRAST, Palette


def test_high_contrast_and_large_print_take_effect_at_once_and_are_remembered(clock, make_app):  # noqa: F811
    app = make_app("freecell", 1, now=clock)
    frames(app, clock, 1)
    usual = app.renderer.snapshot()
    key(app, clock, pygame.K_m)
    click(app, clock, button_pos(app, "settings"))
    click(app, clock, button_pos(app, "set-high_contrast"))
    assert app.renderer.contrast and app.overlay.palette == HIGH_CONTRAST
    assert app.renderer.atlas.face.paper == (255, 255, 255)
    click(app, clock, button_pos(app, "set-large_print"))
    assert app.renderer.atlas.face.large
    key(app, clock, pygame.K_ESCAPE)
    key(app, clock, pygame.K_ESCAPE)
    frames(app, clock, 2)
    # The table shown is another: a dark felt where the green one was (a corner of the window).
    corner = app.renderer.snapshot().get_at((3, 3))
    assert max(corner[:3]) < 20 and usual.get_at((3, 3))[1] > max(corner[:3]) + 10, (corner, usual.get_at((3, 3)))
    saved = app.play.store.load("settings")
    assert saved["high_contrast"] is True and saved["large_print"] is True


def start_with(make_app, clock, doc: dict[str, object]):  # noqa: F811
    """The window opened on a settings file holding ``doc``."""
    folder = Path(os.environ["SOLITAIRE_DATA_DIR"])
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(json.dumps(doc))
    app = make_app("freecell", 1, now=clock)
    frames(app, clock, 1)
    return app


def test_the_window_opens_in_the_remembered_look(clock, make_app):  # noqa: F811
    app = start_with(make_app, clock, {"high_contrast": True, "large_print": True})
    assert app.renderer.contrast and app.renderer.atlas.face.large and app.overlay.palette == HIGH_CONTRAST
    assert not app.play.store.warnings


def test_a_damaged_value_is_set_aside_and_the_usual_look_kept(clock, make_app):  # noqa: F811
    app = start_with(make_app, clock, {"high_contrast": "yes", "large_print": 2, "four_colour": True})
    assert not app.renderer.contrast and not app.renderer.atlas.face.large and app.renderer.atlas.four_colour
    assert app.overlay.palette == Palette.for_table("green")
    assert app.play.store.warnings, "the damaged file was set aside with a word"
