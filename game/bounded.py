"""Reading what a player hands the game -- a file or pasted text -- with a bound.

One reader for every file the game reads: the move lists and boards a
command names (``--check``, ``--moves``, ``--board``), the data files of
:class:`game.store.Store`, and whatever comes later (message catalogs,
daily-challenge files). Pasted text (the clipboard) is held to the same caps
by :func:`bounded_text`.

A file is read only when it is a plain file of at most ``limit`` bytes:

* a folder, a named pipe (FIFO), a device (``/dev/zero``) or a socket is
  refused at once, before a byte is read: the file is looked at with
  ``stat``, and opened non-blocking (``O_NONBLOCK``: a pipe with no writer
  does not hang the open) and looked at again with ``fstat``, so a file
  swapped for a pipe in between is refused too;
* a file over ``limit`` is refused with the size and the cap in the
  message, without reading it; one that grows while it is read is cut off
  at ``limit + 1`` bytes and refused, so memory never holds more than
  ``limit`` bytes whatever is on the other side.

Each refusal is :class:`Refused`, a ``ValueError`` whose text is one short
phrase without the path (the caller puts the path in front, through
:func:`game.quoting.printable`) and whose ``kind`` tells the caller what
happened::

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "moves.txt")
    >>> _ = open(path, "w").write("8a 8b 8h\\n")
    >>> read_text(path, what="moves file")
    '8a 8b 8h\\n'
    >>> try:
    ...     read_text(folder, what="moves file")
    ... except Refused as exc:
    ...     exc.kind, str(exc)
    ('folder', 'is a directory, not a moves file')
    >>> try:
    ...     read_text("/dev/zero", what="moves file")
    ... except Refused as exc:
    ...     exc.kind, str(exc)
    ('special', 'is a device, not a moves file')
    >>> try:
    ...     read_bytes(path, limit=4)
    ... except Refused as exc:
    ...     exc.kind, str(exc)
    ('large', 'is 9 bytes; a file is at most 4 bytes')

A new reader of data gets the same bounds by calling :func:`read_bytes`
(bytes, e.g. a ``.mo`` catalog) or :func:`read_text` (UTF-8 text) with its
own cap, and turns :class:`Refused` into its warning::

    try:
        raw = read_bytes(catalog_path, limit=CATALOG_MAX_BYTES, what="message catalog")
    except Refused as exc:          # exc.kind == "missing" when there is none
        warn(f"{printable(catalog_path)}: {exc}; the game speaks English")

Pure Python, no pygame: the rules packages and the command line may use it.
"""

from __future__ import annotations

import os
import stat

from game.i18n import N_, _
from game.i18n.formats import grouped

__all__ = ["TEXT_MAX_BYTES", "Refused", "bounded_text", "read_bytes", "read_text", "size_words"]

#: A move list or a board, from a file or the clipboard: far above any real
#: one (a won FreeCell game is a few hundred moves, under 2 kB), far below trouble.
TEXT_MAX_BYTES = 1_000_000

# Where O_NONBLOCK / O_NOCTTY do not exist (Windows) a pipe cannot be opened by a path anyway.
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
_CHUNK = 1 << 16


class Refused(ValueError):
    """A file or a text the game will not read, with why in one phrase.

    ``kind`` is one of ``"missing"``, ``"folder"``, ``"special"`` (a pipe,
    device or socket), ``"large"``, ``"unreadable"`` (the OS said no) and
    ``"not text"`` (not UTF-8). ``detail`` is the OS's own reason for
    ``"unreadable"`` ("Permission denied"), else empty.
    """

    def __init__(self, kind: str, why: str, detail: str = "") -> None:
        super().__init__(why)
        self.kind = kind
        self.detail = detail


