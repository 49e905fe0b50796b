"""The help names only keys and buttons that exist (issue 14, item 5).

Every key the How to play pages mark (``[F1]``, ``[Ctrl+Z]``), every gamepad
control (``[pad A]``) and every button (``**Give up**``) is checked against
the real input map (game.input.keys) and the real control bar and menu
(built by the table controllers and game.play.menu), so the help cannot
drift from the game again. Unmarked key names in the text fail too.
"""

from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game.freecell import deal
from game.freecell.solver import solve
from game.howto import GAMES, blocks, marks, plain, spans
from game.input.keys import _BUTTONS, translate_controller, translate_key
from game.play.freecell_table import FreeCellTable
from game.play.menu import Menu, Settings
from game.play.spider_table import SpiderTable
from game.play.table import TableEnv
from game.stats import Statistics

_NAMED_KEYS = {"Esc": pygame.K_ESCAPE, "Enter": pygame.K_RETURN, "Space": pygame.K_SPACE, "Tab": pygame.K_TAB,
               "Left": pygame.K_LEFT, "Right": pygame.K_RIGHT, "Up": pygame.K_UP, "Down": pygame.K_DOWN}
_MODS = {"Ctrl": pygame.KMOD_CTRL, "Alt": pygame.KMOD_ALT, "Shift": pygame.KMOD_SHIFT}


def key_of(name: str) -> tuple[int, int]:
    """``"Ctrl+Z"`` -> (pygame key, modifiers); KeyError for a name no keyboard has."""
    *mods, base = name.split("+")
    mod = 0
    for m in mods:
        mod |= _MODS[m]
    if base in _NAMED_KEYS:
        return _NAMED_KEYS[base], mod
    if re.fullmatch(r"[A-Z]", base):
        return getattr(pygame, f"K_{base.lower()}"), mod
    if re.fullmatch(r"F(1[0-2]|[1-9])", base):
        return getattr(pygame, f"K_{base}"), mod
    raise KeyError(name)


def pad_actions(name: str, game: str = "freecell") -> list[object]:
    """What the gamepad control ``name`` does in ``game`` (an empty list: no such control)."""
    buttons = {"A": pygame.CONTROLLER_BUTTON_A, "B": pygame.CONTROLLER_BUTTON_B, "X": pygame.CONTROLLER_BUTTON_X,
               "Y": pygame.CONTROLLER_BUTTON_Y, "Start": pygame.CONTROLLER_BUTTON_START,
               "Back": pygame.CONTROLLER_BUTTON_BACK, "LB": pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
               "RB": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, "right stick": pygame.CONTROLLER_BUTTON_RIGHTSTICK,
               "right-stick click": pygame.CONTROLLER_BUTTON_RIGHTSTICK}
    if name in buttons:
        return [translate_controller(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=buttons[name]), {}, game)]
    if name == "RT":
        pull = pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_TRIGGERRIGHT, value=32767)
        return [translate_controller(pull, {}, game)]
    if name == "D-pad":
        return [translate_controller(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=b), {})
                for b in (pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
                          pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN)]
    if name == "left stick":
        return [translate_controller(pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=a, value=v), {})
                for a in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY) for v in (-32000, 32000)]
    return []


def norm(label: str) -> str:
    """A label as the help names it: no key hint "(U)", no "#123", no count, no "(change)"."""
    text = re.sub(r"\([^()]*\)|#\d+", "", label)
    text = re.sub(r"\s+\d+\s*$", "", text)
    return " ".join(text.split())


def names_of(labels: list[str]) -> set[str]:
    """What a help text may call these buttons: the label, or a setting's name before its ": value"."""
    out = set()
    for label in labels:
        out.add(norm(label))
        if ":" in label:
            out.add(norm(label.split(":")[0]))
    return out


def spider_try_label() -> str:
    """The Spider review's page for one move: its first button (Try again from here)."""
    from game.play.coach import SPIDER, Coach
    from game.spider import deal
    from game.spider.review import review_spider

    start = deal(1, 1)
    coach = Coach(SPIDER)
    coach.load(1, review_spider(start, [start.legal_moves()[0]], states=1))
    return coach.detail(1).buttons[0].label


def bar_labels(game: str) -> list[str]:
    """Every label the control bar of ``game`` shows, in every state it can be in."""
    env = TableEnv(now=lambda: 0.0)
    if game == "spider":
        table = SpiderTable(env, 1, 1)
        labels = [b.label for b in table.buttons()]
        table.play(table.position.legal_moves()[0])
        table.undo()  # something to redo: Redo shows
        labels += [b.label for b in table.give_up_extras()]  # the give-up question's Review
        # Review mid-game asks which review: the fair one is a button the help names.
        labels += [b.label for b in table.peek_question().buttons if b.action == "review-fair"]
        # The Demo button's panel: full knowledge or Play fair.
        demo = table.demo_panel()
        assert demo is not None
        return labels + [b.label for b in table.buttons()] + [spider_try_label()] + [
            b.label for b in demo.buttons if b.action != "close"]
    freecell = FreeCellTable(env, 617)
    labels = [b.label for b in freecell.buttons()] + [b.label for b in freecell.buttons(lost=True)]
    freecell.play(freecell.position.legal_moves()[0])
    freecell.undo()
    labels += [b.label for b in freecell.buttons()]  # Redo shows
    # The give-up question's Review, and the review's page for one move (Try again from here).
    labels += [b.label for b in freecell.give_up_extras()]
    # Along the solver's line, every card movement by hand (no automatic moves,
    # so the columns come into order before the win): Auto-complete takes New deal's place.
    hand = FreeCellTable(TableEnv(now=lambda: 0.0, auto_foundation=False), 617)
    for move in solve(deal(617)).moves:
        hand.play(move)
        hand.flights.land()  # the bar follows the landings
        labels += [b.label for b in hand.buttons()]
        if hand.position.can_autocomplete():
            break
    from game.freecell.review import review_game
    from game.limits import Limit
    from game.play.coach import FREECELL, Coach

    coach = Coach(FREECELL)
    start, moves, level = hand.session.review_game()
    coach.load(617, review_game(start, moves[:3], level, states=1, par_limit=Limit(1, None)))
    labels += [coach.detail(1).buttons[0].label]  # Try again from here
    return labels


