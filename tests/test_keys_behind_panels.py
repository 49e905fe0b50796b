"""While a question or a panel is up, only its own keys act (issue 38, point 1).

Its own keys walk its buttons (Tab, Shift+Tab, the arrows, F6; the pad's
d-pad, stick and shoulders), press one (Enter, Space; the pad's A) or close
it (Esc; B). Every other key and pad button, pressed behind any question or
panel of either game, leaves the game, the panel and the message as they
were: H shows no hint and U undoes nothing behind "Start a new deal?".
F11 and Alt+Enter are the window's (full screen on or off), not the game's:
they act everywhere. Every press goes through the real translation (game.input.keys), as the
window sends it.
"""

from __future__ import annotations

import pygame
import pytest
from conftest import play_first_moves

from game.input.keys import KEYMAPS, translate_controller, translate_key
from game.play.panels import Command

#: The keys a panel answers to (by physical key, not by the action they map to).
OWN_KEYS = {pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_F6,
            pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE}
OWN_BUTTONS = {pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
               pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, pygame.CONTROLLER_BUTTON_DPAD_UP,
               pygame.CONTROLLER_BUTTON_DPAD_DOWN, pygame.CONTROLLER_BUTTON_DPAD_LEFT,
               pygame.CONTROLLER_BUTTON_DPAD_RIGHT}
#: Every button SDL's game controller has.
ALL_BUTTONS = [getattr(pygame, n) for n in dir(pygame) if n.startswith("CONTROLLER_BUTTON_")
               and n not in ("CONTROLLER_BUTTON_INVALID", "CONTROLLER_BUTTON_MAX")]


def other_presses(game: str) -> list[tuple[str, pygame.event.Event]]:
    """Every game key and pad button that is not a panel's own, as SDL events, by name."""
    keys = set(KEYMAPS[game]) | {pygame.K_z, pygame.K_y, pygame.K_q}
    presses = [(pygame.key.name(code), pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
               for code in sorted(keys - OWN_KEYS - {pygame.K_F11})]
    for code, mod in ((pygame.K_z, pygame.KMOD_CTRL), (pygame.K_y, pygame.KMOD_CTRL),
                      (pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT), (pygame.K_q, pygame.KMOD_CTRL)):
        presses.append((f"{mod}+{pygame.key.name(code)}", pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod)))
    presses += [(f"pad {b}", pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=b))
                for b in ALL_BUTTONS if b not in OWN_BUTTONS]
    presses.append(("right trigger", pygame.event.Event(pygame.CONTROLLERAXISMOTION,
                                                        axis=pygame.CONTROLLER_AXIS_TRIGGERRIGHT, value=32767)))
    return presses


def press(play, event) -> bool:
    """Send ``event`` as the window does; False when it is no action at all."""
    action = (translate_key(play.game, event.key, event.mod) if event.type == pygame.KEYDOWN
              else translate_controller(event, {}, play.game))
    if action is None:
        return False
    play.key(action)
    return True


def state(play) -> tuple:
    """All a key could change behind a panel: the game, the table's marks, the panel, the message."""
    t = play.table
    s = t.session
    return (str(t.position), s.moves, s.undo_count, len(t.position.move_stack), t.selection, t.focus_index,
            tuple(t.hint_marks), t.message, play.panel(), play.menu.is_open, play.running,
            play.round.demo is not None, play.jobs.waiting, getattr(t, "thinking", None),
            getattr(t, "cascade", None), play.settings.to_dict(), play.host.fullscreen, play._pending)


def moved(play):
    play_first_moves(play)
    play.table.flights.land()
    return play


def ask(command: str):
    """A question from a bar button after a move (its answer still to come)."""
    def make(play):
        moved(play).button(command)
        return play
    return make


def key_question(code: int, mod: int = 0):
    def make(play):
        moved(play).key(translate_key(play.game, code, mod))
        return play
    return make


def won(play):
    from game.freecell.solver import solve

    for move in solve(play.table.position).player_moves:
        play.button(f"play:{move}")
    for _ in range(300):
        play.update(0.05)
        if play.panel() is not None:
            break
    return play


def no_win_panel(play):
    from types import SimpleNamespace

    from game.freecell.hints import HintKind

    moved(play).table._show_hint(SimpleNamespace(kind=HintKind.NO_WIN, deal=None, move=None))
    return play


def move_list(play):
    moved(play).key(translate_key("freecell", pygame.K_l, 0))
    return play


def run_panel(play):
    col = play.table.position.columns[0]
    play.table.hold(0, len(col) - 1)
    return play


def help_panel(play):
    play.key(translate_key(play.game, pygame.K_F1, 0))
    return play


