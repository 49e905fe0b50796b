"""Every way to end a game in progress asks first, and the line a finished
game leaves on the status bar.

Driven through the controller's most public calls only (``button``,
``act``, ``type_text``, ``status``, ``panel``), as a player's clicks and keys
reach it, so that the table's inside may change freely. Each action that
ends a game -- every control-bar button, key and menu entry that replaces,
restarts or gives up the deal on the table, and the clipboard's replay --
must ask, leave everything as it was on "Keep playing" or Esc, and only on
"yes" end the game (counted as lost when the question said so).
"""

from __future__ import annotations

import re

import pytest

from game.freecell import deal
from game.freecell.solver import solve
from game.input import Act, Action
from game.stats import Statistics


def menu(*steps: str):
    """A menu route: open the menu, press these buttons (``type:TEXT`` types into the number box)."""
    def run(play) -> None:
        play.button("menu")
        for step in steps:
            if step.startswith("type:"):
                play.type_text(step[5:])
            else:
                play.button(step)
    return run


def bar(name: str):
    return lambda play: play.button(name)


def key(act: Act):
    return lambda play: play.act(Action(act))


def replay_clipboard(play) -> None:
    play.host.clipboard = "1a 2b"  # a valid line of deal 1, different from the game on the table
    play.button("moves")
    play.button("import")


#: (game, name, how, counted: the question says the game counts as lost)
ENDINGS = [
    ("freecell", "bar: New deal", bar("new"), True),
    ("freecell", "bar: Restart", bar("restart"), False),
    ("freecell", "bar: Give up", bar("giveup"), True),
    ("freecell", "key: N", key(Act.NEW_DEAL), True),
    ("freecell", "moves panel: replay the clipboard", replay_clipboard, True),
    ("freecell", "menu: today's deal", menu("freecell-today"), True),
    ("freecell", "menu: Easy", menu("freecell-easy"), True),
    ("freecell", "menu: Normal", menu("freecell-normal"), True),
    ("freecell", "menu: Hard", menu("freecell-hard"), True),
    ("freecell", "menu: random deal", menu("freecell-random"), True),
    ("freecell", "menu: deal number", menu("freecell-number", "type:617", "entry-ok"), True),
    ("freecell", "menu: Spider", menu("spider-new"), True),
    ("freecell", "menu: Spider number", menu("spider-number", "type:5", "entry-ok"), True),
    ("spider", "bar: New game", bar("new"), True),
    ("spider", "bar: Restart", bar("restart"), False),
    ("spider", "bar: Give up", bar("giveup"), True),
    ("spider", "key: N", key(Act.NEW_DEAL), True),
    ("spider", "menu: new game", menu("spider-new"), True),
    ("spider", "menu: game number", menu("spider-number", "type:5", "entry-ok"), True),
    ("spider", "menu: 2 suits", menu("spider-suits-2"), True),
    ("spider", "menu: FreeCell deal", menu("freecell-random"), True),
    ("spider", "menu: FreeCell number", menu("freecell-number", "type:617", "entry-ok"), True),
]


def in_progress(play_for, game: str):
    if game == "spider":
        play = play_for("spider", 1, 1, spider_started=True, animation_speed="instant")
        play.act(Action(Act.DEAL))
    else:
        play = play_for("freecell", 1, animation_speed="instant")
        play.button("play:3a")
    assert play.panel() is None and play.table.session.moves == 1
    return play


def picture(play) -> tuple:
    """What a lost game would change: the game, its moves, the statistics."""
    s = play.table.session
    return (play.table.game, s.number, s.moves, [str(m) for m in play.table.position.move_stack],
            Statistics.load(play.store).to_dict())


def played(play, game: str) -> int:
    key = "freecell" if game == "freecell" else "spider-1"
    return Statistics.load(play.store)[key].played


@pytest.mark.parametrize("game, name, how, counted", ENDINGS, ids=[f"{g}: {n}" for g, n, _, _ in ENDINGS])
def test_an_action_that_ends_a_game_in_progress_asks_first(play_for, game, name, how, counted):
    # Each answer on a game of its own, so that one answer cannot prepare the next.
    for answer in (lambda play: play.button("keep"), lambda play: play.act(Action(Act.CANCEL))):
        play = in_progress(play_for, game)
        before = picture(play)
        how(play)
        # Asked, with "Keep playing" first and focused; nothing has changed yet.
        panel = play.panel()
        assert panel is not None and panel.title.endswith("?"), name
        # Give up also offers the game's review in both games (it leaves the game as it is).
        review = ["review"] if name == "bar: Give up" else []
        assert [b.action for b in panel.buttons] == ["keep", "confirmed", *review] and panel.focus == 0
        assert ("count as lost" in " ".join(panel.lines)) == counted
        assert picture(play) == before
        # "Keep playing" and Esc both leave the game exactly as it was.
        answer(play)
        assert play.panel() is None and picture(play) == before
    # Yes: the game ends (counted as lost when the question said so).
    play = in_progress(play_for, game)
    before = picture(play)
    how(play)
    play.button("confirmed")
    assert picture(play)[:4] != before[:4]
    assert played(play, game) == (1 if counted else 0)


