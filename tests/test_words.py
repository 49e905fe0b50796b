"""What a player reads names cards as the cards show them (3♥, J♣, 10♠) and
says the rule in words: card names, every refusal kind of both games, the
hint sentences, the move list, and the ``solitaire hint`` twin (issue 14).
"""

from __future__ import annotations

import re
import subprocess

import pytest
from conftest import play_first_moves, run_game
from freecell_helpers import make
from spider_helpers import build

from game.cards import CARDS, NAMES, Card, card_name, run_name
from game.freecell import HOME, Move, deal
from game.freecell.hints import Hint, HintKind, hint_for, hint_text, known_unsolvable_hint, move_sentence
from game.howto import section_for_refusal
from game.spider import DEAL
from game.spider import Move as SpiderMove
from game.spider import deal as spider_deal
from game.spider.hints import hints as spider_hints

#: A two-letter card token ("JC", "5H", "TS"): notation, never in what a player reads.
TOKEN = re.compile(r"\b(?:[A2-9TJQK]|10)[CDHS]\b")
#: A card as the cards show it.
SHOWN = re.compile(r"(?:A|[2-9]|10|J|Q|K)[♣♦♥♠]")


def words_only(text: str) -> None:
    """One line, cards only as their faces show them."""
    assert "\n" not in text and text == text.strip(), text
    assert TOKEN.search(text) is None, text


# --- card names -------------------------------------------------------------------


def test_every_card_is_named_as_its_face_shows_it():
    ranks = {1: "A", 11: "J", 12: "Q", 13: "K"}
    symbols = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
    for card in CARDS:
        token = str(card)
        expected = ranks.get(card.rank, str(card.rank)) + symbols[token[-1]]
        assert card.display == card_name(card) == card_name(int(card)) == NAMES[card] == expected
        assert SHOWN.fullmatch(card.display)
        assert Card.parse(token).display == expected  # the notation still reads back
    assert len({c.display for c in CARDS}) == 52
    assert [Card.parse(t).display for t in ("TS", "10h", "AC", "QD")] == ["10♠", "10♥", "A♣", "Q♦"]
    assert str(Card.parse("TS")) == "TS"  # notation is unchanged


def test_runs_are_named_whole_when_short_and_by_their_ends_when_long():
    cards = [Card.parse(t) for t in ("KS", "QH", "JS", "TH", "9S")]
    assert run_name(cards[:1]) == "K♠"
    assert run_name(cards[:3]) == "K♠ Q♥ J♠"
    assert run_name(cards) == "K♠ … 9♠ (5 cards)"
    assert run_name(cards, most=5) == "K♠ Q♥ J♠ 10♥ 9♠"


# --- FreeCell refusals --------------------------------------------------------------


def all_freecell_moves():
    for src in range(12):
        for dst in range(13):
            for count in range(1, 14 if src < 8 and dst < 8 else 3):
                yield Move.of(src, dst, count)


def freecell_reasons(positions) -> dict[str, str]:
    """Every refusal the rules give on ``positions``, by kind (the text before any card)."""
    found: dict[str, str] = {}
    for pos in positions:
        for move in all_freecell_moves():
            reason = pos.why_illegal(move)
            if reason is not None:
                found.setdefault(_freecell_kind(reason), reason)
    return found


def _freecell_kind(reason: str) -> str:
    for kind, pattern in (
        ("own place", r"onto its own place"), ("cells in game", r"this game has \d free cell"),
        ("empty column", r"^column \d is empty"), ("short column", r"holds only"),
        ("empty cell", r"^free cell [a-d] is empty"), ("cell to cell", r"from one free cell to another"),
        ("cell holds one", r"^a free cell holds one card"), ("home one at a time", r"go home one at a time"),
        ("not home yet", r"can't go home yet"), ("cell taken", r"already holds"),
        ("not a run", r"only a run moves together"), ("capacity", r"can't move( into an empty column)? at once"),
        ("rank", r"a card goes on one a rank higher$"), ("colour", r"colours alternate"),
        ("both", r"build down by one in alternating colours$")):
        if re.search(pattern, reason):
            return kind
    raise AssertionError(f"an unknown refusal: {reason!r}")


