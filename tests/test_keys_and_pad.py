"""Keyboard-only and gamepad-only play reach every action (issue 27, point 7).

Every press here goes through the real translation (game.input.keys) into
Play, as the window sends it: pygame KEYDOWN codes and CONTROLLERBUTTONDOWN /
CONTROLLERAXISMOTION events, never an Action made by hand.
"""

from __future__ import annotations

import pygame
import pytest

from game.input.keys import translate_controller, translate_key
from game.places import PileKind
from game.play.panels import Command

PAD = {"A": pygame.CONTROLLER_BUTTON_A, "B": pygame.CONTROLLER_BUTTON_B, "Y": pygame.CONTROLLER_BUTTON_Y,
       "LB": pygame.CONTROLLER_BUTTON_LEFTSHOULDER, "RB": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
       "Start": pygame.CONTROLLER_BUTTON_START, "up": pygame.CONTROLLER_BUTTON_DPAD_UP,
       "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN, "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
       "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT}


def pad(play, *names: str) -> None:
    """Press gamepad buttons, as SDL reports them."""
    for name in names:
        event = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=PAD[name])
        action = translate_controller(event, {}, play.game)
        assert action is not None, name
        play.key(action)


def trigger(play) -> None:
    """Pull the right trigger all the way and let it go."""
    held: dict[int, int] = {}
    for value in (32767, 0):
        event = pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_TRIGGERRIGHT, value=value)
        action = translate_controller(event, held, play.game)
        if action is not None:
            play.key(action)


def key(play, code: int, mod: int = 0) -> None:
    action = translate_key(play.game, code, mod)
    assert action is not None, pygame.key.name(code)
    play.key(action)


def ringed(play) -> list[str]:
    """The actions of the bar buttons the frame draws with the focus ring."""
    return [b.action for b in play.frame().buttons if b.focus]


def spy(play) -> list[str]:
    """Record what reaches Play.button (the bar's dispatcher, the mouse's too), calling through."""
    pressed: list[str] = []
    real = play.button

    def button(name):
        pressed.append(name)
        real(name)

    play.button = button
    return pressed


def snapshot(play) -> tuple:
    """What a press can change that a player sees or waits for."""
    t = play.table
    panel = play.panel()
    return (play.menu.is_open, panel and panel.title, t.session.moves, str(t.position), play.message,
            play.round.demo is not None, play.jobs.waiting, getattr(t, "cascade", None),
            getattr(t, "thinking", None))


class _Verdict:
    """The live check's worker as the controller sees it, stuck at one verdict."""

    def __init__(self, state) -> None:
        self.state = state
        self.label = "not winnable from here"
        self.verdicts: dict = {}

    def __getattr__(self, name):
        return lambda *args, **kwargs: ()  # asked to re-check, polled, closed: nothing new


def freecell_states(play_for):
    """FreeCell tables whose bars, together, show every button there is."""
    from test_play import reach_autocomplete

    from game.freecell.winnability import WinState

    def moved():
        play = play_for("freecell", 617)
        play.button("play:1a")
        play.table.flights.land()  # the bar follows the cards as they land
        return play

    def autocomplete():
        play = play_for("freecell", 617, auto_moves="off")
        reach_autocomplete(play.table)
        return play

    def lost():
        play = moved()
        # The live check's verdict, as its worker would report it: Rewind takes New deal's place.
        play.round.winnability = _Verdict(WinState.LOST)
        return play

    return [moved, autocomplete, lost]


def spider_states(play_for):
    def moved():
        play = play_for("spider", 1, 1)
        key(play, pygame.K_d)  # a deal: Undo and Restart light up once it has landed
        play.table.flights.land()
        return play

    return [moved]


def every_bar_press(play_for, game: str, walk) -> set[str]:
    """Walk to each enabled bar button with ``walk`` and press it; the actions pressed."""
    states = freecell_states(play_for) if game == "freecell" else spider_states(play_for)
    done: set[str] = set()
    for make in states:
        bar = [b.action for b in make().buttons() if b.enabled]
        for target in bar:
            play = make()
            for _ in range(len(bar) + 1):
                walk(play, "next")
                if ringed(play) == [target]:
                    break
            assert ringed(play) == [target] and play.frame().focus is None, f"the ring never reached {target}"
            pressed = spy(play)
            before = snapshot(play)
            walk(play, "press")
            assert pressed[:1] == [target], f"{target}: {pressed}"
            assert snapshot(play) != before, f"{game}: pressing {target} from the bar changed nothing"
            done.add(target)
    return done


def pad_walk(play, what: str) -> None:
    pad(play, "RB" if what == "next" else "A")


def key_walk(play, what: str) -> None:
    key(play, pygame.K_F6 if what == "next" else pygame.K_RETURN)


