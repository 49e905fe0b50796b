"""Shared test setup.

Tests marked ``slow`` are exhaustive checks. They run in CI (where the
environment sets ``CI``) and locally with ``--runslow``; a plain local
``pytest`` leaves them out to stay quick.
"""

from __future__ import annotations

import datetime
import functools
import importlib.util
import itertools
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# The suite reads the game's English text whatever this machine's locale is; the
# processes it starts (the CLI, the window) inherit the choice.
os.environ["LANGUAGE"] = "en"

# Where the environment forbids bytecode files (PYTHONDONTWRITEBYTECODE, as on
# machines that keep checkouts free of __pycache__), every test worker and
# every game the tests start would compile the game (and pytest rewrite the
# tests) from source again: a third of a worker's start, a tenth of a
# command's. Keep the compiled files in a folder of their own outside the
# checkout instead; Python checks them against the sources and writes them
# atomically, so workers running at once can share it.
if sys.dont_write_bytecode:
    PYCACHE = Path(tempfile.gettempdir()) / f"solitaire3d-tests-pycache-{os.getuid() if hasattr(os, 'getuid') else 0}"
    sys.dont_write_bytecode = False
    sys.pycache_prefix = str(PYCACHE)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(PYCACHE)

TESTS = Path(__file__).resolve().parent
#: The checkout's root (where ``python -m game`` runs).
ROOT = TESTS.parent
DATA = TESTS / "data"
# Copied from shared/fixtures/ms-deals.txt so the tests stand alone in any checkout.
MS_DEALS = DATA / "ms-deals.txt"


# The property tests (tests/test_*_properties.py) play random legal games drawn by
# Hypothesis. Locally a few dozen games a property keep each file to seconds; CI
# (which sets CI=true: .ci/run) has the time for several times as many. No deadline:
# a game's length, not a slow rule, sets an example's time, and a busy shared
# machine would fail a deadline for nothing.
settings.register_profile("dev", max_examples=40, deadline=None)
settings.register_profile("ci", max_examples=200, deadline=None, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


#: The languages a test that walks every language checks on every run: Russian (the
#: longest words, which cut or overflow first) and Chinese (the widest glyphs, and lines
#: that break between any two characters). English, Korean and Japanese are the slow
#: part of such a matrix: CI checks them all, and most other tests read English anyway.
QUICK_LANGUAGES = ("ru", "zh_CN")


def every_language(*, also: tuple[str, ...] = ()) -> list[object]:
    """Parameters for a test run in each of the game's languages (and ``also``, e.g. the
    pseudo-language): :data:`QUICK_LANGUAGES` and ``also`` on every run, the others
    marked slow, so that CI (which runs the slow tests) walks the whole matrix.

    >>> [getattr(p, "values", (p,))[0] for p in every_language()]
    ['ru', 'zh_CN', 'en', 'ko', 'ja']
    """
    from game.i18n import LANGUAGES

    quick = [*QUICK_LANGUAGES, *also]
    return [*quick, *(pytest.param(code, marks=pytest.mark.slow) for code in LANGUAGES if code not in quick)]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", help="also run the slow exhaustive checks")


#: Modules whose tests wait longest (real X windows idle for seconds, reviews and games in
#: the solver's workers): run first, so that pytest-xdist's workers end together rather
#: than one of them finishing these while the other waits (the files sort late by name).
FIRST = ("test_window_xvfb.py", "test_window_close.py", "test_freecell_review.py", "test_par.py",
         "test_spider_demo.py", "test_bundle.py")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.path.name not in FIRST)  # stable: the order within each part stays
    if config.getoption("--runslow") or os.environ.get("CI"):
        return
    deselected = [item for item in items if "slow" in item.keywords]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = [item for item in items if "slow" not in item.keywords]


@pytest.fixture(scope="session")
def _data_folders(tmp_path_factory) -> Iterator[Path]:
    # Under pytest-xdist every worker has a base temp folder of its own, so
    # the folders of two workers never meet.
    base = tmp_path_factory.mktemp("data")
    return (base / str(n) for n in itertools.count())


@pytest.fixture(autouse=True)
def _own_data_folder(monkeypatch, _data_folders):
    """Each test, and every game it starts, keeps its files in a folder of its own (made when first saved).

    Without this a game started by a test would use the user's real data folder,
    shared by the tests running at once on the other workers.
    """
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(next(_data_folders)))


#: The day every test lives on unless it asks for another (:func:`on_day`): the suite runs
#: the same tests with the same results whatever the machine's date is.
TEST_DAY = datetime.date(2026, 12, 15)


def set_day(monkeypatch: pytest.MonkeyPatch, day: datetime.date) -> None:
    """Let the game's clock (``game.freecell.daily.clock``) say noon of ``day`` in Japan, for
    the rest of the test (the autouse :func:`_fixed_day` puts the system clock back after it)."""
    from game.freecell import daily

    noon = datetime.datetime.combine(day, datetime.time(12, 0), daily.JST)
    monkeypatch.setattr(daily, "clock", lambda: noon)


def move_day(day: datetime.date) -> None:
    """:func:`set_day` for helpers that hold no monkeypatch: the clock is put back all the same
    after the test (the autouse fixture saved the system clock before any test moved it)."""
    from game.freecell import daily

    noon = datetime.datetime.combine(day, datetime.time(12, 0), daily.JST)
    daily.clock = lambda: noon


@pytest.fixture(autouse=True)
def _fixed_day(monkeypatch):
    """Every test lives on :data:`TEST_DAY` (a game it starts in another process keeps the real clock)."""
    set_day(monkeypatch, TEST_DAY)