def size_words(n: int) -> str:
    """A size as a player reads it in a refusal.

    >>> size_words(1_000_000), size_words(10_485_760), size_words(999)
    ('1,000,000 bytes (1 MB)', '10,485,760 bytes (10 MB)', '999 bytes')
    """
    if n >= 1_000_000:
        return _("{n} bytes ({mb} MB)").format(n=grouped(n), mb=n // 1_000_000)
    return _("{n} bytes").format(n=grouped(n))


# The names callers give what they read (``what=``), as messages: a refusal names the
# file in the player's language. (pybabel gives a note to the one message right below it,
# so each has its own.)
_WHATS = (
    # TRANSLATORS: what a file or a pasted text was meant to be, shown as {what} in "is a directory, not a {what}".
    N_("file"),
    # TRANSLATORS: what a file or a pasted text was meant to be, shown as {what} in "is a directory, not a {what}".
    N_("moves file"),
    # TRANSLATORS: what a file or a pasted text was meant to be, shown as {what} in "is a directory, not a {what}".
    N_("board file"),
    # TRANSLATORS: what a file or a pasted text was meant to be, shown as {what} in "is a directory, not a {what}".
    N_("move list"),
    # TRANSLATORS: what a file or a pasted text was meant to be, shown as {what} in "is a directory, not a {what}".
    N_("message catalog"),
    # TRANSLATORS: what a file or a pasted text was meant to be, shown as {what} in "is a directory, not a {what}".
    N_("list of winnable games"),
)


def _special(mode: int, what: str) -> str:
    """What a file that is not a plain file is, in a word or two, instead of a ``what``."""
    if stat.S_ISFIFO(mode):
        return _("is a named pipe, not a {what}").format(what=_(what))
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("is a device, not a {what}").format(what=_(what))
    if stat.S_ISSOCK(mode):
        return _("is a socket, not a {what}").format(what=_(what))
    return _("is not a plain file, not a {what}").format(what=_(what))


def _check_mode(mode: int, what: str) -> None:
    if stat.S_ISDIR(mode):
        raise Refused("folder", _("is a directory, not a {what}").format(what=_(what)))
    if not stat.S_ISREG(mode):
        raise Refused("special", _special(mode, what))


def _too_large(size: int | None, limit: int, what: str) -> Refused:
    if size is not None:
        said = _("is {size}; a {what} is at most {limit}").format(size=size_words(size), what=_(what),
                                                                   limit=size_words(limit))
    else:
        said = _("is over {limit}; a {what} is at most {limit}").format(what=_(what), limit=size_words(limit))
    return Refused("large", said)


def _os_refusal(exc: OSError) -> Refused:
    if isinstance(exc, FileNotFoundError):
        return Refused("missing", _("no such file"))
    if isinstance(exc, IsADirectoryError):
        return Refused("folder", _("is a directory"))
    why = " ".join(str(exc.strerror or exc).split())[:80] or type(exc).__name__
    return Refused("unreadable", _("cannot read it ({why})").format(why=why), why)


def read_bytes(path: str | os.PathLike[str], limit: int = TEXT_MAX_BYTES, what: str = "file") -> bytes:
    """The bytes of the plain file ``path``, at most ``limit`` of them, or :class:`Refused`.

    ``what`` names the file in the refusal ("moves file", "board file").
    """
    try:
        # Looked at before opening: opening a device may do something (a tape rewinds).
        _check_mode(os.stat(path).st_mode, what)
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        raise _os_refusal(exc) from None
    try:
        st = os.fstat(fd)
        _check_mode(st.st_mode, what)  # swapped for a pipe since the stat: still refused
        if st.st_size > limit:
            raise _too_large(st.st_size, limit, what)
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as exc:
        raise _os_refusal(exc) from None
    finally:
        os.close(fd)
    if got > limit:  # it grew while it was read
        raise _too_large(None, limit, what)
    return b"".join(chunks)


def read_text(path: str | os.PathLike[str], limit: int = TEXT_MAX_BYTES, what: str = "file") -> str:
    """The UTF-8 text of the plain file ``path`` (see :func:`read_bytes`), or :class:`Refused`.

    A byte-order mark at the start is dropped (Windows editors write one).
    """
    raw = read_bytes(path, limit, what)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Refused("not text", _("not a UTF-8 text file")) from None


def bounded_text(text: str, limit: int = TEXT_MAX_BYTES, what: str = "move list") -> str:
    """Pasted ``text`` when it is at most ``limit`` characters, else :class:`Refused`.

    The same cap as a file of the same thing: a pasted move list is held to
    what ``--check`` would read. (Characters, not bytes: the text is already
    in memory, and the cap only keeps the work on it small.)

    >>> bounded_text("8a 8b")
    '8a 8b'
    >>> bounded_text("8a " * 400_000)
    Traceback (most recent call last):
    ...
    game.bounded.Refused: the move list is 1,200,000 characters; a move list is at most 1,000,000 (1 MB)
    """
    if len(text) > limit:
        cap = (_("{n} ({mb} MB)").format(n=grouped(limit), mb=limit // 1_000_000) if limit >= 1_000_000
               else grouped(limit))
        raise Refused("large", _("the {what} is {n} characters; a {what} is at most {limit}").format(
            what=_(what), n=grouped(len(text)), limit=cap))
    return text
