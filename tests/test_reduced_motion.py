"""Reduced motion (issue 60): cards step instead of flying, the win has no leap, the glow holds still.

Under the setting (or the desktop's own "reduce animation", while the player
has not chosen) a move's card is where it lands at once; the automatic cards
and the auto-complete follow one after another as steps; nothing is in the
air between two places, so every frame is true: no card shows in two places
(the real renderer's pixels are those of the table as it is) and the status
line never counts a move whose cards have not appeared yet.
"""

from __future__ import annotations

import subprocess
import threading
import time
from itertools import pairwise
from typing import Any

import pytest
from test_finish_frames import STEP, status_moves, to_autocomplete, to_last_move

from game.freecell.deals import deal
from game.freecell.solver import solve
from game.input.actions import Act, Action
from game.motion import DesktopMotion, ask_gsettings
from game.play.flights import Flights
from game.play.settings import Settings
from game.render.layout import CardTransform

SIZE = (1280, 720)


def calm_play(play_for: Any, *args: Any, **settings: Any) -> Any:
    return play_for(*args, reduced_motion=True, **settings)


def flown(play: Any) -> list[float]:
    """The durations of every flight scheduled now (a step has none)."""
    return [f.duration for f in play.table.flights.items.values()]


class Frames:
    """Frames of a reduced-motion table, each checked: every card drawn once, at a place
    it rests (where it was, or where it lands: never between), and the move count behind
    any card still to appear."""

    def __init__(self, play: Any) -> None:
        self.play = play
        self.frames: list[Any] = []

    def look(self) -> Any:
        play = self.play
        frame = play.frame(SIZE)
        n = len(self.frames)
        self.frames.append(frame)
        cards = frame.shown.cards
        assert len({int(c.card) for c in cards}) == len(cards) == 52, (n, "a card shows twice")
        now = play.env.anim_time
        waiting = 0
        for c in cards:
            if not c.in_flight:
                continue
            f = play.table.flights.items[int(c.card)]
            assert f.duration == 0.0 and now < f.lands, (n, str(c.card), "flies")
            leg = f.leg(now)
            # The card waits where its step starts: exactly there, not part of the way.
            assert (c.x, c.y, c.z) == (leg.start.x, leg.start.y, leg.start.z), (n, str(c.card))
            waiting += 1
        assert not frame.celebrating, (n, "the win leaps")
        assert all(f.kind == "move" for f in play.table.flights.items.values())
        if waiting and play.table.session.moves:  # (a fresh deal's cards are no move)
            # The counts follow the cards: a move whose cards wait is not counted yet.
            assert status_moves(frame.status) < play.table.session.moves, (n, frame.status)
        if len(self.frames) > 1:
            assert status_moves(frame.status) >= status_moves(self.frames[-2].status), n
        return frame

    def run(self, seconds: float) -> None:
        for _ in range(int(seconds / STEP)):
            self.play.update(STEP)
            self.look()
            if self.frames[-1].panel is not None:
                return


def test_a_reduced_flight_is_a_step_that_waits_its_turn():
    calm = Flights(reduced=lambda: True)
    a, b = CardTransform(0.0, 0.0, 0.0), CardTransform(5.0, 2.0, 0.0)
    calm.add("now", a, b, t0=1.0, duration=0.24, lift=0.35)
    calm.add("later", a, b, t0=1.5, duration=0.24, lift=0.35)
    calm.add("king", a, b, t0=1.0, duration=0.9, lift=1.2, kind="celebration")
    assert "king" not in calm.items  # no celebration leap
    assert calm.at(1.0) == {"later": a}  # "now" is where it lands; "later" waits where it was
    assert calm.at(1.49) == {"later": a} and calm.at(1.5) == {}
    assert calm.moving(1.2) and calm.last_landing() == 1.5
    # A player's card steps to where it was put, waits there, then steps home.
    stop = CardTransform(3.0, 1.0, 0.0)
    calm.via("later", stop, t0=1.0, duration=0.24, lift=0.35)
    assert calm.at(0.9)["later"] == a and calm.at(1.2)["later"] == stop and "later" not in calm.at(1.5)
    # The setting is read at each new flight: off again, cards fly.
    moving = Flights(reduced=lambda: False)
    moving.add("x", a, b, t0=0.0, duration=0.24, lift=0.35)
    assert 0.0 < moving.at(0.12)["x"].x < 5.0


