"""Issue 20: the last move outlined, and the left-handed table (through the
controller, no window: the marks, the focus order, the settings)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.cards import Card
from game.freecell import HOME, deal
from game.freecell.solver import solve
from game.input import Act, Action
from game.input.pointer import Click
from game.play import Play
from game.play.menu import Settings
from game.render.layout import PileKind
from game.render.picking import Pick
from game.spider import Move as SpiderMove
from game.spider import Position as SpiderPosition

#: What Renderer.frame_data reads of a renderer (it draws nothing): the usual look.
NO_GL = SimpleNamespace(contrast=False)


@pytest.fixture
def play_for(play_for):
    """The shared controller maker (conftest), with cards landing at once."""
    def make(game: str = "freecell", number: int | None = 1, suits: int = 1, **settings) -> Play:
        return play_for(game, number, suits, **{"animation_speed": "instant", **settings})

    return make


def outlined(play: Play) -> set[tuple[str, int, int]]:
    """The place keys of the cards the table's marks outline as the last move."""
    table = play.table
    lay = table.layout_now()
    marks = [m for m in table.marks() if m.style == "last"]
    out = set()
    for c in lay.cards:
        for m in marks:
            if (m.kind, m.pile) == (str(c.kind), c.pile) and m.covers(c.index):
                out.add((str(c.kind), c.pile, c.index))
    return out


def top(table, column: int) -> Pick:
    """A click on the top card of ``column``."""
    col = table.position.columns[column]
    return Pick(PileKind.COLUMN, column, len(col) - 1, col[-1])


def freecell_places(pos) -> dict[int, tuple[str, int, int]]:
    """Where each card is, read from the position itself (not the layout)."""
    out: dict[int, tuple[str, int, int]] = {}
    for i, col in enumerate(pos.columns):
        for j, c in enumerate(col):
            out[int(c)] = ("column", i, j)
    for i, c in enumerate(pos.cells):
        if c is not None:
            out[int(c)] = ("cell", i, 0)
    for s in range(4):
        for r in range(pos.foundations[s]):
            out[r * 4 + s] = ("foundation", s, r)
    return out


def changed(before: dict[int, tuple[str, int, int]], after: dict[int, tuple[str, int, int]]) -> set:
    return {after[c] for c in after if before.get(c) is None or before[c][:2] != after[c][:2]}


# --- the last move's outline ------------------------------------------------------------


def test_every_move_and_every_automatic_card_is_outlined_where_it_landed(play_for):
    play = play_for("freecell", 617)
    table = play.table
    assert outlined(play) == set()
    autos_seen = 0
    for move in solve(deal(617, auto_foundation=True)).player_moves[:40]:
        before = freecell_places(table.position)
        assert table.play(table.position.parse_move(str(move)))
        after = freecell_places(table.position)
        expected = changed(before, after)
        assert outlined(play) == expected, str(move)
        # more cards went home than the move itself sent: automatic ones, outlined too
        autos_seen += sum(k[0] == "foundation" for k in expected) > (move.dest == HOME)
    assert autos_seen, "the line never sent a card home automatically"


def test_the_outline_lasts_until_the_next_action_and_the_setting_hides_it(play_for):
    play = play_for("freecell", 1)
    table = play.table
    play.act(Action(Act.FOCUS_LEFT))
    play.release(Click(top(table, 2), False))
    play.release(Click(Pick("cell", 0, None, None), False))
    assert outlined(play) == {("cell", 0, 0)}
    # moving the focus is looking, not acting: the outline stays
    for act in (Act.FOCUS_LEFT, Act.FOCUS_DOWN, Act.FOCUS_UP, Act.FOCUS_NEXT):
        play.act(Action(act))
    assert outlined(play) == {("cell", 0, 0)}
    play.act(Action(Act.SELECT))  # Enter: an action (it selects the focused card)
    assert outlined(play) == set() and table.selection is not None
    play.act(Action(Act.CANCEL))
    # a click (selecting a card) ends it too
    play.release(Click(top(table, 3), False))
    play.release(Click(Pick("cell", 1, None, None), False))
    assert outlined(play) == {("cell", 1, 0)}
    play.release(Click(top(table, 0), False))
    assert outlined(play) == set() and table.selection is not None
    play.act(Action(Act.CANCEL))
    # a drop that moves nothing ends it; a move draws the new one
    play.release(Click(top(table, 4), False))
    play.release(Click(Pick("cell", 2, None, None), False))
    assert outlined(play)
    play.move(("cell", 2, 0))
    play.release(target=None)  # let go over the felt: nothing moves
    assert outlined(play) == set()
    # the setting off: no outline is drawn (the move is still remembered)
    play.release(Click(top(table, 5), False))
    play.release(Click(Pick("cell", 3, None, None), False))
    play.settings.last_move_outline = False
    play.round.apply_settings()
    assert outlined(play) == set()
    play.settings.last_move_outline = True
    play.round.apply_settings()
    assert outlined(play) == {("cell", 3, 0)}


