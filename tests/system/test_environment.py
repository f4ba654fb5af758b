"""Environment values that cannot be used are ignored with one warning line, never a crash:
``SOURCE_DATE_EPOCH``, ``COLUMNS``, ``LINES``, ``TZ``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import run_scorecalc

pytestmark = pytest.mark.slow  # every test starts the program: the full suite runs them, not the quick loop

GALAPAGOS_ANSWERS = "\n".join(["", "Home", "Anna", "Ben", "", "41", "17", "sea_lion 2, tortoise 1", "2300",
                               "", "35", "12", "3", "1900", ""]) + "\n"


UNSET: dict[str, str | None] = dict.fromkeys(("COLUMNS", "LINES", "TZ", "SOURCE_DATE_EPOCH"))
"""COLUMNS, LINES, TZ and SOURCE_DATE_EPOCH unset unless a test gives them."""


@pytest.mark.slow  # a tally in a process per value (the quick loop keeps the cases below without a mark)
@pytest.mark.parametrize(("value", "why"), [
    ("253402300800", "is later than the year 9999"),
    ("99999999999999999999", "is later than the year 9999"),
    ("١٢٣", "is not a whole number of seconds"),
    ("-5", "is not a whole number of seconds"),
    ("soon", "is not a whole number of seconds"),
])
def test_an_unusable_source_date_epoch_is_one_warning_and_the_clock(tmp_path: Path, value: str,
                                                                    why: str) -> None:
    done = run_scorecalc("tally", "galapagos", "t.yaml", env={**UNSET, "SOURCE_DATE_EPOCH": value},
                         cwd=tmp_path, input=GALAPAGOS_ANSWERS)
    assert done.returncode == 0, done.stderr
    warning = f"scorecalc: warning: SOURCE_DATE_EPOCH='{value}' {why}; ignored (using the clock)"
    assert done.stderr.count(warning) == 1, done.stderr
    assert done.stderr.count("warning:") == 1
    assert "date:" in (tmp_path / "t.yaml").read_text(encoding="utf-8")  # Enter stored the clock's now


def test_a_usable_source_date_epoch_fixes_now_without_a_warning(tmp_path: Path) -> None:
    done = run_scorecalc("tally", "galapagos", "t.yaml", env={**UNSET, "SOURCE_DATE_EPOCH": "1767643200"},
                         cwd=tmp_path, input=GALAPAGOS_ANSWERS)
    assert done.returncode == 0 and "warning" not in done.stderr, done.stderr
    assert "date: \"2026-01-05 20:00\"" in (tmp_path / "t.yaml").read_text(encoding="utf-8")


@pytest.mark.slow  # a process per value (as above)
@pytest.mark.parametrize("value", ["0", "-3", "wide", "١٢", "12.5"])
def test_unusable_columns_are_ignored_with_one_warning(value: str) -> None:
    done = run_scorecalc("score", "examples/galapagos/decided-by-money.yaml", env={**UNSET, "COLUMNS": value})
    plain = run_scorecalc("score", "examples/galapagos/decided-by-money.yaml", env=UNSET)
    assert done.returncode == 0
    assert done.stdout == plain.stdout  # 80 columns, as if unset (standard output is a pipe)
    assert done.stderr.splitlines() == [
        f"scorecalc: warning: COLUMNS='{value}' is not a positive whole number; ignored "
        "(the terminal's width, else 80)"]


def test_an_empty_variable_counts_as_unset() -> None:
    done = run_scorecalc("score", "examples/galapagos/decided-by-money.yaml",
                         env={**UNSET, "COLUMNS": "", "TZ": ""})
    assert done.returncode == 0 and done.stderr == ""


def test_unusable_lines_are_ignored_with_one_warning() -> None:
    done = run_scorecalc("score", "examples/caracas/rulebook-alex.yaml", "--qr",
                         env={**UNSET, "LINES": "tall", "COLUMNS": "200"})
    warning = ("scorecalc: warning: LINES='tall' is not a positive whole number; "
               "ignored (the terminal's height)")
    assert warning in done.stderr.splitlines()
    assert done.stderr.count("LINES=") == 1
    assert "Traceback" not in done.stderr


@pytest.mark.slow  # a process per value (as above)
@pytest.mark.parametrize("value", ["Nowhere/Land", ":/etc/passwd", ":/no/such/zone"])
def test_an_unknown_time_zone_is_one_warning(value: str) -> None:
    done = run_scorecalc("standings", "examples/league", "-f", "bgsplay", env={**UNSET, "TZ": value})
    assert done.returncode == 0
    assert done.stderr.splitlines() == [
        f"scorecalc: warning: TZ='{value}' is not a time zone this machine knows; ignored "
        "(local times are read as UTC)"]
    utc = run_scorecalc("standings", "examples/league", "-f", "bgsplay", env={**UNSET, "TZ": "UTC"})
    assert done.stdout == utc.stdout


@pytest.mark.slow  # a process per value (as above)
@pytest.mark.parametrize("value", ["UTC", "Europe/Paris", ":Europe/Paris", "EST5EDT", "UTC+3", "<+03>-3",
                                   "CET-1CEST,M3.5.0,M10.5.0/3"])
def test_known_time_zones_and_posix_rules_say_nothing(value: str) -> None:
    done = run_scorecalc("standings", "examples/league", "-f", "bgsplay", env={**UNSET, "TZ": value})
    assert done.returncode == 0 and done.stderr == "", done.stderr
