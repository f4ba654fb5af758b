"""Dates (SPEC section 7, "Play details"; issue 20 item 10): years 1-9999, always written with
four digits; the conversion to UTC clamps to 0001-01-01 00:00:00 and 9999-12-31 23:59:59."""

from __future__ import annotations

import csv
import datetime
import io
import json

import pytest

from scorecalc import dates
from scorecalc.errors import UsageError
from tests.helpers import run_cli

TABLE = """\
    game: galapagos
    date: %s
    players:
      - {name: Ana, exhibition: 20, education: 5, animals: 0, money: 1500}
      - {name: Bo, exhibition: 21, education: 5, animals: 0, money: 1500}
    """


@pytest.mark.parametrize(("written", "kept"), [
    ("0999-12-31 10:00", "0999-12-31T10:00"), ("0001-01-01", "0001-01-01"),
    ("0042-03-04 05:06:07", "0042-03-04T05:06"), ("9999-12-31 23:59", "9999-12-31T23:59"),
])
def test_four_digit_years_in_json_csv_and_tables(write_yaml, written: str, kept: str) -> None:
    path = str(write_yaml(TABLE % written))
    assert json.loads(run_cli("score", path, "-f", "json").stdout)["date"] == kept
    rows = list(csv.DictReader(io.StringIO(run_cli("score", path, "-f", "csv").stdout)))
    assert {row["date"] for row in rows} == {kept}
    assert kept.replace("T", " ") in " ".join(run_cli("score", path).stdout.split("\n\n")[0].split())
    assert kept.replace("T", " ") in run_cli("score", path, "-f", "markdown").stdout


def test_standings_until_with_a_play_in_year_one(write_yaml) -> None:
    """``--until 2000-01-01`` over a file dated ``0001-01-01`` exited 3 (Invalid isoformat)."""
    path = str(write_yaml(TABLE % "0001-01-01"))
    for option in ("--until", "--since"):
        result = run_cli("standings", path, option, "2000-01-01", "-f", "json")
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout)["players"] != [] if option == "--until" else True
    result = run_cli("standings", path, "--since", "0001-01-01", "--until", "0001-01-01", "-f", "json")
    assert result.exit_code == 0 and len(json.loads(result.stdout)["players"]) == 2


@pytest.mark.parametrize(("name", "written", "utc"), [
    ("Asia/Tokyo", "0001-01-01 00:00", dates.MIN_UTC),       # before year 1 in UTC: clamped
    ("Asia/Tokyo", "0001-01-01", "0001-01-01 02:41:01"),     # noon, local mean time +9:18:59
    ("America/New_York", "9999-12-31 23:59", dates.MAX_UTC),  # after 9999 in UTC: clamped
    ("America/New_York", "9999-12-31", "9999-12-31 17:00:00"),
    ("Asia/Tokyo", "9999-12-31 23:59", "9999-12-31 14:59:00"),
    ("UTC", "0999-12-31 10:00", "0999-12-31 10:00:00"),
])
def test_the_utc_play_date_is_clamped_and_four_digit(write_yaml, zone, name: str, written: str,
                                                      utc: str) -> None:
    zone(name)
    result = run_cli("score", str(write_yaml(TABLE % written)), "-f", "bgstats")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["playDate"] == utc
    bgsplay = json.loads(run_cli("score", str(write_yaml(TABLE % written)), "-f", "bgsplay").stdout)
    play = bgsplay["plays"][0]
    assert play["playDate"] == play["entryDate"] == utc
    assert play["playDateYmd"] == int(utc[:10].replace("-", ""))


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