@pytest.mark.parametrize("walk", [pad_walk, key_walk], ids=["pad", "keys"])
def test_every_freecell_bar_action_by_pad_and_by_keys(play_for, walk):
    done = every_bar_press(play_for, "freecell", walk)
    assert done == {Command.MENU, Command.UNDO, Command.HINT, Command.MOVES, Command.NEW, Command.AUTOCOMPLETE,
                    Command.REWIND, Command.RESTART, Command.GIVE_UP}


@pytest.mark.parametrize("walk", [pad_walk, key_walk], ids=["pad", "keys"])
def test_every_spider_bar_action_by_pad_and_by_keys(play_for, walk):
    done = every_bar_press(play_for, "spider", walk)
    assert done == {Command.MENU, Command.UNDO, Command.HINT, Command.DEAL, Command.NEW, Command.RESTART,
                    Command.DEMO, Command.GIVE_UP}


def test_the_ring_leaves_the_bar_and_walks_it_both_ways(play_for):
    play = play_for("freecell", 617)
    play.button("play:1a")
    play.table.flights.land()  # the bar follows the cards as they land
    bar = [b.action for b in play.buttons()]
    pad(play, "RB")
    assert ringed(play) == [bar[0]]
    pad(play, "right")  # the d-pad walks the bar once the ring is on it
    assert ringed(play) == [bar[1]]
    pad(play, "LB", "LB")  # back past the first button: the table again
    assert ringed(play) == [] and play.frame().focus is not None
    pad(play, "LB")  # from the table, backwards: the last button
    assert ringed(play) == [bar[-1]]
    pad(play, "B")
    assert ringed(play) == [] and play.frame().focus is not None
    key(play, pygame.K_F6, pygame.KMOD_SHIFT)
    assert ringed(play) == [bar[-1]]
    key(play, pygame.K_UP)
    assert ringed(play) == []
    pad(play, "RB")
    play.press()  # the mouse: the ring goes
    assert ringed(play) == [] and play.round.bar.at is None


def test_the_left_handed_bar_walks_the_way_it_is_drawn(play_for):
    play = play_for("freecell", 617, left_handed=True)
    play.button("play:1a")
    play.table.flights.land()  # the bar follows the cards as they land
    bar = [b.action for b in play.buttons()]
    pad(play, "RB", "RB")
    assert ringed(play) == [bar[1]]
    pad(play, "left")  # mirrored: the button drawn on the left is the next one
    assert ringed(play) == [bar[2]]


def test_panels_and_the_menu_take_the_pads_keys_before_the_bar(play_for):
    play = play_for("freecell", 617)
    play.button("play:1a")
    play.table.flights.land()  # the bar follows the cards as they land
    while ringed(play) != [Command.GIVE_UP]:
        pad(play, "LB")
    pad(play, "A")
    assert play.panel().title == "Give up this game?" and play.panel().focus == 0
    pad(play, "RB")  # the shoulders walk the panel's buttons now
    assert play.panel().focus == 1
    pad(play, "B")
    assert play.panel() is None and ringed(play) == [Command.GIVE_UP]  # back where it was


def test_the_move_list_reaches_demo_copy_and_replay_from_the_pad(play_for):
    play = play_for("freecell", 617)
    play.button("play:1a")
    play.table.flights.land()  # the bar follows the cards as they land
    while ringed(play) != [Command.MOVES]:
        pad(play, "RB")
    pad(play, "A")
    panel = play.panel()
    assert panel.title.startswith("Moves")
    wanted = [b.action for b in panel.buttons[-5:]]
    assert wanted == [Command.DEMO, "review", Command.EXPORT, Command.IMPORT, Command.CLOSE]
    pad(play, "up", "up", "up")  # round from the first entry to the last ones
    assert play.panel().buttons[play.panel().focus].action == Command.EXPORT
    pad(play, "A")
    assert play.host.clipboard.split()[:1] == ["1a"] and play.message


@pytest.mark.parametrize("mirror", [False, True])
def test_the_bar_draws_the_ring_on_the_focused_button_only(play_for, mirror):
    from game.ui.hud import hud_geometry

    play = play_for("freecell", 617)
    pad(play, "RB", "RB")
    geo = hud_geometry((1280, 720), play.status(), "", play.frame().buttons, mirror=mirror)
    assert ringed(play) == [Command.HINT]  # Menu, then Hint: Undo is greyed before the first move
    assert [b.action for b in geo.buttons if b.focus] == [Command.HINT]


def test_a_card_goes_to_a_free_cell_in_one_press(play_for):
    play = play_for("freecell", 617)
    table = play.table
    table.focus_index = table.focus_places().index((PileKind.COLUMN, 2))
    bottom = table.position.columns[2][-1]
    key(play, pygame.K_c)
    assert table.position.cells[0] == bottom and table.session.moves == 1
    table.focus_index = table.focus_places().index((PileKind.COLUMN, 5))
    bottom = table.position.columns[5][-1]
    trigger(play)
    assert table.position.cells[1] == bottom and table.session.moves == 2
    table.focus_index = table.focus_places().index((PileKind.CELL, 0))
    key(play, pygame.K_c)
    assert table.session.moves == 2 and "column" in play.message


