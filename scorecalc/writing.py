"""Writing ``--output``: atomically onto files, through onto devices, never over an input.

- ``-`` is standard output.
- A regular file (or a path not there yet) is replaced atomically: the text goes to a
  temporary file beside it, which is renamed over it once complete. An existing file
  keeps its permission bits (and, where allowed, its owner); one with no write bit is
  refused, judged from its mode so that the answer is the same when running as root.
- A symbolic link is followed: the file it points to is replaced, the link stays.
- Anything else (a FIFO, a terminal, ``/dev/null``) is written through, never replaced.
- SIGINT, SIGTERM and SIGHUP while the temporary file exists are held until it is
  removed (or renamed into place), then handed to the handler that was there before: the
  command line's ends the run with 128 + the signal; the pad's server (``web/serve.py``)
  stops serving. Never raised where the writer was called (a request of the pad).
- Tally's FILE (``unchanged`` given) is replaced by an atomic exchange of names (Linux
  ``renameat2(RENAME_EXCHANGE)``, macOS ``renamex_np(RENAME_SWAP)``, through ``ctypes``):
  what was swapped out is then checked, and if it is not what the caller last saw (an edit
  landed between the check and the replace) the names are exchanged back, so FILE keeps the
  edit, and ``Overtaken`` is raised. Where no exchange exists the check is made just before
  ``os.replace``: the narrowest gap a plain rename allows, not none.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from .errors import UsageError
from .signals import hand_on, signals_held

STDOUT = "-"
TEMP_PREFIX = ".scorecalc-"
TEMP_SUFFIX = ".tmp"
_CHUNK = 1 << 20
BEFORE_REPLACE: list[Callable[[str], None]] = []
"""A test seam: each is called with FILE's path once the new file is ready, just before it
replaces FILE (after the caller's own check): a test edits FILE there, deterministically."""


class Overtaken(Exception):
    """FILE changed between the caller's check and the replace: it was put back as it was found."""


def _stat(path: str) -> os.stat_result | None:
    """``os.stat`` following links; ``None`` when nothing is there (or a dangling link)."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None


def _no_write_bit(status: os.stat_result) -> bool:
    return not status.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)


def _input_identities(inputs: list[str]) -> dict[tuple[int, int], str]:
    """(device, inode) of each input that is a regular file, including standard input."""
    found = {}
    for name in inputs:
        try:
            status = os.fstat(0) if name == STDOUT else os.stat(name)
        except (OSError, ValueError):
            continue  # a missing input is reported when it is read
        if stat.S_ISREG(status.st_mode):
            found[(status.st_dev, status.st_ino)] = name
    return found


@dataclass(frozen=True, slots=True)
class Target:
    """A path to be written, as it is now (``examine_target``)."""

    status: os.stat_result | None
    """What is there, links followed; ``None``: nothing yet (its folder exists)."""
    folder: str
    """The folder it is in (or would be), links resolved."""

    @property
    def is_folder(self) -> bool:
        return self.status is not None and stat.S_ISDIR(self.status.st_mode)

    @property
    def is_file(self) -> bool:
        """A regular file (replaced when written); else a FIFO or a device (written through)."""
        return self.status is not None and stat.S_ISREG(self.status.st_mode)

    @property
    def read_only(self) -> str:
        """Why the file is refused for writing (``is read-only (mode 0444)``), judged from its mode
        so that the answer is the same when running as root; empty when it has a write bit."""
        if self.status is None or not self.is_file or not _no_write_bit(self.status):
            return ""
        return f"is read-only (mode {stat.S_IMODE(self.status.st_mode):04o})"


def examine_target(path: str, who: str) -> Target:
    """The preflight of a path about to be written (``--output``'s, ``--qr-file``'s, tally's FILE):
    what is there now. ``UsageError`` (``{who} cannot be used: ...``, ``{who} is in a folder that
    does not exist``) when no writer could use it; each caller refuses what it cannot write
    (a folder, a device, a read-only file) in its own words."""
    try:
        status = _stat(path)
    except OSError as error:
        raise UsageError(f"{who} cannot be used: {error.strerror or error}") from None
    folder = os.path.dirname(os.path.realpath(path)) or "."
    if status is None and not os.path.isdir(folder):
        raise UsageError(f"{who} is in a folder that does not exist ({folder})")
    return Target(status, folder)


def check_output_target(output: str | None, inputs: list[str], option: str = "--output") -> None:
    """Refuse, before any work, an ``--output`` (or ``--qr-file``: ``option``) that cannot or
    must not be written.

    Raises ``UsageError`` for: an input file (the same file, however it is named:
    symlink, hard link, or the file read on standard input), a folder, a file with no
    write bit, a path in a folder that does not exist, a symlink loop.
    """
    if output is None or output == STDOUT:
        return
    who = f"{output}: {option}"
    target = examine_target(output, who)
    if target.is_folder:
        raise UsageError(f"{who} is a folder; give a file path")
    if target.status is None or not target.is_file:
        return  # not there yet, or a FIFO or a device: written through
    same = _input_identities(inputs).get((target.status.st_dev, target.status.st_ino))
    if same is not None:
        where = "the file read on standard input" if same == STDOUT else "an input file"
        raise UsageError(f"{who} would overwrite {where}; choose another path")
    if target.read_only:
        raise UsageError(f"{who} {target.read_only}; make it writable or choose another path")


def same_target(first: str, second: str) -> bool:
    """Whether two paths to write name one file: the same file when it exists (a symlink or
    a hard link to it included), else the same resolved path."""
    try:
        one, other = _stat(first), _stat(second)
    except OSError:
        one = other = None
    if one is not None and other is not None:
        return (one.st_dev, one.st_ino) == (other.st_dev, other.st_ino)
    return os.path.realpath(first) == os.path.realpath(second)


def write_output(path: str, content: str | bytes, *, lock: bool = False, absent: bool = False,
                 unchanged: Callable[[str], bool] | None = None) -> int | None:
    """Write ``content`` (text as UTF-8, or bytes: a QR image) where ``--output PATH`` says
    (see the module's rules).

    Failures are ``OSError`` (the caller reports ``PATH: cannot write: ...``, exit 2);
    a signal while a temporary file exists is handed to the run's handler once FILE is whole.
    ``lock``: the new file is ``flock``-ed before it is renamed into place, and the open
    descriptor holding that lock is returned (tally keeps FILE locked across rewrites);
    ``None`` when nothing was renamed (standard output, a device).
    ``absent``: ``path`` is created only if it is still absent (a hard link of the finished
    temporary file, which fails when a file of that name appeared meanwhile), else
    ``FileExistsError`` and nothing is written: tally's first write of a FILE that did not exist.
    ``unchanged``: told the path of what the new file replaced (by an exchange of names, see the
    module's rules), it says whether that is still what the caller last saw; if not, FILE is put
    back and ``Overtaken`` raised. ``FileNotFoundError`` when FILE vanished meanwhile (nothing
    written).
    """
    data = content.encode("utf-8") if isinstance(content, str) else content
    if path == STDOUT:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return None
    status = _stat(path)
    if status is not None and stat.S_ISDIR(status.st_mode):
        raise IsADirectoryError(21, "it is a folder", path)
    if status is not None and not stat.S_ISREG(status.st_mode):
        _write_through(path, data)
        return None
    if status is not None and absent:
        raise FileExistsError(17, "it was created meanwhile", path)
    if status is not None and _no_write_bit(status):
        raise PermissionError(13, f"read-only (mode {stat.S_IMODE(status.st_mode):04o})", path)
    return _replace(os.path.realpath(path), data, status, lock, absent, unchanged)


def _write_through(path: str, data: bytes) -> None:
    """Write into a FIFO or device as it stands: no temporary file, no truncation, no rename."""
    fd = os.open(path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0))
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view[:_CHUNK]):]
    finally:
        os.close(fd)


def _replace(real: str, data: bytes, status: os.stat_result | None, lock: bool = False,
             absent: bool = False, unchanged: Callable[[str], bool] | None = None) -> int | None:
    """Write a temporary file beside ``real`` and rename it over ``real``; never leave it behind.
    ``lock``: the descriptor holding an ``flock`` on the new file (see ``write_output``)."""
    pending: list[int] = []
    held: list[int] = []
    saved: dict[int, Any] = {}
    # tally's FILE (either screen) is replaced whole before a signal is handed on: the answer was
    # accepted and its caller says "saved" once this returns; ``--output`` gives up instead
    stop = [] if lock or unchanged is not None else pending
    gave_up = False
    try:
        with signals_held(pending, saved):
            gave_up = not _replace_held(real, data, status, stop, held if lock else None, absent, unchanged)
        return held[0] if held else None
    except BaseException:
        for fd in held:
            os.close(fd)
        raise
    finally:
        if pending:  # handed on once FILE is whole: the run's handler decides what it does
            hand_on(pending[0], saved)
            if gave_up:  # given up, and the handler did not end the run: never claim it written
                raise InterruptedError(errno.EINTR, "a signal came before it was written whole", real)


def _replace_held(real: str, data: bytes, status: os.stat_result | None, pending: list[int],
                  held: list[int] | None = None, absent: bool = False,
                  unchanged: Callable[[str], bool] | None = None) -> bool:
    """``_replace``'s work; ``False`` when a signal noted in ``pending`` made it give up (the old
    file as it was)."""
    import tempfile

    folder = os.path.dirname(real)
    remove_abandoned_temporaries(folder)
    fd, temporary = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", suffix=TEMP_SUFFIX, dir=folder)
    renamed = False
    try:
        view = memoryview(data)
        while view and not pending:
            view = view[os.write(fd, view[:_CHUNK]):]
        if pending:
            return False
        os.fsync(fd)
        _take_mode(fd, status)
        if held is not None:
            _lock_for_rename(fd, held)
        os.close(fd)
        fd = -1
        if pending:  # interrupted while syncing: the old file stays as it was
            return False
        if absent:
            _create_only(temporary, real)
        elif unchanged is not None:
            _exchange_checked(temporary, real, unchanged)
        else:
            os.replace(temporary, real)
        renamed = True
        return True
    finally:
        if fd >= 0:
            os.close(fd)
        if not renamed and held:
            os.close(held.pop())
        if not renamed:
            try:
                os.unlink(temporary)
            except FileNotFoundError:
                pass


def _take_mode(fd: int, status: os.stat_result | None) -> None:
    """The new file's permissions: the old file's bits and owner (``status``), or a new file's
    (the umask's, not the temporary file's 0600)."""
    if status is None:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        return
    os.fchmod(fd, stat.S_IMODE(status.st_mode) & 0o777)
    if (status.st_uid, status.st_gid) != _owner():
        try:
            os.fchown(fd, status.st_uid, status.st_gid)
        except OSError:
            pass  # only root may give a file away; the bits are kept all the same


def _owner() -> tuple[int, int]:
    """The effective user and group ids; under Pyodide (the app), which has neither call, the
    owner of every file there (its file system knows one user)."""
    try:
        return os.geteuid(), os.getegid()
    except AttributeError:
        return os.stat(".").st_uid, os.stat(".").st_gid


def _create_only(temporary: str, real: str) -> None:
    """Give the finished temporary file the name ``real`` only if no file has it: a hard link,
    which the kernel refuses (``FileExistsError``) when the name is taken, in one step. On a
    file system without hard links, the name is first taken with ``O_EXCL`` (an empty file
    for a moment), then replaced."""
    try:
        os.link(temporary, real)
    except FileExistsError:
        raise
    except (OSError, AttributeError):  # no hard links here (some network and FAT file systems;
        # Pyodide's os has no link at all)
        os.close(os.open(real, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600))
        os.replace(temporary, real)
        return
    os.unlink(temporary)


def _exchange_checked(temporary: str, real: str, unchanged: Callable[[str], bool]) -> None:
    """Put the finished ``temporary`` in ``real``'s place by exchanging their names, then check
    what came out (now named ``temporary``, removed with it); exchanged back when it changed."""
    for hook in BEFORE_REPLACE:
        hook(real)
    if not exchange(temporary, real):  # no exchange here: check, then replace at once
        if not os.path.lexists(real):
            raise FileNotFoundError(errno.ENOENT, "it was removed meanwhile", real)
        if not unchanged(real):
            raise Overtaken(real)
        os.replace(temporary, real)
        return
    if unchanged(temporary):
        os.unlink(temporary)  # what was swapped out
        return
    try:
        exchange(temporary, real)  # the edit back in its place; the new file is removed
    except FileNotFoundError:  # FILE removed meanwhile too: the edit takes its name again
        os.rename(temporary, real)
    raise Overtaken(real)


@cache
def _exchange_call() -> Callable[[str, str], int] | None:
    """The system's call that exchanges two names in one step, as ``call(first, second) -> 0 or
    -1`` (errno set); ``None`` when there is none."""
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None
    if sys.platform.startswith("linux") and hasattr(libc, "renameat2"):
        renameat2 = libc.renameat2
        renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
        renameat2.restype = ctypes.c_int
        at_fdcwd, rename_exchange = -100, 2
        return lambda first, second: int(renameat2(at_fdcwd, os.fsencode(first), at_fdcwd,
                                                   os.fsencode(second), rename_exchange))
    if sys.platform == "darwin" and hasattr(libc, "renamex_np"):
        renamex_np = libc.renamex_np
        renamex_np.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint]
        renamex_np.restype = ctypes.c_int
        rename_swap = 2
        return lambda first, second: int(renamex_np(os.fsencode(first), os.fsencode(second), rename_swap))
    return None


_UNSUPPORTED = {errno.ENOSYS, errno.EINVAL, getattr(errno, "ENOTSUP", errno.EINVAL),
                getattr(errno, "EOPNOTSUPP", errno.EINVAL)}


def exchange(first: str, second: str) -> bool:
    """Exchange the names ``first`` and ``second`` (both must exist) in one step; ``False`` when
    this system or file system cannot (nothing done). Other failures are ``OSError``
    (``FileNotFoundError`` when one of them is gone)."""
    call = _exchange_call()
    if call is None:
        return False
    import ctypes

    if call(first, second) == 0:
        return True
    code = ctypes.get_errno()
    if code in _UNSUPPORTED:
        return False
    raise OSError(code, os.strerror(code), second)


_CLEANED: set[str] = set()
"""Folders whose abandoned temporary files this process removed already (tally writes after
every answer: the folder is looked through once)."""


def remove_abandoned_temporaries(folder: str) -> None:
    """Remove the temporary files (``.scorecalc-PID-*.tmp``) of runs that were killed before
    they could (SIGKILL): only those whose process is gone; a live run's is never touched.
    Once per folder and process."""
    if folder in _CLEANED:
        return
    _CLEANED.add(folder)
    try:
        names = [entry.name for entry in os.scandir(folder or ".")
                 if entry.name.startswith(TEMP_PREFIX) and entry.name.endswith(TEMP_SUFFIX)]
    except OSError:
        return
    for name in names:
        pid_text = name[len(TEMP_PREFIX):].partition("-")[0]
        if not (pid_text.isascii() and pid_text.isdigit()) or int(pid_text) == os.getpid() \
                or _process_alive(int(pid_text)):
            continue
        try:
            os.unlink(os.path.join(folder, name))
        except OSError:
            pass  # removed by another run meanwhile, or not ours to remove


def _process_alive(pid: int) -> bool:
    if pid <= 0:
        return True  # not a process id: leave the file alone
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's live process (EPERM), or a pid out of range
        return True
    return True


def _lock_for_rename(fd: int, held: list[int]) -> None:
    """Lock the temporary file (a descriptor of its own, kept open) before it becomes the file."""
    import fcntl

    keep = os.dup(fd)
    try:
        fcntl.flock(keep, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # a file system without locks
        os.close(keep)
        return
    held.append(keep)
