"""FreeCell's automatic foundation moves at three levels: off, safe, all.

The engine (what goes home after a move, and undo), the solver's lines
replayed under each level, hints, the save file and the settings, and the
table switching level mid-game.
"""

from __future__ import annotations

import json

import pytest

from game.freecell import AUTO_ALL, AUTO_LEVELS, AUTO_OFF, AUTO_SAFE, Move, Position, auto_level, deal
from game.freecell.hints import HintKind, hint_for
from game.freecell.position import IllegalMoveError, is_safe_home
from game.freecell.solver import Verdict, solve
from game.play.menu import Settings
from game.schema import FREECELL_SAVE, SchemaError
from game.session import FreeCellSession, restore_saved
from game.store import Store

# A 0-free-cell position built so that the levels disagree: 5♥ fits its
# foundation but is not safe (the black foundations are low). Under "safe" it
# stays, 4♣ goes onto it and the game unravels; under "all" it goes home at
# once, and with no cell and no empty column 4♣ never leaves 3♣: lost.
TRAP = """Foundations: H-4 C-2 D-4 S-5
KH 5H
3C 4C
5D KS
6S KC
KD QS JD TS 9D 8S 7D 6C
QD JC TD 9C 8D 7C 6D 5C
QH JS TH 9S 8H 7S 6H
QC JH TC 9H 8C 7H
"""


def trap(level: str = AUTO_OFF) -> Position:
    return Position.parse(TRAP, auto_foundation=level, free_cells=0)


def plays_under(start: Position, moves: list[Move], level: str) -> Position:
    """Play ``moves`` as a player would at ``level`` on a fresh copy of
    ``start`` (whose cards of that level went home first); under "safe" the
    line's tail is auto-complete (one plain step a card), as on the table."""
    pos = start.copy(stack=False)
    pos.auto_level = level
    pos.settle(level)
    for move in moves:
        if level == AUTO_SAFE and pos.can_autocomplete():
            assert move == pos.autocomplete_move()
            pos.push(move, auto=False)
        else:
            pos.push(move)
    return pos


# --- the engine ---------------------------------------------------------------------------


def test_levels_read_from_bools_and_names_and_refuse_anything_else():
    assert [auto_level(x) for x in (True, False, "off", " Safe ", "ALL")] == ["safe", "off", "off", "safe", "all"]
    for bad in ("most", "", None, 1, 0, ["all"]):
        with pytest.raises(ValueError, match="must be off, safe or all"):
            auto_level(bad)  # type: ignore[arg-type]
    assert deal(1, auto_foundation=True).auto_level == "safe" and not deal(1).auto_foundation
    pos = deal(1)
    pos.auto_foundation = "all"
    assert pos.auto_level == "all" and pos.auto_foundation is True and pos.copy().auto_level == "all"


def test_what_goes_home_at_each_level():
    # At the start 5♥ fits but is not safe.
    assert trap().settle(AUTO_OFF) == [] and trap().settle(AUTO_SAFE) == []
    every = trap()
    assert [str(m) for m in every.settle(AUTO_ALL)] == ["1h", "7h", "8h"]  # 5♥, then 6♥ and 7♥ fit
    assert every.foundations[2] == 7
    # After 4♣ onto 5♥: 3♣ is uncovered, and then 4♣ fits too.
    homes = {}
    for level in AUTO_LEVELS:
        pos = trap(level)
        pos.push(Move.parse("21"))
        homes[level] = [str(c) for c in pos.auto_cards()]
        assert pos.move_count == 1  # the automatic cards count no move
    assert homes[AUTO_OFF] == []
    assert homes[AUTO_SAFE][:2] == ["3C", "4C"] and "5H" in homes[AUTO_SAFE]  # then 5♥ is safe too
    # "all" sends home everything that fits, again and again: here, more than "safe".
    assert set(homes[AUTO_SAFE]) <= set(homes[AUTO_ALL])
    pos = deal(25, auto_foundation=AUTO_ALL)
    pos.push(Move.parse("4a"))
    assert [str(c) for c in pos.auto_cards()] == ["AH", "AD"]


def test_all_sends_unsafe_cards_home_and_undo_brings_them_back_with_the_move():
    # Deal 1 played by the same moves under "safe" and "all": the first time
    # they part, "all" sent a card home that is not safe (and so stays under "safe").
    line = solve(deal(1), auto=AUTO_SAFE).player_moves
    safe, every = deal(1, auto_foundation=AUTO_SAFE), deal(1, auto_foundation=AUTO_ALL)
    for move in line:
        before = every.layout()
        safe.push(move)
        every.push(move)
        if every.cards_home != safe.cards_home:
            break
    went = [c for c in every.auto_cards() if c not in safe.auto_cards()]
    assert went and not any(is_safe_home(c, safe.foundations) for c in went[:1])
    assert every.cards_home > safe.cards_home
    # One undo takes the move and every automatic card back.
    every.pop()
    assert every.layout() == before


