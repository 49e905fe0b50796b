"""The message catalogs: in step with the code, whole, and safe to load.

``test_every_message_is_translated`` fails until the translators have written
every Korean, Japanese and Russian msgstr (and whenever the code adds a
message they have not yet seen): that is its job.
"""

from __future__ import annotations

import gettext
import io
import itertools
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from catalogs import catalog, read_catalog
from conftest import ROOT

from game import help_text, howto, i18n
from game.i18n import LANGUAGES, detect, formats, placeholders
from game.i18n.lines import display_width

TRANSLATED = [code for code in LANGUAGES if code != "en"]

#: docs/translating.md's commands, as a translator runs them (the test runs the same).
EXTRACT = ["extract", "-F", "pyproject.toml", "-c", "TRANSLATORS:", "-s", "--add-location=file", "--no-wrap",
           "--project=solitaire3d", "--version=0.1"]


def _pybabel(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], cwd=ROOT, check=False,
                          capture_output=True, text=True, timeout=120)


def _messages(entries) -> dict:
    return {e.key: (e.msgid_plural, e.notes, e.references) for e in entries if e.msgid}


def test_the_committed_template_is_what_pybabel_extracts_from_the_code(tmp_path):
    done = _pybabel(*EXTRACT, "-o", str(tmp_path / "messages.pot"), "game")
    assert done.returncode == 0, done.stderr
    assert _messages(catalog("messages")) == _messages(read_catalog(tmp_path / "messages.pot")), (
        "run the pybabel extract and update commands of docs/translating.md")


@pytest.mark.parametrize("page", ["docs/translating.md", "README.md"])
def test_the_translating_page_and_the_readme_give_the_commands_the_tests_run(page):
    text = (ROOT / page).read_text(encoding="utf-8")
    assert "pybabel " + " ".join(EXTRACT) + " -o game/locale/messages.pot game" in text
    assert "pybabel update -i game/locale/messages.pot -d game/locale --previous --no-wrap --ignore-obsolete" in text
    assert "pybabel compile -d game/locale --statistics" in text


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_catalog_has_the_template_s_messages(code):
    template = {e.key for e in catalog("messages") if e.msgid}
    have = {e.key for e in catalog(code) if e.msgid}
    assert template - have == set(), "run pybabel update (docs/translating.md) to merge"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalog_is_what_pybabel_compiles_from_the_po(code):
    """The game reads the committed .mo; it must say what the .po says now."""
    with open(i18n.catalog_path(code), "rb") as f:
        po = read_po(f, locale=code)
    fresh = io.BytesIO()
    write_mo(fresh, po)
    assert i18n.compiled_path(code).read_bytes() == fresh.getvalue(), (
        "run pybabel compile -d game/locale (docs/translating.md)")


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_their_placeholders_and_marks(code):
    bad = []
    for e in catalog(code):
        if not e.msgid:
            continue
        want = placeholders(e.msgid_plural if e.msgid_plural is not None else e.msgid)
        # Buttons are named by their translated labels; keys and pad controls stay as they are.
        kinds = sorted((kind, words if kind != "button" else "") for kind, words in howto.spans(e.msgid)
                       if kind != "text")
        for text in e.translations:
            if not text:
                continue
            if placeholders(text) != want:
                bad.append((e.msgid, text))
            if e.msgid.startswith("- ") != text.startswith("- "):
                bad.append((e.msgid, text))  # a list item of a help page stays one
            if sorted((kind, words if kind != "button" else "") for kind, words in howto.spans(text)
                      if kind != "text") != kinds:
                bad.append((e.msgid, text))  # the same buttons, keys and pad controls are named
    assert bad == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated(code):
    missing = [e.msgid for e in catalog(code) if e.msgid and not e.translated]
    assert missing == [], f"{len(missing)} {LANGUAGES[code]} messages untranslated or fuzzy"


@pytest.mark.parametrize("code, nplurals", [("ko", 1), ("ja", 1), ("ru", 3), ("zh_CN", 1)])
def test_plural_forms_follow_each_language(code, nplurals):
    """The catalog's header (which Babel writes and other gettext tools read) and CLDR's
    rule, which the game follows, agree on every count."""
    header = catalog(code)[0].msgstr
    rule = next(line for line in header.splitlines() if line.startswith("Plural-Forms:"))
    assert f"nplurals={nplurals};" in rule
    plural = gettext.c2py(rule.split("plural=", 1)[1].rstrip(";"))
    if code == "ru":  # 1 ход, 2 хода, 5 ходов, 11 ходов, 21 ход, 22 хода, 111 ходов
        assert [plural(n) for n in (1, 2, 5, 11, 21, 22, 111, 0)] == [0, 1, 2, 2, 0, 1, 2, 2]
    else:
        assert {plural(n) for n in range(200)} == {0}
    assert [i18n.plural_index(code, n) for n in range(1200)] == [plural(n) for n in range(1200)]
    for e in catalog(code):
        if e.msgid_plural is not None:
            assert len(e.plurals) == nplurals, e.msgid


