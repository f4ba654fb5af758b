"""FILE kept safe for one tally run: refused early when it cannot be written, locked, never reverted.

SPEC section 7, "Tally keeps the player's file safe":

- ``Keeper.start`` (before the first question) refuses a folder, a device or a FIFO, a path
  in a folder that does not exist (``writing.examine_target``, the preflight ``--output``
  has too), notes why FILE cannot be written if so (read-only, or its folder is), and takes
  a kernel lock (``flock``) on FILE, so that a second tally on the same file is refused at
  once; the lock goes with the process, so it never goes stale. Each rewrite is a new file
  renamed over FILE, locked before the rename (``writing.write_output(..., lock=True)``), so
  the lock stays on whatever FILE is.
- ``Keeper.write`` checks, before each rewrite, that FILE still holds what tally last wrote
  or read (a digest of its bytes): an edit made meanwhile raises ``Changed`` and is never
  overwritten. The check is made again on what the rewrite replaced: the new file takes
  FILE's place by an atomic exchange of names (``writing``), and if what came out is not what
  was checked (an edit landed in between, in place or by an editor's write-then-rename) the
  names are exchanged back, so FILE keeps the edit, and ``Changed`` is raised. Where the
  system has no exchange, the check is made just before the rename: a gap of a few system
  calls, not none. A program that opened FILE before a rewrite (``cat >> FILE`` typed while
  phones answer) writes into the file replaced, which no name reaches, however many rewrites
  later: every file replaced is held open (``watched``) and checked before each write, and
  let go only once no program holds it open for writing (a read lease can be taken on it, and
  no name reaches it, so none can open it again); where the system cannot tell, the last
  ``MOST_WATCHED`` are held. One found changed is put back as FILE and ``Changed`` raised: the
  edit is kept, and the answers written since it was replaced are what the run gives back
  (``text``, what tally last wrote, is compared with FILE by ``opening.TallyFile``). A FILE
  removed while tally runs is written again, whole (created only if still absent), and the
  write says so. The first write of a FILE that was absent creates it
  only if it is still absent (``write_output(..., absent=True)``: a hard link, one step), so
  of two runs started on a missing FILE the second stops at its first write; every later
  write is under the lock, which no other tally can take.
- ``Keeper.keep_backup`` keeps a file tally did not start, byte for byte, as ``FILE~`` or
  the first free ``FILE~1``, ``FILE~2``, ...: created with ``O_EXCL | O_NOFOLLOW``, so an
  existing backup (an editor's, an earlier run's) is never overwritten and a symlink never
  followed; a backup that could not be written whole is removed and the run refused.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
import sys
import time

from ..errors import UsageError
from ..writing import Overtaken, examine_target, write_output

MOST_WATCHED = 256
"""Files replaced and held open where the system cannot tell whether a program still writes
into one: the oldest beyond these is let go (a descriptor each, under the open-files limit)."""
SETTLED_NS = 100_000_000
"""How long ago a file watched must have been modified for its times to stand for its content."""
MOST_BACKUPS = 1000
"""``FILE~`` .. ``FILE~999``: a folder holding all of them is refused, not searched forever."""
_CHUNK = 1 << 16


class Changed(UsageError):
    """FILE is no longer what tally last wrote or read: an edit, or another program, meanwhile."""

    lost: tuple[tuple[str | int, ...], ...] = ()
    """The places of the answers this run saved that FILE no longer holds (``opening.TallyFile``)."""


class Watched:
    """A file a rewrite replaced, held open (``fd``), and the digest of what it held then."""

    def __init__(self, fd: int, digest: bytes) -> None:
        self.fd = fd
        self.digest = digest
        self.seen: tuple[int, int, int] | None = None
        """Its size, modification and change times when last read and found as it was: while they
        stay so, it is not read again."""
        self.gone = False
        """It can no longer be read."""

    def changed(self) -> bytes | None:
        """What it holds when that is no longer what it held when replaced, else ``None``."""
        try:
            status = os.fstat(self.fd)
        except OSError:
            self.gone = True
            return None
        now = (status.st_size, status.st_mtime_ns, status.st_ctime_ns)
        if now == self.seen:
            return None
        content = Keeper.read_fd(self.fd)
        if content is None:
            self.gone = True
            return None
        if hashlib.sha256(content).digest() != self.digest:
            return content
        # a write after the read changes its times, unless it falls in the same tick of the
        # (coarse) clock of file times: a file written just now is read again next time
        if time.time_ns() - status.st_mtime_ns > SETTLED_NS:
            self.seen = now
        return None


class Keeper:
    """One tally run's hold on FILE."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.exists = False
        self.read_only = ""
        """Why FILE cannot be written (empty when it can): read-only, or its folder is."""
        self.known: bytes | None = None
        """The digest of what FILE held when last read or written; ``None``: FILE was not there."""
        self.text: bytes | None = None
        """What FILE held when last read or written (``None``: not there): what tally knows it
        wrote, compared with what FILE holds when it was changed meanwhile."""
        self.first: bytes | None = None
        """What FILE held when this run began."""
        self.lock_fd = -1
        self.watched: list[Watched] = []
        """The files this run's writes replaced, oldest first, held open with the digest each had
        then: a program that opened one before it was replaced writes there (``check_watched``)."""

    # --- at the start --------------------------------------------------------------------------

    def start(self) -> None:
        """Refuse what tally cannot write, lock FILE, and note what it holds (``UsageError``)."""
        name = self.name
        target = examine_target(name, f"{name}:")  # the preflight --output has: one function
        if target.status is None:
            self.read_only = self.folder_read_only(target.folder)
            return
        if target.is_folder:
            raise UsageError(f"{name}: is a folder; tally writes a file: give a file path")
        if not target.is_file:
            raise UsageError(f"{name}: is not a regular file (a device or a pipe); tally rewrites FILE after "
                             "every answer: give a file path")
        self.exists = True
        self.read_only = target.read_only or self.folder_read_only(target.folder)
        self.lock()
        self.text = self.first = self.read_fd(self.lock_fd) if self.lock_fd >= 0 else self.read_name()
        self.known = self.digest() if self.text is None else hashlib.sha256(self.text).digest()

    @staticmethod
    def folder_read_only(folder: str) -> str:
        return "" if os.access(folder, os.W_OK) else f"is in a folder that cannot be written ({folder})"

    def lock(self) -> None:
        """``flock`` FILE, exclusively and without waiting; refused when another run holds it."""
        import fcntl

        for _ in range(10):
            try:
                fd = os.open(self.name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0)
                             | getattr(os, "O_CLOEXEC", 0))
            except OSError as error:
                raise UsageError(f"{self.name}: cannot be read: {error.strerror or error}") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                raise UsageError(f"{self.name}: another 'scorecalc tally' is writing this file; finish that "
                                 "one first (or stop it), then run this one again") from None
            except OSError:  # a file system without locks: the check before each rewrite still holds
                os.close(fd)
                return
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(self.name))
            except OSError:
                same = False
            if same:
                self.adopt(fd)
                return
            os.close(fd)  # FILE was replaced while it was being locked: lock the new one
        raise UsageError(f"{self.name}: keeps being replaced by another program; try again")

    def adopt(self, fd: int | None) -> None:
        """Hold the lock of ``fd`` (the file just renamed into place) instead of the old one."""
        if fd is None:
            return
        old, self.lock_fd = self.lock_fd, fd
        if old >= 0:
            os.close(old)

    def close(self) -> None:
        if self.lock_fd >= 0:
            os.close(self.lock_fd)
            self.lock_fd = -1
        self.let_go_watched()

    def let_go_watched(self) -> None:
        for watched in self.watched:
            os.close(watched.fd)
        self.watched = []

    def watch(self, fd: int, digest: bytes) -> None:
        """Hold the file just replaced (``fd``, its lock's descriptor) open, read-only where the
        system can reopen it so (a lease is taken only on a descriptor that does not write). In
        the app (Pyodide) no other program reaches the file: nothing is held."""
        if sys.platform == "emscripten":
            os.close(fd)
            return
        try:
            again = os.open(f"/proc/self/fd/{fd}", os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            again = -1
        if again >= 0:
            os.close(fd)
            fd = again
        self.watched.append(Watched(fd, digest))

    def check_watched(self) -> None:
        """``Changed``, with the edit put back as FILE, when a file an earlier write replaced changed
        after it was checked: an edit written through a descriptor opened before that write (an
        append), which would otherwise be lost with the file no name reaches. A file no program
        can still write into is let go."""
        edited: bytes | None = None
        kept: list[Watched] = []
        for watched in self.watched:
            done = self.no_writer(watched.fd)  # first: what is read after it is final
            content = watched.changed()
            if content is not None:
                edited = content  # the latest file replaced that changed: the most answers in it
            if done or watched.gone:
                os.close(watched.fd)
            else:
                kept.append(watched)
        while len(kept) > MOST_WATCHED:
            os.close(kept.pop(0).fd)
        self.watched = kept
        if edited is None:
            return
        self.let_go_watched()
        self.check_unchanged()  # FILE itself changed too: that edit is left as it is
        try:
            held = write_output(self.name, edited, lock=True,
                                unchanged=lambda path: self.digest(path) == self.known)
        except (Overtaken, OSError):
            raise self.changed("was changed") from None
        self.adopt(held)
        self.known = hashlib.sha256(edited).digest()
        self.text = edited
        raise Changed(f"{self.name}: was edited as tally replaced it (by a program that had it open, "
                      "such as 'cat >>', or an editor); the edit is put back, and this run stops rather "
                      "than overwrite it")

    @staticmethod
    def no_writer(fd: int) -> bool:
        """Whether no program can write into the replaced file ``fd`` any more: no name reaches
        it, and a read lease can be taken on it (the kernel refuses one while any descriptor
        writes to it). ``False`` where the system cannot tell (no leases: it is kept watched)."""
        import fcntl

        setlease = getattr(fcntl, "F_SETLEASE", None)
        try:
            if setlease is None or os.fstat(fd).st_nlink:
                return False
            fcntl.fcntl(fd, setlease, fcntl.F_RDLCK)
        except OSError:
            return False
        try:
            fcntl.fcntl(fd, setlease, fcntl.F_UNLCK)
        except OSError:
            pass
        return True

    def read_name(self) -> bytes | None:
        """What FILE holds now (``None`` when it is not there or cannot be read)."""
        try:
            fd = os.open(self.name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
        except OSError:
            return None
        try:
            return self.read_fd(fd) if stat.S_ISREG(os.fstat(fd).st_mode) else None
        finally:
            os.close(fd)

    @staticmethod
    def read_fd(fd: int) -> bytes | None:
        """What the open file ``fd`` holds now (``None`` when it cannot be read)."""
        chunks = []
        offset = 0
        try:
            while chunk := os.pread(fd, _CHUNK, offset):
                chunks.append(chunk)
                offset += len(chunk)
        except OSError:
            return None
        return b"".join(chunks)

    # --- what FILE holds -----------------------------------------------------------------------

    def digest(self, path: str | None = None) -> bytes | None:
        """The digest of FILE's bytes now (or of ``path``'s); ``None`` when it is not there.
        Something that is no longer a regular file digests as its kind, which never equals a
        file's digest."""
        try:
            fd = os.open(self.name if path is None else path,
                         os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
        except FileNotFoundError:
            return None
        except OSError as error:
            return f"unreadable: {error.errno}".encode()
        try:
            mode = os.fstat(fd).st_mode
            if not stat.S_ISREG(mode):
                return f"not a file: {stat.S_IFMT(mode)}".encode()
            hashed = hashlib.sha256()
            while chunk := os.read(fd, _CHUNK):
                hashed.update(chunk)
            return hashed.digest()
        except OSError as error:
            return f"unreadable: {error.errno}".encode()
        finally:
            os.close(fd)

    def verify(self) -> None:
        """``Changed`` (an edit put back, as before a write) unless FILE and every file replaced
        still hold what tally last wrote: checked before a run says its answers are saved."""
        self.check_watched()
        self.check_unchanged()

    def check_unchanged(self) -> None:
        """``Changed`` when FILE is not what tally last wrote or read."""
        if self.digest() != self.known:
            what = "was removed" if not os.path.lexists(self.name) else "was changed"
            if self.known is None and os.path.lexists(self.name):
                what = "was created by another program"
            raise self.changed(what)

    def changed(self, what: str) -> Changed:
        """``FILE: was changed since ...``: why this run stops rather than overwrite FILE."""
        return Changed(f"{self.name}: {what} since tally last read or wrote it (an editor, or another "
                       "run); it is left as it is, and this run stops rather than overwrite it")

    # --- writing -------------------------------------------------------------------------------

    def write(self, text: str) -> str:
        """Replace FILE with ``text``, atomically, unless it changed meanwhile (``Changed``). What
        to tell the player besides (FILE was removed and is written again), or ``""``."""
        data = text.encode("utf-8")
        note = ""
        self.check_watched()
        if self.known is not None and not os.path.lexists(self.name):
            note = self.removed()
        self.check_unchanged()
        try:
            fd = write_output(self.name, data, lock=True, absent=self.known is None,
                              unchanged=lambda path: self.digest(path) == self.known)
        except FileExistsError:  # another run created FILE between the check and this write
            self.check_unchanged()
            raise self.changed("was created by another program") from None
        except Overtaken:
            raise self.changed("was changed") from None
        except FileNotFoundError as error:
            if self.known is None or os.path.lexists(self.name):
                raise UsageError(f"{self.name}: cannot write: {error.strerror or error}") from None
            return self.write_again(text)  # removed between the check and the replace
        except OSError as error:
            raise UsageError(f"{self.name}: cannot write: {error.strerror or error}") from None
        if self.lock_fd >= 0 and fd is not None and self.known is not None:
            self.watch(self.lock_fd, self.known)  # held open, checked before every later write
            self.lock_fd = -1
        self.adopt(fd)
        self.known = hashlib.sha256(data).digest()
        self.text = data
        self.exists = True
        return note

    def removed(self) -> str:
        """FILE was removed while tally ran: it is written again, whole, as a new file (the next
        write creates it only if it is still absent); what to tell the player."""
        self.known = None
        self.close()  # the lock of the removed file holds nothing now
        return (f"{self.name} was removed while tally ran: it is written again with every answer so far "
                "(to start over, stop tally first, then remove it)")

    def write_again(self, text: str) -> str:
        note = self.removed()
        self.write(text)
        return note

    def free_backup_names(self) -> list[str]:
        return [self.name + "~" + (str(n) if n else "") for n in range(MOST_BACKUPS)]

    def backup_name(self) -> str:
        """The name the backup would take now (for the message before the first answer)."""
        return next((name for name in self.free_backup_names() if not os.path.lexists(name)), self.name + "~")

    def keep_backup(self) -> str:
        """Copy FILE, as it is (and as tally read it), to the first free backup name; that name
        (``""`` when FILE is gone).
        ``UsageError`` (the backup removed) when it cannot be written whole."""
        try:
            with open(self.name, "rb") as source:
                data = source.read()
                mode = stat.S_IMODE(os.fstat(source.fileno()).st_mode) & 0o666
        except FileNotFoundError:
            return ""  # removed meanwhile: nothing left to keep (the write says so)
        if hashlib.sha256(data).digest() != self.known:
            self.check_unchanged()  # says how it changed
        for name in self.free_backup_names():
            try:
                fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
                             | getattr(os, "O_CLOEXEC", 0), 0o600)
            except FileExistsError:
                continue
            except OSError as error:
                raise UsageError(f"{self.name}: cannot keep a backup as {name} before the first rewrite: "
                                 f"{error.strerror or error}; nothing was written") from None
            self.fill_backup(fd, name, data, mode)
            return name
        raise UsageError(f"{self.name}: {self.name}~ to {self.name}~{MOST_BACKUPS - 1} are all taken; move "
                         "old backups away, then run this again")

    def fill_backup(self, fd: int, name: str, data: bytes, mode: int) -> None:
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view[:_CHUNK])
                if written <= 0:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                view = view[written:]
            os.fchmod(fd, mode)
            os.fsync(fd)
        except OSError as error:
            os.close(fd)
            try:
                os.unlink(name)
            except OSError:
                pass
            raise UsageError(f"{self.name}: cannot keep a backup as {name} before the first rewrite: "
                             f"{error.strerror or error}; the partial backup is removed and nothing was "
                             "written") from None
        os.close(fd)
