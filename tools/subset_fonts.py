"""Rebuild the bundled Korean, Japanese and Simplified Chinese fonts from Noto Sans CJK (Bold).

Usage::

    apt-get install -y fonts-noto-cjk kanjidic   # the sources (Debian packages)
    pip install '.[fonts]'                        # fontTools
    python3 tools/subset_fonts.py                 # writes assets/NotoSans{KR,JP,SC}-Bold.otf
    python3 tools/subset_fonts.py zh_CN           # only the Chinese one

Each font keeps only what the game can show: every character of every
catalog (game/locale/*/LC_MESSAGES/messages.po, so the Settings list can name each language in
its own script), every non-ASCII character of the game's own text, ASCII,
the suit symbols and the punctuation in use; then the Korean font the 2,350
Hangul syllables of KS X 1001 (the ones in everyday use) and the Hangul
compatibility jamo an input method shows while composing, and the Japanese
font the 2,136 Jōyō kanji (grades 1-8 of KANJIDIC, plus the four that
JIS X 0208 lacks), kana and the full-width forms. The Simplified Chinese
font keeps its own catalog's characters (not the kanji and Hangul of the
others, which the Korean and Japanese fonts draw) and the 3,755 hanzi of
GB 2312 level 1, the standard set of characters in everyday use (read
from Python's own gb2312 codec, so nothing is downloaded; it holds nearly
all of the 3,500 of the 2013 通用规范汉字表 level 1). The Korean and
Japanese fonts leave the Chinese catalog out for the same reason. Run it
again after a translation adds characters; tests/test_fonts.py fails until then.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from babel.messages.pofile import read_po  # noqa: E402

from game.i18n import LANGUAGE_FONTS, LANGUAGES, catalog_path  # noqa: E402

SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
KANJIDIC = Path("/usr/share/edict/kanjidic")
#: The font file of each language the game's list gives one (game.i18n's language table).
OUT = {code: ROOT / "assets" / font for code, font in LANGUAGE_FONTS.items()}
#: Jōyō kanji (2010) outside JIS X 0208, so not in the EUC-JP KANJIDIC.
JOYO_EXTRA = "\U00020b9f\u5861\u525d\u9830"  # 𠮟 塡 剝 頰


def _ranges(*pairs: tuple[int, int]) -> set[str]:
    return {chr(c) for lo, hi in pairs for c in range(lo, hi + 1)}


COMMON = (_ranges((0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2027), (0x2030, 0x203A), (0x2190, 0x2193),
                  (0x2660, 0x2667), (0x3000, 0x303F), (0xFF01, 0xFF5E))
          | set("×÷·•…—–‘’“”«»№✓✗▶◀▲▼○●◆◇□■"))
HANGUL = {chr(c) for c in range(0xAC00, 0xD7A4) if len(chr(c).encode("euc_kr", errors="ignore")) == 2}
JAMO = _ranges((0x3131, 0x318E))
KANA = _ranges((0x3041, 0x3096), (0x3099, 0x30FF), (0x31F0, 0x31FF))


def gb2312_level1() -> set[str]:
    """The 3,755 hanzi of GB 2312 level 1 (rows 16-55), the common Simplified characters."""
    out = set()
    for row in range(0xB0, 0xD8):
        for cell in range(0xA1, 0xFF):
            try:
                out.add(bytes((row, cell)).decode("gb2312"))
            except UnicodeDecodeError:  # row 55 ends early
                pass
    return out


def joyo(path: Path = KANJIDIC) -> set[str]:
    """The Jōyō kanji: KANJIDIC's grades 1-6 (Kyōiku) and 8 (the rest of the Jōyō list)."""
    text = path.read_bytes().decode("euc_jp", errors="replace")
    found = {line[0] for line in text.splitlines()[1:] if re.search(r" G[1-8] ", line)}
    return found | set(JOYO_EXTRA)


def region(code: str) -> str:
    """The Noto Sans CJK region of ``code``'s font ("KR", "JP", "SC"; "" for a language DejaVu draws)."""
    found = re.fullmatch(r"NotoSans([A-Z]{2})-Bold\.otf", OUT[code].name) if code in OUT else None
    return found.group(1) if found else ""


