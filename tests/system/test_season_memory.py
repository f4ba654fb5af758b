"""A season of 20,000 tables stays under SPEC's memory limit (section 7, league standings): with
every option and the chart, as one BG Stats import file, and as the html page with every option
(which draws the chart into the page). Measured in a fresh process (its own VmHWM, as
``test_yaml_limits.measured`` reads it); 20,000 tables take a minute a run, so ``stress``. What
it measured, and what kept it under: bench/RESULTS.md and git's history."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from scorecalc.games import get_game
from scorecalc.pipeline import score_file
from scorecalc.sheet import for_the_season
from tests.helpers import ROOT
from tests.system.test_yaml_limits import measured

LIMIT_KB = 200 * 1024


def generated(folder: Path, count: int) -> None:
    spec = importlib.util.spec_from_file_location("bench_run", ROOT / "bench" / "run.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    bench.generate_tables(folder, count, random.Random(2))


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The 20,000 tables, generated once for the three runs that read them."""
    folder = tmp_path_factory.mktemp("season")
    generated(folder, 20_000)
    return folder


def test_a_season_keeps_what_the_figures_read_of_each_sheet() -> None:
    for path in sorted((ROOT / "examples").rglob("*.yaml")):
        sheet = score_file(str(path)).sheet
        kept = for_the_season(sheet)
        categories = get_game(sheet.game).categories
        for player, folded in zip(sheet.players, kept.players, strict=True):
            assert (folded.name, folded.rank, folded.total, folded.unrecorded) == \
                (player.name, player.rank, player.total, player.unrecorded)
            assert folded.category_totals(categories) == player.category_totals(categories)
            assert len(folded.items) <= len(categories)
        assert (kept.game, kept.categories, kept.automa, kept.solo_goal, kept.winners, kept.start_player) == \
            (sheet.game, sheet.categories, sheet.automa, sheet.solo_goal, sheet.winners, sheet.start_player)
        # what only a score's own outputs show (its summary's lines, extra JSON keys, the
        # tie-break sentence) is not kept for a season
        assert (kept.tiebreak, kept.notes, dict(kept.extra)) == (None, (), {})


@pytest.mark.stress
@pytest.mark.parametrize("options", [
    ["--ratings", "--versus", "--streaks", "--by-players", "--categories", "--chart", "season.png"],
    ["--format", "bgsplay", "--output", "season.bgsplay"],
    ["--format", "html", "--ratings", "--versus", "--streaks", "--by-players", "--categories", "--chart",
     "season.png", "--output", "season.html"],
], ids=["every-option-and-chart", "bgsplay", "html-every-option-and-chart"])
def test_standings_over_20000_tables_stay_under_200_mb(tmp_path: Path, season: Path,
                                                      options: list[str]) -> None:
    folder = season
    written = [str(tmp_path / option) if option.startswith("season.") else option for option in options]
    figures, stderr = measured("standings", str(folder), *written)
    assert (tmp_path / options[-1]).is_file()
    assert figures["code"] == 0, stderr
    assert figures["kb"] < LIMIT_KB, f"{figures['kb'] / 1024:.0f} MB"