def test_undo_outlines_the_cards_it_moved_back(play_for):
    play = play_for("freecell", 617)
    table = play.table
    line = solve(deal(617, auto_foundation=True)).player_moves
    for move in line[:12]:
        assert table.play(table.position.parse_move(str(move)))
    before = freecell_places(table.position)
    play.act(Action(Act.UNDO))
    after = freecell_places(table.position)
    assert outlined(play) == changed(before, after) and outlined(play)
    play.act(Action(Act.UNDO))  # a second undo replaces the first's outline
    assert outlined(play) == changed(after, freecell_places(table.position))


def test_a_card_in_flight_is_not_outlined_until_it_lands(play_for):
    play = play_for("freecell", 1, animation_speed="normal")
    table = play.table
    table.flights.land()
    play.release(Click(top(table, 2), False))
    play.release(Click(Pick("cell", 0, None, None), False))
    lay = table.layout_now(table.overrides())
    flying = [c for c in lay.cards if c.in_flight]
    assert [(str(c.kind), c.pile) for c in flying] == [("cell", 0)]
    # the renderer outlines cards at rest only: the mark covers the flying card's
    # place, and nothing at rest there (the cell was empty) carries it
    from game.render.scene import Renderer

    fr = Renderer.frame_data(NO_GL, _view(lay, table.marks()))  # type: ignore[arg-type]
    assert len(fr.lit) == 0 and len(fr.slots) == 0
    table.env.anim_time += 5.0
    lay = table.layout_now(table.overrides())
    fr = Renderer.frame_data(NO_GL, _view(lay, table.marks()))  # type: ignore[arg-type]
    assert len(fr.lit) == 12 and fr.lit[8:11].tolist() == pytest.approx(_last_colour())


def _view(lay, marks):
    from game.render.scene import View

    return View(lay, marks)


def _last_colour():
    from game.render import theme

    return list(theme.LAST_MOVE[:3])


def test_spider_outlines_a_deal_a_move_and_a_completed_suit(play_for):
    play = play_for("spider", 1, 1)
    table = play.table
    n = [len(c) for c in table.position.columns]
    play.act(Action(Act.DEAL))
    assert outlined(play) == {("column", i, n[i]) for i in range(10)}
    # a completed suit: the thirteen cards outlined on their removed-set place
    run = [Card.make(r, 3) for r in range(13, 1, -1)]
    rest = [Card.make(r, 3) for r in range(1, 14) for _ in range(8)]
    for c in run + [Card.make(1, 3)]:
        rest.remove(c)
    cols = [run, [Card.make(1, 3)]] + [rest[i::8] for i in range(8)]
    table.session.position = SpiderPosition(cols, [0, 0] + [len(c) - 1 for c in cols[2:]], [], [])
    before = {p.key: p for p in table.layout_now().cards}
    play.env.speed = 1.0
    table.play(SpiderMove.of(1, 0, 1))
    assert outlined(play) == {("removed", 0, r) for r in range(13)}
    # Each card of the set flies from where it lay: the king from the bottom of
    # column 1, the ace from column 2 (first onto the 2, where it was put), king
    # first (r = 12 is the king's place).
    starts = {k[2]: ((f.first or f).start.x, (f.first or f).start.y)
              for k, f in table.flights.items.items() if k[0] == "removed"}
    assert len(starts) == 13
    assert starts[12] == pytest.approx((before[("column", 0, 0)].x, before[("column", 0, 0)].y))
    assert starts[0] == pytest.approx((before[("column", 1, 0)].x, before[("column", 1, 0)].y))
    t0 = {k[2]: f.t0 for k, f in table.flights.items.items() if k[0] == "removed"}
    assert sorted(t0, key=t0.get) == list(range(12, -1, -1))
    # undo: the set goes back to its column and the ace to where it was
    play.act(Action(Act.UNDO))
    assert outlined(play) == {("column", 1, 0)} | {("column", 0, i) for i in range(12)}


