"""Dates (SPEC section 7, "Play details"): years 1-9999, always written with
four digits; the conversion to UTC clamps to 0001-01-01 00:00:00 and 9999-12-31 23:59:59."""

from __future__ import annotations

import csv
import io
import json

import pytest

from scorecalc import dates
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
