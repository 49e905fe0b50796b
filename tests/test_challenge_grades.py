"""The grades during play are on for the Easy FreeCell challenge's first game
(issue 37), so that players discover them; the setting stays the player's."""

from __future__ import annotations

from test_challenge_play import find, on_its_day, start, steps

from game.i18n import set_language
from game.play.settings import Settings


def easy(c) -> bool:
    return c.game == "freecell" and c.level == "easy"


def select_a_card(play) -> None:
    """Select the last card of the first column that has a target (the grader is asked then)."""
    table = play.table
    for i, column in enumerate(table.position.columns):
        if column:
            table.activate("column", i, len(column) - 1)
            if table.targets():
                play.update(0.02)
                return
            table.activate("column", i, len(column) - 1)  # deselect
    raise AssertionError("no card with a target")


def test_the_easy_challenges_first_game_shows_the_grades_and_leaves_the_setting_off(play_for):
    set_language("en")
    c = find(easy)
    play = play_for("freecell", 1, animation_speed="instant")
    assert not play.round.env.move_grades
    start(play, c)
    assert play.round.env.move_grades and "green targets keep the win" in play.table.message
    select_a_card(play)
    assert play.table.grader is not None  # the targets are asked about in the worker
    # The player's setting is untouched, in memory and on disk.
    assert play.round.settings.move_grades is False
    assert Settings.from_dict(play.store.load("settings", {})).move_grades is False
    # A plain game after it: the setting is in force again.
    play.round.new_deal()
    assert not play.round.env.move_grades


def test_the_second_game_of_that_challenge_and_other_challenges_do_not(play_for):
    set_language("en")
    c = find(easy)
    play = play_for("freecell", 1, animation_speed="instant")
    start(play, c)
    steps(play, c, upto=1)  # tried now
    start(play, c)
    assert not play.round.env.move_grades and "green targets" not in play.table.message
    other = find(lambda x: x.game == "freecell" and x.level != "easy")
    start(play, other)
    assert not play.round.env.move_grades


def test_the_setting_on_stays_on_in_any_challenge(play_for):
    c = find(lambda x: x.game == "freecell" and x.level == "hard")
    play = play_for("freecell", 1, animation_speed="instant", move_grades=True)
    start(play, c)
    assert play.round.env.move_grades


def test_the_first_game_saved_on_quit_comes_back_with_its_grades(play_for, on_day):
    c = find(easy)
    on_its_day(c)
    play = play_for("freecell", 1, animation_speed="instant")
    start(play, c)
    steps(play, c, upto=2)
    play.close()
    again = play_for("freecell", None, animation_speed="instant")
    assert again.round.challenge is not None
    assert again.round.challenge.shows_grades and again.round.env.move_grades
