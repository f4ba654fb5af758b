"""League insight (SPEC section 7): ratings and their property, the play order, head to head,
streaks and form, by number of players, per category, the placing share, every format, the chart."""

from __future__ import annotations

import csv
import io
import itertools
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorecalc.league.chart import date_ticks, label_positions, season_picture
from scorecalc.league.figures import by_players, categories
from scorecalc.league.figures.ratings import Ratings, Seat, changes, rating
from scorecalc.league.figures.streaks import player_form
from scorecalc.league.figures.versus import versus_of
from scorecalc.league.standings import Insight, compute, placing_shares
from scorecalc.sheet import PlayerScore, PlayInfo, Scored, ScoreSheet
from tests.helpers import EXAMPLES, examples, run_cli, run_scorecalc
from tests.support.rating_plays import REGIMES, broken_plays, random_plays, violations

LEAGUE = str(EXAMPLES / "league")
WriteYaml = Callable[[str, str], Path]
EVERY_OPTION = ("--ratings", "--versus", "--streaks", "--by-players", "--categories")


def sheet(game: str, *totals: tuple[str, int], date: str | None = None, file: str = "-",
          categories: tuple[str, ...] = ("Points",), automa: tuple[str, ...] = (),
          solo_goal: bool | None = None) -> Scored:
    """A table ranked by total; each total is split evenly over ``categories`` (the first takes
    what is left)."""
    players = []
    for name, total in totals:
        player = PlayerScore(name)
        share = total // len(categories)
        for index, category in enumerate(categories):
            player.add(category, category, total - share * (len(categories) - 1) if index == 0 else share)
        players.append(player)
    for player in players:
        player.rank = 1 + sum(1 for other in players if other.total > player.total)
    return Scored(ScoreSheet(game, categories, players, automa=automa, solo_goal=solo_goal),
                  PlayInfo(file=file, date=date))


