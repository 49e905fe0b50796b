"""What the statistics count: one rule for every way a game ends.

A game counts (as played and lost) once a move is made, even one Undo or
Restart took back; a game the demo, Rewind or a try-again from the review
helped never counts, and its questions say which; a game with no move counts
nothing and nothing is asked. The same for N, a deal from the menu, Give up, a suit
change, a replayed move list; quitting saves the game and counts nothing.
"""

from __future__ import annotations

import pytest
from conftest import play_first_moves
from fake_time import FakeTime

from game.input import Act, Action
from game.play import NullHost, Play
from game.play.jobs import Rewound
from game.play.menu import Request
from game.play.panels import Command
from game.stats import Statistics

#: Each way to end the game on the table for another one (the new game's
#: question is answered yes when one is asked).
PATHS = ["key N", "menu deal", "menu new game", "give up"]


def trigger(play: Play, path: str) -> None:
    """Ask for another game by ``path`` (a question may come up)."""
    kind = play.table.game
    if path == "key N":
        play.act(Action(Act.NEW_DEAL))
    elif path == "menu deal":
        play.carry_out(Request(kind, 617 if kind == "freecell" else 77, play.table.suits))
    elif path == "menu new game":
        play.carry_out(Request(kind, None, play.table.suits))
    else:
        play.button("giveup")


def end(play: Play, path: str) -> None:
    """End the game on ``play``'s table by ``path``; say yes to any question."""
    trigger(play, path)
    if play.panel() is not None:
        play.button("confirmed")


def first_moves(play: Play, n: int) -> None:
    play_first_moves(play, n)


def game_for(play_for, game: str) -> Play:
    return play_for("spider", 5, 4) if game == "spider" else play_for("freecell", 5)


@pytest.mark.parametrize("game", ["freecell", "spider"])
@pytest.mark.parametrize("path", PATHS)
def test_a_game_with_no_move_counts_nothing_and_asks_nothing(play_for, game, path):
    play = game_for(play_for, game)
    key = play.table.stats_key()
    number = play.table.session.number
    trigger(play, path)
    assert play.panel() is None  # nothing was asked
    assert play.table.session.number != number
    stats = Statistics.load(play.store)[key]
    assert (stats.played, stats.given_up, stats.recent) == (0, 0, [])


@pytest.mark.parametrize("game", ["freecell", "spider"])
@pytest.mark.parametrize("path", PATHS)
def test_a_game_with_a_move_asks_says_it_counts_and_counts_once(play_for, game, path):
    play = game_for(play_for, game)
    key = play.table.stats_key()
    first_moves(play, 1)
    trigger(play, path)
    question = play.panel()
    assert question is not None and "This game will count as lost in your statistics." in question.lines
    play.button("confirmed")
    stats = Statistics.load(play.store)[key]
    assert stats.played == 1 and stats.won == 0 and len(stats.recent) == 1
    assert stats.given_up == (path == "give up")
    # The new game counts nothing until it has a move of its own.
    end(play, "key N")
    assert Statistics.load(play.store)[key].played == 1


@pytest.mark.parametrize("path", PATHS)
def test_a_move_undone_still_counts_and_is_asked_about(play_for, path):
    play = play_for("freecell", 5)
    first_moves(play, 1)
    play.act(Action(Act.UNDO))
    assert play.table.session.moves == 0
    play.act(Action(Act.NEW_DEAL))
    assert play.panel() is not None and "count as lost" in " ".join(play.panel().lines)
    play.button("keep")
    end(play, path)
    assert Statistics.load(play.store)["freecell"].played == 1


@pytest.mark.parametrize("helper", ["demo", "rewind"])
@pytest.mark.parametrize("path", PATHS)
def test_a_spider_game_the_demo_or_rewind_touched_never_counts(play_for, helper, path):
    # The reported case: Spider 4 suits, 3 moves, Demo, Esc, Give up.
    play = play_for("spider", 5, 4)
    first_moves(play, 3)
    if helper == "demo":
        pos = play.table.position.copy()
        line = []
        for _ in range(2):
            move = pos.legal_moves()[0]
            pos.push(move)
            line.append(move)
        play.round.play_demo(line)
        for _ in range(3):
            play.update(0.2)  # one demo move (0.35 s a move)
        assert play.round.demo is not None and play.table.session.moves == 4
        play.act(Action(Act.CANCEL))  # Esc: the demo stops, the player is in control
        assert play.round.demo is None and not play.menu.is_open
    else:
        play.round._react([Rewound(1, "Rewound 1 move")])
        assert play.table.session.moves == 2
    trigger(play, path)
    panel = play.panel()
    assert panel is not None and not any("count as lost" in line for line in panel.lines)
    assert any("does not count" in line for line in panel.lines)
    play.button("confirmed")
    stats = Statistics.load(play.store)["spider-4"]
    assert (stats.played, stats.given_up, stats.recent) == (0, 0, [])


