"""Every word the window shows comes from a catalog: the screens driven in the test
pseudo-language, where each message is wrapped in « » (game.i18n.PSEUDO)."""

from __future__ import annotations

import re

from game import i18n
from game.play.panels import Command
from game.ui.hud import STATUS_GAP

WORD = re.compile(r"[A-Za-z]{3}")
#: Words that are not messages: names of the languages, key and notation hints a message
#: carries in a placeholder, card and deal identifiers.
NOT_MESSAGES = {"English"}


def words_outside_catalog(texts) -> list[str]:
    return [t for t in texts if t and WORD.search(t) and "«" not in t and t not in NOT_MESSAGES]


def panel_texts(panel) -> list[str]:
    if panel is None:
        return []
    out = [panel.title, *panel.lines, *(b.label for b in panel.buttons)]
    for section in panel.sections:
        out.append(section.title)
        out += [row.label for row in section.rows] + [row.note for row in section.rows if getattr(row, "note", "")]
    for block in panel.blocks:
        out += list(getattr(block, "items", ())) or [getattr(block, "text", "")]
    if panel.grid is not None:
        out += [h for h in panel.grid.header if h] + [row[0] for row in panel.grid.rows]
    if panel.chart is not None:
        out.append(panel.chart.title)
    if panel.calendar is not None:
        out.append(panel.calendar.title)
    return out


def frame_texts(play) -> list[str]:
    frame = play.frame((1280, 720))
    return [*frame.status.split(STATUS_GAP), frame.message, *(b.label for b in frame.buttons),
            *panel_texts(frame.panel)]


def test_every_screen_s_words_come_from_the_catalog(play_for):
    for game in ("freecell", "spider"):
        play = play_for(game)
        i18n.set_language(i18n.PSEUDO)
        seen = frame_texts(play)
        play.menu.open()
        seen += frame_texts(play)
        for screen in ("settings", "statistics", "freecell-number"):
            play.menu.open()
            play.menu.choose(screen)
            seen += frame_texts(play)
        play.menu.close()
        play.open_help()
        seen += frame_texts(play)
        play.button(Command.CLOSE)
        for command in (Command.MOVES, Command.GIVE_UP):  # the list of moves, a confirmation
            play.button(command)
            seen += frame_texts(play)
            play.button(Command.CLOSE if command is Command.MOVES else Command.KEEP)
        play.button(Command.HINT)
        seen += frame_texts(play)
        assert words_outside_catalog(seen) == [], game
        assert sum("«" in t for t in seen) > 30
        i18n.set_language("en")


def test_the_paste_replay_errors_the_cancelled_searches_and_the_challenges_speak_the_catalog(play_for):
    """The lines a window shows beyond the screens: every paste-replay refusal, every
    cancelled search, every challenge goal, level, progress and reason."""
    import datetime

    from game.challenges.days import challenges_for
    from game.challenges.goals import Goal, Tracker
    from game.challenges.sentences import streak_heading

    freecell, spider = play_for("freecell"), play_for("spider")
    i18n.set_language(i18n.PSEUDO)
    seen: list[str] = []
    for table, text in ((freecell.table, ""), (freecell.table, "  \n"), (freecell.table, "8a 8q"),
                        (freecell.table, "8a 88"), (freecell.table, "12"), (spider.table, "8a")):
        try:
            table.replayed(text, "safe")
        except ValueError as exc:
            seen.append(str(exc))
        else:
            raise AssertionError(f"{text!r} replayed")
    jobs = freecell.round.jobs
    for what in ("demo", "rewind", "winnable"):
        jobs.waiting = (what, 1)
        seen.append(jobs.cancel())
    for day in range(1, 8):
        for challenge in challenges_for(datetime.date(2026, 11, day)):
            seen += [challenge.sentence(), challenge.level_name()]
    seen.append(streak_heading())
    goals = [Goal("freecell", 5, cells=1, no_undo=True, auto="safe"), Goal("freecell", 5, cells=0, auto="safe"),
             Goal("freecell", 5, cells=2, auto="safe"), Goal("freecell", 5, auto="off", no_undo=True), Goal("freecell", 5, max_moves=2, auto="all"),
             Goal("spider", 5, suits=2, sets=2, max_moves=3, no_undo=True)]
    for goal in goals:
        for steps in (lambda t: t.moved(1, cells=3), lambda t: t.moved(9, cells=0, won=True), lambda t: t.undone(),
                      lambda t, goal=goal: t.level_set("all" if goal.auto != "all" else "off"),
                      lambda t: [t.moved(n) for n in range(1, 5)]):
            tracker = Tracker(goal)
            tracker.moved(0)
            seen += tracker.progress()
            steps(tracker)
            seen += [tracker.reason, *tracker.progress()]
    i18n.set_language("en")
    said = [t for t in seen if t]
    assert len(said) > 60
    assert words_outside_catalog(said) == []
    # A line said on its own starts as a sentence (not "automatic moves were set to ...").
    i18n.set_language("en")
    reasons = []
    for goal in goals:
        tracker = Tracker(goal)
        tracker.level_set("all" if goal.auto != "all" else "off")
        tracker2 = Tracker(goal)
        tracker2.moved(9, cells=3, won=True)
        reasons += [tracker.reason, tracker2.reason]
    assert [r for r in reasons if r and not r[0].isupper() and not r[0].isdigit()] == []


