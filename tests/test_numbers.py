"""Numbers typed by a user: ASCII digits only, everywhere (issue 18 item 8).

Every numeric argument of every subcommand gets the same hostile corpus:
digits of other scripts, superscripts, circled and fullwidth digits, signs,
odd whitespace, empty text and huge numbers. Each must end with exit code 2
and one line on stderr, never a traceback. The parsers themselves get a
sweep over every non-ASCII character Unicode calls a number.
"""

from __future__ import annotations

import subprocess
import sys
import unicodedata

import pytest
from conftest import ROOT

from game.commands import main
from game.freecell.deals import DealNumberError, parse_deal_number
from game.numbers import NumberError, parse_in_range, read_whole
from game.spider.deals import GameNumberError, parse_game_number, parse_suits

# Each hostile value stands where a number is expected; none of them is valid anywhere.
HOSTILE = [
    "²", "¹", "³", "₃", "①", "⑩", "Ⅲ", "½", "٣", "۳", "३", "৩", "๓", "３", "𝟑", "꘣",
    "1٣", "٣1", "1²", "+3", "-3", "−3", "3-", "+", "-", "3.0", "1e3", "0x10", "3j",
    "", " ", "#", "##3", "3#", "#-3", "\u00a03", "3\u3000", "\u20033", "3\u200b", "\u20283",
    "1\t2", "3\n4", "1 2", "1,0", "1__000", "1,000_000", ",100", "100,", "1_00",
    "9" * 40, "9" * 5000, "0", "00", "10000000000", "nan", "inf", "three", "\x00", "\x1b[31m3",
]

# Every numeric argument: (argv with {} where the value goes). The other
# arguments are valid, so the hostile value is the only mistake.
ARGUMENTS = {
    "deal freecell N": ["deal", "freecell", "{}"],
    "deal spider N": ["deal", "spider", "{}", "--suits", "1"],
    "deal spider --suits": ["deal", "spider", "1", "--suits", "{}"],
    "solve freecell N": ["solve", "freecell", "{}", "--budget", "1"],
    "solve freecell --freecells": ["solve", "freecell", "1", "--freecells", "{}", "--budget", "1"],
    "solve freecell --budget": ["solve", "freecell", "1", "--budget", "{}"],
    "solve freecell --anytime": ["solve", "freecell", "1", "--budget", "1", "--anytime", "{}"],
    "solve spider N": ["solve", "spider", "{}", "--budget", "1"],
    "solve spider --suits": ["solve", "spider", "1", "--suits", "{}", "--budget", "1"],
    "solve spider --budget": ["solve", "spider", "1", "--budget", "{}"],
    "play freecell N": ["play", "freecell", "{}"],
    "play spider N": ["play", "spider", "{}"],
    "play spider --suits": ["play", "spider", "1", "--suits", "{}"],
    "daily DATE": ["daily", "{}"],
}
# Valid for these arguments, so not hostile there.
VALID_FOR = {"solve freecell --freecells": {"0", "00"}, "solve freecell --anytime": {"0", "00", "3.0"}}


def _cases():
    for name, _argv in ARGUMENTS.items():
        for value in HOSTILE:
            if value not in VALID_FOR.get(name, ()):
                yield pytest.param(name, value, id=f"{name}-{value[:12]!r}")


@pytest.mark.parametrize("name, value", list(_cases()))
def test_a_hostile_number_is_one_line_and_exit_2(name, value, capsys, monkeypatch):
    # A window must never open here: every value is refused before that.
    monkeypatch.setitem(sys.modules, "game.app", None)
    argv = [a.replace("{}", value) for a in ARGUMENTS[name]]
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own refusals (a value that looks like an option)
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2, (argv, out, err)
    assert out == ""
    assert len(err.splitlines()) == 1 and err.endswith("\n"), err
    assert "Traceback" not in err and len(err) < 300


@pytest.mark.parametrize("args", [["deal", "freecell", "²"], ["solve", "freecell", "1", "--freecells", "¹"],
                                  ["play", "freecell", "٣"]])
def test_the_real_process_says_one_line(args):
    done = subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, check=False, capture_output=True,
                          text=True, timeout=60, env={"PATH": "", "PYTHONIOENCODING": "utf-8"})
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


@pytest.mark.parametrize("text, number", [
    ("617", 617), (" 617 ", 617), ("#617", 617), ("\t#617\n", 617), ("1,000,000", 1_000_000),
    ("1_000_000", 1_000_000), ("0001", 1), ("999,999", 999_999),
])
def test_what_is_accepted(text, number):
    assert read_whole(text, allow_hash=True) == number
    if number <= 999_999:
        assert parse_game_number(text) == number
    assert parse_deal_number(text) == number


def test_hash_only_for_deal_and_game_numbers():
    assert read_whole("#4") is None
    with pytest.raises(NumberError, match="--suits must be 1, 2 or 4, not '#4'"):
        parse_suits("#4")
    with pytest.raises(NumberError, match="--budget"):
        parse_in_range("#5", "--budget", 1, 10)


def _unicode_numbers():
    """Every non-ASCII character whose category is a number (Nd, Nl, No)."""
    return [chr(c) for c in range(0x80, sys.maxunicode + 1)
            if unicodedata.category(chr(c)) in ("Nd", "Nl", "No")]


def test_no_unicode_number_is_read_as_a_number():
    chars = _unicode_numbers()
    assert len(chars) > 1000  # the sweep really covers the scripts
    for ch in chars:
        for text in (ch, f"1{ch}", f"{ch}1", f"#{ch}"):
            assert read_whole(text, allow_hash=True) is None, ascii(text)
            for parse, error in ((parse_deal_number, DealNumberError), (parse_game_number, GameNumberError),
                                 (parse_suits, GameNumberError)):
                with pytest.raises(error) as caught:
                    parse(text)
                assert "\n" not in str(caught.value)


def test_no_unicode_space_is_stripped():
    spaces = [chr(c) for c in range(0x80, 0x3001) if chr(c).isspace()]
    assert "\u00a0" in spaces and "\u3000" in spaces
    for sp in spaces:
        assert read_whole(f"{sp}3") is None and read_whole(f"3{sp}") is None, ascii(sp)
