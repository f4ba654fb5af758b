"""``tally --web`` in a real browser for the games the Galapagos and Caracas tests leave out: a
3-player Caribe table (the second tie-break example, its leftovers written out in full as tally
writes them) and a 3-player Origin table, each entered on two phones (Chromium contexts
at 390 x 844) at once from a YAML truth; FILE and the score equal the truth's. The text each
field takes is the text the pad itself shows for the truth (an in-process pad over the truth
file), so the test types what a player reading the real table would. A player added by mistake
is removed from the end with two taps.

Skipped with one line without /usr/bin/chromium, failed under ``CI`` (``conftest.py``).
"""

from __future__ import annotations

import datetime
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from scorecalc.games import get_game
from scorecalc.web.pad import Pad
from tests.helpers import timeout
from tests.support.web_pad import SHOTS, Phone, Served, scored_json

CARIBE = """\
game: caribe
date: "2026-11-27 19:00"
location: Lisbon
university_cards: {coimbra: flora, london: coastline, paris: flamingo}
players:
  - name: Ana
    score: 72
    knowledge: {fauna: 2, geology: 3, flora: 4}
    universities: {coimbra: 2, london: 1, paris: 1}
    board: {turtle: 1, dolphin: 2, flamingo: 3, volcano: 2, forest: 3, coastline: 2}
    books:
      - {flora: 2, geology: 1}
      - {fauna: 1, geology: 1}
    leftover: {animals: 1, scientists: 2, coins: 1, compass: 0}
  - name: Bruno
    score: 72
    knowledge: {fauna: 4, geology: 2, flora: 3}
    universities: {coimbra: 1, london: 2}
    board: {turtle: 3, dolphin: 2, flamingo: 1, volcano: 3, forest: 1, coastline: 4}
    books:
      - {fauna: 2, flora: 1}
      - {left: [fauna, geology, flora], right: [fauna, geology, fauna]}
    leftover: {animals: 0, scientists: 1, coins: 4, compass: 2}
  - name: Carla
    score: 65
    knowledge: {fauna: 3, geology: 5, flora: 1}
    universities: {london: 1, paris: 2}
    board: {turtle: 2, dolphin: 3, flamingo: 3, volcano: 1, forest: 0, coastline: 3}
    books:
      - {geology: 3}
      - {fauna: 1}
    leftover: {animals: 0, scientists: 0, coins: 2, compass: 0}
"""
ORIGIN = """\
game: origin
date: "2026-11-28 21:00"
location: Club
objective: new_zealand
variant: standard
board:
  - {species: Sea Lion, level: 2, cubes: {Rachel: 2, Jo: 1}}
  - {species: Giant Tortoise, level: 4}
players:
  - name: Rachel
    score: 44
    books: {land: 4, water: 3, air: 7}
    tiles: 2
  - name: Ezra
    score: 40
    books: {land: 0, water: 11, air: 0}
    tiles: [Sea Snail, Summer Tanager]
  - name: Jo
    score: 37
    books: {land: 5, water: 1, air: 2}
    tiles: 1
"""
NOW = datetime.datetime(2026, 12, 2, 20, 0)


def typed(game: str, truth: Path) -> dict[str, str]:
    """Each place of the truth and the text a phone shows there: what a player types."""
    pad = Pad(get_game(game), str(truth), NOW)
    try:
        return {f.place: f.value for s in pad.view().sections for f in s.fields if f.answered and f.value}
    finally:
        pad.close()


def open_places(phone: Phone) -> list[tuple[str, str]]:
    """The fields this phone shows unanswered: (place, label)."""
    found: list[tuple[str, str]] = phone.page.evaluate(
        "[...document.querySelectorAll('#form .field[data-answered=no]')]"
        ".filter((f) => f.querySelector('input'))"
        ".map((f) => [f.dataset.place, f.querySelector('label').textContent])")
    return found


def sync(phones: list[Phone]) -> None:
    """Every phone settled at the newest version any of them shows."""
    for phone in phones:
        phone.settled()
    newest = max(phone.version() for phone in phones)
    for phone in phones:
        phone.settled(newest)


def owner(place: str) -> int:
    """Which phone answers a place: the second phone the second player's, the first the rest."""
    found = re.match(r"players\[(\d+)\]", place)
    return 1 if found and int(found.group(1)) == 1 else 0


@pytest.mark.parametrize("game, text", [("caribe", CARIBE), ("origin", ORIGIN)])
def test_two_phones_enter_a_three_player_table(browser: Any, tmp_path: Path, game: str, text: str) -> None:
    truth = tmp_path / "truth.yaml"
    truth.write_text(text, encoding="utf-8")
    want = typed(game, truth)
    served = Served(game, tmp_path / "tonight.yaml")
    phones: list[Phone] = []
    try:
        phones = [Phone(browser, served.url, "one"), Phone(browser, served.url, "two")]
        names = [p["name"] for p in yaml.safe_load(text)["players"]]
        # a fourth player typed by mistake, on the second phone, then taken away there
        for i, name in enumerate(names):
            phones[i % 2].answer(f"player {i + 1}'s name", name)
        phones[1].answer("player 4's name", "Oops")
        remove = phones[1].page.get_by_role("button", name="Remove player 4 (Oops)")
        remove.click()
        phones[1].page.get_by_role("button", name="Tap again to remove player 4 (Oops)").click()
        phones[1].page.get_by_text("removed player 4 (Oops) ✓").wait_for()
        phones[0].page.get_by_label("Oops's score", exact=True).wait_for(state="detached",
                                                                          timeout=timeout(5) * 1000)
        assert [p["name"] for p in yaml.safe_load(served.file.read_text())["players"]] == names
        for _ in range(len(want)):  # every place the truth holds, as the phones come to show it
            todo = [(place, label) for place, label in open_places(phones[0]) if place in want]
            if not todo:
                break
            for place, _ in todo:
                phones[owner(place)].answer_at(place, want[place])
            sync(phones)  # both phones show every answer before the next round is read
        assert not [place for place, _ in open_places(phones[0]) if place in want]
        for phone in phones:
            phone.page.get_by_role("button", name="Score it").wait_for()
        phones[0].shot(f"08-{game}-ready")
        phones[1].page.get_by_role("button", name="Score it").click()
        for phone in phones:
            phone.page.wait_for_url(re.compile(r"/result$"))
            phone.page.get_by_text("Winner").first.wait_for()
        phones[0].shot(f"09-{game}-score-page")
        code, out, said = served.finish()
        assert code == 0, said
        winners = scored_json(game, truth)["winners"]
        assert f"Winner: {winners[0]}" in out  # the terminal printed the score as tally does
        written, expected = yaml.safe_load(served.file.read_text(encoding="utf-8")), yaml.safe_load(text)
        for i, player in enumerate(expected["players"]):
            assert written["players"][i] == player
        assert written == expected
        assert scored_json(game, served.file) == scored_json(game, truth)
        for phone in phones:
            assert phone.dialogs == [] and phone.errors == [], (phone.dialogs, phone.errors)
            assert all(url.startswith(served.url) for url in phone.requests), phone.requests
    finally:
        for phone in phones:
            phone.close()
        served.stop()
        if SHOTS.exists():
            shutil.copytree(SHOTS, tmp_path / "shots", dirs_exist_ok=True)