#: Days a test of the calendar or the challenges runs on: the 1st of a month (a month with no
#: earlier day), the 2nd, the middle, the last day of a short month, and New Year's Eve.
AWKWARD_DAYS = (datetime.date(2027, 3, 1), datetime.date(2026, 12, 2), datetime.date(2026, 12, 15),
                datetime.date(2027, 2, 28), datetime.date(2026, 12, 31))


@pytest.fixture(params=AWKWARD_DAYS, ids=str)
def on_day(request, monkeypatch) -> datetime.date:
    """Run the test once on each of :data:`AWKWARD_DAYS` (the game's clock says that day)."""
    set_day(monkeypatch, request.param)
    return request.param


@pytest.fixture(autouse=True)
def _english():
    """Every test starts in English, and a test that changes the language leaves English behind."""
    from game import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def _text_at_100():
    """Every test starts with text at 100% (Settings -> Text size), and leaves it there."""
    from game.render.camera import set_text_scale

    set_text_scale(1.0)
    yield
    set_text_scale(1.0)


def _load_module(name: str, path: Path):
    # pytest runs with --import-mode=importlib, so tests/ is not on sys.path:
    # load the file once and register it under one shared name.
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def load_reference():
    """The stand-alone FreeCell reference rules (tests/reference_freecell.py) as a module."""
    return _load_module("reference_freecell", TESTS / "reference_freecell.py")


def load_spider_reference():
    """The plain Spider reference rules (tests/test_spider_reference.py) as a module."""
    return _load_module("spider_reference", TESTS / "test_spider_reference.py")


@functools.cache
def egl_available() -> bool:
    """Whether moderngl can open an offscreen (EGL) OpenGL context here; asked once per run."""
    try:
        import moderngl

        moderngl.create_standalone_context(backend="egl").release()  # type: ignore[arg-type]  # the stub types each keyword as a dict
        return True
    except Exception:  # noqa: BLE001  # moderngl/glcontext raise plain Exception when no EGL context can be made
        return False


@pytest.fixture(scope="module")
def ctx():
    """An offscreen moderngl context (EGL) shared by one test module; the test skips without EGL."""
    if not egl_available():
        pytest.skip("no EGL (offscreen OpenGL) on this machine")
    import moderngl

    context = moderngl.create_standalone_context(backend="egl")
    yield context
    context.release()


def run_game(*args: str, stdin: str = "", env: dict[str, str] | None = None,
             timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m game ARGS`` from the checkout, as a user runs it: output captured as text."""
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, input=stdin,
                          check=False, capture_output=True, text=True, timeout=timeout, env={**os.environ, **(env or {})})


def load_tool(name: str):
    """``tools/<name>.py`` as a module (tools/ is not a package)."""
    return _load_module(name, TESTS.parent / "tools" / f"{name}.py")


@pytest.fixture
def play_for(tmp_path):
    """Make ``Play`` controllers on a NullHost with a fake clock and these settings (live check off); closed after the test."""
    from fake_time import FakeTime

    from game.play import NullHost, Play
    from game.store import Store

    made: list[Play] = []

    def make(game: str = "freecell", number: int | None = 1, suits: int = 1, **settings) -> Play:
        store = Store(str(tmp_path / "data"))
        base = {"live_winnability": False, "find_par": False}
        base.update(settings)
        store.save("settings", base)
        p = Play(NullHost(), game, number, suits, now=FakeTime(), store=store)
        made.append(p)
        return p

    yield make
    for p in made:
        p.close()


@pytest.fixture
def offscreen_window(monkeypatch) -> None:
    """SDL's offscreen driver for the test: a real OpenGL window through EGL, no X
    server, no sound card (set per test, so no other test or subprocess inherits it).

    A module that drew without a window (SDL's dummy driver, which some modules set
    for their pygame surfaces) may have left SDL's video started on that driver in
    this process, and pytest-xdist runs modules in any order: start it again."""
    import pygame

    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    if pygame.display.get_init() and pygame.display.get_driver() != "offscreen":
        pygame.display.quit()


@pytest.fixture
def quick_review(monkeypatch):
    """The review's searches (each position's, and par's when no par line is given: the
    table's and the worker's alike) with small budgets and no clock, for tests of the
    review's flow on the table rather than of how short its lines are: some 0.4 s a
    search in place of 1.5 s (par's 10 s), and the same lines however busy the machine."""
    from game import limits
    from game.solver import service
    from game.solver.answers import Ask

    monkeypatch.setitem(service.LIMITS, Ask.PAR, limits.Limit(20_000, None))
    monkeypatch.setitem(service.LIMITS, Ask.REVIEW, limits.Limit(10_000, None))


def settings_panel(settings=None):
    """The Settings screen as the menu opens it, in the language spoken now (``settings``:
    the :class:`game.play.settings.Settings` it shows; the defaults when None)."""
    from game.play.menu import Menu
    from game.play.settings import Settings

    menu = Menu(Settings() if settings is None else settings)
    menu.open()
    menu.choose("settings")
    panel = menu.panel()
    assert panel is not None
    return panel


def play_first_moves(play, n: int = 1) -> None:
    """Play the first legal move ``n`` times, as a player would (FreeCell through the move list)."""
    for _ in range(n):
        move = play.table.position.legal_moves()[0]
        if play.table.game == "freecell":
            play.button(f"play:{move}")
        else:
            play.table.play(move)
            play._events()