def test_a_level_is_used_per_push_and_settle_defaults_to_safe():
    pos = trap(AUTO_ALL)
    pos.push(Move.parse("21"), auto=False)  # a plain step at any level
    assert pos.auto_cards() == ()
    assert [str(m) for m in pos.settle()][:2] == ["2h", "1h"]  # safe: 3♣, then 4♣
    assert pos.move_count == 1 and len(pos.undo_steps()[0][1]) >= 2
    pos.pop()
    assert pos.layout() == trap().layout()


# --- the solver ---------------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 617, 164])
@pytest.mark.parametrize("level", AUTO_LEVELS)
def test_solver_lines_play_under_their_level(number, level):
    start = deal(number, auto_foundation=level)
    start.settle(level)
    result = solve(start, auto=level)
    assert result.verdict is Verdict.SOLVED and result.replayed
    assert plays_under(start, result.player_moves, level).is_won()
    # Every card movement always replays where nothing moves by itself.
    assert plays_under(start, result.moves, AUTO_OFF).is_won()
    if level == AUTO_OFF:
        assert result.player_moves == result.moves
    else:
        assert len(result.player_moves) < len(result.moves)


def test_the_levels_disagree_and_all_is_searched_as_its_own_game():
    safe = solve(trap(), auto=AUTO_SAFE)
    assert safe.verdict is Verdict.SOLVED and plays_under(trap(), safe.player_moves, AUTO_SAFE).is_won()
    off = solve(trap(), auto=AUTO_OFF)
    assert off.verdict is Verdict.SOLVED and plays_under(trap(), off.player_moves, AUTO_OFF).is_won()
    # The safe line does not play where every fitting card goes home...
    with pytest.raises(IllegalMoveError):
        plays_under(trap(), safe.player_moves, AUTO_ALL)
    # ... and the all-game is proven lost (a complete search, not a budget).
    every = solve(trap(), auto=AUTO_ALL)
    assert every.verdict is Verdict.UNSOLVABLE and every.moves == []


def test_all_game_lines_differ_from_safe_lines_and_count_fewer_moves():
    safe, every = solve(deal(1), auto=AUTO_SAFE), solve(deal(1), auto=AUTO_ALL)
    assert safe.player_moves != every.player_moves
    assert plays_under(deal(1), every.player_moves, AUTO_ALL).is_won()


# --- hints, the worker --------------------------------------------------------------------


@pytest.mark.parametrize("level", [AUTO_OFF, AUTO_ALL])
def test_a_hint_is_a_legal_move_that_still_wins_under_the_level(level):
    session = FreeCellSession(617, auto_foundation=level)
    for text in ("8a", "8b"):
        session.play(session.position.parse_move(text))
    pos = session.position
    hint = hint_for(pos, improve_seconds=0)
    assert hint.kind is HintKind.WIN and pos.is_legal(hint.move)
    after = pos.copy()
    after.push(hint.move)
    follow = solve(after, auto=level)
    assert follow.verdict is Verdict.SOLVED
    assert plays_under(after, follow.player_moves, level).is_won()
    # The hint counts the line as the table will: player moves under the level.
    same = solve(pos, auto=level, budget=150_000)
    assert hint.move == same.first_move and hint.line_length == len(same.player_moves)
    if level == AUTO_OFF:
        assert hint.line_length == same.card_moves
    else:
        assert hint.line_length < same.card_moves


def test_the_worker_answers_for_the_positions_level():
    from game.solver.answers import Ask
    from game.solver.service import SolverService
    from game.solver.worker import run_job

    pos = deal(1, auto_foundation=AUTO_ALL)
    pos.settle(AUTO_ALL)
    answer = run_job(Ask.CHECK, pos, {"budget": 100_000})
    assert answer.verdict.value == "solved" and answer.player_moves == len(solve(pos, auto=AUTO_ALL).player_moves)
    assert plays_under(pos, list(answer.line), AUTO_OFF).is_won()
    assert answer.move == answer.line[0] and pos.is_legal(answer.move)
    lost = run_job(Ask.CHECK, trap(AUTO_ALL), {})
    assert lost.verdict.value == "unsolvable"
    assert run_job(Ask.CHECK, trap(AUTO_SAFE), {}).verdict.value == "solved"
    # The service never shares a line between levels.
    service = SolverService("freecell")
    try:
        assert service._key(Ask.HINT, trap(AUTO_SAFE)) != service._key(Ask.HINT, trap(AUTO_ALL))
    finally:
        service.close()