FREECELL_SECTIONS = {
    "own place": "freecell-refusals", "empty column": "freecell-refusals", "short column": "freecell-refusals",
    "cells in game": "free-cells", "empty cell": "free-cells", "cell to cell": "free-cells",
    "cell holds one": "free-cells", "cell taken": "free-cells", "home one at a time": "foundations",
    "not home yet": "foundations", "not a run": "movable-cards", "capacity": "movable-cards",
    "rank": "building", "colour": "building", "both": "building",
}


def test_every_freecell_refusal_names_cards_with_symbols_and_leads_to_its_rule():
    positions = [
        deal(1), deal(617), deal(1, free_cells=2),
        make(["* 9S 8H 7S 6H 5S 4H 3S", "* TD", "", "* 9C"], cells="KH KD - -"),
        make(["* 9S 8H 7H 6S", "* TD", ""], cells="8D - - -"),
        make(["* AH", "* 2H", "* 3S", "* 2D", ""], cells="QS - - -", found="S-A"),
    ]
    found = freecell_reasons(positions)
    assert set(found) == set(FREECELL_SECTIONS), sorted(found)
    for kind, reason in found.items():
        words_only(reason)
        assert section_for_refusal("freecell", reason) == ("freecell", FREECELL_SECTIONS[kind]), reason
        if kind in ("rank", "colour", "both", "not home yet", "cell taken", "cell to cell", "not a run"):
            assert SHOWN.search(reason), reason


def test_freecell_refusals_say_which_half_of_the_building_rule_is_broken():
    pos = make(["* JS", "* 2H", "* 6S", "* 9C", "* 7C", "* QH"])
    assert pos.why_illegal(Move.parse("12")) == "J♠ can't go on 2♥: a card goes on one a rank higher"
    assert pos.why_illegal(Move.parse("34")) == "6♠ can't go on 9♣: build down by one in alternating colours"
    assert pos.why_illegal(Move.parse("35")) == "6♠ can't go on 7♣: colours alternate, red on black or black on red"
    assert pos.why_illegal(Move.parse("16")) is None
    with pytest.raises(Exception) as info:
        pos.push(Move.parse("12"))
    assert str(info.value) == "12: J♠ can't go on 2♥: a card goes on one a rank higher"  # notation first


# --- Spider refusals ------------------------------------------------------------------


SPIDER_SECTIONS = {
    "itself": "spider-refusals", "empty column": "spider-refusals", "short column": "spider-refusals",
    "face down": "spider-refusals", "not a run": "spider-building", "rank": "spider-building",
    "king": "spider-building", "stock empty": "dealing", "empty column deal": "dealing",
}


def _spider_kind(reason: str) -> str:
    for kind, pattern in (
        ("itself", r"onto itself"), ("empty column deal", r"can't be dealt while a column is empty"),
        ("stock empty", r"^the stock is empty"), ("empty column", r"^column \d+ is empty"),
        ("face down", r"face-up card"), ("short column", r"has only \d+ cards?$"),
        ("not a run", r"^only a same-suit run moves together: .+ is not one$"),
        ("king", r"a king goes only into an empty column$"),
        ("rank", r"a card goes on a card exactly one rank higher, of any suit$")):
        if re.search(pattern, reason):
            return kind
    raise AssertionError(f"an unknown refusal: {reason!r}")


def test_every_spider_refusal_names_cards_with_symbols_and_states_the_rule():
    positions = [
        spider_deal(1, 4), spider_deal(2, 2),
        build({1: "(5D) 9H 8S 7H", 2: "TC", 3: "KC", 4: "QD", 5: "8S 7S 6S"}, stock=1),
        build({1: "KS", 2: "(QS) JS"}, stock=0),
    ]
    found: dict[str, str] = {}
    for pos in positions:
        moves = [SpiderMove.of(s, d, k) for s in range(10) for d in range(10) for k in range(1, 14)] + [DEAL]
        for move in moves:
            reason = pos.why_illegal(move)
            if reason is not None:
                found.setdefault(_spider_kind(reason), reason)
    assert set(found) == set(SPIDER_SECTIONS), sorted(found)
    for kind, reason in found.items():
        words_only(reason)
        assert section_for_refusal("spider", reason) == ("spider", SPIDER_SECTIONS[kind]), reason
        if kind in ("not a run", "rank", "king"):
            assert SHOWN.search(reason), reason