def test_every_free_cell_full_says_which_card_stays(play_for):
    play = play_for("freecell", 617)
    table = play.table
    for col in range(4):
        table.focus_index = table.focus_places().index((PileKind.COLUMN, col))
        key(play, pygame.K_c)
    table.focus_index = table.focus_places().index((PileKind.COLUMN, 6))
    card = table.position.columns[6][-1]
    moves = table.session.moves
    key(play, pygame.K_c)
    assert table.session.moves == moves and play.message.startswith("Every free cell is full")
    assert card.display in play.message


def test_spiders_trigger_makes_the_double_click_move(play_for):
    play = play_for("spider", 1, 1)
    table = play.table
    before = table.session.moves
    for col in range(10):
        table.focus_index = table.focus_places().index((PileKind.COLUMN, col))
        trigger(play)
        if table.session.moves > before:
            break
    assert table.session.moves == before + 1


@pytest.mark.parametrize("game, entry, number", [("freecell", "freecell-number", 617), ("spider", "spider-number", 42)])
def test_the_number_box_filled_from_the_pad(play_for, game, entry, number):
    play = play_for(game, 1, 1)
    pad(play, "Start")
    while play.menu.buttons()[play.menu.focus].action != entry:
        pad(play, "right")
    pad(play, "A")
    assert play.typing
    for i, digit in enumerate(int(d) for d in str(number)):
        if i:
            pad(play, "right")
        pad(play, *(["up"] * digit if digit <= 5 else ["down"] * (10 - digit)))
    shown = next(r.value for s in play.menu.panel().sections for r in s.rows if r.box)
    assert shown.replace("[", "").replace("]", "") == str(number)
    pad(play, "A")
    assert not play.menu.is_open and play.table.session.number == number


def test_every_menu_and_settings_button_is_reached_by_the_d_pad(play_for):
    play = play_for("freecell", 1)
    pad(play, "Start")
    for screen in ("main", "settings"):
        if screen == "settings":
            play.menu.choose("settings")
        seen = set()
        for _ in range(len(play.menu.buttons())):  # along each row, on to the next at its end
            seen.add(play.menu.focus)
            pad(play, "right")
        assert seen == set(range(len(play.menu.buttons()))), screen
        pad(play, "down")
        assert play.menu.focus != 0, screen  # and down to the next row


@pytest.mark.parametrize("game", ["freecell", "spider"])
def test_tab_walks_a_dialogs_buttons_in_both_games(play_for, game):
    play = play_for(game, 1, 1)
    play.button(Command.RESTART if game == "spider" else "play:1a")
    if game == "spider":
        key(play, pygame.K_d)
    play.button(Command.GIVE_UP)
    assert play.panel().focus == 0
    key(play, pygame.K_TAB)
    assert play.panel().focus == 1
    key(play, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert play.panel().focus == 0


def test_a_click_in_settings_moves_the_keyboard_ring_there(play_for):
    play = play_for("freecell", 1)
    key(play, pygame.K_m)
    play.button("settings")
    play.button("set-animation_speed=fast")  # a click
    panel = play.panel()
    assert panel.buttons[panel.focus].action == "set-animation_speed=fast"
    lit = [i for s in panel.sections for r in s.rows for i in r.selected
           if panel.buttons[i].action.startswith("set-animation_speed")]
    assert lit == [panel.focus]  # the chosen value and the ring are one button


def test_c_acts_on_the_focus_ring_not_on_the_card_the_mouse_picked(play_for):
    from types import SimpleNamespace

    from game.input.pointer import Click

    play = play_for("freecell", 617)
    table = play.table
    # The mouse picks column 5's card (it stays selected, the pointer resting on it) ...
    col5 = table.position.columns[4]
    play.release(Click(SimpleNamespace(kind=PileKind.COLUMN, pile=4, index=len(col5) - 1), False))
    assert table.selection is not None and table.selection[1] == 4
    # ... then the keys put the ring on column 4: C (and the trigger) act there.
    key(play, pygame.K_RIGHT)
    table.focus_index = table.focus_places().index((PileKind.COLUMN, 3))
    ring, picked = table.position.columns[3][-1], col5[-1]
    key(play, pygame.K_c)
    assert table.position.cells[0] == ring and table.position.columns[4][-1] == picked
    assert table.selection is None
    play.release(Click(SimpleNamespace(kind=PileKind.COLUMN, pile=4, index=len(col5) - 1), False))
    table.focus_index = table.focus_places().index((PileKind.COLUMN, 6))
    ring = table.position.columns[6][-1]
    trigger(play)
    assert table.position.cells[1] == ring and table.position.columns[4][-1] == picked
