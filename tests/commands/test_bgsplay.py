"""``--format bgsplay`` (SPEC section 7): every play of a run as one BG Stats import file, in the
shape public BG Stats play files have (docs/output.md names the sources)."""

from __future__ import annotations

import json
import re
import shutil
import uuid
from pathlib import Path

import pytest

from scorecalc import __version__
from scorecalc.output.bgsplay import NAMESPACE
from scorecalc.pipeline import score_file
from scorecalc.plays import read_play
from tests.helpers import EXAMPLES, run_cli, run_scorecalc

LEAGUE = EXAMPLES / "league"
TOP = ["about", "games", "players", "locations", "plays", "userInfo"]
GAME = ["id", "uuid", "name", "modificationDate", "cooperative", "highestWins", "noPoints", "usesTeams",
        "bggId", "bggYear"]
PLAYER = ["id", "uuid", "name", "isAnonymous", "modificationDate"]
LOCATION = ["id", "uuid", "name", "modificationDate"]
PLAY = ["uuid", "modificationDate", "entryDate", "playDate", "playDateYmd", "gameRefId", "locationRefId",
        "durationMin", "ignored", "manualWinner", "rounds", "rating", "scoringSetting", "usesTeams",
        "playImages", "comments", "playerScores"]
SCORE = ["playerRefId", "score", "winner", "rank", "seatOrder", "startPlayer", "newPlayer"]
MOMENT = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")


def season(*args: str) -> tuple[int, dict, str]:
    result = run_cli("standings", *args, "--format", "bgsplay")
    return result.exit_code, json.loads(result.stdout) if result.stdout else {}, result.stderr


def test_the_league_as_one_import_file(tmp_path: Path) -> None:
    """The league's season as one BG Stats import file: every play (12) and every player once."""
    out = tmp_path / "season.bgsplay"
    result = run_cli("standings", str(LEAGUE), "--format", "bgsplay", "-o", str(out))
    assert result.exit_code == 0 and result.stdout == "", result.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert len(data["plays"]) == 12
    standings = json.loads(run_cli("standings", str(LEAGUE), "-f", "json").stdout)
    names = sorted(p["name"] for p in standings["players"])
    assert sorted(player["name"] for player in data["players"]) == names
    assert len({player["uuid"] for player in data["players"]}) == len(data["players"])
    assert [game["name"] for game in data["games"]] == ["Galapagos", "On the Origin of Species", "Caracas",
                                                         "Caribe"]
    assert [location["name"] for location in data["locations"]] == ["Clube do Tabuleiro", "Carla's kitchen",
                                                                     "home"]


def test_the_shape_of_public_play_files() -> None:
    code, data, _ = season(str(LEAGUE))
    assert code == 0 and list(data) == TOP
    assert data["about"] == f"scorecalc {__version__}" and data["userInfo"] == {"meRefId": 1}
    for kind, keys in (("games", GAME), ("players", PLAYER), ("locations", LOCATION)):
        assert [entry["id"] for entry in data[kind]] == list(range(1, len(data[kind]) + 1))
        for entry in data[kind]:
            assert list(entry) == keys, kind
            assert MOMENT.fullmatch(entry["modificationDate"])
    ids = {kind: {entry["id"] for entry in data[kind]} for kind in ("games", "players", "locations")}
    for play in data["plays"]:
        assert list(play) == [key for key in PLAY if key in play]
        assert set(PLAY) - set(play) <= {"locationRefId", "comments"}
        assert play["modificationDate"] == play["entryDate"] == play["playDate"]
        assert play["playDateYmd"] == int(play["playDate"][:10].replace("-", ""))
        assert play["gameRefId"] in ids["games"] and play.get("locationRefId", 1) in ids["locations"]
        assert play["playImages"] == "[]" and play["scoringSetting"] == 0 and play["manualWinner"] is False
        orders = [score["seatOrder"] for score in play["playerScores"]]
        assert orders == list(range(len(orders)))
        starts = [score["startPlayer"] for score in play["playerScores"]]
        assert starts == [True] + [False] * (len(orders) - 1)
        for score in play["playerScores"]:
            assert list(score) == SCORE and score["playerRefId"] in ids["players"]
            assert isinstance(score["score"], str) and int(score["score"]) >= 0
            assert score["newPlayer"] is False and isinstance(score["rank"], int)


def test_uuids_are_uppercase_uuid5_of_the_keys() -> None:
    _, data, _ = season(str(LEAGUE))
    plays = [read_play(score_file(str(path))) for path in sorted(LEAGUE.glob("*.yaml"))]
    for entry, play in zip(data["plays"], plays, strict=True):
        assert entry["uuid"] == str(uuid.uuid5(NAMESPACE, f"play:{play.source_play_id}")).upper()
        assert entry["playDate"] == play.play_date
    assert data["players"][0]["uuid"] == str(uuid.uuid5(NAMESPACE, "player:ana")).upper()
    assert data["games"][0]["uuid"] == str(uuid.uuid5(NAMESPACE, "game:galapagos")).upper()
    assert data["locations"][0]["uuid"] == str(uuid.uuid5(NAMESPACE, "location:Clube do Tabuleiro")).upper()
    for kind in ("games", "players", "locations", "plays"):
        for entry in data[kind]:
            assert uuid.UUID(entry["uuid"]).version == 5 and entry["uuid"] == entry["uuid"].upper()
    assert NAMESPACE == uuid.uuid5(uuid.NAMESPACE_URL, "https://github.com/scorecalc/scorecalc#bgsplay")