def test_a_line_said_alone_starts_as_a_sentence_in_every_language(play_for):
    """Refusals and notices the terminal prints after "solitaire: " in lower case ("the
    stock is empty: …", "a game controller could not be opened …") start with a capital
    on the window's message line and under the number box."""
    from game.play.menu import Menu
    from game.play.settings import Settings
    from game.stats import Statistics
    from game.ui.hud import font_measure
    from game.ui.screens import screen_geometry

    play = play_for("spider")
    for code in ("en", "ru"):
        i18n.set_language(code)
        for msgid in ("the stock is empty: no rows are left to deal", "a column cannot move onto itself",
                      "no Easy deal is rated yet"):
            play.table.say(i18n._(msgid))
            assert play.message[:1].isupper() and play.message[1:] == i18n._(msgid)[1:], (code, play.message)
        menu = Menu(Settings(), Statistics())
        menu.open()
        menu.choose("freecell-number")
        menu.error = i18n._("no Easy deal is rated yet")
        notes = [t.text for t in screen_geometry((1280, 720), menu.panel(), font_measure).texts if t.role == "note"]
        assert notes and notes[0][:1].isupper(), (code, notes)
    i18n.set_language("en")


def test_a_damaged_statistics_file_is_explained_in_the_players_language():
    """What the set-aside notice says of statistics that do not add up came in English."""
    import pytest

    from game.stats import Statistics

    bad = [{"games": {"freecell": {"played": 2, "won": 3}}},
           {"games": {"freecell": {"played": 5, "won": 2, "best_streak": 3}}},
           {"games": {"freecell": {"played": 5, "best_time": 10}}},
           {"version": 99}, {"version": "x"}]
    i18n.set_language(i18n.PSEUDO)
    try:
        for data in bad:
            with pytest.raises(ValueError) as said:
                Statistics.from_dict(data)
            text = str(said.value)
            assert text.startswith("«") and WORD.search(text.replace("freecell", "")), text
            # Every English word sits inside a message of the catalog.
            outside = re.sub(r"«[^«»]*(«[^«»]*»[^«»]*)*»", "", text)
            assert not WORD.search(outside.replace("freecell", "")), text
    finally:
        i18n.set_language("en")


def _english_outside_messages(text: str) -> list[str]:
    """The English words of ``text`` outside every «message» (nested ones included)."""
    while True:
        inner = re.sub(r"«[^«»]*»", "", text)
        if inner == text:
            return WORD.findall(text)
        text = inner


def test_board_files_and_the_challenges_file_are_refused_in_the_players_language():
    """`solitaire` reading a FreeCell board, a Spider position or a damaged challenges.json
    explains itself in the player's language (the reasons were English in every one)."""
    import pytest

    from game.challenges.progress import ChallengeProgress
    from game.freecell.deals import deal as freecell_deal
    from game.freecell.position import Position as FreeCellPosition
    from game.spider.deals import deal as spider_deal
    from game.spider.position import Position as SpiderPosition

    board = str(freecell_deal(1))
    spider = str(spider_deal(1, 4))
    bad_boards = ["Foundations: X-5\n" + board, "Foundations: H-0\nFoundations: H-0\n" + board,
                  "Freecells: - -\nFreecells: - -\n" + board, "Bogus: 1\n" + board, board + "\nAS\n" * 2,
                  board.replace("AS", "2S", 1), board + "\nKS KS KS KS KS KS KS KS KS\n" * 3, "Freecells: AS 2S 3S 4S 5S\n"]
    bad_spiders = [spider.replace("stock:", "stick:"), spider.replace("\n2:", "\nX:"), spider.replace(" 8D\n", " (8D)\n", 1),
                   spider.rsplit("\n", 1)[0] + "\nremoved: x", spider.rsplit("\n", 1)[0] + "\nremoved: 9",
                   spider.rsplit("\n", 1)[0] + "\nremoved: 1", "\n".join(spider.splitlines()[:5]),
                   spider.replace("(", "", 1).replace(")", "", 1).replace("1: ", "1: (ZZ) ")]
    bad_marks = [{"version": 99}, {"days": {"1999-01-01": "------"}}, {"days": {"2026-11-02": "xx"}},
                 {"days": {"2026-11-30": "l-----"}}]
    i18n.set_language(i18n.PSEUDO)
    said = []
    try:
        for text in bad_boards:
            with pytest.raises(ValueError) as exc:
                FreeCellPosition.parse(text)
            said.append(str(exc.value))
        for text in bad_spiders:
            with pytest.raises(ValueError) as exc:
                SpiderPosition.parse(text)
            said.append(str(exc.value))
        for data in bad_marks:
            with pytest.raises(ValueError) as exc:
                ChallengeProgress.from_dict(data)
            said.append(str(exc.value))
    finally:
        i18n.set_language("en")
    assert len(said) == len(bad_boards) + len(bad_spiders) + len(bad_marks)
    english = {text: _english_outside_messages(text) for text in said}
    assert {t: w for t, w in english.items() if w} == {}