def catalog_chars(code: str) -> set[str]:
    """Every character of the catalogs' msgstrs that font ``code`` draws (the Chinese catalog
    for the Chinese font only, the others for the Korean and Japanese fonts), of the language
    names and of the game's own text."""
    out = set("".join(LANGUAGES.values()))
    for other in sorted(LANGUAGES):
        if (region(other) == "SC") != (region(code) == "SC") or not catalog_path(other).is_file():
            continue  # English has no catalog: its text is the code's
        with open(catalog_path(other), "rb") as f:
            for m in read_po(f):
                out.update("".join(m.string) if isinstance(m.string, (list, tuple)) else m.string or "")
    for py in (ROOT / "game").rglob("*.py"):
        out.update(c for c in py.read_text(encoding="utf-8") if ord(c) > 0x7E)
    return {c for c in out if c.isprintable() or c == "\u3000"}


def wanted(code: str) -> set[str]:
    """What the font of ``code`` keeps: the common set, the catalogs' characters, and the
    everyday characters of its script (by the font's region: the Simplified hanzi of GB 2312,
    KS X 1001's Hangul, or kana and the Jōyō kanji)."""
    base = COMMON | catalog_chars(code)
    if region(code) == "SC":
        return base | gb2312_level1()
    return base | HANGUL | JAMO if region(code) == "KR" else base | KANA | joyo()


def face(code: str, source: Path = SOURCE) -> int:
    """The face of the Noto Sans CJK collection that makes ``code``'s font: the one whose
    family ends in the font file's region ("NotoSansKR-Bold.otf": Noto Sans CJK KR)."""
    from fontTools.ttLib import TTCollection

    if not region(code):
        raise SystemExit(f"{OUT[code].name}: not a Noto Sans CJK subset this tool knows how to make")
    for i, font in enumerate(TTCollection(str(source), lazy=True).fonts):
        if font["name"].getDebugName(1) == f"Noto Sans CJK {region(code)}":
            return i
    raise SystemExit(f"{source} has no Noto Sans CJK {region(code)}")


def subset(code: str, source: Path = SOURCE) -> tuple[int, int]:
    """Write the font of ``code``; returns (characters kept, bytes)."""
    from fontTools import subset as ft_subset
    from fontTools.ttLib import TTFont

    font = TTFont(str(source), fontNumber=face(code, source), lazy=False)
    cmap = font.getBestCmap()
    chars = sorted(ord(c) for c in wanted(code) if ord(c) in cmap)
    options = ft_subset.Options()
    options.layout_features = ["kern", "palt", "vert", "ccmp", "locl", "liga"]
    options.name_IDs = ["*"]  # keep the copyright, licence and trademark notices
    options.hinting = False
    options.desubroutinize = False
    options.notdef_outline = True
    sub = ft_subset.Subsetter(options)
    sub.populate(unicodes=chars)
    sub.subset(font)
    OUT[code].parent.mkdir(exist_ok=True)
    font.save(str(OUT[code]))
    return len(chars), OUT[code].stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=SOURCE, help="NotoSansCJK-Bold.ttc (fonts-noto-cjk)")
    parser.add_argument("codes", nargs="*", help=f"the fonts to rebuild: {', '.join(OUT)} (default: all)")
    args = parser.parse_args(argv)
    codes = args.codes or list(OUT)
    unknown = [c for c in codes if c not in OUT]
    if unknown:
        parser.error(f"no font for {', '.join(unknown)}: choose from {', '.join(OUT)}")
    for path in (args.source, *([KANJIDIC] if any(region(c) == "JP" for c in codes) else [])):
        if not path.exists():
            print(f"{path} is missing: apt-get install -y fonts-noto-cjk kanjidic")
            return 1
    for code in codes:
        n, size = subset(code, args.source)
        print(f"{OUT[code].relative_to(ROOT)}: {n} characters, {size / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
