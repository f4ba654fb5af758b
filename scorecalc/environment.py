"""Environment values scorecalc reads (``COLUMNS``, ``LINES``, ``SOURCE_DATE_EPOCH``, ``TZ``),
and what happens when one cannot be used: it is ignored, with one warning line on standard
error the first time it is read in a run, never a crash.

An empty value counts as unset (no warning), as shells and most programs treat it.
"""

from __future__ import annotations

import os
from functools import cache
from typing import TYPE_CHECKING

from .errors import quoted, write_error_line

if TYPE_CHECKING:
    import datetime

_warned: set[str] = set()

LATEST_EPOCH = 253402300799
"""9999-12-31 23:59:59 UTC: the last second a date can show."""

POSIX_TZ = (
    r"(?:[A-Za-z]{3,}|<[A-Za-z0-9+-]{3,}>)"  # std: a name of three letters or more, or <+03>
    r"[+-]?\d{1,2}(?::\d{1,2}){0,2}"  # its offset from UTC
    r"(?:(?:[A-Za-z]{3,}|<[A-Za-z0-9+-]{3,}>)"  # dst, optionally with its offset and rules
    r"(?:[+-]?\d{1,2}(?::\d{1,2}){0,2})?"
    r"(?:,[^,]+,[^,]+)?)?"
)
"""A POSIX ``TZ`` rule (``EST5EDT``, ``UTC+3``, ``<+03>-3``, ``CET-1CEST,M3.5.0,M10.5.0/3``), as a
pattern compiled only when ``TZ`` is checked (this module is read at every table's start)."""


def warn_unusable(name: str, value: str, why: str, instead: str) -> None:
    """One line, the first time in a run: ``NAME='value' is ...; ignored (instead)``."""
    if name in _warned:
        return
    _warned.add(name)
    write_error_line(f"scorecalc: warning: {name}={quoted(value)} {why}; ignored ({instead})")


def positive_whole(name: str, instead: str) -> int | None:
    """``COLUMNS`` or ``LINES``: a positive whole number in ASCII digits, else ``None``
    (with a warning when the variable is set to something else)."""
    text = os.environ.get(name, "").strip()
    if not text:
        return None
    if text.isascii() and text.isdigit() and int(text) > 0:
        return int(text)
    warn_unusable(name, text, "is not a positive whole number", instead)
    return None


def source_date_epoch() -> datetime.datetime | None:
    """``SOURCE_DATE_EPOCH`` (reproducible-builds.org: seconds since 1970 in UTC, ASCII digits)
    as a naive UTC moment, else ``None`` (a warning when it is set but not such a number, or
    later than the year 9999)."""
    text = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()):
        warn_unusable("SOURCE_DATE_EPOCH", text, "is not a whole number of seconds", "using the clock")
        return None
    if len(text) > 12 or int(text) > LATEST_EPOCH:
        warn_unusable("SOURCE_DATE_EPOCH", text, "is later than the year 9999", "using the clock")
        return None
    import datetime

    return datetime.datetime.fromtimestamp(int(text), datetime.UTC).replace(tzinfo=None)


@cache
def check_time_zone() -> None:
    """Warn once when ``TZ`` names no time zone this machine knows and is no POSIX rule: the
    C library then reads local times as UTC, silently."""
    text = os.environ.get("TZ", "")
    if not text.strip() or _known_time_zone(text):
        return
    warn_unusable("TZ", text, "is not a time zone this machine knows", "local times are read as UTC")


def _known_time_zone(text: str) -> bool:
    import re

    name = text[1:] if text.startswith(":") else text
    if re.fullmatch(POSIX_TZ, name):
        return True
    if os.path.isabs(name):
        try:
            with open(name, "rb") as handle:
                return handle.read(4) == b"TZif"  # a compiled zone file (RFC 8536)
        except OSError:
            return False
    import zoneinfo

    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        return False
    return True