@pytest.mark.parametrize("path", ["key N", "give up"])
def test_every_move_taken_back_still_counts_and_the_question_says_why(play_for, path):
    """All moves undone (0 moves, Redo offered) or restarted: the game was begun, so it counts,
    and the question says so in words that fit 0 moves (issue 62, 9c)."""
    for back in ("undo", "restart"):
        play = play_for("freecell", 5)
        before = Statistics.load(play.store)["freecell"]
        first_moves(play, 2)
        if back == "undo":
            for _ in range(2):
                play.act(Action(Act.UNDO))
            assert play.table.session.can_redo
        else:
            play.button("restart")
            play.button("confirmed")
        assert play.table.session.moves == 0
        trigger(play, path)
        panel = play.panel()
        assert panel is not None, back  # Restart used to forget the game was begun: nothing was asked
        taken_back = "Every move was taken back, but the game was begun: it will count as lost in your statistics."
        assert panel.lines == (taken_back,), back
        play.button("confirmed")
        stats = Statistics.load(play.store)["freecell"]
        assert (stats.played - before.played, stats.given_up - before.given_up) == (1, path == "give up"), back
        play.close()


#: The try-again's first words, the demo's and Rewind's (issue 62, 4): each says its own reason.
HELPS = {"demo": "the demo played part of it", "rewind": "Rewind used the solver to go back in it",
         "try": "try-again from the game review"}


@pytest.mark.parametrize("game, helper", [("freecell", "demo"), ("freecell", "rewind"), ("freecell", "try"),
                                          ("spider", "demo"), ("spider", "try")])  # Spider has no Rewind
def test_a_helped_games_questions_name_what_helped_it(play_for, game, helper):
    play = game_for(play_for, game)
    first_moves(play, 2)
    play.table.session.help_with(helper)
    for question in ("new", "giveup"):
        play.button(question)
        note = " ".join(play.panel().lines)
        assert HELPS[helper] in note and not any(HELPS[h] in note for h in HELPS if h != helper), note
        assert "count as lost" not in note
        play.button("keep")
    play.button("giveup")
    play.button("confirmed")
    assert HELPS[helper] in play.message and "does not count" in play.message
    assert Statistics.load(play.store)[play.table.stats_key()].played == 0


@pytest.mark.usefixtures("quick_review")  # the review's flow, not how short its lines are
def test_a_try_again_from_the_review_says_so_not_demo_or_rewind(play_for):
    """The reported case: FreeCell's review, "Try again from here", then New deal and Give up."""
    from test_coach_table import LOSING_GAME, finish_review

    play = play_for("freecell", 6)
    for token in LOSING_GAME.split():
        play.button(f"play:{token}")
    play.button("moves")
    play.button("review")
    finish_review(play)
    play.button("review-try:5")
    play.button("play:c2")
    assert play.table.session.helped == "try"
    play.act(Action(Act.NEW_DEAL))
    tried = "The moves of this game will be lost. It does not count: it is a try-again from the game review."
    assert play.panel().lines == (tried,)
    play.button("keep")
    play.round.start_demo()  # the demo playing part of the try-again leaves it a try-again
    play.round.stop_demo()
    play.button("giveup")
    assert "try-again" in play.panel().lines[0] and "demo" not in play.panel().lines[0]
    play.button("confirmed")
    assert play.message == "A new deal: the last one does not count, as it was a try-again from the game review"


@pytest.mark.parametrize("lang", ["en", "ko", "ja", "ru", "zh_CN"])
def test_each_help_has_its_own_words_in_every_language(play_for, lang):
    from game.i18n import set_language

    notes = {}
    try:
        set_language(lang)
        for helper in ("demo", "rewind", "try", "help"):
            play = play_for("freecell", 5)
            first_moves(play, 1)
            play.table.session.help_with(helper)
            play.button("new")
            notes[helper] = play.panel().lines
            play.close()
    finally:
        set_language("en")
    assert len(set(notes.values())) == 4, notes


def test_what_helped_survives_the_save_and_an_older_save_claims_no_reason():
    from game.session import FreeCellSession, SpiderSession

    for session in (FreeCellSession(5), SpiderSession(5, 2)):
        session.help_with("try")
        data = session.to_dict()
        assert type(session).from_dict(data).helped == "try"
        del data["helped"]  # as a save from before the reason was kept
        assert type(session).from_dict(data).helped == "help"
        data["assisted"] = False
        assert type(session).from_dict(data).helped == ""