def menu_labels() -> list[str]:
    labels = []
    for suits in (1, 2, 4):
        menu = Menu(Settings(spider_suits=suits), Statistics())
        menu.open()
        labels += [b.label for b in menu.buttons()] + row_labels(menu)
        for screen in ("settings", "statistics"):
            menu.open()
            menu.choose(screen)
            labels += [b.label for b in menu.buttons()] + row_labels(menu)
    return labels


def row_labels(menu: Menu) -> list[str]:
    """The names the menu's rows show beside their buttons ("Suits", "Automatic foundation moves")."""
    panel = menu.panel()
    assert panel is not None
    return [row.label for section in panel.sections for row in section.rows if row.label]


@pytest.fixture(scope="module")
def labels() -> dict[str, set[str]]:
    return {g: names_of(bar_labels(g)) for g in GAMES} | {"menu": names_of(menu_labels())}


def test_the_bars_are_what_the_help_expects(labels):
    # The fixture itself is checked: it must see the real bars' buttons.
    assert {"Menu", "Undo", "Redo", "Hint", "Moves", "New deal", "Auto-complete", "Rewind", "Restart",
            "Give up"} <= labels["freecell"]
    assert {"Menu", "Undo", "Redo", "Hint", "Deal", "New game", "Restart", "Demo", "Give up"} <= labels["spider"]
    assert {"Settings", "Statistics", "How to play", "Quit"} <= labels["menu"]


@pytest.fixture(scope="module", params=["en", "ko", "ja", "ru", "zh_CN"])
def spoken(request) -> tuple[str, dict[str, set[str]]]:
    """A language and the labels its bars and menu show: a translated page must name the
    buttons by the labels the translated game shows."""
    i18n.set_language(request.param)
    try:
        return request.param, {g: names_of(bar_labels(g)) for g in GAMES} | {"menu": names_of(menu_labels())}
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("game", GAMES)
def test_every_button_the_help_names_exists(game, spoken):
    lang, labels = spoken
    i18n.set_language(lang)
    named = {name for kind, name in marks(game) if kind == "button"}
    assert named
    missing = named - labels[game] - labels["menu"]
    assert not missing, f"the {game} help ({lang}) names buttons the game does not have: {sorted(missing)}"


@pytest.mark.parametrize("game", GAMES)
def test_every_bar_button_is_explained(game, spoken):
    lang, _labels = spoken
    i18n.set_language(lang)
    named = {name for kind, name in marks(game) if kind == "button"}
    bar = {norm(label) for label in bar_labels(game)}
    assert bar <= named, f"the {game} help ({lang}) never names {sorted(bar - named)}"


@pytest.mark.parametrize("game", GAMES)
def test_every_key_the_help_names_does_something(game):
    named = {name for kind, name in marks(game) if kind == "key"}
    assert {"F1", "S", "Esc", "M", "Ctrl+Q"} <= named  # help, sound, menu, quit are all there
    for name in named:
        key, mod = key_of(name)
        assert translate_key(game, key, mod) is not None, f"{game}: [{name}] does nothing"


def test_keys_of_the_other_game_are_not_promised():
    # FreeCell's U and Spider's Z undo only in their own game: each page names its own.
    assert ("key", "Z") in marks("spider") and ("key", "Z") not in marks("freecell")
    assert translate_key("spider", pygame.K_u, 0) is None


@pytest.mark.parametrize("game", GAMES)
def test_every_gamepad_control_the_help_names_does_something(game):
    named = {name for kind, name in marks(game) if kind == "pad"}
    assert named
    for name in named:
        actions = pad_actions(name, game)
        assert actions and all(a is not None for a in actions), f"{game}: [pad {name}] does nothing"
    every = {translate_controller(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=b), {}, game).act
             for b in _BUTTONS} | {a.act for a in pad_actions("RT", game)}
    assert every == {a.act for n in named for a in pad_actions(n, game)}  # every control explained


# A key name outside a mark: "press F2", "Ctrl+S", "Esc", "(key G)". The
# marks are taken out first, so only unchecked names remain to be found.
_LOOSE = re.compile(r"\b(?:Ctrl|Alt|Shift)\+\w+|\bF(?:1[0-2]|[1-9])\b|\bEsc\b|\b(?:press|key|keys)\s+[A-Z]\b")


@pytest.mark.parametrize("game", GAMES)
def test_no_key_is_named_without_a_mark(game):
    for block in blocks(game):
        for text in getattr(block, "items", None) or (block.text,):
            bare = "".join(words if kind == "text" else " " for kind, words in spans(text))
            assert not _LOOSE.search(bare), f"unmarked key in: {plain(text)!r}"


def test_the_old_mistakes_are_gone():
    text = " ".join(plain(getattr(b, "text", " ".join(getattr(b, "items", ())))) for g in GAMES for b in blocks(g))
    assert "always available from the menu" not in text
    assert "press Deal" not in text
