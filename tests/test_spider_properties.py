"""Properties of the Spider rules engine, on random legal games drawn by Hypothesis.

Each game is a deal (number and suits) and a list of picks: the n-th pick chooses
among ``legal_moves()`` of the position then (modulo their number), so every game
drawn is legal, and a failing one shrinks to the fewest, earliest moves that still
break the property. Random play seldom completes a set, so some games first follow
a winning line the solver found for a known deal for ``lead`` moves: sets come off
there, and random play goes on from the table they leave.
"""

from __future__ import annotations

import random
import tempfile
from collections import Counter
from dataclasses import dataclass

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from spider_helpers import WON_DEALS, winning_line

from game.session import SpiderSession, restore_saved
from game.spider import DECK_SETS, START_SCORE, Move, Position, deal
from game.spider.masked import mask
from game.spider.solver import Verdict, solve
from game.store import Store


@dataclass(frozen=True)
class Game:
    """A random legal Spider game: its deal, the moves of a winning line it follows first, and its picks."""

    number: int
    suits: int
    lead: int
    picks: tuple[int, ...]

    def start(self) -> Position:
        return deal(self.number, self.suits)

    def play(self, pos: Position):
        """Play the lead, then the picks, on ``pos``, yielding after each step: True after
        a move or deal, False after an undo (where no move is left)."""
        for move in winning_line(self.number, self.suits)[:self.lead] if self.lead else ():
            pos.push(move)
            yield True
        for pick in self.picks:
            legal = pos.legal_moves()
            if legal:
                pos.push(legal[pick % len(legal)])
                yield True
            elif pos.move_stack:
                pos.pop()
                yield False


#: Up to 80 picks. The length is drawn first, as a number: a plain list of picks would
#: average a handful of moves.
picks = st.integers(0, 80).flatmap(lambda n: st.lists(st.integers(0, 999), min_size=n, max_size=n)).map(tuple)
fresh_games = st.builds(Game, number=st.integers(1, 999_999), suits=st.sampled_from((1, 2, 4)), lead=st.just(0),
                        picks=picks)
led_games = st.sampled_from(WON_DEALS).flatmap(
    lambda won: st.builds(Game, number=st.just(won[0]), suits=st.just(won[1]), lead=st.integers(1, 130),
                          picks=picks))
games = st.one_of(fresh_games, led_games)


def snapshot(pos: Position) -> tuple[object, ...]:
    """Everything a position is, undo history aside: the cards where they lie, the counters."""
    return (pos.columns, pos.face_down, pos.stock, pos.removed_suits, pos.suits, pos.move_count,
            tuple(pos.move_stack), pos.key(), tuple(pos.legal_moves()))


@given(games)
def test_random_play_undone_to_the_start_gives_back_the_start(game):
    pos = game.start()
    seen = [snapshot(pos)]
    pushes = pops = 0
    for pushed in game.play(pos):
        if pushed:
            pushes += 1
            seen.append(snapshot(pos))
        else:
            pops += 1
            seen.pop()
            assert snapshot(pos) == seen[-1]
    event(f"sets removed: {'some' if pos.removed else 'none'}")
    # Each undo gives back exactly the table before that move, the last one the deal.
    while pos.move_stack:
        pos.pop()
        pops += 1
        seen.pop()
        assert snapshot(pos) == seen[-1]
    assert pos == game.start() and snapshot(pos) == snapshot(game.start())
    # Windows scoring: every move and every undo cost a point, and undo takes back each set's 100.
    assert pos.score == START_SCORE - pushes - pops


def deck_of(pos: Position) -> Counter[int]:
    """Every card of the game, counted: the columns (face-down cards too), the stock and the removed sets."""
    held: Counter[int] = Counter()
    for col in pos.columns:
        held.update(int(c) for c in col)
    held.update(int(c) for c in pos.stock)
    for suit in pos.removed_suits:
        held.update(rank * 4 + int(suit) for rank in range(13))
    return held


def full_deck(suits: int) -> Counter[int]:
    return Counter({card: DECK_SETS[suits][card % 4] for card in range(52) if DECK_SETS[suits][card % 4]})


@given(games)
def test_every_card_is_in_the_game_exactly_as_often_as_the_deck_holds_it(game):
    pos = game.start()
    deck = full_deck(game.suits)
    assert sum(deck.values()) == 104 and deck_of(pos) == deck
    for _ in game.play(pos):
        assert deck_of(pos) == deck
    while pos.move_stack:
        pos.pop()
        assert deck_of(pos) == deck


