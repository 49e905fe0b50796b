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
