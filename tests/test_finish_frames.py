"""Every frame of a won game's finish is true (issue 27, point 1).

The last move of a won FreeCell game is walked frame by frame: Play.update
with a fake clock, Play.frame(size) read after each step. At every frame no
card shows on a foundation over a card still on its way there, no card jumps
(a flight goes on from where it is, a resize included), the status line's
move count and the control bar follow the landings, "Won" is said and the
bar turns to its won state only after the last landing, and the
celebration starts only then (and the result panel after it).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from game.freecell.deals import deal
from game.freecell.solver import solve
from game.input.actions import Act, Action
from game.input.pointer import Click
from game.places import PileKind

STEP = 1 / 120
#: How far (table units) a card may travel between two frames STEP apart: a
#: flight across the whole table takes 0.24 s; a jump home is many card widths.
MOST_PER_FRAME = 1.2


def to_last_move(play_for: Any, number: int, level: str) -> tuple[Any, Any]:
    """Deal ``number`` at automatic level ``level``, played (and landed) up to its last player move."""
    play = play_for("freecell", number, auto_moves=level)
    line = solve(deal(number, auto_foundation=level), auto=level).player_moves
    for move in line[:-1]:
        play.button(f"play:{move}")
        play.table.flights.land()
        play.update(STEP)
    assert not play.table.session.won
    return play, line[-1]


def to_autocomplete(play_for: Any, number: int) -> Any:
    """Deal ``number`` at level off, played up to where F (auto-complete) may take over."""
    play = play_for("freecell", number, auto_moves="off")
    for move in solve(deal(number, auto_foundation="off"), auto="off").player_moves:
        if play.table.position.can_autocomplete():
            break
        play.button(f"play:{move}")
        play.table.flights.land()
        play.update(STEP)
    assert play.table.position.can_autocomplete() and not play.table.session.won
    return play


def status_moves(status: str) -> int:
    found = re.search(r"(\d+) moves?\b", status)
    assert found, status
    return int(found.group(1))


def won_bar(frame: Any) -> bool:
    """The control bar in its won state: Hint is off and New deal takes the third place."""
    by = {str(b.action): b for b in frame.buttons}
    return not by["hint"].enabled and "new" in by


class Walk:
    """The frames of a finish, with what each one must hold."""

    def __init__(self, play: Any, size: tuple[int, int]) -> None:
        self.play = play
        self.size = size
        self.before = status_moves(play.frame(size).status)
        self.frames: list[Any] = []
        self.last_seen: dict[Any, tuple[float, float, float]] = {}
        self.landed_at: int | None = None  # the first frame with nothing on its way
        self.celebration_at: int | None = None
        self.jump_ok = False

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.play.update(STEP)
            self.look()

    def look(self) -> None:
        frame = self.play.frame(self.size)
        n = len(self.frames)
        self.frames.append(frame)
        cards = frame.shown.cards
        moving = {int(c.card) for c in cards if c.in_flight and int(c.card) not in frame.celebrating}
        # A card on a foundation shows only once every card under it has landed.
        for c in cards:
            if c.kind is PileKind.FOUNDATION and not c.hidden and not c.in_flight:
                under = [int(d.card) for d in cards if d.kind is PileKind.FOUNDATION
                         and d.pile == c.pile and d.index < c.index]
                assert not moving.intersection(under), (n, str(c.card), "shows over a card still flying")
        # No card jumps: each goes on from where the last frame drew it.
        for c in cards:
            here = (c.x, c.y, c.z)
            seen = self.last_seen.get(int(c.card))
            if seen is not None and not self.jump_ok:
                far = max(abs(a - b) for a, b in zip(here, seen))
                assert far <= MOST_PER_FRAME, (n, str(c.card), far)
            self.last_seen[int(c.card)] = here
        self.jump_ok = False
        shown = status_moves(frame.status)
        if moving:
            assert self.landed_at is None, (n, "a card flies again after the last landing")
            assert not frame.celebrating, (n, "the celebration starts before the last landing")
            assert not frame.message.startswith("Won"), (n, frame.message)
            assert not won_bar(frame), (n, "the bar is won before the last landing")
            assert frame.panel is None
        elif self.landed_at is None and self.play.table.session.won:
            self.landed_at = n  # the last landing of the finish
        if frame.celebrating and self.celebration_at is None:
            self.celebration_at = n
        # The counts follow the landings: never back, never ahead.
        if len(self.frames) > 1:
            assert shown >= status_moves(self.frames[-2].status), n
        if self.landed_at is None:
            assert shown < self.play.table.session.moves or not moving, (n, frame.status)

    def finish(self, most: float = 12.0) -> None:
        """Step until the result panel is up, then check the ending."""
        for _ in range(int(most / STEP)):
            if self.frames and self.frames[-1].panel is not None:
                break
            self.step()
        session = self.play.table.session
        last = self.frames[-1]
        assert session.won and self.landed_at is not None
        assert self.celebration_at is not None and self.celebration_at >= self.landed_at
        assert last.panel is not None and last.panel.title == "You won!"
        assert status_moves(last.status) == session.moves and won_bar(last)
        landed = self.frames[self.landed_at]
        assert landed.message.startswith("Won") and won_bar(landed)
        assert all(c.kind is PileKind.FOUNDATION for c in last.shown.cards)
        # Before the move's cards landed, the status counted the moves from before it.
        assert status_moves(self.frames[0].status) == self.before


@pytest.mark.parametrize("level", ["off", "safe", "all"])
def test_the_last_move_of_a_won_deal_lands_before_the_win_shows(play_for, level):
    play, last = to_last_move(play_for, 76941, level)
    walk = Walk(play, (1280, 720))
    play.button(f"play:{last}")
    walk.look()
    assert play.table.session.won  # the rules know at once; the table shows it as it lands
    walk.finish()


def test_auto_complete_lands_card_by_card_and_the_kings_keep_their_flights(play_for):
    play = to_autocomplete(play_for, 13088)
    walk = Walk(play, (1280, 720))
    play.act(Action(Act.AUTOCOMPLETE))
    walk.look()
    walk.step(int(0.08 / STEP) + 1)
    # 80 ms after F: one or two cards are on their way, none has landed yet.
    assert status_moves(walk.frames[-1].status) == walk.before
    walk.finish(most=20.0)


def test_a_click_during_the_finish_lands_everything_at_once(play_for):
    play, last = to_last_move(play_for, 76941, "safe")
    walk = Walk(play, (1280, 720))
    play.button(f"play:{last}")
    walk.look()
    walk.step(6)
    assert play.table.flights.moving(play.env.anim_time)
    assert play.press()
    play.release(Click(None, False))
    walk.jump_ok = True  # the click lands every card where it rests
    walk.look()
    assert walk.landed_at == len(walk.frames) - 1
    walk.finish()


def test_a_click_during_an_auto_complete_lands_it(play_for):
    play = to_autocomplete(play_for, 13088)
    walk = Walk(play, (1280, 720))
    play.act(Action(Act.AUTOCOMPLETE))
    walk.step(20)
    assert play.table.cascading
    play.press()
    play.release(Click(None, False))
    walk.jump_ok = True
    walk.look()
    assert play.table.session.won and walk.landed_at == len(walk.frames) - 1
    walk.finish()


@pytest.mark.parametrize("flow", ["safe", "autocomplete"])
def test_a_rotation_mid_finish_keeps_every_frame_true(play_for, flow):
    if flow == "safe":
        play, last = to_last_move(play_for, 76941, "safe")
        walk = Walk(play, (1280, 720))
        play.button(f"play:{last}")
    else:
        play = to_autocomplete(play_for, 13088)
        walk = Walk(play, (1280, 720))
        play.act(Action(Act.AUTOCOMPLETE))
    walk.look()
    walk.step(int(0.3 / STEP))
    assert play.table.flights.moving(play.env.anim_time)
    play.host.size = walk.size = (720, 1280)  # the window turns to portrait mid-finish
    walk.jump_ok = True  # the whole table is laid out anew; the cards in the air go on from there
    walk.step()
    walk.finish(most=20.0)
    # Every card came to rest where the portrait table puts it.
    rest = {int(c.card): (c.x, c.y) for c in play.table.layout_now().cards}
    for c in walk.frames[walk.landed_at].shown.cards:
        if not c.in_flight:
            assert rest[int(c.card)] == pytest.approx((c.x, c.y))


def test_a_hint_to_the_foundation_lights_the_foundation(play_for):
    from game.freecell.hints import Hint, HintKind
    from game.freecell.moves import HOME, Move

    play, last = to_last_move(play_for, 76941, "off")
    assert last.dest == HOME
    table = play.table
    table._show_hint(Hint(0, HintKind.WIN, last, 1, 1, 0.0))
    card = table.position.columns[last.source][-1] if last.source < 8 else table.position.cells[last.source - 8]
    kinds = {(m.kind, m.pile) for m in table.hint_marks}
    assert (PileKind.FOUNDATION, int(card) % 4) in kinds
    assert len(table.hint_marks) == 2 and Move.of(last.source, HOME, 1) == last


def test_spiders_last_set_lands_before_the_win_shows(play_for):
    from spider_helpers import build

    from game.spider.moves import Move as SpiderMove

    play = play_for("spider", 1, 1)
    play.table.flights.land()
    session = play.table.session
    session.position = build({1: "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 2: "AS"}, removed="SSSSSSS", suits=1)
    play.update(STEP)
    assert not session.won
    frames: list[Any] = []
    assert play.table.play(SpiderMove.of(1, 0, 1))
    play.round.events()  # what the controller does after each input: the record, the celebration due
    assert session.won
    landed = celebrated = None
    for n in range(int(12 / STEP)):
        play.update(STEP)
        frame = play.frame((1280, 720))
        frames.append(frame)
        flying = [c for c in frame.shown.cards if c.in_flight and c.key not in frame.celebrating]
        if flying:
            assert landed is None and not frame.celebrating and frame.panel is None
            assert not frame.message.startswith("Won") and "1 move" not in frame.status
        elif landed is None:
            landed = n
        if frame.celebrating and celebrated is None:
            celebrated = n
        if frame.panel is not None:
            break
    # The ace first lands where it was put, on the 2♠, and waits there for the set to fly off.
    two = next(c for c in frames[0].shown.cards if c.key == (PileKind.REMOVED, 7, 1))
    aces = [c for f in frames for c in f.shown.cards if c.key == (PileKind.REMOVED, 7, 0)]
    assert any(abs(c.x - two.x) < 1e-6 and c.y < two.y for c in aces)
    # The set's place shows nothing until its first card (the king) lands there.
    assert not [c for c in frames[0].shown.cards if c.kind is PileKind.REMOVED and c.pile == 7 and not c.in_flight]
    assert landed is not None and landed > 10  # the set's thirteen cards flew home one after another
    assert celebrated is not None and landed <= celebrated
    assert frames[landed].message.startswith("Won") and frames[-1].panel.title == "You won!"


def test_the_move_count_follows_each_move_as_it_lands(play_for):
    """A fresh deal (still flying out), a move, a second move before the first has
    landed (it lands the first at once): the count shows each as its cards land."""
    play = play_for("freecell", 1, auto_moves="off")
    first, second = solve(deal(1, auto_foundation="off"), auto="off").player_moves[:2]
    assert play.busy  # the deal flies out
    play.button(f"play:{first}")
    play.update(STEP)
    assert play.table.flights.moving(play.env.anim_time)
    assert status_moves(play.frame().status) == 0
    play.button(f"play:{second}")  # the first move's cards land; the second's fly
    play.update(STEP)
    assert play.table.flights.moving(play.env.anim_time)
    assert status_moves(play.frame().status) == 1
    for _ in range(int(1 / STEP)):
        play.update(STEP)
    assert status_moves(play.frame().status) == 2 == play.table.session.moves


def test_the_players_card_lands_where_it_was_put_before_going_home(play_for):
    """Deal 76941's last move puts 10♦ on an empty column; it then goes home by itself.
    The player sees it land there and wait for its turn, not fly straight home."""
    from game.render.layout import layout

    play, last = to_last_move(play_for, 76941, "safe")
    put = play.table.position.copy(stack=False)
    put.push(last, auto=False)
    card = put.columns[last.dest][-1]
    there = next(p for p in layout(put, 1280, 720).cards if p.card == card)
    walk = Walk(play, (1280, 720))
    play.button(f"play:{last}")
    walk.step(int(0.5 / STEP))
    seen = [c for f in walk.frames for c in f.shown.cards if c.card == card]
    assert any(abs(c.x - there.x) < 1e-6 and abs(c.y - there.y) < 1e-6 for c in seen)
    walk.finish()
    assert [c.kind for c in walk.frames[-1].shown.cards if c.card == card] == [PileKind.FOUNDATION]


def test_undo_while_the_winning_cards_fly_is_refused_and_the_win_counts_once(play_for):
    from game.stats import Statistics

    play, last = to_last_move(play_for, 76941, "safe")
    play.button(f"play:{last}")
    play.update(STEP)
    frame = play.frame()
    assert play.table.flights.moving(play.env.anim_time) and not won_bar(frame)
    undo = {str(b.action): b for b in frame.buttons}["undo"]
    assert not undo.enabled  # the win is counted as it is made: it cannot be taken back
    play.act(Action(Act.UNDO))  # the key lands every card first: the win shows, and stays
    assert play.table.session.won and play.message.startswith("Won")
    play.act(Action(Act.UNDO))
    assert play.table.session.won and play.message == "The game is won: nothing to undo"
    stats = Statistics.load(play.store)["freecell"]
    assert stats.played == 1 and stats.won == 1


def _won_just_now(play_for: Any, game: str) -> Any:
    """A game whose winning move has just been made (its cards still to land)."""
    if game == "freecell":
        play, last = to_last_move(play_for, 76941, "all")
        play.button(f"play:{last}")
    else:
        from spider_helpers import build

        from game.spider import Move as SpiderMove

        play = play_for("spider", 1, 1)
        play.table.flights.land()
        play.table.session.position = build({1: "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 2: "AS"},
                                            removed="SSSSSSS", suits=1)
        play.update(STEP)
        assert play.table.play(SpiderMove.of(1, 0, 1))
    play.round.events()
    assert play.table.session.won
    return play


@pytest.mark.parametrize("game", ["freecell", "spider"])
@pytest.mark.parametrize("size", [(1280, 720), (720, 1280), (2560, 1080), (800, 600)])
def test_the_celebrating_kings_stay_inside_the_window(play_for, game, size):
    """The kings leap towards the viewer from the top row; in the perspective a lifted
    card leans out past the window's top edge unless its leap drifts down the table."""
    from game.render.camera import Camera

    play = _won_just_now(play_for, game)
    width, height = size
    seen = 0
    for _ in range(int(12 / STEP)):
        play.update(STEP)
        frame = play.frame(size)
        lay = frame.shown
        cam = Camera.frame(lay.rect, width, height)
        for c in lay.cards:
            if c.in_flight and play.table.card_key(c) in frame.celebrating:
                x, y, w, h = cam.box(c.x, c.y, c.z, c.yaw)
                assert x >= 0 and y >= 0 and x + w <= width and y + h <= height, (c.key, (x, y, w, h))
                seen += 1
        if frame.panel is not None:
            break
    assert seen > 50  # the celebration was walked, not skipped