def test_spider_refusals_quote_the_cards_involved():
    pos = build({1: "8S 7H", 2: "2H", 3: "JS", 4: "KC", 5: "QD"}, stock=1)
    assert pos.why_illegal(SpiderMove.parse("move 3 2 1")) == \
        "J♠ can't go on 2♥: a card goes on a card exactly one rank higher, of any suit"
    assert pos.why_illegal(SpiderMove.parse("move 1 3 2")) == "only a same-suit run moves together: 8♠ 7♥ is not one"
    assert pos.why_illegal(SpiderMove.parse("move 4 5 1")) == "K♣ can't go on Q♦: a king goes only into an empty column"


# --- hint sentences ------------------------------------------------------------------


def test_freecell_hint_sentences_for_each_outcome():
    pos = deal(1)  # column 3 ends in 2H, column 2 in 9C
    win = Hint(0, HintKind.WIN, Move.parse("3a"), 88, 10, 0.1)
    assert hint_text(pos, win) == "Move 2♥ from column 3 to a free cell — a winning line of 88 moves follows"
    cut = Hint(0, HintKind.UNFINISHED, Move.parse("23"), None, 10, 0.1)
    assert hint_text(pos, cut) == "Move 9♣ from column 2 to column 3 (onto 2♥) (no win is known yet)"
    proof = Hint(0, HintKind.NO_WIN, None, None, 10, 0.1)
    assert hint_text(pos, proof) == "No winning line exists from here: the solver examined every position"
    assert hint_text(deal(11982), known_unsolvable_hint(11982)) == \
        "No winning line exists: deal #11982 is proven unsolvable"
    assert known_unsolvable_hint(1) is None
    for hint in (win, cut, proof):
        words_only(hint_text(pos, hint))


def test_freecell_move_sentences_name_places_in_words():
    pos = make(["* 9S 8H 7S", "* TD", "", "* AC"], cells="5D - - -")
    assert move_sentence(pos, Move.parse("12v3")) == "Move 9♠ 8♥ 7♠ from column 1 to column 2 (onto 10♦)"
    assert move_sentence(pos, Move.parse("13")) == "Move 7♠ from column 1 to empty column 3"
    assert move_sentence(pos, Move.parse("4h")) == "Move A♣ from column 4 to the foundation"
    assert move_sentence(pos, Move.parse("a3")) == "Move 5♦ from a free cell to empty column 3"
    assert move_sentence(pos, Move.parse("1b")) == "Move 7♠ from column 1 to a free cell"


def test_spider_hint_sentences_name_the_cards_and_the_place():
    pos = build({1: "(5D) 9S", 2: "TS", 3: "(4C) 8S 7S 6S", 4: "QH", 5: "JD"}, stock=1)
    texts = [h.text for h in spider_hints(pos)]
    assert texts[0] == "Move 8♠ 7♠ 6♠ from column 3 to column 1 (onto 9♠) — turns a face-down card"
    assert "Move 10♠ from column 2 to column 5 (onto J♦) — empties a column" in texts
    # Into an empty column: what it does there, not that it goes there (the sentence says so).
    assert "Move 9♠ from column 1 to empty column 6 — turns a face-down card" in texts
    for text in texts:
        words_only(text)
    tops = {1: "KS", 2: "JS", 3: "9S", 4: "7S", 5: "5S", 6: "3S", 7: "KH", 8: "JH", 9: "9H", 10: "7H"}
    assert spider_hints(build(tops, stock=1))[0].text == \
        "Deal a new row from the stock: no useful move is left"


# --- the table ------------------------------------------------------------------------