def league_json(*args: str) -> dict:
    result = run_cli("standings", LEAGUE, *args, "--format", "json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


# --- ratings: the property, chosen by ------------------------------------------------------


@pytest.mark.slow  # every example, or many random seasons: the full suite's
@pytest.mark.parametrize("regime", list(REGIMES))
def test_co_winners_gain_at_least_as_much_as_those_they_beat(regime: str) -> None:
    """SPEC's property over 10,000 random plays with ties (about a quarter with a shared
    first place): as stated where players come to the table rated alike, and, where their
    ratings differ, for every co-winner who came rated no higher than the player she beat (a
    rating rightly moves more for a surprise: bench/rating_models.py, docs/league.md)."""
    plays = random_plays(random.Random(23), 10_000, regime)
    newcomers = regime == "newcomers"
    assert broken_plays(plays, newcomers=newcomers, fair=not newcomers) == 0


@pytest.mark.slow
def test_the_random_plays_have_ties() -> None:
    plays = list(random_plays(random.Random(23), 10_000, "seasons"))
    assert sum(1 for seats in plays if sum(seat.rank == 1 for seat in seats) > 1) > 2_000
    assert {len(seats) for seats in plays} == {2, 3, 4, 5, 6}


@settings(max_examples=examples(200))
@given(st.lists(st.lists(st.integers(0, 3), min_size=2, max_size=6), min_size=1, max_size=30),
       st.randoms(use_true_random=False))
def test_ratings_property_holds_for_any_season(results: list[list[int]], rng: random.Random) -> None:
    pool = [f"p{index}" for index in range(8)]
    ratings = Ratings()
    for scores in results:
        seated = rng.sample(pool, len(scores))
        seats = [Seat(key, 1 + sum(other > mine for other in scores))
                 for key, mine in zip(seated, scores, strict=True)]
        assert violations(ratings.play(seats), fair=True) == []


def test_a_shared_first_place_is_a_draw_between_co_winners() -> None:
    """The case openskill's Plackett-Luce gets wrong (reported upstream): five newcomers,
    two share first place; both gain alike and more than anyone they beat."""
    changes = Ratings().play([Seat("a", 1), Seat("b", 1), Seat("c", 3), Seat("d", 4), Seat("e", 5)])
    gains = [change.ordinal_change for change in changes]
    assert gains[0] == pytest.approx(gains[1])
    assert gains[1] > gains[2] > gains[3] > gains[4]


def test_a_solo_play_rates_no_one() -> None:
    ratings = Ratings()
    assert ratings.play([Seat("a", 1)]) == []
    assert ratings.get("a") is None
    alone = sheet("caracas", ("Ana", 31), date="2026-01-03")
    together = sheet("origin", ("Ana", 40), ("Bo", 30), date="2026-01-04")
    result = compute([alone, together], insight=Insight.of("ratings"))
    ana = next(player for player in result.players if player.name == "Ana")
    assert rating(ana.by_game["caracas"]) is None and rating(ana.overall) is not None
    assert rating(ana.overall) == rating(ana.by_game["origin"])


# --- the play order --------------------------------------------------------------------------


def season_in_file_order() -> list[Scored]:
    """Files a, b, c, z; the play order is c (1 Jan), z (2 Jan, a date alone), a (2 Jan 10:00),
    b (undated). Ana wins c and a."""
    return [sheet("origin", ("Ana", 50), ("Bo", 40), date="2026-01-02T10:00", file="a.yaml"),
            sheet("origin", ("Ana", 30), ("Bo", 40), file="b.yaml"),
            sheet("origin", ("Ana", 50), ("Bo", 40), date="2026-01-01T23:00", file="c.yaml"),
            sheet("origin", ("Ana", 30), ("Bo", 40), date="2026-01-02", file="z.yaml")]


def test_streaks_form_and_ratings_follow_the_play_order() -> None:
    result = compute(season_in_file_order(), insight=Insight.of("ratings", "streaks"))
    assert [play.info.file for play in result.in_order] == ["c.yaml", "z.yaml", "a.yaml", "b.yaml"]
    ana = next(player for player in result.players if player.name == "Ana")
    form = player_form(ana)
    assert form is not None and (form.form, form.longest, form.current) == ("WLWL", 1, 0)
    by_hand = Ratings()
    for winner in ("Ana", "Bo", "Ana", "Bo"):
        by_hand.play([Seat("ana", 1 if winner == "Ana" else 2), Seat("bo", 1 if winner == "Bo" else 2)])
    assert rating(ana.overall) == by_hand.get("ana")
    assert rating(ana.by_game["origin"]) == by_hand.get("ana")


def test_solo_plays_without_a_goal_count_in_neither_streaks_nor_form() -> None:
    alone = sheet("caracas", ("Ana", 31), date="2026-01-03")
    percy = sheet("caribe", ("Ana", 90), ("Percy", 80), date="2026-01-04", automa=("Percy",), solo_goal=True)
    result = compute([*season_in_file_order(), alone, percy], insight=Insight.of("streaks"))
    ana = next(player for player in result.players if player.name == "Ana")
    form = player_form(ana)
    assert form is not None and form.form == "WLWWL"  # c z a [alone: none] percy b
    assert (form.longest, form.current) == (2, 0)
    only_alone = compute([alone], insight=Insight.of("streaks"))
    assert player_form(only_alone.players[0]) is None


@pytest.mark.slow  # every option and both charts, twice
def test_two_runs_are_byte_identical(tmp_path: Path) -> None:
    first = run_cli("standings", LEAGUE, *EVERY_OPTION, "-f", "json", "--chart", str(tmp_path / "a.svg"))
    second = run_cli("standings", LEAGUE, *EVERY_OPTION, "-f", "json", "--chart", str(tmp_path / "b.svg"))
    assert first.stdout == second.stdout
    assert (tmp_path / "a.svg").read_bytes() == (tmp_path / "b.svg").read_bytes()
    run_cli("standings", LEAGUE, "--ratings", "--chart", str(tmp_path / "a.png"))
    run_cli("standings", LEAGUE, "--ratings", "--chart", str(tmp_path / "b.png"))
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()


# --- placing, head to head, by players, categories: by hand --------------------------------


def test_placing_is_the_mean_share_over_plays_with_others() -> None:
    three = sheet("galapagos", ("Ana", 30), ("Bo", 20), ("Cy", 20))  # Ana 1st, Bo and Cy share 2nd
    assert placing_shares(three.sheet) == {"Ana": 1.0, "Bo": 0.5, "Cy": 0.5}
    four = sheet("galapagos", ("Ana", 10), ("Bo", 30), ("Cy", 30), ("Di", 20))  # Bo, Cy 1st; Di 3rd
    assert placing_shares(four.sheet) == {"Ana": 0.0, "Bo": 1.0, "Cy": 1.0, "Di": pytest.approx(1 / 3)}
    solo = sheet("caracas", ("Ana", 31))
    result = compute([three, four, solo])
    placing = {player.name: player.overall.placing for player in result.players}
    assert placing == {"Ana": 0.5, "Bo": 0.75, "Cy": 0.75, "Di": pytest.approx(1 / 3)}
    assert compute([solo]).players[0].overall.placing is None


def test_the_overall_order_is_wins_win_rate_placing_name() -> None:
    # Dee and Cid each won their only play (averages 30 and 25): placing 1.0 alike, so the name
    # decides overall, where per game the average still does; Fay (second of three: 0.5) comes
    # before Eve and Gus (last: 0) overall although her average is lower than Eve's.
    sheets = [sheet("galapagos", ("Dee", 30), ("Eve", 20)),
              sheet("galapagos", ("Cid", 25), ("Fay", 10), ("Gus", 5))]
    result = compute(sheets)
    assert [player.name for player in result.players] == ["Cid", "Dee", "Fay", "Eve", "Gus"]
    assert [player.name for player, _ in result.table("galapagos")] == ["Dee", "Cid", "Eve", "Fay", "Gus"]


def test_versus_rival_and_nemesis_by_hand() -> None:
    sheets = [sheet("origin", ("Ana", 50), ("Bo", 40), ("Cy", 40)),   # Ana ahead of Bo and Cy
              sheet("origin", ("Ana", 30), ("Bo", 40)),                # Bo ahead of Ana
              sheet("origin", ("Ana", 30), ("Bo", 40)),                # Bo ahead of Ana
              sheet("origin", ("Cy", 45), ("Ana", 45), ("Bo", 10))]   # Ana and Cy level
    result = compute(sheets, insight=Insight.of("versus"))
    ana = next(player for player in result.players if player.name == "Ana")
    assert [tuple(meeting) for meeting in versus_of(ana).meetings] == [("bo", 4, 2, 2), ("cy", 2, 1, 0)]
    assert versus_of(ana)[1:] == ("Bo", None)  # Bo was ahead 2 times, behind 2: no nemesis
    cy = next(player for player in result.players if player.name == "Cy")
    assert [tuple(meeting) for meeting in versus_of(cy).meetings] == [("ana", 2, 0, 1), ("bo", 2, 1, 0)]
    assert versus_of(cy)[1:] == ("Ana", "Ana")  # met both twice, records 0-1 and 1-0: the name decides
    bo = next(player for player in result.players if player.name == "Bo")
    assert [tuple(meeting) for meeting in versus_of(bo).meetings] == [("ana", 4, 2, 2), ("cy", 2, 0, 1)]
    assert versus_of(bo).nemesis == "Cy"  # ahead of Bo once (a shared place once), never behind
    lonely = compute([sheet("caracas", ("Ana", 31))], insight=Insight.of("versus")).players[0]
    assert versus_of(lonely) == ([], None, None)


def test_by_players_and_categories_by_hand() -> None:
    parts = ("Game score", "Books")
    sheets = [sheet("origin", ("Ana", 50), ("Bo", 40), categories=parts),
              sheet("origin", ("Ana", 31), ("Bo", 40), ("Cy", 20), categories=parts),
              sheet("origin", ("Ana", 61), ("Bo", 40), categories=parts)]
    result = compute(sheets, insight=Insight.of("by_players", "categories"))
    record = next(player for player in result.players if player.name == "Ana").by_game["origin"]
    parts = by_players.parts(record).items()
    by_size = {size: (part.played, part.wins, part.average) for size, part in parts}
    assert by_size == {2: (2, 2, 55.5), 3: (1, 0, 31.0)}
    # Ana's totals 50, 31, 61: Books 25, 15, 30; Game score the rest: 25, 16, 31
    assert categories.averages(record) == {"Game score": 24.0, "Books": pytest.approx(70 / 3)}


# --- every format --------------------------------------------------------------------------


def test_json_keys_of_every_option() -> None:
    data = league_json(*EVERY_OPTION)
    ana = data["players"][0]
    assert list(ana) == ["name", "played", "wins", "win_rate", "points", "average", "best", "placing",
                         "rating", "streak", "form", "versus", "rival", "nemesis", "by_game"]
    assert set(ana["rating"]) == {"ordinal", "mu", "sigma"}
    rating = ana["rating"]
    assert rating["ordinal"] == pytest.approx(rating["mu"] - 3 * rating["sigma"], abs=0.002)
    assert set(ana["streak"]) == {"longest", "current"}
    assert len(ana["form"]) == 5 and set(ana["form"]) <= {"W", "L"}
    assert all(list(meeting) == ["name", "met", "ahead", "behind"] for meeting in ana["versus"])
    assert ana["rival"] in {meeting["name"] for meeting in ana["versus"]}
    caribe = ana["by_game"]["caribe"]
    assert list(caribe) == ["played", "wins", "win_rate", "points", "average", "best", "rating", "by_players",
                            "categories"]
    assert caribe["by_players"] == {"1": {"played": 1, "wins": 1, "win_rate": 1.0, "average": 97.0},
                                    "4": {"played": 1, "wins": 0, "win_rate": 0.0, "average": 97.0}}
    assert list(caribe["categories"]) == ["Game score", "Universities", "Books", "Leftovers"]
    assert sum(caribe["categories"].values()) == pytest.approx(caribe["average"])


def test_without_options_json_adds_only_placing() -> None:
    plain = league_json()
    assert list(plain["players"][0]) == ["name", "played", "wins", "win_rate", "points", "average", "best",
                                         "placing", "by_game"]
    # Duarte: last at 02, 03, 04, 09 and 12, a shared win at 06, third of four at 11, and solo at 10:
    # (0 + 0 + 0 + 1 + 0 + 1/3 + 0) / 7
    assert [p["placing"] for p in plain["players"]] == [0.738, 0.667, 0.667, 0.19]
    every = league_json(*EVERY_OPTION)
    for before, after in zip(plain["players"], every["players"], strict=True):
        assert {key: after[key] for key in before if key != "by_game"} == \
            {key: value for key, value in before.items() if key != "by_game"}


def csv_rows(*args: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(run_cli("standings", LEAGUE, *args, "-f", "csv").stdout)))


