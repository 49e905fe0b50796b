"""Every input bounded (issue 32): named files, pasted text and the words errors quote.

The command line runs as a real process under a time limit, so a read that
blocks (a pipe with no writer) or never ends (``/dev/zero``) fails the test
instead of hanging the suite.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.bounded import TEXT_MAX_BYTES, Refused, bounded_text, read_bytes, read_text
from game.quoting import ELLIPSIS, WORD_LIMIT, printable, shown, shown_path

ROOT = Path(__file__).resolve().parents[1]

#: Each command that reads a file the player names, with the file's place in its arguments.
COMMANDS = {
    "deal freecell --check": ["deal", "freecell", "1", "--check"],
    "deal spider --check": ["deal", "spider", "1", "--check"],
    "hint spider --moves": ["hint", "spider", "1", "--moves"],
    "solve freecell --board": ["solve", "freecell", "--board"],
    "hint freecell --board": ["hint", "freecell", "--board"],
    "hint spider --board": ["hint", "spider", "--board"],
}

#: Far more than any refusal takes (a start of Python and one stat), far less than a hang.
LIMIT_S = 30
#: The longest line an error about one word may be.
LINE_MAX = 200

needs_posix = pytest.mark.skipif(os.name != "posix", reason="FIFOs and /dev/zero are POSIX")


def run(*args: str, stdin: str | None = "", cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``solitaire ARGS`` run in ``cwd`` (the checkout's game, wherever it runs)."""
    try:
        return subprocess.run([sys.executable, "-m", "game", *args], cwd=cwd, input=stdin,
                              check=False, capture_output=True, text=True, timeout=LIMIT_S,
                              env={**os.environ, "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)})
    except subprocess.TimeoutExpired:
        pytest.fail(f"solitaire {' '.join(a[:40] for a in args)} did not answer in {LIMIT_S} s")


def one_line(out: subprocess.CompletedProcess[str]) -> str:
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr[:500]
    assert "Traceback" not in out.stderr
    return lines[0]


# --- the command line ----------------------------------------------------------------

@needs_posix
@pytest.mark.parametrize("command", COMMANDS)
def test_dev_zero_is_refused_at_once(command):
    out = run(*COMMANDS[command], "/dev/zero")
    assert out.returncode == 2
    assert one_line(out).endswith("/dev/zero: is a device, not a " + ("board file" if "board" in command else "moves file"))


@needs_posix
@pytest.mark.parametrize("command", COMMANDS)
def test_a_fifo_with_no_writer_is_refused_without_blocking(tmp_path, command):
    fifo = tmp_path / "moves"
    os.mkfifo(fifo)
    out = run(*COMMANDS[command], str(fifo))
    assert out.returncode == 2
    assert "is a named pipe, not a" in one_line(out)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_file_over_the_cap_is_refused_with_its_size_and_the_cap(tmp_path, command):
    big = tmp_path / "big.txt"
    with open(big, "wb") as f:
        f.truncate(10 * 1024 * 1024)  # sparse: 10 MB on paper, nothing on disk
    out = run(*COMMANDS[command], str(big))
    assert out.returncode == 2
    line = one_line(out)
    assert "is 10,485,760 bytes (10 MB)" in line and "at most 1,000,000 bytes (1 MB)" in line


@pytest.mark.parametrize("command", COMMANDS)
def test_a_folder_is_refused(tmp_path, command):
    out = run(*COMMANDS[command], str(tmp_path))
    assert out.returncode == 2 and "is a directory, not a" in one_line(out)


@pytest.mark.parametrize("command", COMMANDS)
def test_one_huge_word_is_quoted_short(tmp_path, command):
    # Just under the cap: the file is read, and its one word is the error.
    word = tmp_path / "word.txt"
    word.write_text("x" * (TEXT_MAX_BYTES - 10))
    # Named from its own folder, so that the line's length is the word's doing
    # whatever the test's temporary folder is called (a pytest-xdist worker's
    # is longer); long paths are test_a_path_is_shown_printable_and_short's.
    out = run(*COMMANDS[command], word.name, cwd=tmp_path)
    assert out.returncode == 2
    line = one_line(out)
    assert len(line) < LINE_MAX and "'" + "x" * WORD_LIMIT + "'" + ELLIPSIS in line


def test_invisible_marks_and_controls_in_a_word_are_escaped(tmp_path):
    moves = tmp_path / "m.txt"
    moves.write_text("5a\u202e 8\u200bh \x1b[2J")
    out = run("deal", "freecell", "1", "--check", str(moves))
    line = one_line(out)
    assert "'5a\\u202e'" in line
    assert "\u202e" not in out.stderr and "\u200b" not in out.stderr and "\x1b" not in out.stderr


def test_a_path_is_shown_printable_and_short(tmp_path):
    # A long path keeps its end, the file's own name.
    name = "d" * 200 + "line\nbreak\u202e.txt"
    out = run("deal", "freecell", "1", "--check", str(tmp_path / name))
    line = one_line(out)
    assert line.endswith("dd" + "line\\nbreak\\u202e.txt: no such file") and len(line) < LINE_MAX
    assert f"error: {ELLIPSIS}d" in line


def test_a_huge_unknown_argument_is_one_short_line():
    out = run("deal", "freecell", "1", "--bogus", "y" * 100_000 + "\n" + "z")
    assert out.returncode == 2 and len(one_line(out)) < 400


@needs_posix
def test_the_terminal_game_ends_on_dev_zero():
    with open("/dev/zero", "rb") as zero:
        try:
            out = subprocess.run([sys.executable, "-m", "game", "play", "--text"], cwd=ROOT, stdin=zero,
                                 check=False, capture_output=True, text=True, timeout=LIMIT_S)
        except subprocess.TimeoutExpired:
            pytest.fail("the terminal game read /dev/zero for ever")
    assert out.returncode == 0 and "Traceback" not in out.stderr
    assert "(over 64 MB without a line break): the game ends." in out.stdout


def test_the_terminal_game_answers_a_10_mb_word_in_one_short_line():
    out = run("play", "--text", stdin="y" * 10_000_000 + "\n" + "zz\u200b\nq\n")
    assert out.returncode == 0
    said = [line for line in out.stdout.splitlines() if "one short line" in line or "is not a move" in line]
    assert len(said) == 2 and all(len(line) < LINE_MAX for line in said)
    assert "'zz\\u200b' is not a move" in said[1]


# --- the reader ---------------------------------------------------------------------

def test_a_plain_file_is_read_whole(tmp_path):
    path = tmp_path / "b.txt"
    path.write_bytes(b"\xef\xbb\xbf8a 8b\n")  # a byte-order mark from a Windows editor
    assert read_text(path) == "8a 8b\n"
    assert read_bytes(path, limit=9) == b"\xef\xbb\xbf8a 8b\n"


def test_the_cap_is_exact(tmp_path):
    path = tmp_path / "b.txt"
    path.write_bytes(b"x" * 100)
    assert len(read_bytes(path, limit=100)) == 100
    with pytest.raises(Refused) as caught:
        read_bytes(path, limit=99, what="board file")
    assert caught.value.kind == "large" and str(caught.value) == "is 100 bytes; a board file is at most 99 bytes"


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="Linux /proc")
def test_a_file_longer_than_its_size_says_is_cut_at_the_cap():
    # /proc files say they are 0 bytes long: the read itself must stop.
    with pytest.raises(Refused) as caught:
        read_bytes("/proc/self/status", limit=10)
    assert caught.value.kind == "large" and "is over 10 bytes" in str(caught.value)


@needs_posix
def test_kinds_of_refusal(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "bin").write_bytes(b"\xff\xfe")
    cases = {tmp_path / "pipe": "special", "/dev/zero": "special", tmp_path: "folder",
             tmp_path / "none": "missing", tmp_path / "bin": "not text"}
    for path, kind in cases.items():
        with pytest.raises(Refused) as caught:
            read_text(path)
        assert caught.value.kind == kind, path


@needs_posix
def test_a_file_that_cannot_be_read_says_why(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root reads every file")
    path = tmp_path / "locked.txt"
    path.write_text("8a")
    path.chmod(0)
    with pytest.raises(Refused) as caught:
        read_text(path)
    assert caught.value.kind == "unreadable" and caught.value.detail == "Permission denied"


def test_pasted_text_has_the_same_cap():
    assert bounded_text("8a " * 1000) == "8a " * 1000
    with pytest.raises(Refused) as caught:
        bounded_text("x" * (TEXT_MAX_BYTES + 1))
    assert "1,000,001 characters" in str(caught.value) and "at most 1,000,000" in str(caught.value)


# --- the quoting --------------------------------------------------------------------

INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u202a", "\u202e", "\u2066", "\u2069",
             "\u061c", "\u200e", "\u200f", "\u00ad", "\u034f", "\u3164", "\u115f", "\ufe0f", "\U000e0041",
             "\u2028", "\u2029", "\u00a0", "\x00", "\x1b", "\x7f", "\r", "\n", "\t", "\ud800"]


@pytest.mark.parametrize("ch", INVISIBLE)
def test_every_invisible_mark_is_escaped(ch):
    for quoted in (shown("a" + ch + "b"), printable("a" + ch + "b")):
        assert ch not in quoted and quoted.isprintable() and quoted.isascii()


@pytest.mark.parametrize("n", [WORD_LIMIT, WORD_LIMIT + 1, 10_000_000])
def test_a_word_is_cut_to_the_limit(n):
    word = "w" * n
    assert shown(word) == "'" + "w" * WORD_LIMIT + "'" + (ELLIPSIS if n > WORD_LIMIT else "")
    assert printable(word) == "w" * WORD_LIMIT + (ELLIPSIS if n > WORD_LIMIT else "")


def test_a_word_that_shows_as_itself_is_unchanged():
    assert shown("3♥") == "'3♥'" and printable("Réglages/moves.txt") == "Réglages/moves.txt"
    assert shown_path(Path("/tmp/m.txt")) == "/tmp/m.txt"


def test_numbers_quote_through_the_same_helper():
    from game import numbers

    assert numbers.shown is shown
