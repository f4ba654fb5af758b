"""Logging the play in BG Stats (SPEC section 7): the link's JSON, the link, the QR codes, the import file.

The QR codes are decoded with a real decoder (zxing-cpp): the one ``--qr`` draws, as a phone
sees the terminal (``tests/terminal_view.py``: cells twice as tall as wide), and the image
``--qr-file`` writes.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
import zxingcpp
from PIL import Image

from scorecalc.output.bgstats import LINK_PREFIX, bgstats_link, to_bgstats
from scorecalc.output.qr import GLYPHS, QUARTERS, qr_code
from scorecalc.pipeline import score_file
from tests.helpers import EXAMPLES, GAMES, run_cli, run_scorecalc
from tests.support.terminal_view import cells_of, decode

TWO = EXAMPLES / "league" / "03-caracas-two-explorers.yaml"
ORIGIN_TWO = EXAMPLES / "league" / "07-origin-sydney.yaml"
FOUR = EXAMPLES / "league" / "04-caribe-four-players.yaml"
FINALE = EXAMPLES / "league" / "12-galapagos-season-finale.yaml"
ALL_EXAMPLES = sorted(EXAMPLES.glob("*/*.yaml"))
LINK_KEYS = {"sourceName", "sourcePlayId", "playDate", "game", "location", "comments", "players"}
GAME_KEYS = {"name", "sourceGameId", "highestWins", "noPoints", "bggId"}
PLAYER_KEYS = {"name", "score", "winner", "startPlayer", "rank", "sourcePlayerId"}


def bgstats(path: Path | str, *more: str) -> dict:
    result = run_cli("score", str(path), "--format", "bgstats", *more)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def link_of(path: Path | str) -> str:
    result = run_cli("score", str(path), "--bgstats-link")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.endswith("\n") and result.stdout.count("\n") == 1
    return result.stdout.strip()


# --- the link's JSON ----------------------------------------------------------------------------


def test_every_field_of_a_play(zone) -> None:
    zone("Europe/Lisbon")  # UTC+0 in November, UTC+1 in summer
    play = bgstats(FINALE)
    assert list(play) == ["sourceName", "sourcePlayId", "playDate", "game", "location", "comments", "players"]
    assert play["sourceName"] == "scorecalc"
    assert re.fullmatch(r"[0-9a-f]{16}", play["sourcePlayId"])
    assert play["playDate"] == "2026-11-21 21:15:00"
    assert play["game"] == {"name": "Galapagos", "sourceGameId": "galapagos", "highestWins": True,
                            "noPoints": False}
    assert play["location"] == "Clube do Tabuleiro"
    assert play["comments"] == "Season finale.\nDuarte brought the cake."
    assert play["players"] == [
        {"name": "Carla", "score": 47, "winner": True, "startPlayer": True, "sourcePlayerId": "carla"},
        {"name": "Ana", "score": 45, "winner": False, "sourcePlayerId": "ana"},
        {"name": "Duarte", "score": 43, "winner": False, "sourcePlayerId": "duarte"},
    ]


def test_play_date_is_utc(zone) -> None:
    zone("Europe/Lisbon")
    assert bgstats(EXAMPLES / "league" / "04-caribe-four-players.yaml")["playDate"] == "2026-09-26 19:00:00"
    zone("America/New_York")
    assert bgstats(EXAMPLES / "league" / "04-caribe-four-players.yaml")["playDate"] == "2026-09-27 00:00:00"
    zone("Asia/Tokyo")
    assert bgstats(FINALE)["playDate"] == "2026-11-21 12:15:00"


@pytest.mark.parametrize(("name", "expected"), [
    ("Pacific/Pago_Pago", "2026-10-10 23:00:00"),   # UTC-11
    ("America/Los_Angeles", "2026-10-10 19:00:00"),
    ("UTC", "2026-10-10 12:00:00"),
    ("Asia/Kolkata", "2026-10-10 06:30:00"),
    ("Etc/GMT-12", "2026-10-10 00:00:00"),          # UTC+12
])
def test_a_date_alone_is_noon_local_and_keeps_its_day(zone, name: str, expected: str) -> None:
    zone(name)
    assert bgstats(EXAMPLES / "league" / "06-galapagos-shared-victory.yaml")["playDate"] == expected


def test_a_file_without_date_is_logged_at_its_modification_time(tmp_path: Path, zone) -> None:
    zone("Asia/Tokyo")  # the file's time is a moment: no time zone enters
    path = tmp_path / "undated.yaml"
    shutil.copy(EXAMPLES / "galapagos" / "shared-victory.yaml", path)
    os.utime(path, (0, 1_764_355_800))  # 2025-11-28 18:50:00 UTC
    play = bgstats(path)
    assert play["playDate"] == "2025-11-28 18:50:00"
    assert "location" not in play and "comments" not in play


def test_standard_input_without_date_is_logged_now() -> None:
    text = (EXAMPLES / "galapagos" / "shared-victory.yaml").read_text(encoding="utf-8")
    before = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(time.time() - 1))
    result = run_cli("score", "-", "--format", "bgstats", input=text)
    after = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(time.time() + 1))
    assert before <= json.loads(result.stdout)["playDate"] <= after


def test_source_play_id_is_the_tables_own(tmp_path: Path, zone) -> None:
    """The same table scored again, copied or touched keeps its id (even in another time
    zone); another score changes it; two identical undated tables share one."""
    first = bgstats(FINALE)["sourcePlayId"]
    copy = tmp_path / "copy.yaml"
    shutil.copy(FINALE, copy)
    os.utime(copy, (0, 0))
    zone("America/New_York")
    assert bgstats(copy)["sourcePlayId"] == bgstats(FINALE)["sourcePlayId"] == first
    copy.write_text(FINALE.read_text(encoding="utf-8").replace("exhibition: 42", "exhibition: 43"),
                    encoding="utf-8")
    assert bgstats(copy)["sourcePlayId"] != first
    undated = EXAMPLES / "galapagos" / "shared-victory.yaml"
    twin = tmp_path / "twin.yaml"
    twin.write_text(undated.read_text(encoding="utf-8"), encoding="utf-8")
    os.utime(twin, (0, 86_400))
    assert bgstats(twin)["sourcePlayId"] == bgstats(undated)["sourcePlayId"]
    assert bgstats(twin)["playDate"] != bgstats(undated)["playDate"]


def test_source_play_ids_differ_across_the_examples() -> None:
    ids = [to_bgstats(score_file(str(path)))["sourcePlayId"] for path in ALL_EXAMPLES]
    assert len(set(ids)) == len(ids)


def test_one_player_however_the_name_is_spelled(write_yaml) -> None:
    """``Ana`` and ``ana`` are one player in BG Stats, as in ``standings``."""
    table = """\
        game: galapagos
        players:
          - {name: %s, exhibition: 20, education: 5, animals: 0, money: 1500}
          - {name: "Bo\u200b", exhibition: 21, education: 5, animals: 0, money: 1500}
        """
    one = bgstats(write_yaml(table % "Ana", "one.yaml"))
    other = bgstats(write_yaml(table % "'  ana '", "other.yaml"))
    assert [p["sourcePlayerId"] for p in one["players"]] == [p["sourcePlayerId"] for p in other["players"]]
    assert [p["sourcePlayerId"] for p in one["players"]] == ["ana", "bo"]
    assert [p["name"] for p in one["players"]] == ["Ana", "Bo\u200b"]  # names as written


def test_bgg_id_only_as_a_number(write_yaml) -> None:
    table = """\
        game: galapagos
        %s
        players:
          - {name: Ana, exhibition: 20, education: 5, animals: 0, money: 1500}
          - {name: Bo, exhibition: 21, education: 5, animals: 0, money: 1500}
        """
    assert bgstats(write_yaml(table % "bgg_id: 454103"))["game"]["bggId"] == 454103
    assert "bggId" not in bgstats(write_yaml(table % ""))["game"]
    refused = run_cli("score", str(write_yaml(table % "bgg_id: '454103'")), "-f", "bgstats")
    assert refused.exit_code == 2 and refused.stdout == ""


def test_no_null_and_only_the_known_fields_in_any_example() -> None:
    for path in ALL_EXAMPLES:
        play = to_bgstats(score_file(str(path)))
        text = json.dumps(play)
        assert "null" not in text, path
        assert set(play) <= LINK_KEYS and {"sourceName", "sourcePlayId", "playDate", "game"} <= set(play)
        assert set(play["game"]) <= GAME_KEYS and isinstance(play["game"]["sourceGameId"], str)
        assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"]), path
        starts = [player.get("startPlayer", False) for player in play["players"]]
        assert starts[0] is True and sum(starts) == 1, path
        for player in play["players"]:
            assert set(player) <= PLAYER_KEYS and isinstance(player["score"], int), path
            assert player["name"] != "Percy", path  # the automa is no player


def test_rank_only_where_a_tie_break_separated_equal_scores() -> None:
    decided = bgstats(EXAMPLES / "galapagos" / "decided-by-money.yaml")["players"]
    assert [(p["score"], p["rank"]) for p in decided] == [(37, 1), (37, 2)]
    assert all("rank" not in p for p in bgstats(FINALE)["players"])
    shared = bgstats(EXAMPLES / "galapagos" / "shared-victory.yaml")["players"]
    assert all("rank" not in p and p["winner"] for p in shared)  # equal scores, equal ranks: BG Stats' own


def test_percy_is_left_out() -> None:
    play = bgstats(EXAMPLES / "league" / "05-caribe-ana-vs-percy.yaml")
    assert [(p["name"], p["winner"]) for p in play["players"]] == [("Ana", True)]
    lost = bgstats(EXAMPLES / "caribe" / "percy-wins-a-tie.yaml")
    assert len(lost["players"]) == 1 and lost["players"][0]["winner"] is False


# --- the link ------------------------------------------------------------------------------------


def test_link_carries_the_same_json_value() -> None:
    for path in (TWO, ORIGIN_TWO, FOUR, FINALE, EXAMPLES / "league" / "05-caribe-ana-vs-percy.yaml"):
        link = link_of(path)
        assert link.startswith(LINK_PREFIX)
        assert " " not in link and '"' not in link and "{" not in link
        query = parse_qs(urlsplit(link).query, strict_parsing=True)
        assert list(query) == ["data"] and len(query["data"]) == 1
        data = query["data"][0]
        assert json.loads(data) == bgstats(path)
        assert ": " not in data and ", " not in data.replace("Season finale.", "")  # compact


def test_link_encodes_what_a_query_cannot_hold(write_yaml) -> None:
    path = write_yaml("""\
        game: galapagos
        location: "Bar & Grill #2 = 100% fun + more?"
        players:
          - {name: "Zoë", exhibition: 20, education: 5, animals: 0, money: 1500}
          - {name: "A/B", exhibition: 21, education: 5, animals: 0, money: 1500}
        """)
    link = link_of(path)
    query = urlsplit(link).query
    assert query.count("=") == 1 and "&" not in query and "#" not in link and "+" not in query
    assert parse_qs(query)["data"][0] == json.dumps(bgstats(path), ensure_ascii=False, separators=(",", ":"))


def test_one_link_per_line_for_several_files() -> None:
    result = run_cli("score", str(EXAMPLES / "league"), "--bgstats-link")
    lines = result.stdout.splitlines()
    assert result.exit_code == 0 and len(lines) == 12
    assert all(line.startswith(LINK_PREFIX) for line in lines)


def test_library_link_matches_the_cli() -> None:
    scored = score_file(str(TWO))
    assert bgstats_link(scored) == link_of(TWO)
    assert to_bgstats(scored) == bgstats(TWO)


# --- the QR code in the terminal ----------------------------------------------------------------


def drawn(path: Path | str, monkeypatch: pytest.MonkeyPatch, columns: int, lines: int | None,
          *more: str) -> tuple[int, str, str]:
    monkeypatch.setenv("COLUMNS", str(columns))
    if lines is None:
        monkeypatch.delenv("LINES", raising=False)
    else:
        monkeypatch.setenv("LINES", str(lines))
    result = run_cli("score", str(path), "--qr", *more)
    return result.exit_code, result.stdout, result.stderr


def check_drawing(text: str, link: str, columns: int, lines: int | None) -> None:
    """Fits ``columns`` x ``lines`` (its lines and the prompt) and decodes to exactly ``link``
    whatever the terminal's own background."""
    rows = cells_of(text)
    assert len({len(row) for row in rows}) == 1 and len(rows[0]) <= columns
    assert lines is None or len(rows) + 1 <= lines
    for surround in (0, 255):
        assert decode(text, surround) == [link]