def _install(tmp_path: Path, monkeypatch, code: str, messages, plural_forms: tuple[int, str] | None = None) -> None:
    """A compiled catalog of ``messages`` ((msgid, msgstr[, flags])) for ``code``, made by Babel,
    where the game looks for catalogs from now on."""
    cat = Catalog(locale=code)
    if plural_forms is not None:
        # What a hand-edited header says (Babel writes the locale's own otherwise).
        cat._num_plurals, cat._plural_expr = plural_forms  # type: ignore[assignment]
    for msgid, msgstr, *flags in messages:
        cat.add(msgid, msgstr, flags=flags[0] if flags else ())
    folder = tmp_path / code / "LC_MESSAGES"
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "messages.mo", "wb") as f:
        write_mo(f, cat)
    monkeypatch.setattr(i18n, "_LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_loaded", {})
    monkeypatch.setattr(i18n, "_warned", set())


def test_russian_plurals_pick_the_right_form(tmp_path, monkeypatch):
    _install(tmp_path, monkeypatch, "ru", [(("{n} move", "{n} moves"), ("{n} ход", "{n} хода", "{n} ходов"))])
    i18n.set_language("ru")
    try:
        assert [i18n.ngettext("{n} move", "{n} moves", n).format(n=n) for n in (1, 2, 5, 21, 111)] == [
            "1 ход", "2 хода", "5 ходов", "21 ход", "111 ходов"]
    finally:
        i18n.set_language("en")


def _russian_form(n: int) -> int:
    # Written out here, apart from the catalog's header: 1, 21 | 2-4, 22-24 | 0, 5-20, 25...
    if n % 10 == 1 and n % 100 != 11:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


@pytest.mark.parametrize("code", ["ru", "ko", "zh_CN", "en"])
def test_the_games_own_ngettext_picks_each_languages_form(code):
    # Through game.i18n, as the game asks, for every plural message of the catalog.
    entries = [e for e in catalog(code if code != "en" else "ru") if e.msgid_plural is not None]
    assert entries
    i18n.set_language(code)
    try:
        for e in entries:
            for n in (0, 1, 2, 3, 5, 11, 12, 21, 22, 25, 101, 111):
                got = (i18n.npgettext(e.msgctxt, e.msgid, e.msgid_plural, n) if e.msgctxt is not None
                       else i18n.ngettext(e.msgid, e.msgid_plural, n))
                if code == "en":
                    want = e.msgid if n == 1 else e.msgid_plural
                elif not e.translated:
                    continue  # English until translated
                else:
                    want = e.plurals[_russian_form(n) if code == "ru" else 0]
                assert got == want, (code, e.msgid, n)
    finally:
        i18n.set_language("en")


def test_fuzzy_and_empty_translations_stay_english(tmp_path, monkeypatch):
    _install(tmp_path, monkeypatch, "ja", [("Undo", "元に戻す"), ("Hint", "ヒント", ["fuzzy"]), ("Menu", ""),
                                           (("Open", "Opens"), ("開く",))])
    i18n.set_language("ja")
    try:
        assert i18n.language() == "ja" and i18n._("Undo") == "元に戻す"
        assert i18n._("Hint") == "Hint"  # fuzzy: not trusted
        assert i18n._("Menu") == "Menu"
        assert i18n.ngettext("Open", "Opens", 3) == "開く"
    finally:
        i18n.set_language("en")


def test_switching_language_changes_text_at_once_and_falls_back_per_message():
    i18n.set_language("ru")
    assert i18n.language() in ("ru", "en")
    i18n.set_language("en")
    assert i18n._("column {n}") == "column {n}"
    with pytest.raises(ValueError, match="unknown language"):
        i18n.set_language("xx")


def test_a_damaged_or_missing_catalog_leaves_english_and_warns_once(tmp_path, monkeypatch, capsys):
    _install(tmp_path, monkeypatch, "ru", [("{n} x", "{m} y"), ("{n} z", "{n} зет"),
                                           (("{n} w", "{n} ws"), ("{m} в", "{n} вв", "{n} ввв"))])
    i18n.set_language("ko")  # no Korean catalog there
    assert i18n.language() == "en" and i18n._("Undo") == "Undo"
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "한국어" in err and "English" in err
    good = i18n.compiled_path("ru").read_bytes()
    folder = tmp_path / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    for damaged in (good[:40], b"\xff\xfe garbage", good[:8] + b"\xff" * 20 + good[28:], b""):
        (folder / "messages.mo").write_bytes(damaged)
        monkeypatch.setattr(i18n, "_loaded", {})
        monkeypatch.setattr(i18n, "_warned", set())
        i18n.set_language("ja")
        i18n.set_language("ja")
        assert i18n.language() == "en" and i18n._("Undo") == "Undo"
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "日本語" in err and "English" in err, (damaged[:10], err)
    # A translation naming an unknown placeholder would crash a .format(): that message stays English.
    i18n.set_language("ru")
    assert i18n.language() == "ru" and "placeholders" in capsys.readouterr().err
    assert i18n._("{n} x") == "{n} x" and i18n._("{n} z") == "{n} зет"
    assert i18n.ngettext("{n} w", "{n} ws", 1) == "{n} w" and i18n.ngettext("{n} w", "{n} ws", 2) == "{n} вв"
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "placeholders" in err
    i18n.set_language("en")


