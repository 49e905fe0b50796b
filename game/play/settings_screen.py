"""The menu's Settings screen: what it shows, and what its buttons change.

Four sections (Play, Look, Sound, Language) of rows: a switch is one
button, lit while it is on; a choice is a row of buttons with the current
one lit. Each button's action names the field it changes (``set-name``
switches or steps it, ``set-name=value`` sets it), and :func:`change_setting`
carries that out on the :class:`game.play.settings.Settings`;
:class:`game.play.menu.Menu` walks the screen and tells the app::

    >>> from game.play.settings import Settings
    >>> st = Settings()
    >>> p = settings_screen(st)
    >>> p.title, [s.title for s in p.sections]
    ('Settings', ['Play', 'Look', 'Sound', 'Language'])
    >>> change_setting(st, "text_size=150", lambda: None), st.text_size
    ('text_size', 150)
    >>> change_setting(st, "text_size=13", lambda: None), st.text_size  # not a size it offers
    (None, 150)
"""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import LANGUAGES, N_, _, language, pgettext
from game.i18n.formats import percent
from game.play.panels import Buttons, Panel, Row, Section
from game.play.settings import AUTO_MOVES, CHOICE_NAMES, DRAG_DISTANCES, SPEEDS, TEXT_SIZES, VOLUMES, Settings

__all__ = ["WINNABLE", "change_setting", "settings_screen"]

#: "Winnable deals only": one switch per game (Spider per suit count), as (field, button label).
WINNABLE = (("winnable_freecell", N_("FreeCell")), ("winnable_spider_1", N_("Spider 1 suit")),
            ("winnable_spider_2", N_("2 suits")), ("winnable_spider_4", N_("4 suits")))


def settings_screen(settings: Settings, held: tuple[str, str] | None = None, desktop: bool | None = None) -> Panel:
    """The Settings screen as ``settings`` stand. ``held``: the automatic level a challenge
    on the table holds and why it cannot change now (None: the player's own is in force);
    ``desktop``: what the desktop's "reduce animation" asks (None: it does not say)."""
    from game.render import theme

    st = settings
    b = Buttons()

    def toggle(label: str, name: str) -> Row:
        on = bool(getattr(st, name))
        index = b.add(_("On") if on else _("Off"), f"set-{name}")
        return Row(label, index, selected=index if on else ())

    def choice(label: str, name: str, values: tuple[object, ...], names: tuple[str, ...], current: object,
               why_not: str = "") -> Row:
        """``why_not``: the row cannot change now (its buttons greyed), and this says why.
        ``values``: the setting's values (words, numbers), only written into the
        button's action and compared with ``current``."""
        index: tuple[int, ...] = ()
        chosen: tuple[int, ...] = ()
        for value, text in zip(values, names):
            i = b.add(text, f"set-{name}={value}", not why_not)
            index += i
            if value == current:
                chosen = i
        return Row(label, index, selected=chosen, note=why_not)

    # A challenge's level is the one in force, and it is shown.
    play = (choice(_("FreeCell: automatic foundation moves"), "auto_moves", AUTO_MOVES,
                   tuple(_(CHOICE_NAMES[x]) for x in AUTO_MOVES), *(held or (st.auto_moves,))),
            toggle(_("One click sends home"), "one_click_home"),
            # TRANSLATORS: a Settings switch: a click lifts cards, they follow the pointer,
            # and the next click puts them down (no button is held down).
            toggle(_("Click to pick up and drop"), "click_to_move"),
            # TRANSLATORS: how far the pointer must move with the button down before a press is
            # a drag (a long way keeps a shaky click a click); its choices follow.
            choice(_("How far a drag must go"), "drag_distance", DRAG_DISTANCES,
                   (pgettext("drag distance", "Short"), pgettext("drag distance", "Medium"),
                    pgettext("drag distance", "Long")), st.drag_distance),
            toggle(_("Live winnability check"), "live_winnability"),
            toggle(_("Par for each game"), "find_par"),
            toggle(_("FreeCell: show which moves keep the win"), "move_grades"),
            choice(_("Animation speed"), "animation_speed", SPEEDS, tuple(_(CHOICE_NAMES[x]) for x in SPEEDS),
                   st.animation_speed),
            _winnable_row(st, b),
            _calm_row(st, desktop, b))
    look = (choice(_("Deck"), "four_colour", ("off", "on"), (_("2 colours"), _("4 colours")),
                   "on" if st.four_colour else "off"),
            choice(_("Table"), "table_colour", theme.TABLE_COLOURS,
                   tuple(_(CHOICE_NAMES.get(x, x.capitalize())) for x in theme.TABLE_COLOURS), st.table_colour),
            choice(_("Card back"), "card_back", theme.CARD_BACKS,
                   tuple(_(CHOICE_NAMES.get(x, x.capitalize())) for x in theme.CARD_BACKS), st.card_back),
            # TRANSLATORS: a Settings switch for low vision: a dark table, white cards, bright outlines.
            toggle(_("High contrast"), "high_contrast"),
            # TRANSLATORS: a Settings switch: the rank and suit in the cards' corners printed larger.
            toggle(_("Large print cards"), "large_print"),
            # TRANSLATORS: Settings: how large every word of the game is set (100%, 125%, 150%, 200%).
            choice(_("Text size"), "text_size", TEXT_SIZES, tuple(percent(v / 100) for v in TEXT_SIZES),
                   st.text_size),
            toggle(_("Outline the last move"), "last_move_outline"),
            toggle(_("Left-handed table"), "left_handed"),
            toggle(_("Fullscreen"), "fullscreen"))
    sound_on = b.add(_("On") if not st.muted else _("Off (S)"), "set-muted")
    volumes = tuple(round(v * 100) for v in VOLUMES if v > 0)
    level = round(st.volume * 100)
    sound = (Row(_("Sound"), sound_on, selected=sound_on if not st.muted else ()),
             choice(_("Volume"), "volume", volumes, tuple(percent(v / 100) for v in volumes), level))
    # Each language named in itself, so a player who cannot read the current one finds theirs.
    speech = (choice("", "language", tuple(LANGUAGES), tuple(LANGUAGES.values()), st.language or language()),)
    b.add(_("Back"), "back")
    sections = (
        # TRANSLATORS: the Settings screen's first section heading: how the game plays (a noun, as
        # "Gameplay"; not the verb "play").
        Section(pgettext("settings section", "Play"), play),
        Section(pgettext("settings section", "Look"), look),
        Section(pgettext("settings section", "Sound"), sound),
        Section(pgettext("settings section", "Language"), speech))
    return Panel(_("Settings"), (), tuple(b.buttons), vertical=True, sections=sections)


