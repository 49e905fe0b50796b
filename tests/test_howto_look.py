"""How to play's section on the settings for seeing and handling the cards (issue 60).

Both pages carry it; the F1 book reaches it in every language; its pages set whole at
1280x720 at 100% and at 200% text; and it names each of the seven settings by the
words the Settings screen itself shows, read from the screen's rows (found by what
their buttons do), so renaming a setting breaks this test.
"""

from __future__ import annotations

import pytest
from conftest import settings_panel

from game import i18n
from game.howto import GAMES, Bullets, Heading, Paragraph, page, section_for, spans
from game.play.help import HelpBook
from game.render.camera import hud_band, set_text_scale
from game.ui.document import document_geometry
from game.ui.hud import inside

LANGS = ["en", "ko", "ja", "ru", "zh_CN"]
WINDOW = (1280, 720)
#: The settings the section is about, by the action their buttons send (a prefix):
#: text size, large print, high contrast, reduced motion, the four-colour deck,
#: click to pick up and drop, how far a drag must go.
ACTIONS = ("set-text_size=", "set-large_print", "set-high_contrast", "set-reduced_motion", "set-four_colour=",
           "set-click_to_move", "set-drag_distance=")


def look(game: str):
    return page(game).section(f"{game}-look")


def settings_names() -> dict[str, set[str]]:
    """What the Settings screen calls each of :data:`ACTIONS`, in the current language: the
    row's label, and for the deck the label of its four-colour button."""
    panel = settings_panel()
    out: dict[str, set[str]] = {}
    for action in ACTIONS:
        rows = [r for s in panel.sections for r in s.rows
                if any(panel.buttons[i].action.startswith(action) for i in r.buttons)]
        assert len(rows) == 1, action
        names = {rows[0].label}
        names |= {panel.buttons[i].label for i in rows[0].buttons if panel.buttons[i].action == "set-four_colour=on"}
        out[action] = names
    return out


def section_words(game: str) -> tuple[set[str], str]:
    """The section's button marks (``**Text size**``) and all its words."""
    marked: set[str] = set()
    for p in look(game).paragraphs:
        marked |= {words for kind, words in spans(p) if kind == "button"}
    return marked, " ".join(look(game).paragraphs)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_section_names_each_setting_as_settings_shows_it(game, lang):
    i18n.set_language(lang)
    try:
        marked, _text = section_words(game)
        names = settings_names()
        assert all(names.values())
        for action, shown in names.items():
            missing = shown - marked
            assert not missing, f"{game} ({lang}): the help does not name {action} as Settings does: {missing}"
        # Where to set them: the section sends the player to Settings, named as the menu names it.
        assert i18n._("Settings") in marked
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_section_names_the_settings_sections_as_settings_heads_them(game, lang):
    """The section's opening says under which heads of Settings the settings lie (Look, Play):
    those heads, read from the screen, are its words, so renaming a head renames it here too."""
    i18n.set_language(lang)
    try:
        panel = settings_panel()
        heads = {s.title for s in panel.sections for r in s.rows
                 if any(panel.buttons[i].action.startswith(ACTIONS) for i in r.buttons)}
        assert len(heads) == 2
        opening = look(game).paragraphs[0]
        assert all(head in opening for head in heads), (heads, opening)
    finally:
        i18n.set_language("en")


def test_a_renamed_setting_is_caught(monkeypatch):
    # The names come from the screen: a Settings label the help does not use fails the check.
    real = i18n._

    def renamed(text: str) -> str:
        return "Letter size" if text == "Text size" else real(text)

    monkeypatch.setattr("game.play.settings_screen._", renamed)
    marked, _text = section_words("freecell")
    assert not settings_names()["set-text_size="] <= marked


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", [100, 200], ids=lambda s: f"{s}%")
def test_the_book_reaches_the_section_whole_and_its_pages_fit(game, lang, size):
    i18n.set_language(lang)
    set_text_scale(size / 100)
    try:
        section = look(game)
        book = HelpBook.open(game)
        shown: list[str] = []
        where = []
        for n in range(book.pages):
            panel = book.turn(n).panel()
            titles = [b.text for b in panel.blocks if isinstance(b, Heading)]
            if section.title in titles or any(t.startswith(section.title) for t in titles):
                where.append(n)
                geo = document_geometry(WINDOW, panel.title, panel.blocks, panel.buttons)
                assert geo.cut == 0, (n, size)
                w, h = WINDOW
                assert inside(geo.box, (0, 0, w, h - hud_band(w, h)))
                # The section's text on this page: from its heading to the next section's.
                start = next(i for i, b in enumerate(panel.blocks) if isinstance(b, Heading)
                             and b.text.startswith(section.title))
                for block in panel.blocks[start + 1:]:
                    if isinstance(block, Heading):
                        break
                    shown += list(block.items) if isinstance(block, Bullets) else [block.text]
                    assert isinstance(block, Bullets | Paragraph)
        assert where, f"no page of the {game} book ({lang}, {size}%) shows the section"
        assert where == list(range(where[0], where[-1] + 1))  # on pages one after another
        wanted = [p[2:] if p.startswith("- ") else p for p in section.paragraphs]
        assert shown == wanted  # every paragraph and item, in order, none left out
    finally:
        set_text_scale(1.0)
        i18n.set_language("en")


def test_a_link_finds_the_section():
    assert section_for("text size", game="spider") == ("spider", "spider-look")
    assert section_for("colour-blind", game="freecell") == ("freecell", "freecell-look")


@pytest.mark.parametrize("game", GAMES)
def test_the_opening_counts_the_settings_under_each_head_as_the_list_runs(game):
    # "The first five are under Look, the last two under Play" was untrue: Reduced motion,
    # fourth in the list, sits under Play. The list's items, in order, fall under Settings'
    # heads as one run each, and the opening gives each run's length and head.
    i18n.set_language("en")
    panel = settings_panel()
    head_of = {}
    for action in ACTIONS:
        head_of[action] = next(s.title for s in panel.sections for r in s.rows
                               if any(panel.buttons[i].action.startswith(action) for i in r.buttons))
    names = settings_names()
    order = []
    for item in look(game).paragraphs[1:]:
        marked = {words for kind, words in spans(item) if kind == "button"}
        order += [action for action in ACTIONS if names[action] & marked]
    assert sorted(order) == sorted(ACTIONS)
    runs: list[list[str]] = []
    for action in order:
        if runs and runs[-1][0] == head_of[action]:
            runs[-1].append(action)
        else:
            runs.append([head_of[action], action])
    words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
    (first, *a), (last, *b) = runs  # exactly two runs: one head's settings, then the other's
    assert f"The first {words[len(a)]} are under {first}, the last {words[len(b)]} under {last}." \
        in look(game).paragraphs[0], (runs, look(game).paragraphs[0])
