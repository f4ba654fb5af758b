"""Logging the play in BG Stats (SPEC section 7): the JSON, the import link, the QR codes.

The QR codes are decoded with a real decoder (zxing-cpp): the one ``--qr`` draws, parsed
back from its half-block characters, and the image ``--qr-file`` writes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
import zxingcpp
from PIL import Image

from scorecalc.output.bgstats import LINK_PREFIX, bgstats_link, to_bgstats
from scorecalc.output.qr import GLYPHS, qr_code
from scorecalc.pipeline import score_file

from .conftest import EXAMPLES, run_cli

TWO = EXAMPLES / "league" / "03-caracas-two-explorers.yaml"
"""Two players, a date and a time: its link (518 characters) fits QR version 15, 77 modules."""
ORIGIN_TWO = EXAMPLES / "league" / "07-origin-sydney.yaml"
FOUR = EXAMPLES / "league" / "04-caribe-four-players.yaml"
FINALE = EXAMPLES / "league" / "12-galapagos-season-finale.yaml"


def bgstats(path: Path) -> dict:
    result = run_cli("score", str(path), "--format", "bgstats")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def link_of(path: Path) -> str:
    result = run_cli("score", str(path), "--bgstats-link")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.endswith("\n") and result.stdout.count("\n") == 1
    return result.stdout.strip()


def test_play_details_and_source_player_ids() -> None:
    play = bgstats(FINALE)
    assert play["playDate"] == "2026-11-21 21:15:00"
    assert play["location"] == "Clube do Tabuleiro"
    assert play["comments"] == "Season finale.\nDuarte brought the cake."
    assert [p["sourcePlayerId"] for p in play["players"]] == ["Carla", "Ana", "Duarte"]
    assert play["players"][0] == {"name": "Carla", "score": 47, "winner": True, "startPlayer": True,
                                  "rank": 1, "sourcePlayerId": "Carla"}


def test_a_date_alone_and_no_date(write_yaml) -> None:
    play = bgstats(EXAMPLES / "league" / "06-galapagos-shared-victory.yaml")
    assert play["playDate"] == "2026-10-10 00:00:00"
    assert "location" not in play and "comments" not in play
    undated = bgstats(EXAMPLES / "galapagos" / "shared-victory.yaml")
    assert "playDate" not in undated  # BG Stats then asks


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


def test_qr_refuses_several_files() -> None:
    for option in (["--qr"], ["--qr-file", "x.png"]):
        result = run_cli("score", str(TWO), str(FOUR), *option)
        assert result.exit_code == 2 and result.stdout == ""
        assert "one file" in result.stderr


# --- the QR code in the terminal ---------------------------------------------------------------

ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
HALVES = {glyph: pair for pair, glyph in GLYPHS.items()}


def modules_of(text: str) -> list[list[bool]]:
    """The half-block drawing read back: each character is two modules, one above the other."""
    rows: list[list[bool]] = []
    for line in text.splitlines():
        cells = [HALVES[char] for char in ESCAPE.sub("", line)]
        rows.append([top for top, _ in cells])
        rows.append([bottom for _, bottom in cells])
    return rows


def decode(rows: list[list[bool]], surround: int) -> list[str]:
    """Decode modules drawn 4 pixels each inside a margin of colour ``surround`` (0: a dark
    terminal around the code, 255: a light one)."""
    scale, margin = 4, 8
    width, height = len(rows[0]), len(rows)
    image = Image.new("L", ((width + 2 * margin) * scale, (height + 2 * margin) * scale), surround)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            left, top = (x + margin) * scale, (y + margin) * scale
            image.paste(0 if dark else 255, (left, top, left + scale, top + scale))
    return [result.text for result in zxingcpp.read_barcodes(image)]


def test_qr_in_the_terminal_decodes_to_the_link(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    link = link_of(TWO)
    result = run_cli("score", str(TWO), "--qr")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert all(line.startswith("\x1b[38;5;16m\x1b[48;5;231m") and line.endswith("\x1b[0m") for line in lines)
    widths = {len(ESCAPE.sub("", line)) for line in lines}
    assert len(widths) == 1 and widths.pop() <= 80  # a two-player play fits 80 columns
    rows = modules_of(result.stdout)
    for surround in (0, 255):  # readable whatever the terminal's own background
        assert decode(rows, surround) == [link]


def test_qr_size_and_error_correction() -> None:
    two = qr_code(link_of(TWO))
    assert (two.version, two.size) == (15, 77)
    assert qr_code(link_of(ORIGIN_TWO)).size == 81  # a longer game name: one version more
    low = qr_code(link_of(FOUR))
    import segno

    # the smallest version the data allows at level L
    assert low.version == segno.make(link_of(FOUR), error="l", boost_error=False).version


def test_qr_wider_than_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    result = run_cli("caribe", str(FOUR), "--qr")
    assert result.exit_code == 2 and result.stdout == ""
    assert "columns and the terminal has 80" in result.stderr and "--qr-file PATH.png" in result.stderr
    monkeypatch.setenv("COLUMNS", "120")
    wide = run_cli("caribe", str(FOUR), "--qr")
    assert wide.exit_code == 0
    assert decode(modules_of(wide.stdout), 0) == [link_of(FOUR)]


def test_qr_without_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("NO_COLOR", "1")
    result = run_cli("caracas", str(TWO), "--qr")
    assert "\x1b" not in result.stdout
    assert decode(modules_of(result.stdout), 255) == [link_of(TWO)]


def test_data_too_long_for_any_qr_code(write_yaml) -> None:
    path = write_yaml("""\
        game: galapagos
        notes: "%s"
        players:
          - {name: Ana, exhibition: 20, education: 5, animals: 0, money: 1500}
          - {name: Bo, exhibition: 21, education: 5, animals: 0, money: 1500}
        """ % ("{}" * 999))
    result = run_cli("galapagos", str(path), "--qr")
    assert result.exit_code == 2 and "too long for any QR code" in result.stderr
    assert "--bgstats-link" in result.stderr
    assert run_cli("galapagos", str(path), "--bgstats-link").exit_code == 0


# --- the QR code as an image -----------------------------------------------------------------


def test_qr_file_png_decodes_to_the_link(tmp_path: Path) -> None:
    target = tmp_path / "play.png"
    result = run_cli("caribe", str(FOUR), "--qr-file", str(target))
    assert result.exit_code == 0, result.stderr
    assert "Summary" in result.stdout  # the score is printed as usual
    with Image.open(target) as image:
        assert [r.text for r in zxingcpp.read_barcodes(image)] == [link_of(FOUR)]


def test_qr_file_svg(tmp_path: Path) -> None:
    target = tmp_path / "play.svg"
    assert run_cli("caracas", str(TWO), "--qr-file", str(target), "--bgstats-link").exit_code == 0
    text = target.read_text(encoding="utf-8")
    assert text.lstrip().startswith(("<?xml", "<svg")) and "<path" in text


def test_qr_file_needs_png_or_svg(tmp_path: Path) -> None:
    result = run_cli("caracas", str(TWO), "--qr-file", str(tmp_path / "play.jpg"))
    assert result.exit_code == 2 and ".png or .svg" in result.stderr
    assert not (tmp_path / "play.jpg").exists()


def test_library_link_matches_the_cli() -> None:
    sheet = score_file(str(TWO)).sheet
    assert bgstats_link(sheet) == link_of(TWO)
    assert to_bgstats(sheet) == bgstats(TWO)
