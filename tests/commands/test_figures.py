"""The figures of ``standings`` as one protocol (``scorecalc/league/figures/``): a figure is one
module, the command builds its options from ``FIGURES``, and every format draws the figure's
blocks (table, markdown and html alike), escaping text its own way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorecalc.blocks import Block
from scorecalc.league import figures
from scorecalc.league.figures.base import CsvColumn, Figure, name_column, number_column, overall_only, section
from tests.helpers import EXAMPLES, run_cli

LEAGUE = str(EXAMPLES / "league")


class MostPoints(Figure):
    """A toy figure: each player's points over all games, counted play by play by the figure itself."""

    name = "most_points"
    flag = "--most-points"
    help = "Add each player's points over all games (a toy figure)."

    def count(self, record: Any, sheet: Any, score: Any, won: bool, share: float | None, seats: int) -> None:
        record.kept(self.name, [0])[0] += score.total

    def season(self, standings: Any, plays: Any, by_key: Any) -> None:
        raise AssertionError("a figure that does not read the plays is never handed them")

    def player_json(self, standings: Any, player: Any) -> dict[str, Any]:
        return {"most_points": self.points(player)}

    def csv_columns(self, standings: Any) -> list[CsvColumn]:
        return [CsvColumn("most_points", overall_only(self.points))]

    def overall_blocks(self, standings: Any) -> list[Block]:
        body = [[player.name, str(self.points(player))] for player in standings.players]
        return section("Most points", [name_column(), number_column("Points ever")], body,
                       legend=(("Points ever", "every total added up."),), player=0)

    @staticmethod
    def points(player: Any) -> int:
        return sum(record.got("most_points", [0])[0] for record in player.by_game.values())


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(figures, "FIGURES", (*figures.FIGURES, MostPoints()))


@pytest.mark.slow  # the standings eight times over, a new figure's check
def test_a_new_figure_is_its_module_and_one_line_of_the_list(toy: None) -> None:
    help_text = " ".join(run_cli("standings", "--help").stdout.split())
    assert "--most-points Add each player's points over all games (a toy figure)." in help_text
    assert help_text.index("--categories") < help_text.index("--most-points") < help_text.index("--chart")
    table = run_cli("standings", LEAGUE, "--most-points").stdout
    assert "Most points" in table and "Points ever: every total added up." in table
    ana = json.loads(run_cli("standings", LEAGUE, "--most-points", "-f", "json").stdout)["players"][0]
    assert ana["name"] == "Ana" and ana["most_points"] == ana["points"]
    csv_header = run_cli("standings", LEAGUE, "--most-points", "-f", "csv").stdout.splitlines()[0]
    assert csv_header.endswith(",placing,most_points")
    markdown = run_cli("standings", LEAGUE, "--most-points", "-f", "markdown").stdout
    assert "## Most points" in markdown and f"| Ana      | {ana['points']:>13} |" in markdown
    page = run_cli("standings", LEAGUE, "--most-points", "-f", "html").stdout
    assert "<h2>Most points</h2>" in page and f'<td class="right">{ana["points"]}</td>' in page
    assert "Most points" not in run_cli("standings", LEAGUE).stdout  # only when asked for
    assert "--most-points adds to the standings" in run_cli("standings", LEAGUE, "--most-points", "-f",
                                                            "bgsplay").stderr


def test_the_options_are_the_figures_and_only_they() -> None:
    help_text = run_cli("standings", "--help").stdout
    flags = [figure.flag for figure in figures.listed()]
    assert flags == ["--ratings", "--versus", "--streaks", "--by-players", "--categories"]
    places = [help_text.index(flag + " ") for flag in flags]
    assert places == sorted(places)
    assert [figure.name for figure in figures.FIGURES] == ["ratings", "streaks", "versus", "by_players",
                                                           "categories"]


def test_no_layout_asks_for_markdown() -> None:
    import inspect

    from scorecalc.output import standings_layout, text

    for module in (standings_layout, text, *(inspect.getmodule(type(figure)) for figure in figures.FIGURES)):
        assert "markdown: bool" not in inspect.getsource(module)  # type: ignore[arg-type]


ESCAPED = """\
game: galapagos
players:
  - {name: 'x\\|y', exhibition: 40, education: 10, animals: 0, money: 1000}
  - {name: 'a|b', exhibition: 30, education: 5, animals: 0, money: 1000}
  - {name: '<b>bold</b>', exhibition: 20, education: 1, animals: 0, money: 0}
"""


@pytest.mark.slow  # a long check: the full suite runs it, not the quick loop
def test_markdown_standings_escape_pipes_and_backslashes_in_every_table(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(ESCAPED, encoding="utf-8")
    out = run_cli("standings", str(tmp_path), "--versus", "--streaks", "--categories", "-f",
                  "markdown").stdout
    assert "x\\\\\\|y" in out and "a\\|b" in out
    for line in out.splitlines():
        if line.startswith("|") and not line.startswith("|-"):
            header = next(h for h in out.split("\n\n") if h.startswith("|") and line in h).splitlines()[0]
            count = len(header.replace("\\\\", "").replace("\\|", "").split("|"))
            assert len(line.replace("\\\\", "").replace("\\|", "").split("|")) == count, line
    page = run_cli("standings", str(tmp_path), "--versus", "-f", "html").stdout
    assert 'data-player="x\\|y"' in page and "&lt;b&gt;bold&lt;/b&gt;" in page and "<b>bold" not in page