@pytest.mark.parametrize("game, name, how, counted", ENDINGS, ids=[f"{g}: {n}" for g, n, _, _ in ENDINGS])
def test_nothing_is_asked_before_the_first_move(play_for, game, name, how, counted):
    if game == "spider":
        play = play_for("spider", 1, 1, spider_started=True, animation_speed="instant")
    else:
        play = play_for("freecell", 1, animation_speed="instant")
    how(play)
    assert play.panel() is None or not play.panel().title.endswith("?"), name


def test_quitting_asks_and_keeps_the_game(play_for):
    play = in_progress(play_for, "freecell")
    before = picture(play)
    for how in (key(Act.QUIT), menu("quit")):
        how(play)
        assert play.panel().title == "Quit Solitaire?" and play.running
        play.button("keep")
        assert play.running and picture(play) == before


def test_the_status_line_of_a_won_game(play_for):
    play = play_for("freecell", 617, animation_speed="instant")
    line = solve(deal(617, auto_foundation=True)).player_moves
    for move in line:
        play.button(f"play:{move}")
    play.update(1 / 60)
    play.act(Action(Act.FOCUS_LEFT))  # a key lands the kings' celebration: then the result shows
    assert play.table.session.won
    # The deal, its rating, the clock and the moves: nothing left to move, check or auto-complete.
    assert re.fullmatch(rf"Deal #617 \(Hard\)   \d+:\d\d   {len(line)} moves", play.status()), play.status()
    assert play.panel() is not None and play.panel().title == "You won!"
    assert Statistics.load(play.store)["freecell"].won == 1


def test_the_status_line_until_the_end_never_offers_more_cards_than_are_left(play_for):
    play = play_for("freecell", 617, animation_speed="instant", auto_moves="off")
    line = solve(deal(617), auto="off").player_moves
    for move in line:
        play.button(f"play:{move}")
        status = play.status()
        pos = play.table.position
        if pos.is_won():
            assert "movable" not in status
            break
        n = int(re.search(r"(\d+) cards? movable", status).group(1))
        assert n == min(pos.capacity(), 52 - pos.cards_home), status
    assert play.table.session.won


def test_the_status_line_after_giving_up_is_the_new_deals(play_for):
    play = in_progress(play_for, "freecell")
    play.button("giveup")
    play.button("confirmed")
    number = play.table.session.number
    assert play.status().startswith(f"Deal #{number}") and " 0 moves " in play.status()
    assert play.message.startswith("Given up")


@pytest.mark.parametrize("game", ["freecell", "spider"])
def test_the_status_line_counts_moves_in_words(play_for, game):
    play = in_progress(play_for, game)  # one move made
    assert re.search(r"   1 move   ", play.status()), play.status()
    if game == "spider":
        play.act(Action(Act.DEAL))
    else:
        play.button("play:3b")
    assert re.search(r"   2 moves(   |$)", play.status()), play.status()


@pytest.mark.parametrize("number", [9, 1, 11982, 32001])
def test_the_status_line_names_the_deals_rating_with_a_question_mark_when_unproven(play_for, number):
    from game.freecell.difficulty import difficulty

    play = play_for("freecell", number, animation_speed="instant")
    rating = difficulty(number)
    status = play.status()
    if rating is None:  # past the table: no rating at all
        assert status.startswith(f"Deal #{number}   "), status
        return
    # Deal 9 has a line with three cells but fewer were not ruled out: "Hard?"; deal 1 is proven Hard.
    label = {9: "Hard?", 1: "Hard", 11982: "Unsolvable"}[number]
    assert rating.label == label and status.startswith(f"Deal #{number} ({label})   "), status


@pytest.mark.parametrize("game", ["freecell", "spider"])
def test_no_other_bar_or_menu_button_ends_a_game_in_progress(play_for, game):
    # Every button the bar and the main menu show, beside those above: pressed
    # on a game in progress, none may replace it or count it (they may ask).
    listed = {"new", "restart", "giveup", "moves", "menu", "freecell-today", "freecell-easy", "freecell-normal",
              "freecell-hard", "freecell-random", "freecell-number", "spider-new", "spider-number",
              "spider-suits-2", "quit"}
    probe = in_progress(play_for, game)
    bar_buttons = [b.action for b in probe.buttons()]
    probe.button("menu")
    menu_buttons = [b.action for b in probe.panel().buttons]
    assert {"new", "restart", "giveup"} <= set(bar_buttons) and "freecell-random" in menu_buttons
    for where, actions in (("bar", bar_buttons), ("menu", menu_buttons)):
        for action in actions:
            if action in listed:
                continue
            play = in_progress(play_for, game)
            before = picture(play)
            if where == "menu":
                play.button("menu")
            play.button(action)
            after = picture(play)
            assert after[:2] == before[:2] and after[4] == before[4], f"{where} {action} ended the game"
            play.close()
