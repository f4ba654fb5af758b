"""What a phone is told about one request (``Pad.answer``, ``Pad.remove``, ``Pad.score``...): a
frozen reply, its status one of ``Status``; a refusal raised as ``Refused`` wherever it is found
(a body of the wrong shape, an answer the model refuses, a question gone) and made a reply in
one place (``Refused.reply``)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any


class Status(enum.StrEnum):
    """A reply's status, as the phones' scripts compare it (the page carries these names, read
    from here: ``pages.statuses``)."""

    SAVED = "saved"
    """Taken, and in FILE (or nothing to change: a resend)."""
    REFUSED = "refused"
    """Not taken: the message says why."""
    STALE = "stale"
    """Another phone changed it meanwhile: ``current`` holds the newer value."""
    GONE = "gone"
    """No such question now (or the table is scored)."""
    FAILED = "failed"
    """FILE could not be written, or the pad met an error it did not expect."""
    WARNED = "warned"
    """"Score it" found plausibility warnings: a second tap scores anyway."""
    PLACING = "placing"
    """"Score it" waits for a tile half built on a phone."""


@dataclass(frozen=True)
class Reply:
    """What a phone is told about one request: ``status`` and the HTTP code it goes with. Never
    changed once made (``dataclasses.replace`` makes the next)."""

    status: Status
    code: int = 200
    message: str = ""
    current: str | None = None
    """The value at the place now (a stale answer: the newer one)."""
    warnings: tuple[str, ...] = ()
    words: tuple[str, str] | None = None
    """For a piece built by taps (a Caracas tile): ``current`` and the value sent, in the
    players' words (``Swamp, howler monkey, piranha, river S W``), never as its token."""
    version: int = 0
    """The table's version once this request was taken (read under the lock, so a phone can
    order the replies it gets)."""

    def json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"status": self.status.value, "message": self.message,
                                 "current": self.current, "warnings": list(self.warnings)}
        if self.words is not None:
            found["current_words"], found["value_words"] = self.words
        return found


class Refused(Exception):
    """A request not taken, raised where that is found: ``status`` (refused, stale, gone), the
    HTTP code, the message in the players' words, and the value there now (stale)."""

    def __init__(self, code: int, message: str, status: Status = Status.REFUSED,
                 current: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.current = current

    def reply(self, version: int = 0) -> Reply:
        """The reply a phone gets for it: the one place a refusal becomes what a phone reads."""
        return Reply(self.status, self.code, self.message, current=self.current, version=version)


def gone(message: str, code: int = 404) -> Refused:
    return Refused(code, message, Status.GONE)


def stale(message: str, current: str | None) -> Refused:
    return Refused(409, message, Status.STALE, current)
