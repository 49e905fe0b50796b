"""Which of the game's languages the system speaks, read as GNU gettext reads it.

The game starts in the system's language until the player picks one in
Settings: LANGUAGE, LC_ALL, LC_MESSAGES or LANG on Linux and macOS, the user's
UI language on Windows. A locale means a language by CLDR's likely subtags
(Babel's data), so a Chinese locale in Traditional script is not the game's
Simplified Chinese; one the game does not speak gives English::

    >>> from game.i18n.detect import detect_language, language_from_locale
    >>> detect_language({"LANG": "ru_RU.UTF-8"}), detect_language({"LANG": "de_DE.UTF-8"})
    ('ru', 'en')
    >>> language_from_locale("zh_SG"), language_from_locale("zh_TW")
    ('zh_CN', None)

(Babel's ``default_locale`` is not this: see :func:`detect_language`.)
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Callable, Mapping

from game.i18n import LANGUAGES, cldr_name

__all__ = ["detect_language", "language_from_locale"]


def language_from_locale(name: str | None) -> str | None:
    """The game's language for a locale name ("ko_KR.UTF-8" -> "ko"), ``None`` for any other.
    A language matches in the script it is written in, by CLDR's likely subtags: Chinese
    in mainland China and Singapore (and a bare "zh") is Simplified, the game's zh_CN; in
    Taiwan and Hong Kong it is Traditional, which the game does not speak.

    >>> language_from_locale("ru_RU.UTF-8"), language_from_locale("ja"), language_from_locale("de_DE")
    ('ru', 'ja', None)
    >>> language_from_locale("C"), language_from_locale("en_GB@euro")
    ('en', 'en')
    >>> language_from_locale("zh_CN.UTF-8"), language_from_locale("zh-Hans-SG"), language_from_locale("zh_TW")
    ('zh_CN', 'zh_CN', None)
    """
    if not name:
        return None
    if name in ("C", "POSIX") or name.startswith(("C.", "POSIX.")):
        return "en"
    # language[_territory][.encoding][@modifier], or a BCP 47 tag (Windows: "ja-JP").
    return _matching_language(re.split(r"[.@]", name.strip(), maxsplit=1)[0].replace("-", "_"))


def _matching_language(identifier: str) -> str | None:
    asked = _language_script_territory(identifier)
    if not asked[0]:
        return None
    # The same language in the same script; in the same territory too where the game has several.
    same = [code for code in LANGUAGES if _language_script_territory(code)[:2] == asked[:2]]
    here = [code for code in same if _language_script_territory(code)[2] == asked[2]]
    return (here or same)[0] if same else None


@functools.cache
def _language_script_territory(identifier: str) -> tuple[str, str, str]:
    """A locale's language, script and territory, the ones it leaves out filled in from CLDR's
    likely subtags ("zh_TW" -> zh, Hant, TW; "ru" -> ru, Cyrl, RU); all "" for no locale name.
    Only the name is read, not the locale's own data (the bundle carries the game's locales only)."""
    from babel.core import get_global, parse_locale

    try:
        language, territory, script, *_rest = parse_locale(cldr_name(identifier))
    except ValueError:
        return "", "", ""
    likely = get_global("likely_subtags")
    keys = (f"{language}_{territory}", f"{language}_{script}", language)
    parts = next((likely[key] for key in keys if key in likely), "").split("_")
    script = script or (parts[1] if len(parts) == 3 else "")
    territory = territory or (parts[-1] if len(parts) > 1 else "")
    return language, script, territory


def _windows_ui_language() -> str | None:
    if sys.platform != "win32":  # (type checkers know ctypes.windll only on Windows)
        return None
    try:
        import ctypes
        import locale
        langid = ctypes.windll.kernel32.GetUserDefaultUILanguage()
    except (ImportError, AttributeError, OSError):
        return None
    return locale.windows_locale.get(int(langid))


def detect_language(environ: Mapping[str, str] | None = None,
                    windows_ui: Callable[[], str | None] | None = None) -> str:
    """The language of the system's locale, English for one the game does not speak.

    On Linux and macOS: the first of LANGUAGE (a colon-separated list, as GNU
    gettext reads it, unless the locale is C), LC_ALL, LC_MESSAGES, LANG that is
    set. On Windows: the user's UI language. (Babel's ``default_locale`` is not
    this: it reads LC_CTYPE, the character set's variable, where gettext reads
    LC_MESSAGES, keeps LANGUAGE in the C locale, and knows nothing of Windows.)

    >>> detect_language({"LANG": "ko_KR.UTF-8"})
    'ko'
    >>> detect_language({"LANGUAGE": "de:ja", "LANG": "de_DE.UTF-8"})
    'ja'
    >>> detect_language({"LC_ALL": "fr_FR.UTF-8", "LANG": "ru_RU.UTF-8"})
    'en'
    >>> detect_language({})
    'en'
    """
    if environ is None and sys.platform == "win32":
        found = language_from_locale((windows_ui or _windows_ui_language)())
        return found or "en"
    env = os.environ if environ is None else environ
    locale_name = next((env[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(v)), "")
    # GNU gettext reads the LANGUAGE list first, except in the C locale.
    c_locale = locale_name in ("C", "POSIX") or locale_name.startswith(("C.", "POSIX."))
    if env.get("LANGUAGE") and not c_locale:
        for part in env["LANGUAGE"].split(":"):
            found = language_from_locale(part)
            if found:
                return found
    return language_from_locale(locale_name) or "en"
