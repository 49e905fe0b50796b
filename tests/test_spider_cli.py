"""``solitaire deal spider``: layouts, replays, exit codes, one-line errors; and purity."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

from game.commands import UsageError
from game.commands.spider import deal_command
from game.numbers import NumberError
from game.spider import Position, deal

SOLUTION = Path(__file__).with_name("data") / "spider_game1_1suit.moves"


def run(capsys: pytest.CaptureFixture[str], *args: str | None) -> tuple[int, str, str]:
    number, suits, check = args
    assert number is not None and suits is not None
    try:
        code = deal_command(number, suits, check)
    except (UsageError, NumberError) as exc:
        # game.commands.main turns this into one line on stderr and exit code 2.
        out, err = capsys.readouterr()
        return 2, out, str(exc)
    out, err = capsys.readouterr()
    return code, out, err


def test_prints_the_layout_and_nothing_else(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "1", "4", None)
    assert code == 0 and err == ""
    assert out == str(deal(1, 4)) + "\n"
    assert Position.parse(out) == deal(1, 4)


def test_the_winning_line_for_game_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "1", "1", str(SOLUTION))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[-3] == "removed: 8"
    actions = [ln for ln in SOLUTION.read_text().splitlines() if ln and not ln.startswith("#")]
    # A won game scores 1,300 minus moves, deals and undos (SPEC §2.2); a deal is a move on the
    # counter too, as the game counts it, so the score and the moves always add up to 1,300.
    assert lines[-2] == f"score: {1300 - len(actions)}"
    assert lines[-1] == f"moves: {len(actions)}" and "deal" in actions
    assert Position.parse("\n".join(lines[:-2])).is_won()


def test_replay_with_undo_and_comments(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pos = deal(8, 2)
    first = pos.legal_moves()[0]
    moves = tmp_path / "m.txt"
    moves.write_text(f"# a comment\n\n{first}\nundo\n   \n{first}\ndeal\n")
    code, out, err = run(capsys, "8", "2", str(moves))
    assert code == 0, err
    pos.push(first)
    pos.pop()
    pos.push(first)
    pos.push(pos.legal_moves()[-1])  # the deal
    assert out == f"{pos}\nscore: {pos.score}\nmoves: {pos.move_count}\n"
    assert pos.score == 500 - 4 and pos.move_count == 2 and pos.deals_left == 4


def test_an_illegal_move_stops_with_its_line_and_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    moves = tmp_path / "m.txt"
    moves.write_text("move 1 10 1\n\nmove 1 2 1\nmove 5 6 1\n")
    code, out, err = run(capsys, "1", "1", str(moves))
    assert code == 1 and out == ""
    assert err == f"{moves}:3: illegal move 'move 1 2 1': 6♠ can't go on 8♠: a card goes on a card exactly one rank higher, of any suit\n"


def test_undo_with_nothing_to_undo_is_illegal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    moves = tmp_path / "m.txt"
    moves.write_text("undo\n")
    code, _out, err = run(capsys, "1", "1", str(moves))
    assert code == 1 and "nothing to undo" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "number, suits, reason",
    [
        ("0", "1", "1..999999, not 0"),
        ("1000000", "1", "1..999999, not 1000000"),
        ("-5", "1", "not '-5'"),
        ("abc", "1", "not 'abc'"),
        ("1_00", "1", "not '1_00'"),
        ("1,000_000", "1", "not '1,000_000'"),
        ("", "1", "not ''"),
        ("1", "3", "--suits must be 1, 2 or 4, not '3'"),
        ("1", "x", "--suits must be 1, 2 or 4"),
    ],
)
def test_bad_numbers_and_suits(capsys: pytest.CaptureFixture[str], number: str, suits: str, reason: str) -> None:
    code, out, err = run(capsys, number, suits, None)
    assert code == 2 and out == "" and reason in err and "\n" not in err


def test_bad_moves_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    malformed = tmp_path / "bad.txt"
    # The malformed line comes after an illegal one: bad input wins (exit 2).
    malformed.write_text("move 1 2 1\nmove 1 2\n")
    code, out, err = run(capsys, "1", "1", str(malformed))
    assert code == 2 and out == "" and err.startswith(f"{malformed}:2: ")
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\xff\xfe\x00move")
    for path, reason in [
        (tmp_path / "missing.txt", "no such file"),
        (tmp_path, "is a directory"),
        (binary, "not a UTF-8 text file"),
    ]:
        code, out, err = run(capsys, "1", "1", str(path))
        assert code == 2 and out == "" and reason in err and "\n" not in err


def _solitaire(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, check=False, capture_output=True, text=True, timeout=60
    )


def test_through_the_real_command_line(tmp_path: Path) -> None:
    done = _solitaire("deal", "spider", "1", "--suits", "4")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == str(deal(1, 4)) + "\n"
    done = _solitaire("deal", "spider", "1", "--suits", "1", "--check", str(SOLUTION))
    assert done.returncode == 0 and "removed: 8\nscore: 1193\nmoves: 107\n" in done.stdout
    for args in (["0"], ["1000000"], ["1", "--suits", "3"]):
        done = _solitaire("deal", "spider", *args)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    bad = tmp_path / "bad.txt"
    bad.write_text("move 1 2 x\n")
    done = _solitaire("deal", "spider", "1", "--check", str(bad))
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    bad.write_text("move 1 2 1\n")
    done = _solitaire("deal", "spider", "1", "--check", str(bad))
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and ":1: " in done.stderr


# --- purity: the rules engine runs without the graphics stack -------------------------

FORBIDDEN = {"pygame", "moderngl", "glm"}


def test_no_graphics_imports_in_the_source() -> None:
    for path in sorted((ROOT / "game" / "spider").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"


def test_importing_spider_loads_no_graphics_module() -> None:
    code = (
        "import sys, game.spider, game.commands.spider\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'moderngl', 'glm'))\n"
        "print(','.join(bad))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