def _calm_row(st: Settings, desktop: bool | None, b: Buttons) -> Row:
    """Reduced motion: on or off as it is in force, the desktop's choice until the player makes one."""
    calm = st.calm(desktop)
    index = b.add(_("On") if calm else _("Off"), "set-reduced_motion")
    # TRANSLATORS: Settings' note under "Reduced motion" while it follows the desktop's own setting.
    note = _("As your desktop asks") if calm and st.reduced_motion is None else ""
    # TRANSLATORS: a Settings switch: cards step instead of flying, no celebration, no pulsing glow.
    return Row(_("Reduced motion"), index, selected=index if calm else (), note=note)


def _winnable_row(st: Settings, b: Buttons) -> Row:
    index: tuple[int, ...] = ()
    on: tuple[int, ...] = ()
    for name, label in WINNABLE:
        i = b.add(_(label), f"set-{name}")
        index += i
        if getattr(st, name):
            on += i
    return Row(_("Winnable deals only"), index, selected=on)


def change_setting(st: Settings, what: str, desktop: Callable[[], bool | None]) -> str | None:
    """A Settings button pressed: ``what`` is its action after ``set-``, ``name`` (a switch
    turns, a choice steps on to its next value) or ``name=value`` (the value as the button
    wrote it). The name of the setting changed, or None (a value it does not offer).
    ``desktop`` asks what the desktop's "reduce animation" says, the first time the player
    chooses reduced motion."""
    if "=" in what:
        return _set(st, *what.split("=", 1))
    name = what
    if name == "muted":
        st.toggle_mute()
    elif name == "reduced_motion":
        st.reduced_motion = not st.calm(desktop())  # from now on the player's own choice
    elif name == "animation_speed":
        st.animation_speed = SPEEDS[(SPEEDS.index(st.animation_speed) + 1) % len(SPEEDS)]
    elif name == "auto_moves":
        st.auto_moves = AUTO_MOVES[(AUTO_MOVES.index(st.auto_moves) + 1) % len(AUTO_MOVES)]
    elif name in ("table_colour", "card_back"):
        from game.render import theme

        names = theme.TABLE_COLOURS if name == "table_colour" else theme.CARD_BACKS
        setattr(st, name, names[(names.index(getattr(st, name)) + 1) % len(names)])
    elif name == "volume" and st.muted:
        st.muted = False  # choosing the volume while muted brings the sound back first
    elif name == "volume":
        steps = VOLUMES
        nearest = min(range(len(steps)), key=lambda i: abs(steps[i] - st.volume))
        st.volume = steps[(nearest + 1) % len(steps)]
    else:
        setattr(st, name, not getattr(st, name))
    return name


def _set(st: Settings, name: str, value: str) -> str | None:
    """A choice row's button: ``name`` takes ``value`` (as the button wrote it)."""
    if name == "volume":
        st.volume = int(value) / 100
        st.muted = False  # choosing a volume means to hear it
    elif name == "four_colour":
        st.four_colour = value == "on"
    elif name == "language" and value in LANGUAGES:
        st.language = value
    elif name == "drag_distance" and value in DRAG_DISTANCES:
        st.drag_distance = value
    elif name == "text_size" and value.isdigit() and int(value) in TEXT_SIZES:
        st.text_size = int(value)
    elif name in ("animation_speed", "table_colour", "card_back") or (name == "auto_moves" and value in AUTO_MOVES):
        setattr(st, name, value)
    else:
        return None
    return name
