"""League standings (SPEC section 7): a small season computed by hand, every format."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from scorecalc.league.records import ALL, Filters, order_key
from scorecalc.league.standings import compute
from scorecalc.sheet import PlayerScore, PlayInfo, Scored, ScoreSheet
from tests.helpers import EXAMPLES, first_quick, run_cli

# The season (by hand; Galapagos totals = exhibition + education bonus + animals // 2 + £ // 1000):
#   a.yaml  galapagos 2026-01-10 20:00  Ana 40+4+0+1 = 45 (wins), Bruno 30+2+0+1 = 33, Cy 20
#   b.yaml  galapagos 2026-02-01        ANA 20+3+1+1 = 25, bruno 21+3+0+1 = 25: equal money too,
#                                       a shared victory (a win each)
#   c.yaml  caribe    2026-03-01        Ana 97 against Percy 93: won (Percy is no player)
#   d.yaml  caribe    2026-03-15        Bruno, Beat Your Own Score at hard: 91, not above 100: lost
#   e.yaml  caracas   (no date)         Cy alone: 31, a solo game without a goal: played, not won
#   f.yaml  broken (a typo): reported, left out, exit 2
GALAPAGOS_A = """\
game: galapagos
date: 2026-01-10 20:00
players:
  - {name: Ana, exhibition: 40, education: 10, animals: 0, money: 1000}
  - {name: Bruno, exhibition: 30, education: 5, animals: 0, money: 1000}
  - {name: Cy, exhibition: 20, education: 1, animals: 0, money: 0}
"""
GALAPAGOS_B = """\
game: galapagos
date: 2026-02-01
players:
  - {name: ANA, exhibition: 20, education: 5, animals: 2, money: 1500}
  - {name: bruno, exhibition: 21, education: 5, animals: 0, money: 1500}
"""
BROKEN = """\
game: galapagos
players:
  - {name: Ana, exibition: 20, education: 5, money: 1500}
