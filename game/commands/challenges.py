"""``solitaire challenges [--date YYYY-MM-DD] [--json]``: the day's challenges.

Plain output is one sentence per challenge; ``--json`` prints a list of
objects (see :meth:`game.challenges.days.Challenge.to_json`), the proof
lines included. Dates run 2020-01-01..2099-12-31; the default is today in
Japan (as the daily deal's). Anything else is exit 2 with one line.
"""

from __future__ import annotations

import datetime
import json
import re
import sys

from game.commands.usage import UsageError
from game.i18n import _
from game.numbers import shown

__all__ = ["challenges_command", "parse_date"]


def parse_date(text: str) -> datetime.date:
    """``YYYY-MM-DD`` in ASCII digits, a real date within the challenges' years; else one-line UsageError.

    >>> parse_date(" 2026-12-02 ")
    datetime.date(2026, 12, 2)
    >>> parse_date("2100-01-01")
    Traceback (most recent call last):
    ...
    game.commands.usage.UsageError: challenges exist for 2020-01-01..2099-12-31, not 2100-01-01
    """
    from game.challenges.days import FIRST_DATE, LAST_DATE

    stripped = text.strip(" \t")
    try:
        # fromisoformat alone would also read other scripts' digits and YYYYMMDD.
        if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", stripped) is None:
            raise ValueError(text)
        date = datetime.date.fromisoformat(stripped)
    except ValueError:
        raise UsageError(_("{text} is not a date: use YYYY-MM-DD").format(text=shown(text))) from None
    if not FIRST_DATE <= date <= LAST_DATE:
        raise UsageError(_("challenges exist for {first}..{last}, not {date}").format(
            first=FIRST_DATE, last=LAST_DATE, date=date.isoformat()))
    return date


def challenges_command(date_text: str | None, as_json: bool = False) -> int:
    """Print the challenges of a date; exit 1 when the lines file gave none at all."""
    from game.challenges.days import LEVELS, challenges_for
    from game.freecell.daily import today_in_japan

    date = parse_date(date_text) if date_text is not None else parse_date(today_in_japan().isoformat())
    day = challenges_for(date)
    if as_json:
        print(json.dumps([c.to_json() for c in day], indent=1))
    else:
        print(_("Challenges of {date}").format(date=date.isoformat()))
        for c in day:
            game = _("FreeCell") if c.game == "freecell" else _("Spider")
            # TRANSLATORS: one challenge of the day on the command line: the game, its level, its goal.
            print("  " + _("{game}, {level}: {goal}").format(game=game, level=c.level_name(), goal=c.sentence()))
    missing = 2 * len(LEVELS) - len(day)
    if missing:
        print(_("solitaire: {missing} of {n} challenges could not be made: the proven lines "
                "(assets/challenge-lines.tsv) are missing or damaged").format(missing=missing, n=2 * len(LEVELS)),
              file=sys.stderr)
    return 0 if day else 1