@given(games)
def test_every_legal_move_and_every_position_reads_back_from_its_text(game):
    pos = game.start()

    def check_board() -> None:
        again = Position.parse(pos.board(), score=pos.score, move_count=pos.move_count)
        assert again == pos and again.board() == pos.board() and again.legal_moves() == pos.legal_moves()
        assert (again.face_down, again.score, again.move_count) == (pos.face_down, pos.score, pos.move_count)
        # The text says how many sets are off, not their suits: it reads them back from the
        # cards missing from the fewest-suit deck they fit. Where the cards left in the
        # game are of fewer suits than the deck (a two-suit game down to its spades), that
        # is a deck of fewer suits too, and the text cannot tell the two apart.
        left = {card % 4 for col in pos.columns for card in col} | {card % 4 for card in pos.stock}
        if len(left) == len({s for s in range(4) if DECK_SETS[pos.suits][s]}):
            assert again.suits == pos.suits and sorted(again.removed_suits) == sorted(pos.removed_suits)

    check_board()
    for step, _ in enumerate(game.play(pos)):
        for move in pos.legal_moves():
            assert Move.parse(str(move)) is move
        if step % 8 == 0:  # (reading a whole table back is slow beside a move)
            check_board()
    check_board()


#: What a player does to a game in progress: play a move (the pick chooses which), undo or redo.
actions = st.integers(0, 80).flatmap(lambda n: st.lists(
    st.tuples(st.sampled_from(("play", "play", "play", "undo", "redo")), st.integers(0, 999)),
    min_size=n, max_size=n))


@given(number=st.integers(1, 999_999), suits=st.sampled_from((1, 2, 4)), actions=actions)
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_a_game_saved_then_loaded_is_the_same_game(number, suits, actions):
    session = SpiderSession(number, suits, now=lambda: 0.0)
    for what, pick in actions:
        if what == "play":
            legal = session.position.legal_moves()
            if legal:
                session.play(legal[pick % len(legal)])
        elif what == "undo":
            session.undo()
        else:
            session.redo()
    with tempfile.TemporaryDirectory() as folder:
        assert Store(folder).save("savegame", session.to_dict())
        later = Store(folder)  # the next time the game starts
        loaded = restore_saved(later, now=lambda: 0.0)
        assert later.warnings == []
    assert isinstance(loaded, SpiderSession)
    assert loaded.to_dict() == session.to_dict()
    assert snapshot(loaded.position) == snapshot(session.position) and loaded.score == session.score
    assert (loaded.moves, loaded.undo_count, loaded.number, loaded.suits) == \
        (session.moves, session.undo_count, session.number, session.suits)
    # Undo goes back through the same tables, and redo plays the same moves again.
    while session.undo() is not None:
        assert loaded.undo() is not None and snapshot(loaded.position) == snapshot(session.position)
    assert loaded.undo() is None and loaded.score == session.score
    while (step := session.redo()) is not None:
        again = loaded.redo()
        assert again is not None and (again.move, again.completed) == (step.move, step.completed)
        assert snapshot(loaded.position) == snapshot(session.position)
    assert loaded.redo() is None


def reshuffled(pos: Position, rng: random.Random) -> Position:
    """The same visible table with the face-down cards and the stock dealt among themselves anew."""
    down = pos.face_down
    hidden = [c for j in range(10) for c in pos.column(j)[:down[j]]] + list(pos.stock)
    rng.shuffle(hidden)
    cols, at = [], 0
    for j in range(10):
        cols.append(hidden[at:at + down[j]] + list(pos.face_up(j)))
        at += down[j]
    return Position(cols, down, hidden[at:], [int(s) for s in pos.removed_suits])


@given(games, st.randoms(use_true_random=False))
def test_the_masked_view_is_the_same_whatever_lies_face_down(game, rng):
    pos = game.start()
    for _ in game.play(pos):
        pass
    twin = reshuffled(pos, rng)
    assert twin.visible() == pos.visible()
    assert mask(twin) == mask(pos)
    # And the view holds what the table shows: each column's face-up cards, the counts, the unseen cards.
    view = mask(pos)
    assert view.columns == tuple(pos.face_up(j) for j in range(10)) and view.face_down == pos.face_down
    hidden = [c for j in range(10) for c in pos.column(j)[:pos.face_down[j]]] + list(pos.stock)
    assert list(view.unseen) == sorted(hidden) and view.stock == pos.stock_size and view.removed == pos.removed


#: A table on a known deal's winning line, some moves from its end, and a few random moves after it.
endgames = st.sampled_from(WON_DEALS).flatmap(
    lambda won: st.builds(Game, number=st.just(won[0]), suits=st.just(won[1]),
                          lead=st.integers(max(0, len(winning_line(*won)) - 40), len(winning_line(*won))),
                          picks=st.lists(st.integers(0, 999), max_size=3).map(tuple)))


@given(endgames)
@settings(max_examples=max(10, settings().max_examples // 2), suppress_health_check=[HealthCheck.too_slow])
def test_every_line_the_solver_returns_replays_to_a_win(game):
    pos = game.start()
    for _ in game.play(pos):
        pass
    result = solve(pos, budget=3_000)
    event(f"verdict: {result.verdict.value}")
    if result.verdict is Verdict.SOLVED:
        table = pos.copy(stack=False)
        for move in result.moves:
            assert table.is_legal(move), (str(move), table.board())
            table.push(move)
        assert table.is_won() and result.replayed
    else:
        assert result.moves == []
    if not game.picks:
        # On the line a win was found from: the table is winnable, and never called lost.
        assert result.verdict is not Verdict.UNSOLVABLE
