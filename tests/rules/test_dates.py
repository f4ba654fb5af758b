"""The dates module (SPEC section 7, "Play details"): years 1-9999 written with
four digits, file times clamped to the calendar, ``--since``/``--until`` days read. What the
commands print of dates: tests/commands/test_dates.py."""

from __future__ import annotations

import datetime

import pytest

from scorecalc import dates
from scorecalc.errors import UsageError


def test_file_times_beyond_the_calendar_are_clamped() -> None:
    assert dates.timestamp_utc_text(-1e15) == dates.MIN_UTC
    assert dates.timestamp_utc_text(1e15) == dates.MAX_UTC
    assert dates.timestamp_utc_text(0) == "1970-01-01 00:00:00"


def test_the_module_writes_four_digits_where_the_platform_may_not() -> None:
    day = datetime.date(7, 8, 9)
    assert dates.day_text(day) == "0007-08-09"
    assert dates.minute_text(datetime.datetime(7, 8, 9, 1, 2)) == "0007-08-09T01:02"
    assert dates.read_play_date("0007-08-09 01:02:59") == "0007-08-09T01:02"
    assert dates.read_play_date("7-08-09") is None
    with pytest.raises(ValueError):
        dates.read_play_date("2026-02-30")
    assert dates.day_of("0001-01-01T23:59") == datetime.date(1, 1, 1)


def test_parse_day() -> None:
    assert dates.parse_day("--since", " 0001-01-01 ") == datetime.date(1, 1, 1)
    assert dates.parse_day("--since", None) is None
    for text in ("2026-13-01", "26-01-01", "2026-1-1", "yesterday"):
        with pytest.raises(UsageError, match="not a date such as 2026-11-28"):
            dates.parse_day("--until", text)
