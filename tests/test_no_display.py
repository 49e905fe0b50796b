"""No display -> the terminal game, decided before any window is made (issue 14, item 7)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import ROOT

from game.commands.display import no_display_reason


def _headless_env() -> dict[str, str]:
    # Other test modules may have put SDL_VIDEODRIVER into this process's
    # environment: the child must see a plain player's environment.
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["SDL_AUDIODRIVER"] = "dummy"
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY decides only on Linux")
def test_no_display_and_stdin_at_eof_plays_in_the_terminal_and_ends():
    try:
        out = subprocess.run([sys.executable, "-m", "game"], cwd=ROOT, stdin=subprocess.DEVNULL,
                             check=False, capture_output=True, text=True, timeout=60, env=_headless_env())
    except subprocess.TimeoutExpired:  # the old behaviour: an invisible window, forever
        pytest.fail("solitaire with no display did not end at end of input")
    assert out.returncode == 0, out.stderr
    notices = [line for line in out.stderr.splitlines() if "no display" in line]
    assert notices == ["solitaire: no display: playing in the terminal (no DISPLAY or WAYLAND_DISPLAY is set)"]
    assert "Traceback" not in out.stderr
    assert "FreeCell in the terminal" in out.stdout and "Deal #" in out.stdout


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY decides only on Linux")
def test_spider_with_no_display_says_why_in_one_line():
    out = subprocess.run([sys.executable, "-m", "game", "play", "spider"], cwd=ROOT,
                         stdin=subprocess.DEVNULL, check=False, capture_output=True, text=True, timeout=60,
                         env=_headless_env())
    assert out.returncode == 1
    assert out.stderr.strip().splitlines() == [
        "solitaire: no display (no DISPLAY or WAYLAND_DISPLAY is set); Spider needs a window"]


@pytest.mark.parametrize("driver", ["offscreen", "dummy", "x11"])
def test_a_driver_the_user_chose_is_honoured(driver):
    # Even a headless driver opens the window path when asked for by name:
    # tests and tools render off screen on purpose.
    assert no_display_reason({"SDL_VIDEODRIVER": driver}, "linux",
                             driver=lambda: pytest.fail("SDL must not be asked")) is None


@pytest.mark.parametrize("env", [{}, {"DISPLAY": ""}, {"WAYLAND_DISPLAY": ""}, {"SDL_VIDEODRIVER": " "}])
def test_linux_without_a_display_variable_has_no_display(env):
    assert no_display_reason(env, "linux", driver=lambda: "x11") == "no DISPLAY or WAYLAND_DISPLAY is set"


@pytest.mark.parametrize("name", ["offscreen", "dummy", "OFFSCREEN"])
@pytest.mark.parametrize("env,platform", [({"DISPLAY": ":0"}, "linux"), ({"WAYLAND_DISPLAY": "wayland-0"}, "linux"),
                                          ({}, "win32"), ({}, "darwin")])
def test_a_headless_driver_sdl_would_pick_means_no_display(name, env, platform):
    assert no_display_reason(env, platform, driver=lambda: name) == f"SDL's video driver would be {name}"


@pytest.mark.parametrize("env,platform,name", [({"DISPLAY": ":0"}, "linux", "x11"),
                                               ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", "wayland"),
                                               ({}, "win32", "windows"), ({}, "darwin", "cocoa")])
def test_a_real_driver_means_a_window(env, platform, name):
    assert no_display_reason(env, platform, driver=lambda: name) is None


def test_no_working_video_driver_is_no_display():
    def broken() -> str:
        raise RuntimeError("No available video device")

    assert no_display_reason({"DISPLAY": ":0"}, "linux", driver=broken) == \
        "no video driver works (No available video device)"