def challenge_missed(play):
    from test_challenge_play import find, start, steps

    c = find(lambda c: c.goal.no_undo and c.game == "freecell")
    start(play, c)
    steps(play, c, upto=2)
    play.key(translate_key("freecell", pygame.K_u, 0))
    return play


PANELS = {
    "freecell": {"new deal?": key_question(pygame.K_n), "give up?": ask(Command.GIVE_UP),
                 "restart?": ask(Command.RESTART), "replay the clipboard?": ask(Command.IMPORT),
                 "quit?": key_question(pygame.K_q, pygame.KMOD_CTRL), "help": help_panel, "move list": move_list,
                 "run panel": run_panel, "you won": won, "no winning line": no_win_panel,
                 "challenge missed": challenge_missed},
    "spider": {"new game?": key_question(pygame.K_n), "give up?": ask(Command.GIVE_UP),
               "restart?": ask(Command.RESTART), "quit?": key_question(pygame.K_q, pygame.KMOD_CTRL),
               "help": help_panel},
}
CASES = [(game, name) for game, panels in PANELS.items() for name in panels]


@pytest.mark.parametrize("game, name", CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_no_game_key_or_pad_button_acts_behind_a_question_or_panel(play_for, game, name):
    play = play_for(game, 617 if game == "freecell" else 1, animation_speed="instant")
    PANELS[game][name](play)
    panel = play.panel()
    assert panel is not None and panel.buttons and not play.menu.is_open, name
    before = state(play)
    acted = []
    for label, event in other_presses(game):
        if not press(play, event):
            continue
        play.update(0.05)
        if state(play) != before:
            acted.append(label)
            break
    assert acted == [], f"{acted} acted behind {panel.title!r}"
    assert play.panel() == panel


@pytest.mark.parametrize("game", ["freecell", "spider"])
def test_a_panels_own_keys_still_walk_press_and_close_it(play_for, game):
    play = play_for(game, 617 if game == "freecell" else 1, animation_speed="instant")
    key_question(pygame.K_n)(play)
    title = play.panel().title
    for code in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_F6):
        play.key(translate_key(game, code, 0))
        assert play.panel().focus == 1 and play.panel().title == title
        play.key(translate_key(game, code, pygame.KMOD_SHIFT) if code != pygame.K_RIGHT
                 else translate_key(game, pygame.K_LEFT, 0))
        assert play.panel().focus == 0
    press(play, pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_B))
    assert play.panel() is None and play.table.session.moves == 1  # B: kept playing
    play.key(translate_key(game, pygame.K_n, 0))
    press(play, pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_DPAD_RIGHT))
    press(play, pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A))
    assert play.panel() is None and play.table.session.moves == 0  # A on "Start it": a new deal


def menu_open(play):
    play.key(translate_key(play.game, pygame.K_m, 0))
    return play


def stats_open(play):
    menu_open(play).button("statistics")
    return play


#: Every modal in both games, the menu and its statistics screen included.
MODALS = [(game, name, make) for game, panels in PANELS.items() for name, make in panels.items()] + [
    (game, name, make) for game in ("freecell", "spider") for name, make in (("menu", menu_open), ("statistics", stats_open))]


@pytest.mark.parametrize("game, name, make", MODALS, ids=[f"{g}-{n}" for g, n, _m in MODALS])
def test_no_key_shows_or_moves_the_tables_focus_ring_behind_a_modal(play_for, game, name, make):
    """Issue 62, 9e: a question clicked open, then H (which it ignores): the table's focus
    ring appeared behind it. While a modal is up no key or pad button, its own or not,
    puts the ring on the table (the modal's own focus is the one shown)."""
    play = play_for(game, 617 if game == "freecell" else 1, animation_speed="instant")
    make(play)
    assert play.panel() is not None and play.panel().buttons, name
    play.round.mouse_used()  # as when the question came from a click: no ring anywhere yet
    own = [(pygame.key.name(code), pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
           for code in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_F6)]
    own += [(f"pad {b}", pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=b))
            for b in (pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
                      pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
                      pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)]
    for label, event in other_presses(game) + own:
        if not press(play, event):
            continue
        play.update(0.05)
        if play.panel() is None:
            break  # a key the modal answers to closed it (the menu's M)
        assert play.frame((1280, 720)).focus is None, f"{label} put the focus ring on the table behind {name}"
    # A key the modal ignores leaves the ring hidden once it closes by the mouse's click, too.
    play.round.mouse_used()
    for label, event in other_presses(game):
        if not press(play, event):
            continue
        if play.panel() is None:
            break  # the menu's M closes it: a key it answers to
        assert not play.env.keyboard_used, f"{label}, ignored behind {name}, showed the focus ring"
