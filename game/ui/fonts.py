"""The fonts the UI sets text in, chosen by language and, glyph by glyph, by text.

DejaVu Sans Bold speaks English and Russian (and draws the card indices);
subsets of Noto Sans CJK Bold speak Korean, Japanese and Simplified Chinese (``tools/subset_fonts.py``
makes them). A text is set in the current language's font when that font has
every glyph of it, else in the first bundled font that has them all (the
Settings list names 한국어 and 日本語 in an English game), so no glyph is
ever drawn as a box::

    >>> font_file_for("ko")
    'NotoSansKR-Bold.otf'
    >>> font_file_for("ru")
    'DejaVuSans-Bold.ttf'

Measuring (:func:`text_size`) and drawing (:class:`TextFont`) pick the same
font, so what the layout measured is what the screen shows.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TypeVar

import pygame

from game.i18n import LANGUAGE_FONTS, language
from game.resources import asset_path

__all__ = ["FONT_FILES", "LATIN", "TextFont", "font_file_for", "forget_fonts", "missing_glyphs", "text_font",
           "text_size"]

LATIN = "DejaVuSans-Bold.ttf"
#: The font of each language that DejaVu does not cover (named in game.i18n's one list of languages).
FONT_FILES: dict[str, str] = LANGUAGE_FONTS
#: Where a text no font of its language covers looks next, in order: DejaVu, then each
#: language's own font in the order the languages are listed.
_FALLBACKS = (LATIN, *dict.fromkeys(FONT_FILES.values()))


def font_file_for(code: str) -> str:
    """The bundled font file the UI uses first for language ``code``."""
    return FONT_FILES.get(code, LATIN)


def _init() -> None:
    if not pygame.font.get_init():
        pygame.font.init()
        forget_fonts()


T = TypeVar("T")

#: Texts already set, by font file, size, text and colours (oldest first), and how many are kept.
_RENDERED: dict[tuple[str, int, str, bool, tuple[int, ...], tuple[int, ...] | None], pygame.Surface] = {}
_RENDERED_MOST = 512
#: Measured sizes by (language, px, text): a screen's layout measures the same words
#: many times over (each row, each wrap tried, each fit checked; a scrolling screen
#: laid out once measures some 2,700 texts), and a measure of a CJK text is a glyph
#: check in each font tried and then a shaping, some 10 microseconds.
_MEASURED: dict[tuple[str, int, str], tuple[int, int]] = {}
_MEASURED_MOST = 20_000


@cache
def _open(name: str, px: int) -> pygame.font.Font:
    return pygame.font.Font(str(asset_path(name)), px)


def _use(name: str, px: int, use: Callable[[pygame.font.Font], T]) -> T:
    """``use`` the open font ``name`` at ``px``; a font opened before pygame quit and
    started again (tests, a display started anew) is stale: open the fonts again."""
    try:
        return use(_open(name, px))
    except pygame.error:
        forget_fonts()
        return use(_open(name, px))


@cache
def _glyphs(name: str) -> _Coverage:
    return _Coverage(name)


class _Coverage:
    """Which characters one font file has (asked of FreeType once per character)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._face = self._open_face()
        self._known: dict[str, bool] = {}

    def _open_face(self) -> pygame.freetype.Font:
        import pygame.freetype

        if not pygame.freetype.get_init():
            pygame.freetype.init()
        return pygame.freetype.Font(str(asset_path(self.name)), 16)

    def has(self, ch: str) -> bool:
        known = self._known.get(ch)
        if known is None:
            if ch in " \t\n" or not ch.isprintable():
                known = True  # spaces and controls draw nothing in any font
            else:
                try:
                    known = self._face.get_metrics(ch)[0] is not None
                except pygame.error:  # pygame quit since: open the face again
                    self._face = self._open_face()
                    known = self._face.get_metrics(ch)[0] is not None
            self._known[ch] = known
        return known


def missing_glyphs(text: str, name: str) -> list[str]:
    """The characters of ``text`` that font file ``name`` has no glyph for (tofu)."""
    cover = _glyphs(name)
    return sorted({ch for ch in text if not cover.has(ch)})


def _pick(text: str, code: str | None = None) -> str:
    first = font_file_for(code or language())
    if not text or text.isascii() or not missing_glyphs(text, first):
        return first
    for name in _FALLBACKS:
        if name != first and not missing_glyphs(text, name):
            return name
    return first


class TextFont:
    """The UI's font at one size, as a ``pygame.font.Font`` is used: each text set in
    the font that has its glyphs (the language's, else a fallback)."""

    def __init__(self, px: int) -> None:
        _init()
        self.px = px

    def font(self, text: str = "") -> pygame.font.Font:
        return _open(_pick(text), self.px)

    def render(self, text: str, antialias: bool, colour: tuple[int, ...],
               background: tuple[int, ...] | None = None) -> pygame.Surface:
        """``text`` set in its font: the same Surface again for the same text, size and
        colours (the overlay redraws its labels on every change of the status line;
        a CJK label took about a millisecond to set). The caller only reads it."""
        name = _pick(text)
        key = (name, self.px, text, antialias, tuple(colour), None if background is None else tuple(background))
        done = _RENDERED.get(key)
        if done is None:
            done = _RENDERED[key] = _use(name, self.px, lambda f: f.render(text, antialias, colour, background))
            if len(_RENDERED) > _RENDERED_MOST:
                del _RENDERED[next(iter(_RENDERED))]  # the oldest
        return done

    def size(self, text: str) -> tuple[int, int]:
        return _use(_pick(text), self.px, lambda f: f.size(text))

    def get_height(self) -> int:
        return _use(_pick(""), self.px, lambda f: f.get_height())

    def get_linesize(self) -> int:
        return _use(_pick(""), self.px, lambda f: f.get_linesize())


def text_font(px: int) -> TextFont:
    """The UI's font at ``px`` for the current language."""
    return TextFont(px)


def text_size(text: str, px: int) -> tuple[int, int]:
    """Size of ``text`` as the UI sets it at ``px``: measured, not rendered (and
    remembered: the same text at the same size in the same language measures alike)."""
    key = (language(), px, text)
    size = _MEASURED.get(key)
    if size is not None:
        return size
    _init()
    size = _MEASURED[key] = _use(_pick(text), px, lambda f: f.size(text))
    if len(_MEASURED) > _MEASURED_MOST:
        del _MEASURED[next(iter(_MEASURED))]  # the oldest
    return size


def forget_fonts() -> None:
    """Drop every open font (a pygame session ended; its fonts died with it)."""
    _open.cache_clear()
    _RENDERED.clear()
    _MEASURED.clear()