def template(tmp_path: Path, game: str, players: int) -> Path:
    path = tmp_path / f"{game}-{players}.yaml"
    path.write_text(run_cli("template", game, "--players", str(players)).stdout, encoding="utf-8")
    return path


@pytest.mark.slow  # every example, or many random seasons: the full suite's
@pytest.mark.parametrize("game", GAMES)
def test_four_players_fit_110_by_56_and_two_fit_80_by_44(game: str, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """SPEC's sizes, for every game's starter table (its template) and every example of that
    player count; each drawing decodes to exactly the link."""
    cases = [(template(tmp_path, game, 4), 110, 56), (template(tmp_path, game, 2), 80, 44)]
    for path in ALL_EXAMPLES:
        sheet = score_file(str(path)).sheet
        people = len(sheet.people)
        if sheet.game == game and people in (2, 4):
            cases.append((path, *((110, 56) if people == 4 else (80, 44))))
    for path, columns, lines in cases:
        code, out, err = drawn(path, monkeypatch, columns, lines)
        assert code == 0, (path, err)
        check_drawing(out, link_of(path), columns, lines)


@pytest.mark.slow  # every example, or many random seasons: the full suite's
@pytest.mark.parametrize("path", ALL_EXAMPLES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_every_example_decodes_wherever_it_is_drawn(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every example at several terminal sizes: drawn and decoding to the link, or refused
    with the size it needs (which then fits)."""
    link = link_of(path)
    for columns, lines in ((80, 44), (110, 56), (200, 120), (60, None), (100, 40)):
        code, out, err = drawn(path, monkeypatch, columns, lines)
        if code == 0:
            check_drawing(out, link, columns, lines)
            continue
        assert code == 2 and out == ""
        needed = re.search(r"needs (\d+) columns and (\d+) rows", err)
        assert needed and "--qr-file" in err, err
        code, out, _ = drawn(path, monkeypatch, int(needed[1]), int(needed[2]))
        assert code == 0
        check_drawing(out, link, int(needed[1]), int(needed[2]))


@pytest.mark.slow
def test_half_blocks_when_they_fit_else_quarter_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    halves, quarters = set(GLYPHS.values()), set(QUARTERS.values()) - set(GLYPHS.values())
    size = qr_code(link_of(FOUR)).size
    code, out, _ = drawn(FOUR, monkeypatch, size + 2, None)
    assert code == 0 and set("".join(cells_of(out))) <= halves
    assert len(cells_of(out)[0]) == size + 2  # a 1-module quiet zone rather than quarter blocks
    code, out, _ = drawn(FOUR, monkeypatch, size + 1, None)
    assert code == 0 and set("".join(cells_of(out))) & quarters
    assert len(cells_of(out)[0]) <= (size + 1)
    code, out, _ = drawn(FOUR, monkeypatch, 200, None)
    assert len(cells_of(out)[0]) == size + 8  # the standard's 4-module quiet zone when there is room


@pytest.mark.slow  # over 0.4 s: the full suite runs it, not the quick loop
def test_too_small_a_terminal_says_what_it_needs(monkeypatch: pytest.MonkeyPatch) -> None:
    code = qr_code(link_of(FOUR))
    columns, rows = -(-(code.size + 2) // 2), -(-(code.size + 2) // 2) + 1
    for width, height in ((columns - 1, 200), (200, rows - 1), (30, 20)):
        exit_code, out, err = drawn(FOUR, monkeypatch, width, height)
        assert exit_code == 2 and out == ""
        assert (f"version {code.version}, {code.size} x {code.size} modules) needs {columns} columns and "
                f"{rows} rows") in err
        assert f"the terminal has {width} columns and {height} rows" in err
        assert "--qr-file PATH.png" in err
    assert drawn(FOUR, monkeypatch, columns, rows)[0] == 0


@pytest.mark.slow
def test_qr_without_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, _ = drawn(TWO, monkeypatch, 100, 60)
    assert code == 0 and "\x1b" not in out
    assert decode(out, 255) == [link_of(TWO)]


def test_qr_lines_set_white_on_black_ink(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    code, out, _ = drawn(TWO, monkeypatch, 80, 44)
    assert code == 0
    assert all(line.startswith("\x1b[38;5;16m\x1b[48;5;231m") and line.endswith("\x1b[0m")
               for line in out.splitlines())


@pytest.mark.slow
def test_qr_size_and_error_correction() -> None:
    import segno

    low = qr_code(link_of(FOUR))
    # the smallest version the data allows at level L
    assert low.version == segno.make(link_of(FOUR), error="l", boost_error=False).version


def test_qr_refuses_several_files() -> None:
    for option in (["--qr"], ["--qr-file", "x.png"]):
        result = run_cli("score", str(TWO), str(FOUR), *option)
        assert result.exit_code == 2 and result.stdout == ""
        assert "one file" in result.stderr


def test_data_too_long_for_any_qr_code(write_yaml, tmp_path: Path) -> None:
    path = write_yaml("""\
        game: galapagos
        notes: "%s"
        players:
          - {name: Ana, exhibition: 20, education: 5, animals: 0, money: 1500}
          - {name: Bo, exhibition: 21, education: 5, animals: 0, money: 1500}
        """ % ("{}" * 999))
    result = run_cli("galapagos", str(path), "--qr")
    assert result.exit_code == 2 and result.stderr.startswith("--qr: ")
    assert "too long for any QR code" in result.stderr and "--bgstats-link" in result.stderr
    image = run_cli("galapagos", str(path), "--qr-file", str(tmp_path / "x.png"))
    assert image.exit_code == 2 and image.stderr.startswith("--qr-file: "), image.stderr  # not "--qr:"
    assert "too long for any QR code" in image.stderr and not (tmp_path / "x.png").exists()
    assert run_cli("galapagos", str(path), "--bgstats-link").exit_code == 0


# --- the QR code as an image -----------------------------------------------------------------


def test_qr_file_png_decodes_to_the_link(tmp_path: Path) -> None:
    target = tmp_path / "play.png"
    result = run_cli("caribe", str(FOUR), "--qr-file", str(target))
    assert result.exit_code == 0, result.stderr
    assert "Summary" in result.stdout  # the score is printed as usual
    with Image.open(target) as image:
        found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        assert [r.text for r in found] == [link_of(FOUR)]


@pytest.mark.slow
def test_qr_file_svg(tmp_path: Path) -> None:
    target = tmp_path / "play.svg"
    assert run_cli("caracas", str(TWO), "--qr-file", str(target), "--bgstats-link").exit_code == 0
    text = target.read_text(encoding="utf-8")
    assert text.lstrip().startswith(("<?xml", "<svg")) and "<path" in text


def test_qr_file_needs_png_or_svg(tmp_path: Path) -> None:
    result = run_cli("caracas", str(TWO), "--qr-file", str(tmp_path / "play.jpg"))
    assert result.exit_code == 2 and ".png or .svg" in result.stderr
    assert not (tmp_path / "play.jpg").exists()


@pytest.mark.slow
def test_qr_file_never_the_input(tmp_path: Path) -> None:
    """Issue 20 item 11: ``scorecalc galapagos t.svg --qr-file t.svg`` replaced the table."""
    table = tmp_path / "t.svg"
    shutil.copy(EXAMPLES / "galapagos" / "shared-victory.yaml", table)
    before = table.read_bytes()
    link = tmp_path / "link.svg"
    link.symlink_to(table)
    hard = tmp_path / "hard.png"
    os.link(table, hard)
    for target in (table, link, hard):
        result = run_cli("galapagos", str(table), "--qr-file", str(target))
        assert result.exit_code == 2 and result.stdout == "", target
        assert "--qr-file would overwrite an input file" in result.stderr
        assert table.read_bytes() == before
    with table.open("rb") as stdin:  # the file read on standard input, in a real process
        piped = run_scorecalc("galapagos", "-", "--qr-file", str(hard), stdin=stdin)
    assert piped.returncode == 2 and "standard input" in piped.stderr and table.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["hard.png", "link.svg", "t.svg"]


def test_qr_file_never_the_output(tmp_path: Path) -> None:
    """``--qr-file x.svg -o x.svg`` let the score overwrite the picture: refused before anything
    is written, the file byte-identical after."""
    picture = tmp_path / "x.svg"
    for existing in (False, True):
        if existing:
            picture.write_bytes(b"<svg>mine</svg>")
        for output in (str(picture), str(tmp_path / "." / "x.svg"), "x.svg"):
            cwd = os.getcwd()
            os.chdir(tmp_path)
            try:
                result = run_cli("galapagos", str(EXAMPLES / "galapagos" / "shared-victory.yaml"),
                                 "--qr-file", str(picture), "-o", output)
            finally:
                os.chdir(cwd)
            assert result.exit_code == 2 and result.stdout == ""
            assert "--qr-file and --output name the same file" in result.stderr
            assert picture.read_bytes() == b"<svg>mine</svg>" if existing else not picture.exists()
        assert sorted(path.name for path in tmp_path.iterdir()) == (["x.svg"] if existing else [])


def test_qr_file_read_only_or_a_folder_is_refused(tmp_path: Path) -> None:
    locked = tmp_path / "locked.png"
    locked.write_bytes(b"png")
    locked.chmod(0o444)
    folder = tmp_path / "pictures.png"
    folder.mkdir()
    for target, words in ((locked, "--qr-file is read-only"), (folder, "--qr-file is a folder"),
                          (tmp_path / "nowhere" / "x.png", "--qr-file is in a folder that does not exist")):
        result = run_cli("caracas", str(TWO), "--qr-file", str(target))
        assert result.exit_code == 2 and words in result.stderr and result.stdout == ""
    assert locked.read_bytes() == b"png"
