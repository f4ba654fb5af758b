"""Text a file can hold (SPEC section 8 "Entry you can trust"): a text answer
(a name, the place) holding a noncharacter, a lone surrogate, a C0 or C1 control, or a line
break where one line is asked, is refused at its field with a message, by the one check of
text (``spec.values.text_problem``, through ``Text.check``), on the pad and at the terminal,
piped too; FILE stays readable after each. Notes, never asked, keep their lines."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from scorecalc.spec.values import text_problem
from tests.helpers import run_cli
from tests.support.tally_run import run_tally
from tests.support.web_pad import Served

NONCHARACTERS = [*map(chr, range(0xFDD0, 0xFDF0)),
                 *(chr(plane | low) for plane in range(0, 0x110000, 0x10000) for low in (0xFFFE, 0xFFFF))]
SURROGATES = [chr(code) for code in range(0xD800, 0xE000)]
CONTROLS = [chr(code) for code in [*range(0x20), *range(0x7F, 0xA0)]]
ONE_LINE = ["\u2028", "\u2029", "\u202e", "\u2066", "\u200f"]
"""Line and paragraph separators and bidirectional controls: refused where one line is asked."""
UNWRITABLE = NONCHARACTERS + CONTROLS + ONE_LINE
"""What a piped answer can carry (a lone surrogate is not UTF-8: see below)."""
TEXT_PLACES = {"players[0].name": "a name", "location": "the place"}


def expected(char: str) -> str:
    """The part of the message that names the character at fault."""
    return {"\n": "a line break", "\t": "a tab"}.get(
        char, f"U+{ord(char):04X}")


def test_the_one_check_names_each_character_and_lets_text_through() -> None:
    assert len(NONCHARACTERS) == 66
    for char in UNWRITABLE + SURROGATES:
        problem = text_problem(f"Ana{char}Bel")
        assert problem is not None and expected(char) in problem, (hex(ord(char)), problem)
        assert char not in problem  # the message never holds the character itself
    for fine in ("Ana", "Zoë Ødegård", "李雷", "مريم", "Ana 🎲", "O'Brien-Smith", "a\u00a0b"):
        assert text_problem(fine) is None
    assert text_problem("first line\nsecond\tline", one_line=False) is None  # notes keep their lines
    assert "U+FFFE" in (text_problem("notes\n\ufffe", one_line=False) or "")


def test_notes_keep_their_lines_and_a_place_on_two_lines_is_refused(tmp_path: Path) -> None:
    table = tmp_path / "t.yaml"
    base = ("game: galapagos\nplayers:\n"
            "  - {name: Anna, exhibition: 41, education: 17, animals: 3, money: 2300}\n")
    table.write_text(base + "notes: |\n  Anna won.\n  Ben\tlost.\n", encoding="utf-8")
    assert run_cli("galapagos", str(table)).exit_code == 0
    table.write_text(base + 'location: "Home\\nPub"\n', encoding="utf-8")
    result = run_cli("galapagos", str(table))
    assert result.exit_code == 2 and "location: contains a line break; write it on one line" in result.stderr


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767643200")
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path


def answers_to(place: str, bad: bytes) -> list[bytes]:
    """Piped galapagos answers up to ``place``, which gets ``bad``: the date, the place, a name."""
    return [b"2026-01-05 20:00", bad] if place == "location" else [b"2026-01-05 20:00", b"Home", bad]


@pytest.mark.slow
@pytest.mark.parametrize("place", TEXT_PLACES)
def test_every_such_character_piped_is_refused_and_file_stays_readable(folder: Path, place: str) -> None:
    path = folder / "t.yaml"
    for n, char in enumerate(UNWRITABLE):
        path.unlink(missing_ok=True)
        if char in "\n":
            continue  # a pipe's line ends there: the answer is two lines, each one line
        result = run_tally(["tally", "galapagos", "t.yaml"], answers_to(place, f"Ana{char}Bel".encode()))
        assert result.code == 2, (hex(ord(char)), result.stderr)
        assert expected(char) in result.stderr, (hex(ord(char)), result.stderr)
        assert "Traceback" not in result.stderr and "internal error" not in result.stderr
        table = yaml.safe_load(path.read_text(encoding="utf-8"))  # readable: the answers before it
        assert table["date"] == "2026-01-05 20:00", n
        assert run_cli("tally", "galapagos", "t.yaml", input="").exit_code == 2  # read again, ends at input


@pytest.mark.parametrize("encoded", [b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xed\xa0\xbd\xed\xb8\x80"])
def test_a_piped_lone_surrogate_is_not_utf8_and_is_refused(folder: Path, encoded: bytes) -> None:
    """A lone surrogate written as UTF-8 would be (CESU-8, or Python's 'surrogatepass') is not
    valid UTF-8: refused as such, FILE readable."""
    result = run_tally(["tally", "galapagos", "t.yaml"], answers_to("location", b"Ana" + encoded))
    assert result.code == 2 and "not valid UTF-8" in result.stderr, result.stderr
    assert yaml.safe_load((folder / "t.yaml").read_text(encoding="utf-8"))["date"] == "2026-01-05 20:00"


def test_at_a_terminal_each_is_asked_again_then_a_good_answer_is_saved(folder: Path) -> None:
    bad = [f"Ana{char}Bel".encode() for char in UNWRITABLE if char not in "\n"]
    result = run_tally(["tally", "galapagos", "t.yaml"], [b"2026-01-05 20:00", *bad, b"Home"], tty=True)
    refusals = [line for line in result.stderr.splitlines() if "✗" in line]
    assert len(refusals) == len(bad), result.stderr
    assert yaml.safe_load((folder / "t.yaml").read_text(encoding="utf-8"))["location"] == "Home"


@pytest.fixture
def pad(tmp_path: Path) -> Iterator[Served]:
    served = Served("galapagos", tmp_path / "tonight.yaml")
    yield served
    served.stop()


@pytest.mark.slow
def test_every_such_character_on_the_pad_is_refused_at_its_field(pad: Served) -> None:
    assert pad.answer("players[0].name", "Anna")[0] == 200
    for char in UNWRITABLE + SURROGATES:
        for place in TEXT_PLACES:
            code, reply = pad.answer(place, f"Ana{char}Bel", "Anna" if place.startswith("players") else None)
            assert (code, reply["status"]) == (422, "refused"), (place, hex(ord(char)), code, reply)
            assert expected(char) in reply["message"], (place, hex(ord(char)), reply)
        if ord(char) % 64 == 0:  # FILE as scorecalc reads it, now and then (nothing refused is written)
            assert yaml.safe_load(pad.file.read_text(encoding="utf-8"))["players"][0]["name"] == "Anna"
    assert pad.answer("location", "Home")[0] == 200
    table = yaml.safe_load(pad.file.read_text(encoding="utf-8"))
    assert (table["players"][0]["name"], table["location"]) == ("Anna", "Home")
    assert "Traceback" not in "".join(pad.said)
    assert sys.maxunicode == 0x10FFFF