@pytest.mark.slow
def test_csv_options_add_columns_only() -> None:
    plain = csv_rows()
    assert list(plain[0]) == ["player", "game", "played", "wins", "win_rate", "points", "average", "best",
                              "placing"]
    assert plain[0] == {"player": "Ana", "game": "all", "played": "8", "wins": "5", "win_rate": "0.625",
                        "points": "", "average": "", "best": "", "placing": "0.738"}
    assert all(row["placing"] == "" for row in plain if row["game"] != "all")
    for option in EVERY_OPTION:
        rows = csv_rows(option)
        assert list(rows[0])[:9] == list(plain[0]) and len(rows[0]) > 9, option
        assert [{key: row[key] for key in plain[0]} for row in rows] == plain, option
    every = csv_rows(*EVERY_OPTION)
    assert list(every[0])[9:21] == ["rating_ordinal", "rating_mu", "rating_sigma", "streak_longest",
                                    "streak_current", "form", "rival", "nemesis", "players1_played",
                                    "players1_wins", "players1_win_rate", "players1_average"]
    assert "Common animals" in every[0] and every[0]["Common animals"] == ""  # categories: game rows only
    caracas = next(row for row in every if row["game"] == "caracas" and row["player"] == "Duarte")
    # Common animals over her 2 plays with a board (her comparison-only play records Landscape alone)
    assert caracas["Common animals"] == "6.5" and caracas["Game score"] == "" and caracas["form"] == ""


