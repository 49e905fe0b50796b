"""Playing a daily challenge (issue 29): the menu's rows, the table at the goal's
level, the status line's progress, met / missed / out of reach said at once,
Restart, the result panel, and the marks in challenges.json (counted once).

Driven through the controller's public calls (``button``, ``act``, ``status``,
``panel``) as a player's clicks reach it; a challenge's own proof is played
move by move through the table, as a player would play it.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from conftest import move_day

from game.challenges import ChallengeProgress, Status, challenges_for
from game.freecell.daily import today_in_japan
from game.input import Act, Action
from game.store import Store


def find(pred, start: datetime.date | None = None):
    """The first challenge of this month (from ``start``, up to today) that ``pred`` accepts."""
    today = today_in_japan()  # the day the test lives on (conftest: the game's clock is set)
    start = start or today.replace(day=1)
    day = start
    while day <= today:
        for c in challenges_for(day):
            if pred(c):
                return c
        day += datetime.timedelta(days=1)
    # Earlier days when this month is young: the test then plays it with today set to its day.
    day = start - datetime.timedelta(days=1)
    for _ in range(400):
        for c in challenges_for(day):
            if pred(c):
                return c
        day -= datetime.timedelta(days=1)
    raise AssertionError("no such challenge in the pool")


def on_its_day(challenge) -> None:
    """Move the game's clock to the challenge's date when it is not this month's (a young
    month): the rest of the test, every game it starts (a restored one too) lives on its day."""
    today = today_in_japan()
    if (challenge.date.year, challenge.date.month) != (today.year, today.month):
        move_day(challenge.date)


def start(play, challenge) -> None:
    """The challenge's Play button in the menu (its id names it), confirmed if asked."""
    on_its_day(challenge)
    play.button("menu")
    play.carry_out(play.menu.choose(f"challenge-{challenge.id}"))
    if play.table.panel is not None and play.table.panel.title.startswith("Start the"):
        play.button("confirmed")
    play._events()


def steps(play, challenge, upto: int | None = None) -> None:
    """Play the challenge's proof through the table as a player would (the table's
    automatic moves left to it), ``upto`` player steps (None: all)."""
    table = play.table
    proof = list(challenge.proof)
    made = 0
    if challenge.game == "spider":
        from game.spider import Move

        for text in proof:
            if upto is not None and made >= upto:
                return
            assert table.play(Move.parse(text))
            play._events()
            made += 1
        return
    i = len(table.session.opening)  # the cards the deal sent home by itself
    while i < len(proof):
        if upto is not None and made >= upto:
            return
        move = table.position.parse_move(proof[i])
        before = len(table.position.move_stack)
        assert table.play(move), table.message
        play._events()
        made += 1
        autos = [str(m) for m in table.position.undo_steps()[-1][1]]
        i += 1 + len(autos)
        assert len(table.position.move_stack) > before


def settle(play) -> None:
    """Let the last flights (and the win's celebration) land, so that the result panel is up."""
    for _ in range(100):
        play.update(0.1)
        if not play.busy:
            break


@pytest.fixture
def instant(play_for):
    def make(**settings):
        return play_for("freecell", 1, animation_speed="instant", **settings)
    return make


def progress(play) -> ChallengeProgress:
    return ChallengeProgress.load(Store(play.store.folder))


def test_the_menu_shows_the_days_challenges_with_their_goals_and_state(instant):
    play = instant()
    play.button("menu")
    panel = play.menu.panel()
    day = challenges_for(today_in_japan())
    rows = {b: r for s in panel.sections for r in s.rows for b in r.buttons}
    for c in day:
        i = next(i for i, b in enumerate(panel.buttons) if b.action == f"challenge-{c.id}")
        row = rows[i]
        assert row.label == c.level_name() and row.detail == c.sentence() and row.value == "not tried"
        assert panel.buttons[i].label == "Play"
        section = next(s for s in panel.sections if row in s.rows)
        assert section.title == ("FreeCell" if c.game == "freecell" else "Spider")
    # Done once: the row says so and offers to play it again.
    p = ChallengeProgress()
    p.record_done(day[0], today_in_japan())
    play.store.save("challenges", p.to_dict())
    play.button("close")
    play.button("menu")
    panel = play.menu.panel()
    i = next(i for i, b in enumerate(panel.buttons) if b.action == f"challenge-{day[0].id}")
    assert panel.buttons[i].label == "Play again"
    assert rows[i].label == day[0].level_name()
    row = next(r for s in panel.sections for r in s.rows if i in r.buttons)
    assert row.value.startswith("done")


def test_starting_one_asks_before_a_game_in_progress_is_lost(instant):
    play = instant()
    play.table.play(play.table.position.legal_moves()[0])
    play._events()
    c = challenges_for(today_in_japan())[1]
    play.button("menu")
    play.carry_out(play.menu.choose(f"challenge-{c.id}"))
    assert play.table.panel is not None and play.table.panel.title == f"Start the {c.level_name()} challenge?"
    play.button("keep")
    assert play.table.session.number == 1 and play.round.challenge is None
    start(play, c)
    assert play.table.game == c.game and play.table.session.number == c.goal.number
    assert play.round.challenge is not None and c.level_name() + " challenge" in play.status()