# --- sessions and saves -------------------------------------------------------------------


def test_switching_level_mid_game_joins_the_cards_to_the_last_step_and_the_save_replays():
    t = [0.0]
    s = FreeCellSession(25, auto_foundation=AUTO_OFF, now=lambda: t[0])
    s.play(Move.parse("4a"))
    assert s.position.cards_home == 0
    assert [str(m) for m in s.set_auto_level(AUTO_SAFE)] == ["4h", "4h"]
    s.play(s.position.distinct_moves()[0])
    s.set_auto_level(AUTO_ALL)
    s.play(s.position.distinct_moves()[0])
    s.push_plain(s.position.distinct_moves()[-1])
    doc = s.to_dict()
    assert doc["auto_foundation"] == "all" and doc["opening"] == "off"  # the deal's own level
    assert FREECELL_SAVE.check(json.loads(json.dumps(doc)))  # what the file holds passes the schema
    again = FreeCellSession.from_dict(doc, now=lambda: t[0])
    assert again.position.layout() == s.position.layout() and again.auto_level == AUTO_ALL
    assert again.position.undo_steps() == s.position.undo_steps()
    # Undo after the switch takes the move and the cards the switch sent home.
    while again.position.move_count > 1:
        again.undo()
    again.undo()
    assert again.position.layout() == deal(25).layout()


def test_a_level_set_before_the_first_move_is_kept_as_the_opening():
    s = FreeCellSession(25, auto_foundation=AUTO_OFF)
    s.set_auto_level(AUTO_SAFE)  # nothing fits yet in deal 25: no opening change
    s.set_auto_level(AUTO_OFF)
    doc = s.to_dict()
    assert doc["auto_foundation"] == "off"
    again = FreeCellSession.from_dict(doc)
    assert again.position.layout() == s.position.layout()


def test_an_old_save_with_the_switch_still_loads(tmp_path):
    store = Store(tmp_path)
    old = {"game": "freecell", "deal": 25, "auto_foundation": True, "steps": [["4a", False], ["4b", True]],
           "elapsed": 3.0, "clock_started": True, "undos": 0}
    store.save("savegame", old)
    session = restore_saved(store)
    assert session is not None and session.auto_level == AUTO_SAFE and store.warnings == []
    assert session.position.cards_home == 2  # the two aces went home after "4a"
    old_off = dict(old, auto_foundation=False)
    assert FreeCellSession.from_dict(old_off).position.cards_home == 0


@pytest.mark.parametrize("field,value", [
    ("auto_foundation", "most"), ("auto_foundation", "ALL"), ("auto_foundation", 1),
    ("opening", True), ("opening", "none"), ("steps", [["4a", "most"]]), ("steps", [["4a", 0]]),
])
def test_hostile_levels_in_a_save_are_refused_in_one_line(field, value):
    doc = {"game": "freecell", "deal": 25, "auto_foundation": "safe", "steps": [], field: value}
    with pytest.raises(SchemaError) as info:
        FREECELL_SAVE.check(doc)
    assert "\n" not in str(info.value)


# --- settings -----------------------------------------------------------------------------


def test_settings_round_trip_and_the_old_switch_migrates(tmp_path):
    assert Settings().auto_moves == AUTO_SAFE
    for level in AUTO_LEVELS:
        assert Settings.from_dict(Settings(auto_moves=level).to_dict()).auto_moves == level
    assert Settings.from_dict({"auto_foundation": False}).auto_moves == AUTO_OFF
    assert Settings.from_dict({"auto_foundation": True}).auto_moves == AUTO_SAFE
    assert Settings.from_dict({"auto_foundation": False, "auto_moves": "all"}).auto_moves == AUTO_ALL
    store = Store(tmp_path)
    store.save("settings", {"auto_foundation": False, "volume": 0.3})
    assert Settings.load(store).auto_moves == AUTO_OFF and store.warnings == []


@pytest.mark.parametrize("value", ["ALL", "most", True, 1, None, ["all"], "x" * 100_000])
def test_a_hostile_level_in_settings_takes_the_default_and_keeps_the_rest(tmp_path, value):
    store = Store(tmp_path)
    (tmp_path / "settings.json").write_text(json.dumps({"auto_moves": value, "volume": 0.3}))
    settings = Settings.load(store)
    assert settings.auto_moves == AUTO_SAFE and settings.volume == 0.3
    assert len(store.warnings) == 1 and "auto_moves" in store.warnings[0] and len(store.warnings[0]) < 400