def test_give_up_with_no_move_leaves_the_daily_deal_and_the_streak_alone(play_for):
    from game.freecell.daily import daily_deal, today_in_japan

    today = today_in_japan()
    play = play_for("freecell", daily_deal(today))
    assert play.table.daily() == today.isoformat()
    stats = Statistics.load(play.store)
    stats.record_win("freecell", 100.0, 90, daily=today.isoformat(), store=play.store)
    play.button("giveup")
    assert play.panel() is None and play.table.session.number != daily_deal(today)
    after = Statistics.load(play.store)
    assert after["freecell"].played == 1 and after["freecell"].current_streak == 1
    assert after.daily.days == {today.isoformat(): True}
    assert "nothing was counted" in play.message


def test_quitting_counts_nothing_and_the_demos_touch_survives_the_save(tmp_path):
    from game.store import Store

    store = Store(str(tmp_path / "data"))
    store.save("settings", {"live_winnability": False})
    play = Play(NullHost(), "spider", 5, 4, now=FakeTime(), store=store)
    first_moves(play, 2)
    play.table.session.help_with("demo")  # as after a demo
    play.quit()
    play.button("confirmed")
    play.close()
    assert Statistics.load(store)["spider-4"].played == 0
    again = Play(NullHost(), "spider", None, 4, now=FakeTime(), store=store)
    try:
        assert again.table.session.moves == 2 and again.table.session.helped == "demo"
        end(again, "give up")
        assert Statistics.load(store)["spider-4"].played == 0
    finally:
        again.close()


def test_a_won_game_replayed_counts_again(play_for):
    from game.freecell import deal
    from game.freecell.solver import solve

    play = play_for("freecell", 617, animation_speed="instant")
    line = solve(deal(617, auto_foundation=True)).player_moves

    def win() -> None:
        for move in line:
            play.button(f"play:{move}")
        while not play.table.session.won:
            play.act(Action(Act.AUTOCOMPLETE))
            play.update(0.1)

    win()
    assert Statistics.load(play.store)["freecell"].won == 1
    play.button("restart")
    assert play.table.session.moves == 0
    win()
    assert Statistics.load(play.store)["freecell"].won == 2
    # Won by the demo: not counted; its replay is the player's own game.
    play.button("restart")
    play.round.play_demo(list(solve(play.table.position).moves))
    for _ in range(400):
        play.update(0.5)
        if play.round.demo is None:
            break
    assert play.table.session.won and Statistics.load(play.store)["freecell"].played == 2
    play.button("restart")
    assert not play.table.session.assisted
    win()
    assert Statistics.load(play.store)["freecell"].won == 3


def _won_moves(play: Play) -> int:
    assert play.table.session.won
    return play.table.session.moves


@pytest.mark.parametrize("level", ["safe", "all", "off"])
def test_one_game_counts_the_same_moves_by_hand_demo_pasted_list_redo_and_par(play_for, level):
    """A move is a player move whoever makes it (the player, the demo, a pasted list, redo);
    the automatic foundation moves never count; par is counted the same way."""
    from game.freecell import deal
    from game.freecell.solver import solve
    from game.play.par import _counted

    number = 617
    result = solve(deal(number, auto_foundation=level), auto=level)
    # By hand: the line's player moves, the table making the automatic ones.
    hand = play_for("freecell", number, auto_moves=level, animation_speed="instant")
    for move in result.player_moves:
        assert hand.table.play(move), hand.message  # as a drag or click makes it
        hand._events()
    by_hand = _won_moves(hand)
    assert by_hand == len(result.player_moves) and (level == "off") == (by_hand == len(result.moves))
    # The demo: the solver's line of every card movement, from the deal as dealt.
    demo = play_for("freecell", number, auto_moves=level, animation_speed="instant")
    demo.round.play_demo(result.moves[len(demo.table.session.opening):])
    for _ in range(2000):
        demo.update(0.1)
        if demo.round.demo is None:
            break
    assert _won_moves(demo) == by_hand
    # Pasted lists: the hand game's own export, and the solver's line.
    hand.round.export()
    for text in (hand.host.clipboard, " ".join(str(m) for m in result.moves)):
        pasted = play_for("freecell", number, auto_moves=level)
        pasted.host.clipboard = text
        pasted.button(Command.IMPORT)
        assert _won_moves(pasted) == by_hand
        assert pasted.table.replayed(text, level)[1] == by_hand  # what "Replayed N moves" says
    # Redo: the game short of its last move taken back to its start, redone step by step, then won.
    again = play_for("freecell", number, auto_moves=level, animation_speed="instant")
    for move in result.player_moves[:-1]:
        again.table.play(move)
        again._events()
    for act in (Act.UNDO, Act.REDO):
        for _ in range(by_hand - 1):
            again.act(Action(act))
        assert again.table.session.moves == (0 if act is Act.UNDO else by_hand - 1)
    assert again.table.play(result.player_moves[-1])
    assert _won_moves(again) == by_hand
    # Par counts a line as the status line does: the same game is the same number.
    opening = [str(m) for m in deal(number, auto_foundation=level).settle(level)]
    assert _counted(("freecell", number, 1, level), opening, tuple(result.moves[len(opening):])) == by_hand
