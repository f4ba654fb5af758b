"""The Python API: ``score_file`` and ``score_text`` return the sheet, and raise every problem at once;
``score_table``, ``render``, ``to_json``, ``standings`` and ``render_standings`` give what the commands
print; ``TableJSON`` and ``StandingsJSON`` are the JSON that ``--format json`` prints."""

from __future__ import annotations

import datetime
import json
import textwrap
import types
import typing
from typing import Any

import pytest

import scorecalc
from tests.helpers import EXAMPLES, run_cli

GALAPAGOS = str(EXAMPLES / "galapagos" / "decided-by-money.yaml")
CARIBE_SOLO = str(EXAMPLES / "caribe" / "rulebook-percy-books.yaml")


def test_score_file_and_score_text_return_the_sheet() -> None:
    sheet = scorecalc.score_file(str(EXAMPLES / "galapagos" / "decided-by-money.yaml"))
    assert sheet.winners == ["Hana"] and sheet.player("Hana").total == 37
    text = (EXAMPLES / "galapagos" / "decided-by-money.yaml").read_text(encoding="utf-8")
    assert scorecalc.score_text(text).winners == ["Hana"]


def test_the_api_raises_every_problem_of_a_file_at_once() -> None:
    text = textwrap.dedent("""\
        game: galapagos
        players:
          - {name: Anna, exhibition: x, education: 17, money: 2300}
          - {name: Lena, exhibition: 3, education: 99, money: -5}
    """)
    with pytest.raises(scorecalc.InputError) as info:
        scorecalc.score_text(text)
    problems = info.value.problems
    assert [(p.position.line, p.path[-1]) for p in problems] == [(3, "exhibition"), (4, "education"),
                                                               (4, "money")]


def conforms(value: Any, kind: Any, where: str = "") -> list[str]:
    """Where ``value`` departs from the type ``kind`` (a ``TypedDict``, a list, a dictionary, a
    union, a plain type): a TypedDict's every key must be there (``NotRequired`` ones may be
    missing) with its type; keys it does not name are a game's or an option's own, allowed."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if typing.is_typeddict(kind):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        found = []
        hints = typing.get_type_hints(kind)
        for key, hint in hints.items():
            if key in value:
                found += conforms(value[key], hint, f"{where}.{key}")
            elif key in kind.__required_keys__:
                found.append(f"{where}: no key {key!r}")
        return found
    if origin in (typing.Union, types.UnionType):
        if any(not conforms(value, arg, where) for arg in args):
            return []
        return [f"{where}: {value!r} is not {kind}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        return [problem for i, item in enumerate(value)
                for problem in conforms(item, args[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        return [problem for key, item in value.items()
                for problem in conforms(item, args[1], f"{where}.{key}")]
    if kind is type(None):
        return [] if value is None else [f"{where}: {value!r} is not null"]
    if kind is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    else:
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    return [] if ok else [f"{where}: {value!r} is not {kind.__name__}"]


def test_the_checker_finds_a_missing_key_and_a_wrong_type() -> None:
    table = json.loads(run_cli("score", GALAPAGOS, "-f", "json").stdout)
    assert conforms(table, scorecalc.TableJSON) == []
    del table["winners"]
    table["players"][0]["total"] = "37"
    table["players"][1]["items"][0]["points"] = None
    assert conforms(table, scorecalc.TableJSON) == [
        ".players[0].total: '37' is not int", ".players[1].items[0].points: None is not int",
        ": no key 'winners'"]


@pytest.mark.slow
def test_every_example_as_json_is_a_table_json() -> None:
    for summary in ((), ("--summary",)):
        result = run_cli("score", str(EXAMPLES), "-f", "json", *summary)
        assert result.exit_code == 0, result.stderr
        lines = result.stdout.splitlines()
        assert len(lines) == len(list(EXAMPLES.rglob("*.yaml")))
        for line in lines:
            table = json.loads(line)
            assert conforms(table, scorecalc.TableJSON) == [], table["file"]
            assert ("items" in table["players"][0]) is not bool(summary)


def test_standings_as_json_with_every_figure_is_a_standings_json() -> None:
    result = run_cli("standings", str(EXAMPLES / "league"), "-f", "json", "--ratings", "--versus",
                     "--streaks", "--by-players", "--categories")
    assert result.exit_code == 0, result.stderr
    season = json.loads(result.stdout)
    assert conforms(season, scorecalc.StandingsJSON) == []
    assert season["players"][0]["by_game"] and "rating" in season["players"][0]


@pytest.mark.parametrize("fmt", ["table", "markdown", "json", "csv", "bgstats", "html"])
def test_render_prints_what_the_command_prints(fmt: str) -> None:
    scored = scorecalc.score_table(CARIBE_SOLO)
    assert scorecalc.render(scored, fmt) == run_cli("score", CARIBE_SOLO, "-f", fmt).stdout
    both = scorecalc.render([scored, scorecalc.score_table(GALAPAGOS)], fmt, summary=True)
    assert both == run_cli("score", CARIBE_SOLO, GALAPAGOS, "-f", fmt, "--summary").stdout


def test_render_at_a_width_and_without_one() -> None:
    scored = scorecalc.score_table(str(EXAMPLES / "caracas" / "rulebook-alex.yaml"))
    narrow = scorecalc.render(scored, width=60)
    assert max(map(len, narrow.splitlines())) <= 60
    assert narrow != scorecalc.render(scored, width=None)
    with pytest.raises(ValueError, match="'xml' is not one of"):
        scorecalc.render(scored, "xml")


def test_to_json_is_the_json_format_as_a_dictionary() -> None:
    scored = scorecalc.score_table(CARIBE_SOLO)
    table = scorecalc.to_json(scored)
    assert table == json.loads(run_cli("score", CARIBE_SOLO, "-f", "json").stdout)
    assert table["winners"] == scorecalc.score_file(CARIBE_SOLO).winners and "solo" in table
    assert "items" not in scorecalc.to_json(scored, items=False)["players"][0]


def test_standings_over_paths_render_as_the_command_does() -> None:
    league = str(EXAMPLES / "league")
    season = scorecalc.standings([league], figures=["ratings"])
    assert season.plays == 12 and season.files == 12
    for fmt in ("table", "markdown", "json", "csv"):
        assert scorecalc.render_standings(season, fmt) == run_cli(
            "standings", league, "-f", fmt, "--ratings").stdout, fmt
    caracas = scorecalc.standings([league], game="caracas", since=datetime.date(2024, 1, 1))
    assert scorecalc.render_standings(caracas, "csv") == run_cli(
        "standings", league, "-f", "csv", "--game", "caracas", "--since", "2024-01-01").stdout


def test_standings_refuse_an_unknown_game_a_figure_and_a_bad_file(tmp_path: Any) -> None:
    with pytest.raises(ValueError, match="'chess' is not one of 'caracas'"):
        scorecalc.standings([str(EXAMPLES / "league")], game="chess")
    with pytest.raises(ValueError, match="'elo' is not one of"):
        scorecalc.standings([str(EXAMPLES / "league")], figures=["elo"])
    with pytest.raises(ValueError, match="'bgsplay' has no standings"):
        scorecalc.render_standings(scorecalc.standings([str(EXAMPLES / "league")]), "bgsplay")
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: galapagos\nplayers: []\n", encoding="utf-8")
    with pytest.raises(scorecalc.InputError):
        scorecalc.standings([str(tmp_path)])