def table_for(number: int):
    from game.play.freecell_table import FreeCellTable
    from game.play.table import TableEnv

    return FreeCellTable(TableEnv(auto_foundation=False), number)


def test_the_table_answers_a_proven_deal_at_once_without_a_search():
    from game.input.actions import Act

    table = table_for(11982)
    table.play(Move.parse("1a")) or table.play(table.position.legal_moves()[0])
    table.command(Act.HINT)
    assert table.hints is None and not table.thinking  # no solver process was started
    assert table.message == "Hint: No winning line exists: deal #11982 is proven unsolvable"
    assert table.panel is not None and "11982" in " ".join(table.panel.lines)


def test_the_table_shows_the_same_sentence_as_hint_text():
    table = table_for(1)
    hint = Hint(0, HintKind.WIN, Move.parse("3a"), 88, 10, 0.1)
    table._show_hint(hint)
    assert table.message == "Hint: " + hint_text(table.position, hint)
    assert [m.kind for m in table.hint_marks] == ["column", "cell"]


def test_the_move_list_reads_in_words_with_the_notation_beside():
    table = table_for(1)
    panel = table.move_list()
    plays = [b for b in panel.buttons if b.action.startswith("play:")]
    assert len(plays) == len(table.position.distinct_moves())
    for button in plays:
        notation = button.action.split(":", 1)[1]
        move = table.position.parse_move(notation)
        words, _, tail = button.label.rpartition("    ")
        assert tail == notation and words == move_sentence(table.position, move)
        words_only(words)


def test_double_click_says_why_in_words_when_nothing_fits():
    from types import SimpleNamespace

    table = table_for(1)
    for i in range(4):  # fill every free cell
        assert table.play(Move.of(4 + i, 8 + i, 1))
    col = table.position.columns[0]
    table.double_click(SimpleNamespace(kind="column", pile=0, index=len(col) - 1))
    assert table.message.endswith(", and every free cell is full") and SHOWN.search(table.message)
    words_only(table.message)
    assert table.position.why_illegal(Move.of(0, HOME, 1)) in table.message


# --- solitaire hint ---------------------------------------------------------------------


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return run_game("hint", *args, env={"PYTHONIOENCODING": "utf-8"})


def test_cli_hint_for_a_proven_deal_exits_1_without_a_search():
    out = run("freecell", "11982")
    assert out.returncode == 1 and out.stderr == ""
    assert out.stdout == "No winning line exists: deal #11982 is proven unsolvable\n"


def test_cli_hint_prints_the_tables_sentence(monkeypatch, capsys):
    from game.commands import main
    from game.solver import worker

    # No shortening after the first line: the search is then the same every time.
    monkeypatch.setattr(worker, "HINT_IMPROVE_SECONDS", 0)
    assert main(["hint", "freecell", "1", "--auto", "off"]) == 0  # as the table below plays
    printed = capsys.readouterr().out
    table = table_for(1)
    table._show_hint(hint_for(table.position, improve_seconds=0))
    assert printed == table.message.removeprefix("Hint: ") + "\n"
    assert re.fullmatch(r"Move .+ — a winning line of \d+ moves follows\n", printed)


def test_cli_hint_on_a_board_of_a_proven_deal_searches_instead_of_quoting_the_list(tmp_path):
    board = tmp_path / "b.txt"
    board.write_text(deal(11982).board())
    out = run("freecell", "--board", str(board))
    # Nothing says where a board came from: the search runs. Within the hint's
    # 3-second limit it proves the deal lost on a quick machine (about 62,000
    # positions) or stops with a sensible move on a slow one; either way it
    # never quotes the deal number's proof.
    assert "11982" not in out.stdout
    if out.returncode == 1:
        assert out.stdout.startswith("No winning line exists from here"), out.stdout
    else:
        assert out.returncode == 3, out.stderr
        assert out.stdout.endswith(" (no win is known yet)\n") and out.stdout.startswith("Move ")


