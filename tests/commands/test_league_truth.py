"""League figures that tell one story (SPEC section 7, league insight): the chart's lines
end at the table's figures (undated plays drawn last), names drawn as written, and a run
whose every file is broken writes nothing."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from scorecalc.league import chart
from tests.helpers import EXAMPLES, first_quick, run_cli

LEAGUE = EXAMPLES / "league"


def league_copy(folder: Path, undated: tuple[str, ...] = ()) -> Path:
    """The shipped league in ``folder``, with the ``date:`` line of the ``undated`` files removed."""
    target = folder / "league"
    shutil.copytree(LEAGUE, target)
    for name in undated:
        path = target / name
        path.write_text("".join(line for line in path.read_text(encoding="utf-8").splitlines(True)
                                if not line.startswith("date:")), encoding="utf-8")
    return target


def drawn(monkeypatch: pytest.MonkeyPatch) -> list[chart.Picture]:
    """The pictures the command draws (the drawing itself is left out: its bytes are not read here)."""
    pictures: list[chart.Picture] = []

    def keep(picture: chart.Picture, path: str) -> chart.Drawing:
        pictures.append(picture)
        return chart.Drawing(b"", "")

    monkeypatch.setattr(chart, "draw", keep)
    return pictures


@pytest.mark.parametrize("ratings", [True, False])
def test_each_line_ends_at_the_tables_figure_with_undated_plays_last(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ratings: bool) -> None:
    league = league_copy(tmp_path, undated=("04-caribe-four-players.yaml", "11-origin-four-players.yaml"))
    pictures = drawn(monkeypatch)
    options = ["--ratings"] if ratings else []
    result = run_cli("standings", str(league), *options, "-f", "json", "--chart", str(tmp_path / "s.svg"))
    assert result.exit_code == 0, result.stderr
    table = {player["name"]: player for player in json.loads(result.stdout)["players"]}
    [picture] = pictures
    assert picture.undated == 2 and len(picture.days) == 10
    ends = {line.name: line.points[-1][1] for line in picture.lines}
    assert set(ends) == set(table)
    for name, end in ends.items():
        expected = table[name]["rating"]["ordinal"] if ratings else table[name]["wins"]
        assert end == pytest.approx(expected, abs=0.0005), name


@pytest.mark.slow  # matplotlib draws a chart (a heavy import): the suite's, not the quick loop's
def test_an_undated_play_is_drawn_in_a_band_marked_undated(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ElementTree

    league = league_copy(tmp_path, undated=("12-galapagos-season-finale.yaml",))
    out = tmp_path / "season.svg"
    assert run_cli("standings", str(league), "--chart", str(out)).exit_code == 0
    ids = {element.get("id") for element in ElementTree.parse(out).getroot().iter()}
    assert "undated" in ids


@pytest.mark.slow  # matplotlib draws a chart (a heavy import): the suite's, not the quick loop's
@pytest.mark.parametrize("name", first_quick("$x^$", "Pay $5, win $10", r"\frac{1}{2}", "50%_off"))
def test_names_are_drawn_as_written_never_as_math(tmp_path: Path, name: str) -> None:
    from matplotlib.figure import Figure

    table = (LEAGUE / "06-galapagos-shared-victory.yaml").read_text(encoding="utf-8")
    (tmp_path / "a.yaml").write_text(table.replace("Bruno", json.dumps(name)), encoding="utf-8")
    for kind in ("png", "svg"):
        out = tmp_path / f"season.{kind}"
        result = run_cli("standings", str(tmp_path / "a.yaml"), "--chart", str(out), "-f", "csv")
        assert result.exit_code == 0, result.stderr
        assert out.stat().st_size > 0
    result = run_cli("standings", str(tmp_path / "a.yaml"), "-f", "json")
    assert name in [player["name"] for player in json.loads(result.stdout)["players"]]
    from scorecalc.league.standings import Insight, compute
    from scorecalc.pipeline import score_file

    standings = compute([score_file(str(tmp_path / "a.yaml"))], insight=Insight(chart=True))
    axes = Figure().add_subplot()
    chart.plot(axes, chart.season_picture(standings))
    labels = [text for text in axes.texts if text.get_text() == name]
    assert labels and not any(label.get_parse_math() for label in labels)


def test_a_run_whose_every_file_is_broken_writes_nothing(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: galapagos\nplayers: [\n", encoding="utf-8")
    output, picture = tmp_path / "standings.txt", tmp_path / "season.png"
    output.write_text("last week's standings\n", encoding="utf-8")
    picture.write_bytes(b"last week's picture")
    result = run_cli("standings", str(broken), "-o", str(output), "--chart", str(picture))
    assert result.exit_code == 2 and "broken.yaml:" in result.stderr
    assert output.read_text(encoding="utf-8") == "last week's standings\n"
    assert picture.read_bytes() == b"last week's picture"
    result = run_cli("standings", str(broken), "-f", "bgsplay", "-o", str(output))
    assert result.exit_code == 2 and output.read_text(encoding="utf-8") == "last week's standings\n"


def test_a_category_not_recorded_is_absent_not_zero() -> None:
    """Duarte is a comparison-only explorer in play 09 (her four landscape figures alone): only
    Landscape is recorded there. Over that play, her other categories are absent; over the
    season they average the plays with a board (10: a solo board, 03 is not hers)."""
    alone = str(LEAGUE / "09-caracas-three-explorers.yaml")
    result = run_cli("standings", alone, "--categories", "-f", "json")
    players = {player["name"]: player for player in json.loads(result.stdout)["players"]}
    assert players["Duarte"]["by_game"]["caracas"]["categories"] == {
        "Common animals": None, "Rare animals": None, "Landscape": 4.0, "Penalties": None}
    assert players["Bruno"]["by_game"]["caracas"]["categories"]["Penalties"] == 0.0  # recorded: no dead end
    rows = list(csv.DictReader(io.StringIO(run_cli("standings", alone, "--categories", "-f", "csv").stdout)))
    duarte = next(row for row in rows if row["player"] == "Duarte" and row["game"] == "caracas")
    assert (duarte["Common animals"], duarte["Landscape"]) == ("", "4.0")
    table = run_cli("standings", alone, "--categories", env={"COLUMNS": "80"}).stdout
    section = table.split("average per category")[1]
    line = next(line for line in section.splitlines() if line.startswith("Duarte"))
    assert line.split() == ["Duarte", "–", "–", "4.0", "–"]
    season = run_cli("standings", str(LEAGUE), "--categories", "-f", "json")
    duarte_season = next(player for player in json.loads(season.stdout)["players"]
                         if player["name"] == "Duarte")
    caracas = duarte_season["by_game"]["caracas"]
    # Common animals: 13 points over the 2 plays with a board (was 13 / 3 = 4.3 with the comparison-only play)
    assert caracas["played"] == 3 and caracas["categories"]["Common animals"] == 6.5