@pytest.mark.parametrize("env, want", [
    ({"LANG": "ko_KR.UTF-8"}, "ko"),
    ({"LANG": "ja_JP.eucJP"}, "ja"),
    ({"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
    ({"LC_ALL": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
    ({"LANGUAGE": "fr:ru", "LANG": "fr_FR.UTF-8"}, "ru"),
    ({"LANGUAGE": "ko", "LC_ALL": "C"}, "en"),     # GNU gettext ignores LANGUAGE in the C locale
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({}, "en"),
    # Simplified Chinese: mainland China, Singapore and a bare "zh"; Traditional locales
    # (Taiwan, Hong Kong) are a script the game does not write, so they stay English.
    ({"LANG": "zh_CN.UTF-8"}, "zh_CN"),
    ({"LC_ALL": "zh_SG.GB2312"}, "zh_CN"),
    ({"LANGUAGE": "zh_TW:zh", "LANG": "zh_TW.UTF-8"}, "zh_CN"),
    ({"LANGUAGE": "zh-Hans-CN", "LANG": "en_US.UTF-8"}, "zh_CN"),
    ({"LANG": "zh_TW.UTF-8"}, "en"),
    ({"LANG": "zh_HK.Big5-HKSCS"}, "en"),
])
def test_the_system_locale_picks_the_language(env, want):
    assert detect.detect_language(env) == want


def test_windows_reads_the_user_interface_language(monkeypatch):
    monkeypatch.setattr(detect.sys, "platform", "win32")
    assert detect.detect_language(windows_ui=lambda: "ja_JP") == "ja"
    assert detect.detect_language(windows_ui=lambda: "zh_CN") == "zh_CN"
    assert detect.detect_language(windows_ui=lambda: "zh_TW") == "en"
    assert detect.detect_language(windows_ui=lambda: "de_DE") == "en"
    assert detect.detect_language(windows_ui=lambda: None) == "en"


def test_the_pseudo_language_wraps_every_message_and_keeps_its_fields():
    i18n.set_language(i18n.PSEUDO)
    text = i18n._("{card} can't go on {target}: {why}").format(card="7♦", target="4♥", why="x")
    assert text.startswith("«7♦ can't go on 4♥: x") and text.endswith("»")
    item = howto.page("freecell").sections[0].paragraphs[0]
    assert item.startswith("«") and len(item) > 1.3 * len(howto.page("freecell").sections[0].paragraph_ids[0])
    assert i18n.ngettext("{n} move", "{n} moves", 2) == i18n.pseudo_text("{n} moves")


def test_numbers_group_their_digits_as_the_language_does():
    assert formats.grouped(1234567) == "1,234,567"
    i18n.set_language(i18n.PSEUDO)
    assert formats.grouped(1000) == "1,000"
    i18n._language = "ru"  # the grouping follows the language code alone
    assert formats.grouped(1000000) == "1\u00a0000\u00a0000"


def test_numbers_under_a_thousand_read_the_same_in_every_language():
    """grouped() writes 0..999 without asking Babel (the score at the deal, so the first
    frame loads none): right only while every language the game speaks writes them so."""
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        assert [formats._grouped(n) for n in range(1000)] == [str(n) for n in range(1000)], code
        assert [formats.grouped(n) for n in (0, 999, 1000)] == ["0", "999", formats._grouped(1000)]
    i18n.set_language("ru")
    assert formats._grouped(1000) == "1\u00a0000"


@pytest.mark.parametrize("code, mark", [("en", "."), ("ko", "."), ("ja", "."), ("ru", ","), ("zh_CN", ".")])
def test_decimals_take_the_languages_decimal_mark(code, mark):
    i18n.set_language(code)
    assert formats.decimal(0.6432) == f"0{mark}64"
    assert formats.decimal(12.0, 1) == f"12{mark}0"


def test_refusals_link_to_their_help_section_in_any_language():
    template = {e.msgid: e for e in catalog("messages")}
    for game, table in howto._REFUSAL_MESSAGES.items():
        for message, anchor in table:
            msgid = message if isinstance(message, str) else message[0]
            # The message is one the rules engines really say, not only the help's copy.
            assert any(not r.startswith("game/howto.py") for r in template[msgid].references), msgid
            assert isinstance(message, str) == (template[msgid].msgid_plural is None), msgid
            i18n.set_language(i18n.PSEUDO)
            fields = dict.fromkeys(placeholders(msgid), "7")
            shown = i18n._(msgid) if isinstance(message, str) else i18n.ngettext(*message, 7)
            assert howto.section_for_refusal(game, shown.format(**fields)) == (game, anchor)
            i18n.set_language("en")


JAPANESE = "カードを**元に戻す**で戻せます。「10♠」は組札に置けません：フリーセルを空けてください。"


def test_japanese_wraps_between_characters_and_never_before_closing_punctuation():
    from game.ui.document import _wrap_runs
    from game.ui.hud import font_measure

    i18n._language = "ja"  # the font of the measure follows the language
    for width in (100, 120, 200, 333):
        lines = _wrap_runs(JAPANESE, width, 16, font_measure)
        texts = ["".join(t for kind, t in line if kind != "gap") for line in lines]
        assert "".join(texts) == howto.plain(JAPANESE)
        assert all(sum(font_measure(t, 16)[0] for _, t in line) <= width for line in lines)
        assert not any(t[:1] in "、。：」）" for t in texts)
        assert not any(t[-1:] in "「（" for t in texts)
    assert len(_wrap_runs(JAPANESE, 120, 16, font_measure)) > 3


CHINESE = "按**撤销**可以撤回。“10♠”不能放进回收区：请腾出一个空当，或者清空一列（52 张牌）。"


def test_chinese_wraps_between_characters_and_never_before_closing_punctuation():
    from game.ui.document import _wrap_runs
    from game.ui.hud import font_measure

    i18n._language = "zh_CN"
    try:
        for width in (90, 120, 200, 333):
            lines = _wrap_runs(CHINESE, width, 16, font_measure)
            texts = ["".join(t for kind, t in line if kind != "gap") for line in lines]
            assert "".join(texts).replace(" ", "") == howto.plain(CHINESE).replace(" ", "")
            assert all(sum(font_measure(t, 16)[0] for _, t in line) <= width for line in lines)
            assert not any(t[:1] in "，。：”）、" for t in texts)
            assert not any(t[-1:] in "“（" or t.endswith("52") for t in texts)
        assert len(_wrap_runs(CHINESE, 120, 16, font_measure)) > 3
    finally:
        i18n.set_language("en")


def test_the_command_line_speaks_chinese_with_lang_or_the_system_locale(monkeypatch, capsys):
    from game.commands import main

    assert main(["--lang", "zh_CN", "help", "freecell"]) == 0
    assert capsys.readouterr().out.startswith("空当接龙玩法")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert main(["help", "spider"]) == 0 and i18n.language() == "zh_CN"
    assert capsys.readouterr().out.startswith("蜘蛛纸牌玩法")
    i18n.set_language("en")


def test_the_terminal_help_counts_wide_characters_as_two_columns():
    for width in (20, 31, 50):
        lines = help_text._wrap(JAPANESE, width, "  - ", "    ")
        assert all(display_width(line) <= width for line in lines)
        assert "".join(line[4:] for line in lines) == howto.plain(JAPANESE)


def test_the_command_line_speaks_lang_wherever_it_stands(capsys):
    from game.commands import main

    assert main(["deal", "freecell", "0", "--lang", "qps"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("«") and "«deal 0 does not exist" in err and err.count("\n") == 1
    assert main(["--lang=en", "deal", "freecell", "0"]) == 2
    assert capsys.readouterr().err == "solitaire: error: deal 0 does not exist: deals are numbered 1..1,000,000\n"
    for bad, said in ((["--lang", "xx", "help"], "--lang must be one of en, ko, ja, ru, zh_CN, not 'xx'"),
                      (["help", "--lang"], "--lang needs a language")):
        assert main(bad) == 2
        err = capsys.readouterr().err
        assert said in err and err.count("\n") == 1


@pytest.mark.parametrize("system, code", [("zh_CN.UTF-8", "zh_CN"), ("ko_KR.UTF-8", "ko"), ("ru_RU.UTF-8", "ru")])
def test_a_lang_the_game_cannot_speak_is_refused_in_the_systems_language(monkeypatch, capsys, system, code):
    """Before, both refusals of --lang were English whatever the system spoke: they were said before
    the system's language was taken."""
    from game.commands import main

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", system)
    try:
        for bad, msgid, fields in ((["--lang", "xx", "help"], "--lang must be one of {languages}, not {text}",
                                    {"text": "'xx'"}),
                                   (["help", "--lang"], "--lang needs a language: {languages}", {})):
            assert main(bad) == 2
            err = capsys.readouterr().err
            assert i18n.language() == code
            said = i18n._(msgid).format(languages=formats.listed(i18n.LANGUAGES), **fields)
            assert said != msgid.format(languages=", ".join(i18n.LANGUAGES), **fields)  # translated
            assert said in err and err.count("\n") == 1, (err, said)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("code", ["ko", "ja", "ru", "zh_CN"])
def test_every_option_of_the_command_line_is_explained_in_the_language_it_speaks(capsys, code):
    """--version's line was argparse's English («show program's version number and exit») in every
    language; each option's line now reads in the language asked for."""
    from game.commands import main

    try:
        with pytest.raises(SystemExit):
            main(["--lang", code, "--help"])
        shown = capsys.readouterr().out
    finally:
        i18n.set_language("en")
    options = [line.strip() for line in shown.splitlines() if line.startswith("  -")]
    assert len(options) == 3, shown  # -h, --version, --lang
    for line in options:
        said = re.split(r"\s{2,}", line, maxsplit=1)[1]
        assert not said.isascii(), (code, line)


def test_the_command_line_names_every_language_it_speaks(capsys):
    """--lang's help and its two refusals list the languages a player can choose (zh_CN too)."""
    from game.commands import main

    assert main(["--lang", "xx", "help"]) == 2
    refusal = capsys.readouterr().err
    assert main(["help", "--lang"]) == 2
    missing = capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--help"])
    shown = capsys.readouterr().out
    for code in i18n.LANGUAGES:
        assert code in refusal and code in missing, (code, refusal, missing)
        assert code in shown.partition("--lang")[2], code


def test_the_command_line_follows_the_system_language_without_lang(monkeypatch, capsys):
    from game.commands import main

    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert main(["help", "spider"]) == 0
    assert i18n.language() == "ru"
    capsys.readouterr()
    assert main(["--lang", "en", "help"]) == 0 and i18n.language() == "en"


def test_every_line_the_terminal_game_says_comes_from_the_catalog():
    from game.commands.textplay import play

    i18n.set_language(i18n.PSEUDO)
    out = io.StringIO()
    play(1, stdin=io.StringIO("?\nu\nh\n3a\nu\ny\nzz\nf\nr\nm\n" + "x" * 2000 + "\nq\n"), stdout=out)

    from game.commands.textplay import HELP

    text = out.getvalue()
    assert i18n._(HELP) in text  # the help is one message of several lines
    lines = text.replace(i18n._(HELP), "«help»").replace("> ", "\n").splitlines()
    words = [line for line in lines if re.search(r"[A-Za-z]{3}", line)]
    assert len(words) > 15
    # Every line with a word in it is a message (cards, column numbers and notation are not words).
    assert [line for line in words if not line.startswith("«")] == []
    assert any("«Undone: «Move 2♥" in line for line in words)


def test_the_settings_file_holds_only_a_language_the_game_speaks():
    from game.schema import SETTINGS, SchemaError

    assert set(SETTINGS.fields["language"].options()) == {"", *LANGUAGES}
    assert SETTINGS.check({"language": "ja"})["language"] == "ja"
    assert SETTINGS.check({"language": "zh_CN"})["language"] == "zh_CN"
    for bad in ("qps", "de", 3, None):
        with pytest.raises(SchemaError):
            SETTINGS.check({"language": bad})


def test_argparse_s_own_words_and_complaints_come_from_the_catalog(capsys):
    from game.commands import main

    for argv, said in ((["help", "chess"], "«argument game: invalid choice: 'chess'"),
                       (["deal"], "«the following arguments are required: game")):
        with pytest.raises(SystemExit) as stop:
            main(["--lang", "qps", *argv])
        assert stop.value.code == 2 and said in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--lang", "qps", "deal", "-h"])
    out = capsys.readouterr().out
    assert out.startswith("«usage:") and "«positional arguments" in out and "«show this help message" in out


@pytest.mark.parametrize("code, colon", [("en", ":"), ("ko", ":"), ("ja", "\uff1a"), ("ru", ":"),
                                         ("zh_CN", "\uff1a")])
def test_the_helps_section_headings_end_in_the_languages_own_colon(capsys, code, colon):
    """argparse writes "options:" with a half-width colon whatever the language; Chinese and
    Japanese write "选项：", full width, as their "usage" already does."""
    from game.commands import main

    for argv in (["-h"], ["solve", "-h"]):
        with pytest.raises(SystemExit):
            main(["--lang", code, *argv])
        out = capsys.readouterr().out
        i18n.set_language(code)
        headings = [i18n._("positional arguments"), i18n._("options")]
        i18n.set_language("en")
        lines = out.splitlines()
        assert [h + colon for h in headings] == [line for line in lines if line in (h + ":" for h in headings)
                                                 or line in (h + "\uff1a" for h in headings)], out


@pytest.mark.parametrize("code", ["ko", "ja", "ru", "zh_CN"])
def test_the_command_lines_help_fits_the_terminal_as_it_shows_wide_characters(capsys, monkeypatch, code):
    """argparse counted characters where a terminal gives a Chinese or Japanese one two
    columns, and broke lines only at spaces: `play -h` in Japanese ran --auto's help 110
    columns wide in an 80-column terminal, and the usage's second line stood 4 columns left
    of the options it continues."""
    from game.commands import main
    from game.i18n.lines import display_width

    monkeypatch.setenv("COLUMNS", "60")
    width = 60 - 2  # argparse leaves two columns
    for argv in (["-h"], ["play", "-h"], ["solve", "spider", "-h"], ["hint", "spider", "-h"], ["review", "-h"]):
        with pytest.raises(SystemExit):
            main(["--lang", code, *argv])
        out = capsys.readouterr().out
        i18n.set_language(code)
        prefix = i18n._("usage: ")
        i18n.set_language("en")
        lines = out.splitlines()
        # Only a piece that cannot break (a list of choices, one option's name) may run past.
        assert [line for line in lines if display_width(line) > width and len(line.split()) > 1] == [], (argv, out)
        usage = lines[:next(i for i, line in enumerate(lines) if not line.strip())]
        assert usage[0].startswith(prefix), usage
        if len(usage) > 1:
            prog = " ".join(["solitaire", *(a for a in argv if a != "-h")])
            column = display_width(prefix + prog + " ")
            starts = {len(line) - len(line.lstrip()) for line in usage[1:]}
            assert starts <= {column, display_width(prefix)}, (argv, usage)
        # Nothing lost in the wrapping: each option's help reads whole, joined again.
        joined = "".join(out.split())
        for said in ("start in full screen (F11 switches back to a window)",) if argv == ["play", "-h"] else ():
            i18n.set_language(code)
            assert "".join(i18n._(said).split()) in joined, out
            i18n.set_language("en")


@pytest.mark.parametrize("code, title, day, heads", [
    ("en", "November 2026", "2 November", "Mo Tu We Th Fr Sa Su"),
    ("ru", "Ноябрь 2026", "2 ноября", "Пн Вт Ср Чт Пт Сб Вс"),
    ("ko", "2026년 11월", "11월 2일", "일 월 화 수 목 금 토"),
    ("ja", "2026年11月", "11月2日", "日 月 火 水 木 金 土"),
    ("zh_CN", "2026年11月", "11月2日", "一 二 三 四 五 六 日")])
def test_dates_are_written_as_cldr_writes_them_in_each_language(code, title, day, heads):
    """The calendar's title is a heading: the month as it stands alone, with a capital,
    and no «г.» after a Russian year (CLDR's running-text form is «ноябрь 2026 г.»); a day
    in the menu's challenge row reads as a date (Russian genitive); the weekday heads are
    CLDR's, from the day the language's calendars start the week (Korea and Japan: Sunday),
    short, or narrow where the narrow names tell the days apart (Chinese 一, not 周一)."""
    i18n.set_language(code)
    try:
        assert i18n.language() == code
        assert formats.month_and_year(2026, 11) == title
        assert formats.day_and_month(11, 2) == day
        assert " ".join(formats.weekday_heads()) == heads
        assert formats.first_weekday() == (6 if code in ("ko", "ja") else 0)
    finally:
        i18n.set_language("en")


def test_a_title_keeps_cldr_s_year_word_where_it_is_not_an_abbreviation_after_the_year():
    """Only a closing quoted abbreviation goes ("'г'."); Korean's 년 and Japanese's 年 stay."""
    for code, want in (("ko", "2026년 5월"), ("ja", "2026年5月"), ("ru", "Май 2026")):
        i18n.set_language(code)
        try:
            assert formats.month_and_year(2026, 5) == want
        finally:
            i18n.set_language("en")


RUSSIAN = "Открыто 1\u00a0000\u00a0000 раздач — по шесть карт, и ещё 75\u00a0% — в столбцах"


def _all_wraps(text: str, width_cols: int) -> dict[str, list[str]]:
    """``text`` wrapped by each of the game's three wrappers (help panel, screens, terminal)."""
    from game.ui.document import _wrap_runs
    from game.ui.screens import wrap_plain

    def measure(t: str, px: int) -> tuple[int, int]:
        return len(t) * 7, px

    panel = ["".join(t for kind, t in line if kind != "gap") for line in _wrap_runs(text, width_cols * 7, 12, measure)]
    return {"panel": panel, "screens": wrap_plain(text, width_cols * 7, 12, measure),
            "terminal": [line.strip() for line in help_text._wrap(text, width_cols)]}


@pytest.mark.parametrize("width", range(12, 40, 3))
def test_lines_break_neither_at_a_no_break_space_nor_before_a_dash(width):
    """Russian sets a no-break space inside "1 000 000" and "75 %", and a line
    never starts with a dash; every wrapper of the game keeps both rules."""
    for wrapper, lines in _all_wraps(RUSSIAN, width).items():
        text = " ".join(lines)
        assert text.replace(" ", "") == RUSSIAN.replace(" ", ""), wrapper  # nothing lost, NBSPs kept
        assert not any(line.startswith(("\u2014", "\u2013")) for line in lines), (wrapper, lines)
        assert not any(line.endswith(("1", "1\u00a0000", "75")) for line in lines), (wrapper, lines)


def _boundaries(lines: list[str]) -> list[tuple[str, str]]:
    """The text on either side of each line break (the end of a line, the start of the next)."""
    return [(a.rstrip(), b.lstrip()) for a, b in itertools.pairwise(lines) if a.strip() and b.strip()]


def _is_katakana(ch: str) -> bool:
    return "\u30a1" <= ch <= "\u30fa" or ch == "ー"


@pytest.mark.parametrize("width", [14, 19, 26, 37])
def test_japanese_never_breaks_inside_a_katakana_word_nor_after_a_number(width):
    """ゲー/ム, ク/リア and 3/枚 never part at a line's end, in any wrapper, over every
    Japanese message that can part them."""
    i18n._language = "ja"
    texts = [t for e in catalog("ja") if e.msgid for t in e.translations if len(t) > width]
    assert len(texts) > 100
    seen = 0
    for text in texts:
        text = text.replace("{n}", "3")
        for wrapper, lines in _all_wraps(text, width).items():
            for end, start in _boundaries(lines):
                seen += 1
                assert not (_is_katakana(end[-1]) and _is_katakana(start[0])), (wrapper, end, start)
                assert not end[-1].isdigit(), (wrapper, end, start)
    assert seen > 1000
    i18n.set_language("en")


@pytest.mark.parametrize("width", [14, 17, 23, 31])
def test_a_number_keeps_the_word_it_counts_on_its_line(width):
    """Russian "1 масть", "25 ходов", English "3 free cells": never a line ending in the number."""
    texts = {"ru": "Собрать 1 масть за 25 ходов и 3 000 секунд, оставив 4 свободные ячейки пустыми",
             "en": "Win with 1 suit in 25 moves and 3,000 seconds, leaving 4 free cells empty"}
    for code, text in texts.items():
        for wrapper, lines in _all_wraps(text, width).items():
            assert "".join(lines).replace(" ", "") == text.replace(" ", ""), (wrapper, lines)
            assert not any(end[-1].isdigit() for end, _ in _boundaries(lines)), (code, wrapper, lines)


@pytest.mark.parametrize("formula", ["(n/0)", "(n%10==1 ? 0 : 1/(n-5))", "(n+3)", "(n==1 ? 0 : 7)"])
def test_a_damaged_plural_formula_cannot_pick_a_form_cldr_s_rule_does(tmp_path, monkeypatch, capsys, formula):
    """The catalog's header formula is not run: CLDR's rule picks the form, so a damaged
    one neither crashes nor picks a form the message lacks."""
    _install(tmp_path, monkeypatch, "ru", [(("{n} move", "{n} moves"), ("{n} ход", "{n} хода", "{n} ходов"))],
             plural_forms=(3, formula))
    i18n.set_language("ru")
    try:
        assert i18n.language() == "ru"
        assert [i18n.ngettext("{n} move", "{n} moves", n).format(n=n) for n in (0, 1, 2, 5, 21, 111)] == [
            "0 ходов", "1 ход", "2 хода", "5 ходов", "21 ход", "111 ходов"]
        assert capsys.readouterr().err == ""
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("nplurals", [1, 2, 4])
def test_a_catalog_with_other_plural_forms_than_cldr_s_is_damaged_english_and_one_warning(tmp_path, monkeypatch,
                                                                                         capsys, nplurals):
    forms = tuple(f"{{n}} ход{i}" for i in range(nplurals))
    _install(tmp_path, monkeypatch, "ru", [(("{n} move", "{n} moves"), forms)], plural_forms=(nplurals, "0"))
    i18n.set_language("ru")
    i18n.set_language("ru")
    assert i18n.language() == "en"
    for n in (0, 1, 2, 5, 21, 111):  # every plural message, at any count: English, no traceback
        assert i18n.ngettext("{n} move", "{n} moves", n) == ("{n} move" if n == 1 else "{n} moves")
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Русский" in err and "plural forms" in err and "English" in err


def test_the_wheel_ships_every_compiled_catalog():
    """pyproject's package-data names each catalog the game reads, so `pip install .` and the
    wheel speak every language (the .mo files are committed, not built at install time)."""
    import fnmatch
    import tomllib

    globs = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    for code in TRANSLATED:
        inside = i18n.compiled_path(code).relative_to(ROOT / "game").as_posix()
        assert any(fnmatch.fnmatch(inside, g) for g in globs["game"]), inside


def test_a_new_language_needs_only_its_catalog_and_its_line_in_languages(tmp_path, monkeypatch):
    """Plurals, numbers, dates, weekday heads, the first weekday and the system locale's
    match come from CLDR for any code: nothing else in the code names a language."""
    monkeypatch.setitem(LANGUAGES, "de", "Deutsch")
    _install(tmp_path, monkeypatch, "de",
             [("Undo", "Rückgängig"), (("{n} move", "{n} moves"), ("{n} Zug", "{n} Züge"))])
    assert detect.detect_language({"LANG": "zh_CN.UTF-8"}) == "zh_CN"
    assert detect.detect_language({"LANGUAGE": "zh", "LANG": "fr_FR.UTF-8"}) == "zh_CN"
    assert detect.detect_language({"LANG": "zh_TW.UTF-8"}) == "en"  # Traditional Chinese is another catalog
    assert detect.detect_language({"LANG": "de_AT.UTF-8"}) == "de"
    assert detect.detect_language({"LANG": "zh_SG.UTF-8"}) == "zh_CN"  # Simplified, as in China
    assert detect.detect_language({"LANG": "zh_HK.UTF-8"}) == "en"
    i18n.set_language("de")
    try:
        assert i18n.language() == "de" and i18n._("Undo") == "Rückgängig"
        assert [i18n.ngettext("{n} move", "{n} moves", n).format(n=n) for n in (1, 2)] == ["1 Zug", "2 Züge"]
        assert (formats.grouped(1234567), formats.decimal(0.5), formats.first_weekday()) == ("1.234.567", "0,50", 0)
        assert formats.day_and_month(11, 2) == "2. November"
        assert (formats.month_and_year(2026, 11), formats.weekday_heads()[:2]) == ("November 2026", ("Mo.", "Di."))
    finally:
        i18n.set_language("en")
    assert i18n.plural_index("zh_CN", 5) == 0
    assert str(i18n.cldr_locale("zh_CN")) == "zh_Hans_CN"


def _code_literals(path: Path) -> list[tuple[int, str]]:
    """The string literals of a module that are a language's code, docstrings left out."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    codes = set(LANGUAGES) - {"en"}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and node.value in codes and id(node) not in docstrings]


def test_no_module_but_the_language_list_names_a_language():
    """A sixth language is a line of game/i18n/__init__.py's table (with its catalog and font file):
    the settings file's choices, the fonts, --lang and its messages, the font tool and the
    CLDR look-ups all read that table, so no other module of game/ or tools/ names a language."""
    found = {path.relative_to(ROOT).as_posix(): _code_literals(path)
             for folder in ("game", "tools") for path in sorted((ROOT / folder).rglob("*.py"))}
    table = found.pop("game/i18n/__init__.py")
    assert {code for _, code in table} == set(LANGUAGES) - {"en"}
    assert {path: lines for path, lines in found.items() if lines} == {}


@pytest.mark.parametrize("job", ["formats", "lines", "detect"])
def test_each_job_of_the_languages_has_its_own_module_and_is_imported_from_it(job):
    """game/i18n/ is split by job (issue 58): the catalogs and the language list in its
    __init__, numbers and dates in formats, line breaking in lines, the system's language in
    detect. Each module says its job with an example, and the package hands on none of its
    siblings' names, so code imports each from the module that owns it."""
    import importlib

    module = importlib.import_module(f"game.i18n.{job}")
    assert module.__doc__ and ">>> from game.i18n" in module.__doc__
    assert module.__all__ and all(hasattr(module, name) for name in module.__all__)
    assert [name for name in module.__all__ if hasattr(i18n, name)] == []


def test_no_translators_note_is_lost_to_a_message_beside_another_on_its_line():
    """pybabel gives a `# TRANSLATORS:` note to the first message of the line below it only:
    a second message on that line (a tuple, a dict, `_("a") if x else _("b")`) would go to
    the translator without it. Each message a note is for stands on a line of its own."""
    from babel.messages.extract import extract_from_file

    lost = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        by_line: dict[int, list[tuple[object, list[str]]]] = {}
        for lineno, message, comments, _context in extract_from_file(
                "python", str(path), comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
            by_line.setdefault(lineno, []).append((message, comments))
        for lineno, found in by_line.items():
            noted = {str(m) for m, c in found if c}
            lost += [f"{path.relative_to(ROOT)}:{lineno} {m}" for m, c in found
                     if noted and not c and str(m) not in noted]
    assert lost == []


def test_numbers_dates_and_plural_forms_are_asked_of_cldr_once_per_language_and_value(monkeypatch):
    """The HUD, Settings and the statistics ask for the same numbers, titles and plural
    forms every frame: Babel (some 15-25 µs a call) is asked once, then the answer is kept."""
    import babel.dates
    import babel.numbers

    calls: list[str] = []

    def counted(name, real):
        def call(*args, **kwargs):
            calls.append(name)
            return real(*args, **kwargs)
        return call

    for module, name in ((babel.numbers, "format_percent"), (babel.numbers, "format_decimal"),
                         (babel.dates, "format_date"), (babel.dates, "format_skeleton")):
        monkeypatch.setattr(module, name, counted(name, getattr(module, name)))
    i18n.set_language("ru")
    try:
        calls.clear()
        for _frame in range(3):
            shown = (formats.percent(0.37), formats.grouped(123456), formats.decimal(0.25),
                     formats.month_and_year(2031, 7), formats.day_and_month(7, 3))
        assert shown == ("37\u00a0%", "123\u00a0456", "0,25", "Июль 2031", "3 июля")
        assert sorted(calls) == ["format_date", "format_decimal", "format_decimal", "format_percent",
                                 "format_skeleton"]
        rule = i18n.cldr_locale("ru").plural_form
        asked: list[int] = []
        monkeypatch.setattr(type(rule), "__call__", lambda self, n: asked.append(n) or "many")
        for _frame in range(3):
            i18n.ngettext("{n} move", "{n} moves", 987)
        assert asked.count(987) <= 1
    finally:
        i18n.set_language("en")


def test_the_system_locale_is_matched_without_its_own_cldr_data(monkeypatch):
    """The bundle carries CLDR data for the game's locales only (ru_RU, not ru_UA): the match
    reads the locale's name and CLDR's likely subtags, never the locale's own data."""
    import babel.localedata

    def no_data(name, *args, **kwargs):
        raise AssertionError(f"locale data read for {name}")

    detect._language_script_territory.cache_clear()
    monkeypatch.setattr(babel.localedata, "load", no_data)
    monkeypatch.setattr(babel.localedata, "exists", lambda name: False)
    try:
        found = [detect.detect_language({"LANG": name}) for name in
                 ("ru_UA.UTF-8", "ru_BY.UTF-8", "zh_SG.UTF-8", "zh_TW.UTF-8", "ko_KR.UTF-8", "en_US.UTF-8",
                  "de_DE.UTF-8")]
    finally:
        detect._language_script_territory.cache_clear()
    assert found == ["ru", "ru", "zh_CN", "en", "ko", "en", "en"]


def test_no_message_reads_to_pybabel_as_a_percent_placeholder():
    """The game's placeholders are {named}; a literal % before a letter ("150% or") reads to
    Babel as a %-placeholder, and pybabel compile then refuses every translation that words
    it otherwise (docs/translating.md: write such English another way)."""
    from catalogs import TEMPLATE

    with open(TEMPLATE, "rb") as f:
        template = read_po(f)
    assert [m.id for m in template if m.id and m.python_format] == []
