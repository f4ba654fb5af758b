"""Dates, read and written one way everywhere (SPEC section 7, "Play details").

A play's ``date:`` is local time as the players wrote it: ``2026-11-28``, ``2026-11-28 20:30``
or ``2026-11-28 20:30:00``, years 1-9999. It is kept as ``2026-11-28`` or
``2026-11-28T20:30`` (what JSON and CSV show) and always written with four-digit years:
``strftime("%Y")`` and ``date.isoformat`` do not promise that (glibc writes year 999 as
``999``), so nothing here uses them.

BG Stats reads its dates as UTC ``YYYY-MM-DD HH:MM:SS``: ``utc_text`` converts a local time
(a date alone is 12:00 local, which keeps the day from UTC-11 to UTC+12) and clamps what
falls outside years 1-9999 to ``MIN_UTC`` / ``MAX_UTC``.
"""

from __future__ import annotations

import datetime
import re

from .errors import UsageError, quoted

MIN_UTC = "0001-01-01 00:00:00"
MAX_UTC = "9999-12-31 23:59:59"
NOON = datetime.time(12, 0)
"""The time of a play dated by its day alone: noon local time is the same calendar day in
UTC for every time zone from UTC-11 to UTC+12."""

PLAY_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$")
"""``date:`` as a player writes it (the YAML's and the JSON Schema's pattern)."""
SAFE_LOW = datetime.datetime(1, 1, 3)
SAFE_HIGH = datetime.datetime(9999, 12, 29)
DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def day_text(day: datetime.date) -> str:
    """``2026-11-28``; year 1 is ``0001``."""
    return f"{day.year:04d}-{day.month:02d}-{day.day:02d}"


def minute_text(when: datetime.datetime) -> str:
    """``2026-11-28T20:30``: how a play's date with a time is kept (seconds are not)."""
    return f"{day_text(when)}T{when.hour:02d}:{when.minute:02d}"


def written_minute(when: datetime.datetime) -> str:
    """``2026-11-28 20:30``: a moment as a player writes a ``date:`` (tally's default)."""
    return f"{day_text(when)} {when.hour:02d}:{when.minute:02d}"


def seconds_text(when: datetime.datetime) -> str:
    """``2026-11-28 20:30:00``: BG Stats' form of a moment."""
    return f"{day_text(when)} {when.hour:02d}:{when.minute:02d}:{when.second:02d}"


def read_play_date(text: str) -> str | None:
    """A ``date:`` as the sheet keeps it (``2026-11-28`` or ``2026-11-28T20:30``); ``None``
    when ``text`` is not in a date's form. Raises ``ValueError`` for a form that names no real
    day or time (``2026-02-30``, ``24:00``)."""
    match = PLAY_DATE.match(text)
    if not match:
        return None
    parts = [int(part) for part in match.groups() if part is not None]
    when = datetime.datetime(*parts)  # type: ignore[arg-type]
    return minute_text(when) if match.group(4) else day_text(when)


def has_time(date: str) -> bool:
    """Whether a kept play date carries a time (``2026-11-28T20:30``)."""
    return "T" in date


def local_moment(date: str) -> datetime.datetime:
    """A kept play date as a local (naive) moment; a date alone is its noon."""
    day, _, time = date.partition("T")
    year, month, dom = (int(part) for part in day.split("-"))
    if not time:
        return datetime.datetime.combine(datetime.date(year, month, dom), NOON)
    hour, minute = (int(part) for part in time.split(":")[:2])
    return datetime.datetime(year, month, dom, hour, minute)


def day_of(date: str) -> datetime.date:
    """The calendar day of a kept play date."""
    return local_moment(date).date()


def utc_text(local: datetime.datetime) -> str:
    """A local (naive) moment in UTC as ``YYYY-MM-DD HH:MM:SS``, read in the local time zone
    (``TZ``); a moment whose UTC falls before year 1 or after 9999 is clamped.

    The zone's offset is asked for the moment itself, or for the nearest one the platform's
    conversion handles (it fails within a day of year 1 and year 9999, where only the zone's
    local mean time applies anyway); the subtraction is then exact, and clamped."""
    from .environment import check_time_zone

    check_time_zone()
    probe = min(max(local, SAFE_LOW), SAFE_HIGH)
    try:
        offset = probe.astimezone().utcoffset() or datetime.timedelta(0)
    except (OverflowError, ValueError, OSError):
        offset = datetime.timedelta(0)
    try:
        return seconds_text(local - offset)
    except OverflowError:
        return MIN_UTC if offset > datetime.timedelta(0) else MAX_UTC


def timestamp_utc_text(seconds: float) -> str:
    """A POSIX time (a file's modification time, now) as UTC ``YYYY-MM-DD HH:MM:SS``, clamped."""
    try:
        return seconds_text(datetime.datetime.fromtimestamp(seconds, datetime.UTC))
    except (OverflowError, ValueError, OSError):
        return MIN_UTC if seconds < 0 else MAX_UTC


def play_utc(date: str) -> str:
    """A kept play date (local time) as BG Stats' UTC ``playDate``."""
    return utc_text(local_moment(date))


def parse_day(option: str, text: str | None) -> datetime.date | None:
    """``--since``/``--until``: a day as ``YYYY-MM-DD``; ``UsageError`` otherwise."""
    if text is None:
        return None
    try:
        if not DAY.fullmatch(text.strip()):
            raise ValueError("expected YYYY-MM-DD")
        year, month, dom = (int(part) for part in text.strip().split("-"))
        return datetime.date(year, month, dom)
    except ValueError as error:
        raise UsageError(f"{option} {quoted(text)}: not a date such as 2026-11-28 ({error})") from None


def current_time() -> datetime.datetime:
    """Now, for the date's default; ``SOURCE_DATE_EPOCH`` (UTC) fixes it for reproducible
    transcripts (a value that cannot be used is ignored with one warning line)."""
    from .environment import check_time_zone, source_date_epoch

    fixed = source_date_epoch()
    if fixed is not None:
        return fixed
    check_time_zone()
    return datetime.datetime.now()