def test_a_freecell_challenge_met_shows_on_the_result_panel_and_counts_once(instant):
    c = find(lambda c: c.game == "freecell" and c.goal.max_moves is not None and c.goal.auto == "safe")
    play = instant()
    start(play, c)
    assert f"moves 0 / {c.goal.max_moves}" in play.status()
    steps(play, c, upto=3)
    assert f"moves 3 / {c.goal.max_moves}" in play.status()
    steps_done = play.table.session.moves
    assert steps_done == 3
    play.round.restart()
    steps(play, c)
    settle(play)
    assert play.table.session.won
    assert play.table.session.moves == c.proof_moves
    lines = play.panel().lines
    assert f"{c.level_name()} challenge complete" in lines and c.sentence() in lines
    assert progress(play).is_done(c) and progress(play).month_done(c.date.year, c.date.month) == 1
    # The same challenge met again (another window, or Play again): counted once.
    other = instant()
    start(other, c)
    steps(other, c)
    settle(other)
    assert any("done before" in line for line in other.panel().lines)
    assert progress(other).month_done(c.date.year, c.date.month) == 1


def test_undo_in_a_no_undo_challenge_misses_it_at_once_and_restart_tries_again(instant):
    c = find(lambda c: c.goal.no_undo and c.game == "freecell")
    play = instant()
    start(play, c)
    steps(play, c, upto=2)
    assert "no Undo" in play.status()
    play.act(Action(Act.UNDO))
    panel = play.panel()
    assert panel is not None and panel.title == "Challenge missed"
    assert "Undo was used" in panel.lines[0] and [b.label for b in panel.buttons] == ["Restart", "Keep playing"]
    assert "challenge missed" in play.status()
    assert progress(play).state(c) == "tried"
    play.button(panel.buttons[0].action)  # Restart: the panel was the question
    assert play.table.session.moves == 0 and play.round.challenge.tracker.status is Status.PLAYING
    assert "no Undo" in play.status() and play.panel() is None


def test_going_past_the_move_limit_is_said_and_undo_brings_it_back(instant):
    c = find(lambda c: c.game == "spider" and c.goal.max_moves is not None and not c.goal.no_undo)
    play = instant(spider_started=True)
    start(play, c)
    limit = c.goal.max_moves
    # Wander: any column move (a deal when none is left: it counts as a move), until the limit is used up.
    table = play.table
    while table.session.moves < limit:
        legal = table.position.legal_moves()
        moves = [m for m in legal if not m.is_deal] or legal
        assert moves
        table.play(moves[0])
        play._events()
    assert play.round.challenge.tracker.status is Status.OVER
    assert "undo or restart" in play.message
    play.act(Action(Act.UNDO))
    assert play.round.challenge.tracker.status is Status.PLAYING
    assert f"moves {limit - 1} / {limit}" in play.status()


def auto_row(play):
    """Settings' automatic-moves row: its buttons, the labels of those selected, and its note."""
    play.button("menu")
    play.carry_out(play.menu.choose("settings"))
    panel = play.menu.panel()
    row = next(r for s in panel.sections for r in s.rows if r.label == "FreeCell: automatic foundation moves")
    return [panel.buttons[i] for i in row.buttons], [panel.buttons[i].label for i in row.selected], row.note


def test_an_off_challenge_deals_at_off_and_settings_shows_that_level_and_why_it_stays(instant):
    c = find(lambda c: c.game == "freecell" and c.goal.auto == "off")
    play = instant()
    start(play, c)
    assert play.table.session.auto_level == "off" and play.settings.auto_moves == "safe"
    assert "automatic moves Off" in play.status()
    buttons, selected, note = auto_row(play)
    # The level in force, not the one saved in Settings; greyed, and the note says why in words.
    assert selected == ["Off"] and not any(b.enabled for b in buttons)
    assert note == (f"The {c.level_name()} challenge on the table is played with automatic moves Off. "
                    "This setting can change once that game ends.")
    for chosen in ("set-auto_moves=all", "set-auto_moves"):  # a click, and the cycling form
        play.carry_out(play.menu.choose(chosen))
    assert play.table.session.auto_level == "off" and play.settings.auto_moves == "safe"
    assert play.round.challenge.tracker.status is Status.PLAYING
    # Another game: the player's level is back in force, and Settings offers it again.
    play.menu.close()
    play.round.new_deal()
    assert play.round.challenge is None and play.table.session.auto_level == "safe"
    buttons, selected, note = auto_row(play)
    assert selected == ["Safe"] and all(b.enabled for b in buttons) and note == ""


