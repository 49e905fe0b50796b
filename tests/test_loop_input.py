"""The fixed-step loop and the input bindings."""

from __future__ import annotations

import pygame
import pytest

from game.input import Act
from game.input.keys import translate_controller, translate_key
from game.loop import FixedStep


def run_frames(frame_seconds: float, total: float, step: float = 1 / 120) -> int:
    t = [0.0]
    loop = FixedStep(step=step, max_steps=1000, now=lambda: t[0])
    count = [0]
    while t[0] < total - 1e-9:
        t[0] = min(total, t[0] + frame_seconds)
        loop.tick(lambda dt: count.__setitem__(0, count[0] + 1))
    return count[0]


@pytest.mark.parametrize("fps", [30, 60, 75, 144, 240, 1000])
def test_the_same_time_gives_the_same_updates_at_any_frame_rate(fps):
    assert run_frames(1 / fps, 2.0) in (239, 240)  # 2 s at 120 Hz, float rounding aside


def test_catch_up_is_capped_and_alpha_is_the_leftover():
    t = [0.0]
    # Binary fractions keep the arithmetic exact.
    loop = FixedStep(step=0.25, max_steps=5, now=lambda: t[0])
    seen: list[float] = []
    t[0] = 10.0  # a ten-second stall
    alpha = loop.tick(seen.append)
    assert len(seen) == 5 and alpha == 0 and loop.dropped == 8.75
    t[0] = 10.125
    assert loop.tick(seen.append) == 0.5 and len(seen) == 5
    loop.reset()
    t[0] = 5.0
    loop.reset()
    assert loop.tick(seen.append) == 0 and len(seen) == 5



def test_a_still_table_runs_the_steps_due_as_one_with_the_same_time_and_cap():
    # Issue 40: after an idle wait of a quarter second the loop ran twelve updates in
    # a row for a table where nothing moves; it runs one of their length now.
    for still in (False, True):
        t = [0.0]
        loop = FixedStep(step=0.25, max_steps=5, now=lambda t=t: t[0])
        seen: list[float] = []
        t[0] = 1.125
        assert loop.tick(seen.append, still=still) == 0.5
        assert sum(seen) == 1.0 and len(seen) == (1 if still else 4) and loop.updates == 4
        t[0] = 10.0  # a long stall: capped at five steps, the rest dropped, as before
        assert loop.tick(seen.append, still=still) == 0
        assert sum(seen) == 2.25 and loop.dropped == 7.75 and loop.updates == 9
        t[0] = 10.25  # a single step due is a single step either way
        loop.tick(seen.append, still=still)
        assert seen[-1] == 0.25 and loop.updates == 10

@pytest.mark.parametrize("key, act", [
    (pygame.K_LEFT, Act.FOCUS_LEFT), (pygame.K_RIGHT, Act.FOCUS_RIGHT), (pygame.K_UP, Act.FOCUS_UP),
    (pygame.K_DOWN, Act.FOCUS_DOWN), (pygame.K_RETURN, Act.SELECT), (pygame.K_SPACE, Act.SELECT),
    (pygame.K_ESCAPE, Act.CANCEL), (pygame.K_u, Act.UNDO), (pygame.K_h, Act.HINT),
    (pygame.K_n, Act.NEW_DEAL), (pygame.K_f, Act.AUTOCOMPLETE), (pygame.K_F11, Act.FULLSCREEN),
    (pygame.K_F1, Act.HELP),
])
def test_freecell_keys(key, act):
    assert translate_key("freecell", key, 0).act is act


@pytest.mark.parametrize("key, act", [
    (pygame.K_TAB, Act.FOCUS_NEXT), (pygame.K_RETURN, Act.SELECT), (pygame.K_a, Act.AUTO_MOVE),
    (pygame.K_d, Act.DEAL), (pygame.K_h, Act.HINT), (pygame.K_z, Act.UNDO), (pygame.K_ESCAPE, Act.CANCEL),
])
def test_spider_keys(key, act):
    assert translate_key("spider", key, 0).act is act


def test_modifiers():
    assert translate_key("freecell", pygame.K_z, pygame.KMOD_LCTRL).act is Act.UNDO
    assert translate_key("spider", pygame.K_RETURN, pygame.KMOD_LALT).act is Act.FULLSCREEN
    assert translate_key("spider", pygame.K_TAB, pygame.KMOD_LSHIFT).act is Act.FOCUS_PREV
    assert translate_key("freecell", pygame.K_u, pygame.KMOD_LCTRL) is None
    assert translate_key("freecell", pygame.K_d, 0) is None  # Spider's deal key means nothing here


def _ev(kind: int, **kw) -> pygame.event.Event:
    return pygame.event.Event(kind, **kw)


def test_gamepad_buttons_and_a_stick_that_does_not_chatter():
    assert translate_controller(_ev(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A), {}).act is Act.SELECT
    assert translate_controller(_ev(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_Y), {}).act is Act.UNDO
    assert translate_controller(_ev(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_START), {}).act is Act.MENU
    stick: dict[int, int] = {}
    axis = pygame.CONTROLLER_AXIS_LEFTX
    pushes = [translate_controller(_ev(pygame.CONTROLLERAXISMOTION, axis=axis, value=v), stick)
              for v in (5000, 25000, 30000, 32000, 25000, 3000, 26000)]
    acts = [a.act for a in pushes if a is not None]
    assert acts == [Act.FOCUS_RIGHT, Act.FOCUS_RIGHT]  # held once, released, pushed again
    up = translate_controller(_ev(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_LEFTY, value=-30000), stick)
    assert up.act is Act.FOCUS_UP