def test_cli_hint_spider_prints_the_first_visible_hint_and_replays_moves(tmp_path):
    # The table's fair hint (seed 0, the table's node budget: no clock, so the same words every run).
    from game.spider.advice import advise

    out = run("spider", "1", "--suits", "1")
    assert out.returncode == 0 and out.stdout == advise(spider_deal(1, 1)).hints[0].text + "\n"
    moves = tmp_path / "m.txt"
    first = advise(spider_deal(1, 1)).hints[0].move
    moves.write_text(f"{first}\n")
    after = spider_deal(1, 1)
    after.push(first)
    out = run("spider", "1", "--suits", "1", "--moves", str(moves))
    assert out.returncode == 0 and out.stdout == advise(after).hints[0].text + "\n"


@pytest.mark.parametrize("args, message", [
    (("freecell",), "give a deal number or --board FILE (one of them)"),
    (("freecell", "0"), None),
    (("freecell", "--board", "/no/such/file"), "/no/such/file: no such file"),
    (("spider", "1", "--suits", "3"), "--suits must be 1, 2 or 4, not '3'"),
    (("spider", "1", "--moves", "MOVES"), "illegal move 'move 1 2 1': "),
])
def test_cli_hint_bad_input_is_one_line_and_exit_2(tmp_path, args, message):
    moves = tmp_path / "m.txt"
    moves.write_text("move 1 2 1\n")
    out = run(*[str(moves) if a == "MOVES" else a for a in args])
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("solitaire: error: ")
    if message is not None:
        assert message in out.stderr


def test_the_spider_table_shows_the_whole_refusal():
    from game.play.spider_table import SpiderTable
    from game.play.table import Refused, TableEnv

    table = SpiderTable(TableEnv(), 1, 4)
    pos = table.position
    bad = next(m for m in (SpiderMove.of(s, d, 1) for s in range(10) for d in range(10) if s != d)
               if "can't go on" in (pos.why_illegal(m) or ""))
    assert not table.play(bad)
    assert table.message == pos.why_illegal(bad) and ": a card goes on a card exactly one rank higher" in table.message
    assert [e.reason for e in table.take_events() if isinstance(e, Refused)] == [table.message]


@pytest.mark.parametrize("code, said", [
    ("en", ["5 deals left", "4 deals left", "3 deals left", "2 deals left", "1 deal left", "0 deals left"]),
    ("ru", ["осталось 5 раздач", "осталось 4 раздачи", "осталось 3 раздачи", "осталось 2 раздачи",
            "осталась 1 раздача", "осталось 0 раздач"]),
])
def test_the_spider_status_counts_the_deals_left_in_the_languages_number(code, said):
    from game import i18n
    from game.play.spider_table import SpiderTable
    from game.play.table import TableEnv

    i18n.set_language(code)
    table = SpiderTable(TableEnv(), 1, 1)
    pos = table.position
    seen = []
    for _ in range(6):
        seen.append(table.status().split("   ")[4])  # game, clock, score, moves, deals left
        if pos.deals_left:
            pos.push(DEAL)
    assert seen == said


@pytest.mark.parametrize("code, again, pasted", [("ja", "もう一度", "再生"), ("ru", "Переиграть", "Воспроизвести"),
                                                 ("ko", "다시 하기", "재생")])
def test_replay_reads_as_play_again_on_the_win_panel_and_as_play_back_for_pasted_moves(code, again, pasted,
                                                                                      play_for):
    """English says "Replay" for both; the languages need two words (the deal again /
    the clipboard's moves played back), so each use has its own context."""
    from types import SimpleNamespace

    from game import i18n
    from game.play.freecell_table import FreeCellTable
    from game.play.panels import Command
    from game.play.spider_table import SpiderTable
    from game.play.table import TableEnv

    i18n.set_language(code)
    for table in (FreeCellTable(TableEnv(), 1), SpiderTable(TableEnv(), 1, 1)):
        panel = table.outcome_panel(SimpleNamespace(won=True))
        assert [b.label for b in panel.buttons if b.action is Command.RESTART] == [again]
    play = play_for(language=code)
    play_first_moves(play)  # a game in progress: the paste asks first
    play.button(Command.IMPORT)
    assert pasted in [b.label for b in play.panel().buttons]