def test_a_move_shows_where_it_lands_at_once_and_is_counted_then(play_for):
    play = calm_play(play_for, "freecell", 1, auto_moves="off")
    assert play.env.reduced_motion
    play.update(STEP)
    # The fresh deal appears card by card (steps, one after another), none in the air.
    frames = Frames(play)
    frames.run(3.0)
    assert not play.busy
    first = solve(deal(1, auto_foundation="off"), auto="off").player_moves[0]
    play.button(f"play:{first}")
    assert max(flown(play), default=0.0) == 0.0
    frame = frames.look()
    assert not [c for c in frame.shown.cards if c.in_flight]
    rest = {int(c.card): (c.x, c.y, c.z) for c in play.table.layout_now(size=SIZE).cards}
    assert {int(c.card): (c.x, c.y, c.z) for c in frame.shown.cards} == rest
    assert status_moves(frame.status) == 1 == play.table.session.moves
    assert not play.busy


@pytest.mark.parametrize("level", ["safe", "all"])
def test_the_last_move_steps_home_card_by_card_with_no_celebration(play_for, level):
    play, last = to_last_move(lambda *a, **k: calm_play(play_for, *a, **k), 76941, level)
    frames = Frames(play)
    before = status_moves(frames.look().status)
    play.button(f"play:{last}")
    assert play.table.session.won and max(flown(play), default=0.0) == 0.0
    frames.look()
    frames.run(12.0)
    last_frame = frames.frames[-1]
    assert last_frame.panel is not None and last_frame.panel.title == "You won!"
    assert status_moves(last_frame.status) == play.table.session.moves == before + 1
    assert not any(f.celebrating for f in frames.frames)
    assert "win" in play.host.sounds  # the win's sound comes as its last card appears


def test_auto_complete_plays_as_quick_steps(play_for):
    play = to_autocomplete(lambda *a, **k: calm_play(play_for, *a, **k), 13088)
    frames = Frames(play)
    home = frames.look().shown.cards
    play.act(Action(Act.AUTOCOMPLETE))
    assert max(flown(play), default=0.0) == 0.0
    frames.run(20.0)
    counts = [sum(1 for c in f.shown.cards if str(c.kind) == "foundation" and not c.in_flight) for f in frames.frames]
    left = 52 - sum(1 for c in home if str(c.kind) == "foundation")
    assert counts[-1] == 52 and left > 5
    # One card after another, a quick step apart: each frame that changes sends one card home.
    rises = [(n, b - a) for n, (a, b) in enumerate(pairwise(counts)) if b != a]
    assert [d for _, d in rises] == [1] * left
    gaps = {round((b - a) * STEP, 3) for (a, _), (b, _) in pairwise(rises)}
    assert gaps and max(gaps) <= 0.1
    assert frames.frames[-1].panel is not None and not any(f.celebrating for f in frames.frames)


def test_every_rendered_frame_of_a_cascade_shows_each_card_once(play_for, ctx):
    """The real renderer, keeping its last frame and resting layer as the window does, draws
    each frame of a reduced-motion finish with the pixels of a renderer that paints the table
    afresh: no card is left behind where it was (in two places) as it steps home."""
    from game.render.scene import Renderer, View

    size = (640, 400)
    play, last = to_last_move(lambda *a, **k: calm_play(play_for, *a, **k), 76941, "safe")
    r, fresh = Renderer(ctx, size), Renderer(ctx, size)
    r.keeps_frame = True
    try:
        play.button(f"play:{last}")
        seen = 0
        for n in range(int(3.0 / STEP)):
            frame = play.frame(size)
            view = View(frame.shown, list(frame.marks), frame.focus, time=frame.time)
            r.render(view)
            fresh.forget_frame()
            fresh.render(view)
            assert r.read_pixels() == fresh.read_pixels(), f"frame {n}"
            ids = [id(c) for c in r.drawn if hasattr(c, "card")]
            cards = [int(c.card) for c in frame.shown.cards]
            assert len(set(cards)) == len(cards) and len(set(ids)) <= 52
            for c in frame.shown.cards:
                if c.in_flight:  # waiting its turn exactly where its step starts, not on the way
                    start = play.table.flights.items[int(c.card)].leg(play.env.anim_time).start
                    assert (c.x, c.y, c.z) == (start.x, start.y, start.z), (n, str(c.card))
            seen += any(c.in_flight for c in frame.shown.cards)
            if not play.busy:
                break
            play.update(STEP)
        assert seen > 5  # cards were walked waiting their turn, not all landed at once
    finally:
        r.release()
        fresh.release()


def test_the_hint_glow_holds_still(play_for):
    play = calm_play(play_for, "freecell", 1)
    times = set()
    for _ in range(30):
        play.update(STEP)
        times.add(play.frame(SIZE).time)
    assert times == {0.0}
    moving = play_for("freecell", 1, reduced_motion=False)
    for _ in range(3):
        moving.update(STEP)
    assert moving.frame(SIZE).time > 0.0


