"""One registry of formats for scores and standings:
``formats.FORMATS`` names each format's renderers, imported only when the format is asked for;
no renderer takes a format flag; a new format is its module and one line of the registry."""

from __future__ import annotations

import importlib
import inspect
import json
import re
from collections.abc import Sequence

import pytest

import scorecalc
from scorecalc.league.records import Standings
from scorecalc.output import formats
from scorecalc.output.formats import FORMATS, Format, RenderOptions, format_named, renderer
from scorecalc.sheet import Scored
from tests.helpers import EXAMPLES, ROOT, run_cli
from tests.support import golden


def test_every_format_has_its_renderers_taking_what_they_draw_and_the_options() -> None:
    assert [fmt.name for fmt in FORMATS] == ["table", "json", "csv", "markdown", "bgstats", "bgsplay", "html"]
    for fmt in FORMATS:
        assert list(inspect.signature(renderer(fmt.scores)).parameters) == ["results", "options"], fmt
        if fmt.standings is not None:
            drawn = inspect.signature(renderer(fmt.standings)).parameters
            assert list(drawn) == ["standings", "options"], fmt
    assert [fmt.name for fmt in FORMATS if fmt.pictures] == ["html"]
    assert [fmt.name for fmt in FORMATS if fmt.plays] == ["bgsplay"]
    assert [fmt.name for fmt in FORMATS if not fmt.in_standings] == ["bgstats"]
    assert format_named("csv") is FORMATS[2] and RenderOptions("csv").format is FORMATS[2]
    with pytest.raises(ValueError, match="'xml' is not one of 'table', 'json'"):
        format_named("xml")


def test_the_golden_cases_come_from_the_registry() -> None:
    assert golden.FORMATS == ("markdown", "json", "csv", "bgstats", "bgsplay")
    assert golden.PAGE_FORMATS == ("html",) and golden.PLAYS_FORMATS == ("bgsplay",)
    assert golden.STANDINGS_FORMATS == ("table", "json", "csv", "markdown")
    names = golden.cases()
    assert "examples/caracas/solo.html.txt" in names
    solo = names["examples/caracas/solo.html.txt"]
    assert [run.args for run in solo] == [("score", "examples/caracas/solo.yaml", "-f", "html")]


def test_no_renderer_is_told_its_format_by_a_flag() -> None:
    package = ROOT / "scorecalc"
    assert package == ROOT / scorecalc.__name__
    flagged = [f"{path.relative_to(ROOT)}:{number}" for path in sorted(package.rglob("*.py"))
               for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
               if re.search(r"\bmarkdown: bool\b|\bmarkdown=(True|False|markdown)\b", line)]
    assert flagged == []


def test_the_command_decides_no_format_by_its_name() -> None:
    """The bgsplay, chart and page decisions are the registry's (``plays``, ``chart``), not an
    if-chain of format names in the command."""
    command = (ROOT / "scorecalc" / "cli" / "standings.py").read_text(encoding="utf-8")
    named = r"\bFormat\.[A-Z]+|StandingsFormat|render_(?!season)\w+|format\.name\b|format == "
    assert re.findall(named, command) == []


# --- a toy format: this module holds its renderers, and one line adds it to the registry -----------

def render_toy_format(results: Sequence[Scored], options: RenderOptions) -> str:
    """Each table's winners, one line per table."""
    return "".join(f"{scored.info.file}: {' & '.join(scored.sheet.winners)}\n" for scored in results)


def render_toy_standings(standings: Standings, options: RenderOptions) -> str:
    return "".join(f"{player.name} {player.overall.wins}\n" for player in standings.players)


TOY = Format("toy", f"{__name__}:render_toy_format", standings=f"{__name__}:render_toy_standings")


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(formats, "FORMATS", (*formats.FORMATS, TOY))  # the one registry line


def test_a_new_format_is_its_module_and_one_line_of_the_registry(toy: None) -> None:
    files = {inspect.getsourcefile(renderer(path)) for path in (TOY.scores, TOY.standings or "")}
    assert files == {__file__}  # its module: this one; and the fixture's line
    example = str(EXAMPLES / "caracas" / "two-explorers.yaml")
    winners = json.loads(run_cli("score", example, "-f", "json").stdout)["winners"]
    scored = run_cli("score", example, "-f", "toy")
    assert scored.exit_code == 0 and scored.stdout == f"{example}: {' & '.join(winners)}\n"
    league = json.loads(run_cli("standings", str(EXAMPLES / "league"), "-f", "json").stdout)["players"]
    standings = run_cli("standings", str(EXAMPLES / "league"), "-f", "toy")
    assert standings.exit_code == 0
    assert standings.stdout == "".join(f"{player['name']} {player['wins']}\n" for player in league)


def test_without_the_line_the_format_is_not_offered() -> None:
    result = run_cli("score", str(EXAMPLES / "caracas" / "two-explorers.yaml"), "-f", "toy")
    assert result.exit_code == 2 and "'toy' is not one of 'table'" in result.stderr
    assert importlib.import_module(__name__).TOY not in FORMATS