# --- the left-handed table: the focus follows what the player sees ---------------------------


@pytest.mark.parametrize("left", (False, True), ids=("right-handed", "left-handed"))
@pytest.mark.parametrize("game", ("freecell", "spider"))
def test_the_focus_moves_as_the_table_is_drawn(play_for, game, left):
    play = play_for(game, 1, 1, left_handed=left)
    table = play.table
    assert table.env.left_handed is left
    lay = table.layout_now()
    places = table.focus_places()
    top = [p for p in places if p[0] != "column"]
    xs = [lay.slot(PileKind(k), i).x for k, i in top]
    assert xs == sorted(xs)  # Left/Right walk the top row left to right, as drawn
    assert places[:len(top)] == top or places[-len(top):] == top
    columns = {i: lay.slot(PileKind.COLUMN, i).x for i in range(len(table.position.columns))}
    for (kind, pile), x in zip(top, xs):
        table.focus_index, table.focus_depth = places.index((kind, pile)), None
        play.act(Action(Act.FOCUS_DOWN))  # down: the column under it
        below = places[table.focus_index]
        assert below[0] == "column"
        assert columns[below[1]] == pytest.approx(min(columns.values(), key=lambda cx: abs(cx - x)))
        for _ in range(30):
            play.act(Action(Act.FOCUS_UP))  # and back up to it
        assert places[table.focus_index] == (kind, pile)
    if game == "spider":
        # the stock sits beside the column nearest it in the Left/Right ring
        i = places.index(("stock", 0))
        table.focus_index = places.index(("column", 9 if left else 0))
        play.act(Action(Act.FOCUS_RIGHT if left else Act.FOCUS_LEFT))
        assert table.focus_index == i
    else:
        assert top[0] == (("foundation", 3) if left else ("cell", 0))


def test_the_left_handed_setting_applies_at_once_and_is_remembered(play_for, tmp_path):
    play = play_for("freecell", 1)
    cell = play.table.layout_now().slot(PileKind.CELL, 0).x
    assert cell < 0 and not play.env.left_handed
    play.menu.open()
    play.carry_out(play.menu.choose("settings"))
    for name in ("left_handed", "last_move_outline"):
        assert f"set-{name}" in {b.action for b in play.menu.buttons()}
        play.carry_out(play.menu.choose(f"set-{name}"))
    assert play.env.left_handed and not play.env.last_move
    assert play.table.layout_now().slot(PileKind.CELL, 0).x == pytest.approx(-cell)
    saved = Settings.load(play.store)
    assert saved.left_handed and not saved.last_move_outline


def test_the_two_settings_round_trip_and_old_files_still_read():
    st = Settings(last_move_outline=False, left_handed=True)
    assert Settings.from_dict(st.to_dict()) == st
    old = Settings.from_dict({"four_colour": True})  # a settings file from before them
    assert old.four_colour and old.last_move_outline and not old.left_handed
    bad, refused = Settings.checked({"left_handed": "yes", "last_move_outline": 1})
    assert not bad.left_handed and bad.last_move_outline and len(refused) == 2


def test_switching_hands_mid_flight_lands_the_cards_first(play_for):
    # At normal speed a fresh FreeCell deal is still flying out card by card.
    play = play_for("freecell", 1, animation_speed="normal")
    assert play.table.flights.busy()
    play.settings.left_handed = True
    play.round.apply_settings()
    # Nothing is left in the air heading for the old (right-handed) places.
    assert not play.table.flights.busy() and play.env.left_handed