def test_dated_by_the_earliest_play() -> None:
    _, data, _ = season(str(LEAGUE))
    for kind, ref in (("games", "gameRefId"), ("locations", "locationRefId")):
        for entry in data[kind]:
            dates = [play["playDate"] for play in data["plays"] if play.get(ref) == entry["id"]]
            assert entry["modificationDate"] == min(dates)
    for player in data["players"]:
        dates = [play["playDate"] for play in data["plays"]
                 if any(score["playerRefId"] == player["id"] for score in play["playerScores"])]
        assert player["modificationDate"] == min(dates)


@pytest.mark.slow  # three processes
def test_byte_identical_run_to_run(tmp_path: Path) -> None:
    """The same season exported twice, in two processes and from a copy, is the same bytes."""
    copy = tmp_path / "league"
    shutil.copytree(LEAGUE, copy)
    outputs = []
    for folder in (LEAGUE, LEAGUE, copy):
        done = run_scorecalc("standings", str(folder), "-f", "bgsplay", text=False)
        assert done.returncode == 0
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] == outputs[2]
    assert run_cli("score", str(LEAGUE), "-f", "bgsplay").stdout.encode() == outputs[0]


def test_players_merged_by_name_key_games_and_locations_by_name(write_yaml) -> None:
    table = """\
        game: galapagos
        date: %s
        location: %s
        players:
          - {name: %s, exhibition: 20, education: 5, animals: 0, money: 1500}
          - {name: Bo, exhibition: 21, education: 5, animals: 0, money: 1500}
        """
    first = write_yaml(table % ("2026-01-02", "Home", "Ana"), "a.yaml")
    second = write_yaml(table % ("2026-01-01", "Home", "ana"), "b.yaml")
    code, data, _ = season(str(first), str(second))
    assert code == 0
    assert [(p["id"], p["name"]) for p in data["players"]] == [(1, "Ana"), (2, "Bo")]  # as first spelled
    assert len(data["games"]) == len(data["locations"]) == 1
    assert data["players"][0]["modificationDate"] == data["plays"][1]["playDate"]  # the earlier play
    assert [score["playerRefId"] for play in data["plays"] for score in play["playerScores"]] == [1, 2, 1, 2]


def test_broken_files_are_left_out_and_the_file_still_written(tmp_path: Path) -> None:
    folder = tmp_path / "league"
    shutil.copytree(LEAGUE, folder)
    (folder / "13-broken.yaml").write_text("game: galapagos\nplayers: 3\n", encoding="utf-8")
    out = tmp_path / "season.bgsplay"
    for command in ("standings", "score"):
        result = run_cli(command, str(folder), "-f", "bgsplay", "-o", str(out))
        assert result.exit_code == 2 and "13-broken.yaml" in result.stderr
        assert len(json.loads(out.read_text(encoding="utf-8"))["plays"]) == 12
        out.unlink()


def test_standings_filters_choose_the_plays() -> None:
    assert len(season(str(LEAGUE), "--game", "caribe")[1]["plays"]) == 3
    _, data, _ = season(str(LEAGUE), "--since", "2026-10-01", "--until", "2026-10-31")
    assert [play["playDate"][:10] for play in data["plays"]] == [
        "2026-10-03", "2026-10-10", "2026-10-17", "2026-10-24", "2026-10-31"]
    assert [game["name"] for game in data["games"]] == ["Caribe", "Galapagos", "On the Origin of Species",
                                                         "Caracas"]


def test_percy_and_solo_games() -> None:
    percy, byos = LEAGUE / "05-caribe-ana-vs-percy.yaml", LEAGUE / "08-caribe-carla-byos.yaml"
    _, data, _ = season(str(percy), str(byos))
    assert [player["name"] for player in data["players"]] == ["Ana", "Carla"]
    assert [[(s["score"], s["winner"], s["rank"]) for s in play["playerScores"]] for play in data["plays"]] \
        == [[("97", True, 1)], [("91", False, 1)]]
    comments = {play.get("comments") for play in data["plays"]}
    assert comments == {None}


def test_comments_and_bgg_id(write_yaml) -> None:
    path = write_yaml("""\
        game: galapagos
        bgg_id: 454103
        notes: "Two lines\\nof notes"
        players:
          - {name: Ana, exhibition: 20, education: 5, animals: 0, money: 1500}
          - {name: Bo, exhibition: 21, education: 5, animals: 0, money: 1500}
        """)
    data = json.loads(run_cli("galapagos", str(path), "-f", "bgsplay").stdout)
    assert data["games"][0]["bggId"] == 454103 and data["plays"][0]["comments"] == "Two lines\nof notes"
    assert "locationRefId" not in data["plays"][0] and data["locations"] == []


def test_standings_refuses_bgstats_with_a_pointer() -> None:
    result = run_cli("standings", str(LEAGUE), "--format", "bgstats")
    assert result.exit_code == 2 and result.stdout == ""
    assert "--format bgsplay" in result.stderr and "one play" in result.stderr
