"""Every number box and every command-line number, against one table of rules.

One row per text: what each reader must make of it (a number, or a
refusal). The readers are the parsers (``game.numbers``, the deal and game
number parsers, the suit count), the menu's two number boxes, the terminal
game's ``deal N`` and the command line. A reader that takes a text the table
refuses ("# 617") or refuses one it takes fails here.
"""

from __future__ import annotations

import io
import re

import pytest

from game.commands import main
from game.commands.textplay import play as text_play
from game.freecell.deals import DealNumberError, parse_deal_number
from game.numbers import NumberError, fold_wide, parse_in_range, read_whole
from game.play.menu import Menu, Settings
from game.spider.deals import GameNumberError, parse_game_number, parse_suits

N = None  # refused
#: text: (FreeCell deal 1..1,000,000, Spider game 1..999,999, suit count, plain number 0..1,000,000,000)
RULES: dict[str, tuple[int | None, int | None, int | None, int | None]] = {
    "617": (617, 617, N, 617),
    "#617": (617, 617, N, N),  # the # is for deal and game numbers only
    " #617\t": (617, 617, N, N),
    "# 617": (N, N, N, N),  # nothing may stand between the # and the digits
    "#\t617": (N, N, N, N),
    "#  617": (N, N, N, N),
    "##617": (N, N, N, N),
    "#,617": (N, N, N, N),
    "#_617": (N, N, N, N),
    "617#": (N, N, N, N),
    "6#17": (N, N, N, N),
    "#": (N, N, N, N),
    "": (N, N, N, N),
    " ": (N, N, N, N),
    "0": (N, N, N, 0),
    "1": (1, 1, 1, 1),
    "2": (2, 2, 2, 2),
    "3": (3, 3, N, 3),
    "4": (4, 4, 4, 4),
    "5": (5, 5, N, 5),
    "0001": (1, 1, 1, 1),
    "999999": (999_999, 999_999, N, 999_999),
    "999,999": (999_999, 999_999, N, 999_999),
    "1000000": (1_000_000, N, N, 1_000_000),
    "1,000,000": (1_000_000, N, N, 1_000_000),
    "1_000_000": (1_000_000, N, N, 1_000_000),
    "#1,000,000": (1_000_000, N, N, N),
    "1000001": (N, N, N, 1_000_001),
    "10000001": (N, N, N, 10_000_001),
    "1000000001": (N, N, N, N),
    "1,000_000": (N, N, N, N),
    "1,00": (N, N, N, N),
    "1,0000": (N, N, N, N),
    "1000,000": (N, N, N, N),  # groups of three after the first, and the first of 1-3 digits
    "1000_000": (N, N, N, N),
    "10,00,000": (N, N, N, N),
    "1,000,00": (N, N, N, N),
    ",617": (N, N, N, N),
    "617,": (N, N, N, N),
    "6 17": (N, N, N, N),
    "+617": (N, N, N, N),
    "-617": (N, N, N, N),
    "617.0": (N, N, N, N),
    "6e2": (N, N, N, N),
    "0x10": (N, N, N, N),
    "٣": (N, N, N, N),
    "３": (N, N, N, N),
    "²": (N, N, N, N),
    "\u00a0617": (N, N, N, N),
}

CASES = sorted(RULES)


def _read(parse, text: str, error: type[Exception]) -> int | None:
    try:
        return parse(text)
    except error as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 200
        return None


@pytest.mark.parametrize("text", CASES, ids=ascii)
def test_the_parsers_follow_the_table(text):
    deal, game, suits, plain = RULES[text]
    assert _read(parse_deal_number, text, DealNumberError) == deal
    assert _read(parse_game_number, text, GameNumberError) == game
    assert _read(parse_suits, text, GameNumberError) == suits
    assert _read(lambda t: parse_in_range(t, "--budget", 0, 10**9), text, NumberError) == plain
    if deal is not None or game is not None:
        assert read_whole(text, allow_hash=True) == (deal or game)


def _box(kind: str, text: str) -> int | None:
    menu = Menu(Settings())
    menu.open()
    menu.choose(f"{kind}-number")
    menu.type_text(text)
    request = menu.confirm_entry()
    if request is None:
        assert menu.error and "\n" not in menu.error  # refused, and the box says why
        return None
    assert request.kind == kind and not menu.error
    return request.number


@pytest.mark.parametrize("text", CASES, ids=ascii)
def test_the_menus_number_boxes_follow_the_table(text):
    deal, game, _, _ = RULES[text]
    if fold_wide(text) != text:
        # The box alone reads full-width digits (a Korean or Japanese keyboard's) as 0-9.
        deal, game = (_parsed(parse_deal_number, fold_wide(text)), _parsed(parse_game_number, fold_wide(text)))
    assert _box("freecell", text) == deal
    assert _box("spider", text) == game


def _parsed(parse, text: str) -> int | None:
    try:
        return parse(text)
    except NumberError:
        return None


@pytest.mark.parametrize("text", CASES, ids=ascii)
def test_the_terminal_games_deal_command_follows_the_table(text):
    out = io.StringIO()
    text_play(1, stdin=io.StringIO(f"deal {text}\nquit\n"), stdout=out)
    deal = RULES[text][0]
    shown = out.getvalue()
    if deal is None:
        # Refused in one line ("deal" with only spaces after it is no deal command at all).
        assert set(re.findall(r"Deal #(\d+) ", shown)) == {"1"}  # still deal 1, nothing else dealt
        if text.strip():
            assert "not a deal number" in shown or "does not exist" in shown
    else:
        assert set(re.findall(r"Deal #(\d+) ", shown)) == {"1", str(deal)}


def _exit(capsys, *argv: str) -> int:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse refuses a value that looks like an option
        assert isinstance(exc.code, int), exc.code
        code = exc.code
    out, err = capsys.readouterr()
    if code == 2:
        assert out == "" and len(err.splitlines()) == 1 and "Traceback" not in err
    return code


@pytest.mark.parametrize("text", [t for t in CASES if not t.startswith(("-", "+"))], ids=ascii)
def test_the_command_lines_numbers_follow_the_table(text, capsys):
    deal, game, suits, plain = RULES[text]
    assert _exit(capsys, "deal", "freecell", text) == (0 if deal is not None else 2)
    assert _exit(capsys, "deal", "spider", text, "--suits", "1") == (0 if game is not None else 2)
    assert _exit(capsys, "deal", "spider", "1", "--suits", text) == (0 if suits is not None else 2)
    # --freecells takes 0..4, --budget 1..10**9: the plain reading, then the range.
    cells_ok = plain is not None and plain <= 4
    assert (_exit(capsys, "solve", "freecell", "1", "--freecells", text, "--budget", "1") != 2) == cells_ok
    budget_ok = plain is not None and plain >= 1
    assert (_exit(capsys, "solve", "freecell", "1", "--budget", text) != 2) == budget_ok