def test_unset_follows_the_desktop_even_when_its_answer_comes_late(play_for):
    play = play_for("freecell", 1)
    assert Settings.load(play.store).reduced_motion is None and not play.env.reduced_motion
    play.host.reduce_motion = True  # the desktop's answer arrives after the first frame
    play.update(STEP)
    assert play.env.reduced_motion
    # The player's own choice wins over the desktop's.
    chosen = play_for("freecell", 1, reduced_motion=False)
    chosen.host.reduce_motion = True
    chosen.round.apply_settings()
    chosen.update(STEP)
    assert not chosen.env.reduced_motion


def test_the_settings_switch_shows_the_desktops_choice_and_then_the_players(play_for):
    play = play_for("freecell", 1)
    play.host.reduce_motion = True
    play.update(STEP)
    play.menu.open()
    play.carry_out(play.menu.choose("settings"))
    rows = [row for section in play.menu.panel().sections for row in section.rows]
    row = next(r for r in rows if r.label == "Reduced motion")
    buttons = play.menu.buttons()
    assert buttons[row.buttons[0]].label == "On" and row.note == "As your desktop asks"
    play.carry_out(play.menu.choose("set-reduced_motion"))
    assert not play.env.reduced_motion and Settings.load(play.store).reduced_motion is False
    play.carry_out(play.menu.choose("set-reduced_motion"))
    assert play.env.reduced_motion and Settings.load(play.store).reduced_motion is True
    # Taking effect at once: the next move steps.
    play.menu.close()
    play.table.flights.land()
    first = solve(deal(1, auto_foundation="safe"), auto="safe").player_moves[0]
    play.button(f"play:{first}")
    assert max(flown(play), default=0.0) == 0.0


def test_the_setting_is_remembered_and_checked():
    for value in (None, True, False):
        assert Settings.from_dict(Settings(reduced_motion=value).to_dict()).reduced_motion is value
    st, bad = Settings.checked({"reduced_motion": "yes"})
    assert st.reduced_motion is None and bad == ["reduced_motion must be true or false, not 'yes'"]


def test_the_desktop_is_asked_safely():
    def gone(*args: Any, **kwargs: Any) -> Any:
        raise FileNotFoundError("gsettings")

    def hangs(*args: Any, **kwargs: Any) -> Any:
        raise subprocess.TimeoutExpired(args[0], kwargs["timeout"])

    def says(text: str, rc: int = 0) -> Any:
        return lambda *a, **k: subprocess.CompletedProcess(a[0], rc, stdout=text, stderr="")

    assert ask_gsettings(gone) is None and ask_gsettings(hangs) is None
    assert ask_gsettings(says("false\n")) is True and ask_gsettings(says("true\n")) is False
    assert ask_gsettings(says("", 1)) is None
    asked = []
    assert ask_gsettings(lambda *a, **k: asked.append(a), platform="win32") is None and not asked
    # The question never holds up the game: the answer is "none yet" until it comes.
    release = threading.Event()
    desktop = DesktopMotion(ask=lambda: release.wait(10.0))
    start = time.monotonic()
    assert desktop.answer() is None and time.monotonic() - start < 0.5
    release.set()
    desktop.wait(5.0)
    assert desktop.answer() is True
    broken = DesktopMotion(ask=lambda: 1 / 0)
    broken.start()
    broken.wait(5.0)
    assert broken.answer() is None


def test_spiders_finished_set_steps_off_with_the_ace_first_put_where_it_was_played(play_for):
    from spider_helpers import build

    from game.places import PileKind
    from game.spider.moves import Move as SpiderMove

    play = calm_play(play_for, "spider", 1, 1)
    play.table.flights.land()
    session = play.table.session
    session.position = build({1: "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 2: "AS"}, removed="SSSSSSS", suits=1)
    play.update(STEP)
    two = next(c for c in play.frame(SIZE).shown.cards if c.key == (PileKind.COLUMN, 0, 11))
    assert play.table.play(SpiderMove.of(1, 0, 1))
    play.round.events()
    assert session.won and max(flown(play), default=0.0) == 0.0
    aces, removed_counts = [], []
    for _ in range(int(5.0 / STEP)):
        play.update(STEP)
        frame = play.frame(SIZE)
        keys = [c.key for c in frame.shown.cards]
        assert len(keys) == len(set(keys)) and not frame.celebrating
        aces += [c for c in frame.shown.cards if c.key == (PileKind.REMOVED, 7, 0)]
        removed_counts.append(sum(1 for c in frame.shown.cards if c.kind is PileKind.REMOVED and c.pile == 7
                                  and not c.in_flight))
        if frame.panel is not None:
            break
    assert frame.panel is not None and frame.panel.title == "You won!"
    # The ace was first shown on the 2♠ where it was played (a step, not a flight), then the set
    # stepped off card by card.
    assert any(abs(c.x - two.x) < 1e-6 and c.y < two.y and c.in_flight for c in aces)
    assert len({n for n in removed_counts if 0 < n < 13}) > 5
    assert "win" in play.host.sounds