def test_tables_fit_80_columns_with_long_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    long_name = "Maria da Conceição dos Santos Pereira de Albuquerque Vasconcelos"
    for path in sorted((EXAMPLES / "league").glob("*.yaml")):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8").replace("Bruno", long_name),
                                          encoding="utf-8")
    monkeypatch.setenv("COLUMNS", "80")
    for fmt in ("table", "markdown"):
        out = run_cli("standings", str(tmp_path), *EVERY_OPTION, "-f", fmt).stdout
        for title in ("Ratings", "Streaks and form", "Head to head", "Caribe by number of players",
                      "Caracas: average per category"):
            assert title in out, (fmt, title)
        if fmt == "table":
            assert max(len(line) for line in out.splitlines()) <= 80
            assert "Vasconcelos" in out and long_name not in out
        else:
            assert long_name in out  # markdown never wraps
    assert long_name in run_cli("standings", str(tmp_path), *EVERY_OPTION, "--wide").stdout


def test_the_overall_table_shows_placing_not_points(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out = run_cli("standings", LEAGUE).stdout
    overall = out.split("\nCaracas\n")[0]
    assert "Placing" in overall and "Points" not in overall and "0.74" in overall
    assert "Points" in out.split("\nCaracas\n")[1]
    markdown = run_cli("standings", LEAGUE, "-f", "markdown").stdout
    overall = markdown.split("## Caracas")[0]
    assert "Placing |" in overall and "Points" not in overall


@pytest.mark.slow  # matplotlib draws a chart (a heavy import): the suite's, not the quick loop's
def test_insight_options_do_not_go_with_bgsplay(tmp_path: Path) -> None:
    result = run_cli("standings", LEAGUE, "--ratings", "-f", "bgsplay")
    assert result.exit_code == 2 and "--ratings adds to the standings" in result.stderr
    chart = tmp_path / "season.png"
    result = run_cli("standings", LEAGUE, "-f", "bgsplay", "--chart", str(chart))
    assert result.exit_code == 0 and json.loads(result.stdout)["plays"] and chart.stat().st_size > 0


# --- the chart --------------------------------------------------------------------------------


@pytest.mark.slow  # a long check: the full suite runs it, not the quick loop
def test_chart_png_is_1200_by_800(tmp_path: Path) -> None:
    from PIL import Image

    for args in ((), ("--ratings",)):
        out = tmp_path / "season.png"
        result = run_cli("standings", LEAGUE, *args, "--chart", str(out))
        assert result.exit_code == 0, result.stderr
        with Image.open(out) as image:
            image.verify()
        with Image.open(out) as image:
            assert (image.format, image.size) == ("PNG", (1200, 800))
            colours = {colour for _, colour in image.convert("RGB").getcolors(1_000_000) or []}
        assert {(0x00, 0x72, 0xB2), (0xD5, 0x5E, 0x00), (0x00, 0x9E, 0x73), (0xCC, 0x79, 0xA7)} <= colours


@pytest.mark.slow  # matplotlib draws a chart (a heavy import): the suite's, not the quick loop's
def test_chart_svg_has_a_labelled_line_per_player(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ElementTree

    out = tmp_path / "season.svg"
    assert run_cli("standings", LEAGUE, "--ratings", "--chart", str(out)).exit_code == 0
    root = ElementTree.parse(out).getroot()
    ids = {element.get("id") for element in root.iter()}
    assert {f"line-{n}" for n in range(1, 5)} | {f"label-{n}" for n in range(1, 5)} <= ids
    assert "line-5" not in ids
    assert root.get("viewBox") == "0 0 864 576"  # 12 x 8 inches: 1200 x 800 at 100 dpi


def test_chart_series_are_ratings_or_wins_after_each_dated_play() -> None:
    sheets = [*season_in_file_order(),
              sheet("origin", ("Cy", 10), ("Bo", 20), date="2026-01-05", file="d.yaml")]
    wins = season_picture(compute(sheets, insight=Insight(chart=True)))
    assert wins.days == ("2026-01-01", "2026-01-02", "2026-01-02", "2026-01-05")
    assert wins.undated == 1  # b.yaml: drawn last, as play 5, so each line ends at the table's wins
    assert {line.name: line.points for line in wins.lines} == {
        "Ana": ((1, 1.0), (2, 1.0), (3, 2.0), (5, 2.0)),
        "Bo": ((1, 0.0), (2, 1.0), (3, 1.0), (4, 2.0), (5, 3.0)),
        "Cy": ((4, 0.0),)}
    rated = compute(sheets, insight=Insight.of("ratings", chart=True))
    picture = season_picture(rated)
    assert picture.measure == "Rating (ordinal)"
    ana = next(line for line in picture.lines if line.name == "Ana")
    assert [x for x, _ in ana.points] == [1, 2, 3, 5]
    assert ana.points[2][1] == pytest.approx(changes(rated)[2][0].after.ordinal)


def test_chart_labels_never_overlap_and_ticks_name_days() -> None:
    placed = label_positions([(1.0, 0, "a"), (1.01, 1, "b"), (0.99, 2, "c"), (5.0, 3, "d")], 0.5)
    heights = sorted(y for y, _ in placed.values())
    assert all(b - a >= 0.5 - 1e-12 for a, b in itertools.pairwise(heights))
    assert date_ticks(("2026-12-30", "2026-12-31", "2027-01-01")) == {
        1: "30 Dec\n2026", 2: "31 Dec", 3: "1 Jan\n2027"}
    assert len(date_ticks(tuple(f"2026-01-{day:02d}" for day in range(1, 31)))) <= 6


@pytest.mark.slow  # matplotlib draws a chart (a heavy import): the suite's, not the quick loop's
def test_chart_with_no_dated_play(tmp_path: Path, write_yaml: WriteYaml) -> None:
    table = (EXAMPLES / "league" / "06-galapagos-shared-victory.yaml").read_text(encoding="utf-8")
    write_yaml(table.replace("date: 2026-10-10\n", ""), "a.yaml")
    out = tmp_path / "season.png"
    assert run_cli("standings", str(tmp_path / "a.yaml"), "--chart", str(out)).exit_code == 0
    assert out.read_bytes().startswith(b"\x89PNG")


@pytest.mark.slow  # matplotlib draws a chart (a heavy import): the suite's, not the quick loop's
def test_a_name_the_font_cannot_draw_is_a_warning(tmp_path: Path, write_yaml: WriteYaml) -> None:
    table = (EXAMPLES / "league" / "06-galapagos-shared-victory.yaml").read_text(encoding="utf-8")
    write_yaml(table.replace("Bruno", "王小明"), "a.yaml")
    out = tmp_path / "season.png"
    result = run_cli("standings", str(tmp_path / "a.yaml"), "--chart", str(out), "-f", "csv")
    assert result.exit_code == 0 and out.exists()
    assert result.stderr == (f"{out}: warning: the chart's font has no glyph for '小明王'; those characters "
                             "of names show as boxes\n")


def test_chart_has_the_protections_of_output(tmp_path: Path) -> None:
    source = tmp_path / "season.svg"  # a table (named oddly) given as the input
    source.write_text((EXAMPLES / "league" / "01-galapagos-opening-night.yaml").read_text(encoding="utf-8"))
    cases = [
        (str(source), "--chart would overwrite an input file"),
        (str(tmp_path / "season.gif"), "give a path ending in .png or .svg"),
        (str(tmp_path / "nowhere" / "season.png"), "in a folder that does not exist"),
        (str(tmp_path), "give a path ending in .png or .svg"),
    ]
    readonly = tmp_path / "readonly.png"
    readonly.write_bytes(b"")
    readonly.chmod(0o444)
    cases.append((str(readonly), "--chart is read-only"))
    for chart, message in cases:
        result = run_cli("standings", str(source), "--chart", chart)
        assert result.exit_code == 2 and message in result.stderr, (chart, result.stderr)
        assert result.stdout == ""
    same = tmp_path / "same.png"
    result = run_cli("standings", str(source), "--chart", str(same), "-o", str(same))
    assert result.exit_code == 2 and "--chart and --output name the same file" in result.stderr
    assert source.read_text(encoding="utf-8").startswith("#")


def test_chart_without_matplotlib_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    import importlib.util

    real = importlib.util.find_spec

    def find_spec(name: str, *args: object) -> object:
        return None if name == "matplotlib" else real(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    result = run_cli("standings", LEAGUE, "--chart", str(tmp_path / "season.png"))
    assert result.exit_code == 2 and result.stdout == ""
    assert "pip install 'scorecalc[chart]'" in result.stderr
    assert not (tmp_path / "season.png").exists()


# --- what a run imports ---------------------------------------------------------------------

IMPORTED = """
import atexit, sys
atexit.register(lambda: print(sorted({m.split('.')[0] for m in sys.modules}), file=sys.stderr))
from scorecalc.cli import main
sys.argv[0] = "scorecalc"
main()
"""


def top_level_modules(*args: str) -> set[str]:
    import ast

    done = run_scorecalc(*args, script=IMPORTED)
    assert done.returncode == 0, done.stderr
    names: list[str] = ast.literal_eval(done.stderr.strip().splitlines()[-1])
    return set(names)


@pytest.mark.slow  # three processes, one of them drawing a chart
def test_each_library_is_imported_only_by_its_option(tmp_path: Path) -> None:
    plain = top_level_modules("standings", LEAGUE, "-f", "json")
    assert not plain & {"openskill", "matplotlib", "numpy", "PIL"}
    rated = top_level_modules("standings", LEAGUE, "--ratings", "--versus", "--streaks", "--by-players",
                              "--categories", "-f", "csv")
    assert "openskill" in rated and not rated & {"matplotlib", "numpy"}
    charted = top_level_modules("standings", LEAGUE, "--chart", str(tmp_path / "season.png"))
    assert "matplotlib" in charted and "openskill" not in charted