def test_the_settings_row_offers_the_three_levels_and_sets_one():
    from game.play.menu import Menu
    from game.stats import Statistics

    st = Settings()
    menu = Menu(st, Statistics())
    menu.open()
    menu.choose("settings")
    rows = {row.label: row for section in menu.panel().sections for row in section.rows}
    row = rows["FreeCell: automatic foundation moves"]
    buttons = menu.buttons()
    assert [buttons[i].label for i in row.buttons] == ["Off", "Safe", "All"]
    assert [buttons[i].label for i in row.selected] == ["Safe"]
    request = menu.choose("set-auto_moves=all")
    assert request.setting == "auto_moves" and st.auto_moves == AUTO_ALL
    assert menu.choose("set-auto_moves") is not None and st.auto_moves == AUTO_OFF  # the cycle wraps


# --- the table ----------------------------------------------------------------------------


def test_switching_the_setting_mid_game_applies_at_once(tmp_path):
    from fake_time import FakeTime

    from game.play import NullHost, Play

    store = Store(str(tmp_path / "data"))
    store.save("settings", {"live_winnability": False, "auto_moves": "off", "animation_speed": "instant"})
    play = Play(NullHost(), "freecell", 25, 1, now=FakeTime(), store=store)
    try:
        table = play.table
        assert table.session.auto_level == AUTO_OFF
        table.play(Move.parse("4a"))
        assert table.position.cards_home == 0
        play.settings.auto_moves = AUTO_ALL
        play.round.apply_settings()
        assert table.session.auto_level == AUTO_ALL and table.position.cards_home == 2
        assert play.env.auto_foundation == AUTO_ALL  # the next deal plays so too
        table.session.undo()
        assert table.position.cards_home == 0 and table.position.move_count == 0
        table.play(Move.parse("4a"))
        assert table.position.cards_home == 2  # the aces go home by themselves now
        play.settings.auto_moves = AUTO_OFF
        play.round.apply_settings()
        table.play(table.position.distinct_moves()[0])
        assert table.position.auto_cards() == ()
        play.round.save_game()
        saved = store.load("savegame")
        assert saved["auto_foundation"] == "off"
        assert restore_saved(store).position.layout() == table.position.layout()
    finally:
        play.close()


def test_a_new_level_forgets_the_live_checks_verdicts():
    from game.freecell.winnability import StubChecker, Winnability, WinState

    stub = StubChecker()
    win = Winnability(stub)
    win.position_changed(trap(AUTO_SAFE))
    stub.answer(Verdict.SOLVED)
    win.poll()
    assert win.state is WinState.WINNABLE
    win.position_changed(trap(AUTO_SAFE))
    assert win.state is WinState.WINNABLE and stub.last == 1  # from memory, no second search
    win.forget()
    win.position_changed(trap(AUTO_ALL))
    assert win.state is WinState.CHECKING and stub.last == 2  # asked again, for the new level


# --- the command line ---------------------------------------------------------------------


def test_cli_auto_levels_and_a_bad_value(capsys):
    from game.commands import main

    assert main(["solve", "freecell", "164", "--auto", "off"]) == 0
    out = capsys.readouterr()
    lines = out.out.split()
    assert f"{len(lines)} card moves ({len(lines)} player moves) (automatic foundation moves: off)" in out.err
    assert main(["solve", "freecell", "164", "--auto", "ALL"]) == 0
    out = capsys.readouterr()
    assert plays_under(deal(164), [Move.parse(t) for t in out.out.split()], AUTO_OFF).is_won()
    assert "(automatic foundation moves: all)" in out.err
    for argv in (["solve", "freecell", "1", "--auto", "most"], ["hint", "freecell", "1", "--auto", "x" * 500],
                 ["play", "freecell", "1", "--auto", "all"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("solitaire: error: ") and err.count("\n") == 1 and len(err) < 200
    assert main(["hint", "freecell", "164", "--auto", "all"]) == 0
    assert "a winning line of" in capsys.readouterr().out


def test_the_solvers_safe_home_table_is_raymonds_rule_for_every_card_and_height():
    # The search reads the rule from a table built of is_safe_home (game.freecell.states):
    # it must agree with the rule itself for every card and every height of the others.
    from itertools import product

    from game.cards import RANK, SUIT
    from game.freecell.automove import is_safe_home
    from game.freecell.states import _SAFE_INFO, _safe_table

    table = _safe_table()
    for card in range(52):
        suit, rank, base, x, y, z = _SAFE_INFO[card]
        assert (suit, rank) == (SUIT[card], RANK[card])
        f = [0, 0, 0, 0]
        f[suit] = rank - 1
        for f[x], f[y], f[z] in product(range(14), repeat=3):
            assert table[base + 196 * f[x] + 14 * f[y] + f[z]] == is_safe_home(card, f), (card, f)
