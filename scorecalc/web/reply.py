"""What a phone is told about one answer (``Pad.answer``, ``Pad.remove``, ``Pad.score``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class Reply:
    """What a phone is told about one answer: ``status`` and the HTTP code it goes with."""

    status: str
    """``saved``, ``refused`` (the message says why), ``stale`` (``current`` holds the newer
    value), ``gone`` (no such question now), ``failed`` (FILE could not be written)."""
    code: int = 200
    message: str = ""
    current: str | None = None
    warnings: tuple[str, ...] = ()
    words: tuple[str, str] | None = None
    """For a piece built by taps (a Caracas tile): ``current`` and the value sent, in the
    players' words (``Swamp, howler monkey, piranha, river S W``), never as its token."""
    version: int = 0
    """The table's version once this answer was taken (read under the lock, so a phone can
    order the replies it gets)."""

    def json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"status": self.status, "message": self.message, "current": self.current,
                                 "warnings": list(self.warnings)}
        if self.words is not None:
            found["current_words"], found["value_words"] = self.words
        return found