"""


def season(folder: Path) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / "a.yaml").write_text(GALAPAGOS_A, encoding="utf-8")
    (folder / "b.yaml").write_text(GALAPAGOS_B, encoding="utf-8")
    percy = (EXAMPLES / "league" / "05-caribe-ana-vs-percy.yaml").read_text(encoding="utf-8")
    percy = percy.replace("date: 2026-10-03 18:00", "date: 2026-03-01")
    (folder / "c.yaml").write_text(percy, encoding="utf-8")
    byos = (EXAMPLES / "league" / "08-caribe-carla-byos.yaml").read_text(encoding="utf-8")
    byos = byos.replace("Carla", "Bruno").replace("date: 2026-10-24", "date: 2026-03-15")
    (folder / "d.yaml").write_text(byos, encoding="utf-8")
    solo = (EXAMPLES / "caracas" / "solo.yaml").read_text(encoding="utf-8").replace("Vera", "Cy")
    (folder / "e.yaml").write_text(solo, encoding="utf-8")
    (folder / "f.yaml").write_text(BROKEN, encoding="utf-8")
    return folder


@pytest.fixture
def league(tmp_path: Path) -> Path:
    return season(tmp_path / "league")


def standings_json(*args: str) -> tuple[int, dict, str]:
    result = run_cli("standings", *args, "--format", "json")
    return result.exit_code, json.loads(result.stdout), result.stderr


def figures(played: int, wins: int, points: int, best: int) -> dict:
    return {"played": played, "wins": wins, "win_rate": round(wins / played, 3), "points": points,
            "average": round(points / played, 3), "best": best}


def test_season_by_hand(league: Path) -> None:
    code, data, stderr = standings_json(str(league))
    assert code == 2  # the broken file, reported as 'score' reports it
    assert f"{league / 'f.yaml'}:3:" in stderr and "exibition" in stderr
    assert data["files"] == 6 and data["left_out"] == 1
    players = {player["name"]: player for player in data["players"]}
    assert [player["name"] for player in data["players"]] == ["Ana", "Bruno", "Cy"]  # as first spelled
    assert "Percy" not in players
    ana, bruno, cy = players["Ana"], players["Bruno"], players["Cy"]
    # placing, over plays with others: Ana 1st in a and b; Bruno 2nd of 3 in a (0.5), a shared 1st in
    # b (1); Cy last in a (0), alone in e (not counted)
    assert (ana["placing"], bruno["placing"], cy["placing"]) == (1.0, 0.75, 0.0)
    assert {k: v for k, v in ana.items() if k not in ("name", "by_game", "placing")} == \
        figures(3, 3, 45 + 25 + 97, 97)
    assert ana["average"] == 55.667 and ana["win_rate"] == 1.0
    assert ana["by_game"] == {"caribe": figures(1, 1, 97, 97), "galapagos": figures(2, 2, 70, 45)}
    assert {k: v for k, v in bruno.items() if k not in ("name", "by_game", "placing")} == \
        figures(3, 1, 33 + 25 + 91, 91)
    assert bruno["win_rate"] == 0.333 and bruno["average"] == 49.667
    assert bruno["by_game"]["caribe"] == figures(1, 0, 91, 91)  # BYOS: the score to beat not passed
    assert cy["by_game"] == {"caracas": figures(1, 0, 31, 31), "galapagos": figures(1, 0, 20, 20)}
    assert list(ana) == ["name", "played", "wins", "win_rate", "points", "average", "best", "placing",
                         "by_game"]


def test_since_until_and_game(league: Path) -> None:
    _, data, _ = standings_json(str(league), "--since", "2026-02-01")
    # a.yaml is earlier, e.yaml has no date: neither counts; names stay as first spelled (a.yaml)
    assert {p["name"]: (p["played"], p["wins"], p["points"]) for p in data["players"]} == {
        "Ana": (2, 2, 122), "Bruno": (2, 1, 116)}
    assert data["files"] == 6 and data["left_out"] == 1
    _, data, _ = standings_json(str(league), "--until", "2026-01-10")  # a date covers its whole day (20:00)
    assert {p["name"]: p["played"] for p in data["players"]} == {"Ana": 1, "Bruno": 1, "Cy": 1}
    _, data, _ = standings_json(str(league), "--game", "caribe")
    assert {p["name"]: (p["played"], p["wins"]) for p in data["players"]} == {"Ana": (1, 1), "Bruno": (1, 0)}
    assert all(list(p["by_game"]) == ["caribe"] for p in data["players"])
    _, data, _ = standings_json(str(league), "--game", "galapagos", "--since", "2026-01-11", "--until",
                                "2026-02-01")
    assert [(p["name"], p["wins"]) for p in data["players"]] == [("Ana", 1), ("Bruno", 1)]


@pytest.mark.parametrize("args", [("--since", "2026-13-01"), ("--until", "yesterday"),
                                  ("--since", "2026-03-01", "--until", "2026-02-01"), ("--game", "chess")])
def test_bad_options_are_usage_errors(league: Path, args: tuple[str, ...]) -> None:
    result = run_cli("standings", str(league), *args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip()


def test_only_good_files_exit_0(league: Path) -> None:
    (league / "f.yaml").unlink()
    result = run_cli("standings", str(league), "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["left_out"] == 0


def test_a_file_reached_twice_counts_once(league: Path) -> None:
    _, data, _ = standings_json(str(league), str(league / "a.yaml"))
    assert data["files"] == 6
    assert data["players"][0]["played"] == 3


def test_table_and_markdown(league: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out = run_cli("standings", str(league)).stdout
    headings = [line for line in out.splitlines() if line in ("All games", "Caracas", "Caribe", "Galapagos")]
    assert headings == ["All games", "Caracas", "Caribe", "Galapagos"]  # overall, then each game
    assert "5 plays counted from 6 files (1 left out: broken)." in out
    overall = out.split("Caracas")[0]
    assert overall.index(" Ana ") < overall.index(" Bruno ") < overall.index(" Cy ")
    assert "100%" in overall and "33%" in overall and "0.75" in overall and "55.7" not in overall
    assert max(len(line) for line in out.splitlines()) <= 80
    markdown = run_cli("standings", str(league), "-f", "markdown").stdout
    assert "# League standings" in markdown and "## Caribe" in markdown and "| Ana " in markdown


def test_table_fits_80_columns_with_long_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    long_name = "Maria da Conceição dos Santos Pereira de Albuquerque Vasconcelos"
    (tmp_path / "a.yaml").write_text(GALAPAGOS_A.replace("Cy", long_name), encoding="utf-8")
    monkeypatch.setenv("COLUMNS", "80")
    out = run_cli("standings", str(tmp_path)).stdout
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "Vasconcelos" in out
    wide = run_cli("standings", str(tmp_path), "--wide").stdout
    assert long_name in wide


def test_csv_reads_back(league: Path) -> None:
    result = run_cli("standings", str(league), "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0]) == ["player", "game", "played", "wins", "win_rate", "points", "average", "best",
                             "placing"]
    overall = [row for row in rows if row["game"] == ALL]
    assert [row["player"] for row in overall] == ["Ana", "Bruno", "Cy"]
    assert overall[1] == {"player": "Bruno", "game": "all", "played": "3", "wins": "1", "win_rate": "0.333",
                          "points": "", "average": "", "best": "", "placing": "0.75"}  # across games: placing
    caribe = next(row for row in rows if (row["player"], row["game"]) == ("Bruno", "caribe"))
    assert [caribe[key] for key in ("points", "average", "best", "placing")] == ["91", "91.0", "91", ""]
    games = {(row["player"], row["game"]) for row in rows if row["game"] != ALL}
    assert games == {("Ana", "caribe"), ("Ana", "galapagos"), ("Bruno", "caribe"), ("Bruno", "galapagos"),
                     ("Cy", "caracas"), ("Cy", "galapagos")}


def test_formula_looking_names_are_quoted_in_csv(tmp_path: Path) -> None:
    text = GALAPAGOS_A.replace("Ana", "'=SUM(A1:A9)'").replace("Bruno", "-Bruno").replace("Cy", "'@Cy'")
    (tmp_path / "a.yaml").write_text(text, encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(run_cli("standings", str(tmp_path), "-f", "csv").stdout)))
    assert {row["player"] for row in rows} == {"'=SUM(A1:A9)", "'-Bruno", "'@Cy"}
    scored = list(csv.DictReader(io.StringIO(run_cli("score", str(tmp_path), "-f", "csv").stdout)))
    assert [row["player"] for row in scored] == ["'=SUM(A1:A9)", "'-Bruno", "'@Cy"]
    assert scored[0]["file"] == str(tmp_path / "a.yaml") and scored[0]["total"] == "45"


def test_negative_numbers_are_never_quoted() -> None:
    rows = list(csv.DictReader(io.StringIO(run_cli("score", str(EXAMPLES / "league"), "-f", "csv").stdout)))
    assert "-1" in {row["Penalties"] for row in rows}


def test_score_csv_has_date_and_winner() -> None:
    result = run_cli("score", str(EXAMPLES / "league"), "--format", "csv")
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0])[:7] == ["file", "game", "date", "player", "rank", "winner", "total"]
    first = rows[0]
    assert (first["date"], first["player"], first["winner"]) == ("2026-09-05T20:30", "Ana", "true")
    shared = [row for row in rows if row["file"].endswith("06-galapagos-shared-victory.yaml")]
    assert [row["winner"] for row in shared] == ["true", "true"] and shared[0]["date"] == "2026-10-10"


def test_the_shipped_league() -> None:
    result = run_cli("standings", str(EXAMPLES / "league"), "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["files"] == 12 and data["left_out"] == 0
    ana = data["players"][0]
    # 'Ana', 'ana' and 'ANA' are one player; Percy is not one
    assert (ana["name"], ana["played"], ana["wins"], ana["points"]) == ("Ana", 8, 5, 465)
    assert [p["name"] for p in data["players"]] == ["Ana", "Carla", "Bruno", "Duarte"]


def test_docs_league_shows_the_real_output(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(EXAMPLES.parent)
    doc = (EXAMPLES.parent / "docs" / "league.md").read_text(encoding="utf-8")
    out = run_cli("standings", "examples/league").stdout
    assert out.strip() in doc


# --- the library, without files ---------------------------------------------------------------


def sheet(game: str, *totals: tuple[str, int], date: str | None = None, automa: tuple[str, ...] = (),
          solo_goal: bool | None = None) -> Scored:
    players = []
    for name, total in totals:
        player = PlayerScore(name)
        player.add("Points", "total", total)
        players.append(player)
    for player in players:
        player.rank = 1 + sum(1 for other in players if other.total > player.total)
    return Scored(ScoreSheet(game, ("Points",), players, automa=automa, solo_goal=solo_goal),
                  PlayInfo(date=date))


def test_order_wins_then_win_rate_then_placing_or_average_then_name() -> None:
    # Dee and Cid: 1 win of 1 (averages 30 and 25); Al and Bo: 1 win of 2, both average 20, so
    # the name decides; Eve and Fay: no win, averages 20 and 10. Overall the placing comes
    # third, not the average: Dee and Cid placed 1.0 alike, so there the name decides.
    sheets = [
        sheet("galapagos", ("Dee", 30), ("Eve", 20)),
        sheet("galapagos", ("Bo", 30), ("Al", 20)),
        sheet("galapagos", ("Bo", 10), ("Al", 20)),
        sheet("galapagos", ("Cid", 25), ("Fay", 10)),
    ]
    result = compute(sheets)
    per_game = [player.name for player, _ in result.table("galapagos")]
    assert per_game == ["Dee", "Cid", "Al", "Bo", "Eve", "Fay"]
    assert [player.name for player in result.players] == ["Cid", "Dee", "Al", "Bo", "Eve", "Fay"]
    al, bo = result.players[2], result.players[3]
    assert order_key(al, al.overall)[:3] == order_key(bo, bo.overall)[:3]  # level: the name decides
    assert order_key(al, al.by_game["galapagos"], "galapagos")[:3] == \
        order_key(bo, bo.by_game["galapagos"], "galapagos")[:3]


def test_solo_sheets_and_automa() -> None:
    percy_won = sheet("caribe", ("Ana", 90), ("Percy", 95), automa=("Percy",), solo_goal=False)
    beat_percy = sheet("caribe", ("ana", 99), ("Percy", 95), automa=("Percy",), solo_goal=True)
    alone = sheet("caracas", ("Ana", 31))   # no goal: solo_goal None
    result = compute([percy_won, beat_percy, alone])
    assert [player.name for player in result.players] == ["Ana"]
    record = result.players[0].overall
    assert (record.played, record.wins, record.points, record.best) == (3, 1, 220, 99)


def test_dates_filter_whole_days() -> None:
    import datetime

    sheets = [sheet("origin", ("A", 1), date="2026-11-28T23:59"),
              sheet("origin", ("A", 1), date="2026-11-29"), sheet("origin", ("A", 1))]

    day = datetime.date(2026, 11, 28)
    assert compute(sheets, Filters(since=day, until=day)).players[0].overall.played == 1
    assert compute(sheets, Filters(since=day)).players[0].overall.played == 2
    assert compute(sheets).players[0].overall.played == 3
    assert compute(sheets, Filters(game="caribe")).players == []


def test_empty_standings(tmp_path: Path) -> None:
    shutil.copy(EXAMPLES / "league" / "01-galapagos-opening-night.yaml", tmp_path / "a.yaml")
    result = run_cli("standings", str(tmp_path), "--game", "origin")
    assert result.exit_code == 0 and "No plays to count." in result.stdout
    _, data, _ = standings_json(str(tmp_path), "--game", "origin")
    assert data == {"files": 1, "left_out": 0, "players": []}


def test_a_solo_game_lost_is_no_win_in_csv_or_bgstats() -> None:
    """Beat Your Own Score ranks its one player 1st, but a missed score to beat is no win."""
    byos = str(EXAMPLES / "league" / "08-caribe-carla-byos.yaml")
    rows = list(csv.DictReader(io.StringIO(run_cli("score", byos, "--format", "csv").stdout)))
    assert [(row["player"], row["rank"], row["winner"]) for row in rows] == [("Carla", "1", "false")]
    play = json.loads(run_cli("score", byos, "--format", "bgstats").stdout)
    assert [player["winner"] for player in play["players"]] == [False]


@pytest.mark.parametrize("columns", first_quick(60, 66, 72, 80))
def test_every_table_follows_the_width_rule(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            columns: int) -> None:
    """Headers wrap, then names, then a table too wide stacks (SPEC: 80 columns and narrower)."""
    shutil.copytree(EXAMPLES / "league", tmp_path / "league")
    finale = tmp_path / "league" / "12-galapagos-season-finale.yaml"
    finale.write_text(finale.read_text(encoding="utf-8").replace("Duarte", "Duarte Nuno de Albuquerque"),
                      encoding="utf-8")
    monkeypatch.setenv("COLUMNS", str(columns))
    options = ("--ratings", "--versus", "--streaks", "--by-players", "--categories")
    out = run_cli("standings", str(tmp_path / "league"), *options).stdout
    assert max(len(line) for line in out.splitlines()) <= columns
    assert "Albuquerque" in out and "Played 2; Wins 1; Win rate 50%" in run_cli(
        "standings", str(tmp_path / "league"), env={"COLUMNS": "60"}).stdout
    wide = run_cli("standings", str(tmp_path / "league"), *options, "--wide").stdout
    assert "  Win rate  " in wide and "Duarte Nuno de Albuquerque" in wide