def test_restart_after_an_automatic_level_break_deals_at_the_challenges_level(play_for):
    from game.freecell import deal

    # A deal whose opening sends cards home at All (an ace at the foot of a column).
    c = find(lambda c: c.game == "freecell" and c.goal.auto == "off"
             and deal(c.goal.number, auto_foundation="all").settle("all"))
    play = play_for("freecell", 1, animation_speed="instant")
    start(play, c)
    steps(play, c, upto=1)
    # The level broken as an older game let Settings break it: the game is saved and comes back so.
    play.table.set_auto_level("all")
    play.close()
    back = play_for("freecell", None, animation_speed="instant")
    assert back.round.challenge is not None and back.table.session.auto_level == "all"
    back.button("restart")
    if back.panel() is not None:
        back.button("confirmed")
    session = back.table.session
    assert session.auto_level == "off" and session.opening == [] and session.position.cards_home == 0
    assert session.moves == 0 and back.round.challenge.tracker.status is Status.PLAYING


def test_a_spider_suits_goal_met_before_the_win_says_so(instant):
    c = find(lambda c: c.game == "spider" and c.goal.sets is not None)
    play = instant(spider_started=True)
    start(play, c)
    assert f"suits 0 / {c.goal.sets}" in play.status()
    from game.challenges.lines import replay_spider

    snaps = replay_spider(c.goal.number, c.goal.suits, c.proof)
    upto = next(i for i, s in enumerate(snaps, 1) if s.sets >= c.goal.sets)
    steps(play, c, upto=upto)
    settle(play)
    assert play.round.challenge.tracker.status is Status.MET
    panel = play.panel()
    assert panel is not None and panel.title == f"{c.level_name()} challenge complete"
    assert progress(play).is_done(c)


def test_a_past_day_of_this_month_is_played_and_marked_late(instant):
    c = challenges_for(datetime.date(2026, 12, 3))[0]
    move_day(datetime.date(2026, 12, 20))
    play = instant()
    start(play, c)
    assert play.round.challenge is not None
    steps(play, c)
    settle(play)
    p = progress(play)
    assert p.state(c) == "late" and p.streak(datetime.date(2026, 12, 20)) == 0
    # Last month's are closed.
    old = challenges_for(datetime.date(2026, 11, 30))[0]
    play.button("menu")
    play.carry_out(play.menu.choose(f"challenge-{old.id}"))
    assert play.round.challenge is None or play.round.challenge.challenge != old
    assert "cannot be played" in play.message


def test_a_damaged_challenges_file_is_set_aside_and_the_menu_still_opens(instant):
    play = instant()
    folder = play.store.folder
    (Path(folder) / "challenges.json").write_text('{"version": 1, "days": {"2026-12-02": "zz"}}')
    play.button("menu")
    assert play.menu.is_open and "challenges" in play.message
    panel = play.menu.panel()
    assert all(r.value in ("not tried",) for s in panel.sections for r in s.rows
               if any(panel.buttons[i].action.startswith("challenge-20") for i in r.buttons))


def test_a_challenge_saved_on_quit_comes_back_with_its_progress(play_for, on_day):
    c = find(lambda c: c.game == "freecell" and c.goal.max_moves is not None)
    on_its_day(c)
    play = play_for("freecell", 1, animation_speed="instant")
    start(play, c)
    steps(play, c, upto=2)
    play.close()
    again = play_for("freecell", None, animation_speed="instant")
    assert again.round.challenge is not None
    assert again.table.session.number == c.goal.number and again.table.session.moves == 2
    assert f"moves 2 / {c.goal.max_moves}" in again.status()
    # A new game ends it: the next start is a plain game.
    again.round.new_deal()
    again.close()
    third = play_for("freecell", None, animation_speed="instant")
    assert third.round.challenge is None


@pytest.mark.parametrize("tie", ['{"id": "2026-12-02-freecell-easy"}', '[1, 2]', ('{"id": "x", "game": "freecell", '
                                 '"number": 1, "suits": 1}'), "not json"])
def test_a_damaged_challenge_tie_leaves_a_plain_game(play_for, tie):
    play = play_for("freecell", 1, animation_speed="instant")
    play.table.play(play.table.position.legal_moves()[0])
    play._events()
    play.close()
    (Path(play.store.folder) / "challenge-game.json").write_text(tie)
    again = play_for("freecell", None, animation_speed="instant")
    assert again.round.challenge is None and again.table.session.moves == 1


def test_the_help_names_every_badge_threshold_and_par_time():
    from game import limits
    from game.challenges import BADGES
    from game.howto import GAMES, PAGES

    for game in GAMES:
        text = " ".join(" ".join(b.text if hasattr(b, "text") else " ".join(b.items) for b in s.blocks)
                        for s in PAGES[game].sections if s.anchor.endswith("challenges"))
        for name, needed in BADGES:
            assert f"{name.capitalize()} at {needed}" in text
        assert f"up to {limits.PAR.seconds:g} seconds" in text
