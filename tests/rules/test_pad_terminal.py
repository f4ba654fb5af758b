"""The pad's terminal (SPEC 8 "A phone in a player's hand"): one line per player as hers changes
("Alex: 2 tiles", "Bea: done"), tiles and rows named by their squares in words, and "every
answer in" only when every answer is in, never after the first name."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

from scorecalc.games import get_game
from scorecalc.web.pad import Pad

NOW = datetime.datetime(2026, 12, 2, 20, 0)
TOKEN = re.compile(r"\b(?:Ju|Sw|Sa)[A-Z][a-z]\w*~|~[NESW]{1,4}\b")
"""A grid token the person at the terminal never typed (``SwPi~NS``)."""


class Terminal:
    """The pad and what its terminal was told, answer by answer."""

    def __init__(self, game: str, file: Path) -> None:
        self.lines: list[str] = []
        self.pad = Pad(get_game(game), str(file), NOW, say=self.lines.append)

    def answer(self, place: str, value: str, seen: str | None = None) -> list[str]:
        """The lines the terminal shows after one phone's answer (the server settles after it)."""
        before = len(self.lines)
        reply = self.pad.answer(place, seen, value)
        assert reply.status == "saved", (place, value, reply)
        self.pad.settle()
        return self.lines[before:]


def test_caracas_a_line_per_player_tiles_by_square(tmp_path: Path) -> None:
    pad = Terminal("caracas", tmp_path / "night.yaml")
    first = pad.answer("players[0].name", "Alex")
    assert first == ["  player 1's name: Alex ✓", "Alex: 0 tiles"]  # no "Players: every answer in"
    assert pad.answer("players[1].name", "Bea") == ["  player 2's name: Bea ✓", "Bea: 0 tiles"]
    assert pad.answer("players[0].grid.r1c1", "JuHoKi~NES", "") == [
        "  Alex's ✻1: Jungle, howler monkey, kinkajou, river N E S ✓", "Alex: 1 tile"]
    assert pad.answer("players[0].grid.row2", "SwPi~NS JuJa . .") == [
        "  Alex's board row 2: ✻2 Swamp, piranha, river N S; ▢2 Jungle, jaguar; ◎2 free; ▲2 free ✓",
        "Alex: 3 tiles"]
    assert pad.answer("players[1].grid.row1", "5 4 2 3") == [
        "  Bea's figures: biggest jungle 5, savannah areas 4, swamp areas 2, forks 3 ✓", "Bea: done"]
    finished = pad.answer("players[0].grid", "done", "open")
    assert "Alex: done" in finished
    assert not [line for line in pad.lines if TOKEN.search(line)]
    assert not [line for line in pad.lines if "every answer in" in line]  # the table's date and place
    pad.answer("rules", "")                                                # are still open
    pad.answer("date", "2026-12-02 20:00")
    assert not [line for line in pad.lines if "every answer in" in line]
    assert pad.answer("location", "Home") == ["  location: Home ✓", "✓ The table: every answer in"]


def test_galapagos_answers_counted_until_done(tmp_path: Path) -> None:
    pad = Terminal("galapagos", tmp_path / "night.yaml")
    assert pad.answer("players[0].name", "Anna")[-1] == "Anna: 0 of 4 answers"
    pad.answer("players[1].name", "Ben")
    assert pad.answer("players[0].exhibition", "41")[-1] == "Anna: 1 of 4 answers"
    pad.answer("players[0].education", "17")
    pad.answer("players[0].animals", "sea_lion 2, tortoise 1")
    assert pad.answer("players[0].money", "2300")[-1] == "Anna: done"  # her ledger stays open: optional
    assert pad.lines.count("Anna: done") == 1
    assert not [line for line in pad.lines if line.startswith("Ben: ") and line != "Ben: 0 of 4 answers"]
