"""Pages in a player's words: the file's name, not its path; the standings'
figures each explained by a line in words, the order said as it is; the season chart inline with
``standings --chart -f html``, no second path."""

from __future__ import annotations

import html
import importlib.util
import json
import re
from pathlib import Path

import pytest

from tests.helpers import EXAMPLES, run_cli

LEAGUE = EXAMPLES / "league"
CHART = pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="needs matplotlib")


def page_text(page: str) -> str:
    """The words a reader sees: tags dropped (the chart's SVG with them), entities read."""
    page = re.sub(r"<svg\b.*?</svg>", " ", page, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_a_page_names_the_file_by_its_name_not_where_it_lies(tmp_path: Path) -> None:
    folder = tmp_path / "home" / "ana" / "private"
    folder.mkdir(parents=True)
    table = folder / "tuesday.yaml"
    source = EXAMPLES / "galapagos" / "shared-victory.yaml"
    table.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    result = run_cli("galapagos", str(table), "-f", "html")
    assert result.exit_code == 0, result.stderr
    assert "tuesday.yaml" in page_text(result.stdout)
    assert str(folder) not in result.stdout and "private" not in result.stdout
    shown = re.findall(r'data-field="file">([^<]*)<', result.stdout)
    assert shown == ["tuesday.yaml"]
    # the table format, read on this computer, still says which file it scored
    assert str(table) in run_cli("galapagos", str(table), "--wide").stdout


def standings(*args: str) -> str:
    result = run_cli("standings", str(LEAGUE), *args)
    assert result.exit_code == 0, result.stderr
    return result.stdout


@pytest.mark.slow  # matplotlib draws a chart (a heavy import): the suite's, not the quick loop's
def test_the_standings_say_each_figure_in_words_and_name_no_model() -> None:
    page = page_text(standings("-f", "html", "--ratings", "--versus", "--streaks"))
    for model_word in ("mu", "sigma", "ordinal", "openskill", "Thurstone", "Mosteller"):
        assert not re.search(rf"\b{model_word}\b", page, re.IGNORECASE), model_word
    for label in ("Placing", "Order", "Rating", "Streak", "Longest", "Form", "Met", "Ahead", "Behind",
                  "Rival", "Nemesis"):
        assert re.search(rf"\b{label}: \w", page), label
    text = standings("--ratings", "--versus", "--streaks")
    legend = [line for line in text.splitlines() if re.match(r"(Met|Ahead|Behind|Rival|Nemesis): ", line)]
    assert [line.split(":")[0] for line in legend] == ["Met", "Ahead", "Behind", "Rival", "Nemesis"]


def test_the_order_said_is_the_order_shown() -> None:
    """Wins first, then win rate, then placing: a player with the best placing but fewer wins is
    shown below, as the legend says (not "placing orders the players")."""
    text = standings()
    assert "Order: most wins first, then the higher win rate, then the higher placing" in text
    assert "It orders the players" not in text
    players = json.loads(standings("-f", "json"))["players"]
    keys = [(-p["wins"], -p["win_rate"], -(p["placing"] or 0)) for p in players]
    assert keys == sorted(keys)


@pytest.mark.slow  # a long check: the full suite runs it, not the quick loop
@CHART
def test_chart_without_a_path_draws_it_inline_in_the_page(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for args in (("--chart", "-f", "html"), ("-f", "html", "--chart"),
                 ("--chart", "--ratings", "-f", "html")):
        page = standings(*args)
        assert page.count("<svg") == 1, args
        caption = re.findall(r"<figcaption>([^<]*)</figcaption>", page)[-1]
        assert html.unescape(caption).startswith("The season: each player's "), caption
        assert ("rating" in caption) == ("--ratings" in args)
        assert "--chart" not in caption and "FILE" not in caption
    assert list(tmp_path.iterdir()) == []  # no second file written


def test_chart_without_a_path_for_a_table_asks_for_one(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run_cli("standings", str(LEAGUE), "--chart")
    assert result.exit_code == 2
    assert "--chart: give a path ending in .png or .svg" in result.stderr
    assert "-f html" in result.stderr
    assert list(tmp_path.iterdir()) == []
