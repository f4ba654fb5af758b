"""No value the player did not give, on a phone (SPEC section 8, "Entry you can trust"): the
tile editor starts with no river side; a side that a neighbour's river leads into is drawn as a
dashed hint ("river from ✻2?") that one tap takes.

The rulebook's Alex board (examples/caracas/rulebook-alex.yaml) with its ✻3 left free: ✻2's
river leads into ✻3's north side. Tapped without the hint, ✻3 holds only the sides tapped (on
main at e31c357 it held ``~N`` as well, and Alex scored 21 where the rulebook gives 19); with the
hint taken, the board is the rulebook's, and Alex scores 19. Headless Chromium (/usr/bin/chromium)
driven by Playwright, as tests/system/test_web_taps.py does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.support.web_pad import Phone, Served, scored_json

pytestmark = pytest.mark.slow

ALEX = [  # the rulebook's board in grid form, ✻3 (row 3, column 1) left free
    "JuHoKi~NES  JuHoFl~NSW  SwCpPi~NS   SaJaSn~NS",
    "SwPi~NS     SwCpPi~NES  SaCp~SW~NE  JuSlIb~NSW",
    ".           SwCmCp~NES  .           SwIbHo~NS",
    "JuJaPi~SW   JuJaFr~NES  .           SaCp~ES",
    "SwTa~NE     .           .           .",
]
OTHERS = {"Bea": "5 4 2 3", "Cleo": "6 3 3 4", "Dan": "4 3 5 2"}
CELL = '[data-place="players[0].grid.r3c1"]'


def editor(phone: Phone) -> Any:
    return phone.page.locator('.board[data-board="players[0].grid"] .editor')


def placed(phone: Phone) -> None:
    """✻3 opened, Jungle and jaguar tapped, its east edge tapped (and nothing else)."""
    phone.page.locator(CELL).click()
    editor(phone).locator(".where").filter(has_text="Alex's ✻3").wait_for()
    assert editor(phone).locator(".token").inner_text() == "—"  # nothing chosen yet
    for name in ("Jungle", "jaguar"):
        editor(phone).get_by_role("button", name=name, exact=True).click()


def saved(phone: Phone, served: Served, token: str) -> None:
    editor(phone).get_by_role("button", name="Place", exact=True).click()
    phone.page.locator(f'{CELL}[data-seen="{token}"]').wait_for()
    grid = yaml.safe_load(served.file.read_text(encoding="utf-8"))["players"][0]["grid"]
    rows = [line.split() for line in grid.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert rows[2][0] == token


def test_a_neighbours_river_is_a_hint_taken_by_a_tap(browser: Any, tmp_path: Path) -> None:
    served = Served("caracas", tmp_path / "tonight.yaml")
    phone = None
    try:
        for i, name in enumerate(["Alex", *OTHERS]):
            assert served.answer(f"players[{i}].name", name)[1]["status"] == "saved"
        for number, row in enumerate(ALEX, start=1):
            assert served.answer(f"players[0].grid.row{number}", row)[1]["status"] == "saved"
        for i, figures in enumerate(OTHERS.values(), start=1):
            assert served.answer(f"players[{i}].grid.row1", figures)[1]["status"] == "saved"
        phone = Phone(browser, served.url, "one")
        phone.settled()
        assert phone.page.locator(CELL).get_attribute("data-seen") == ""

        placed(phone)  # the hint shown, not taken: only what was tapped is saved
        hint = editor(phone).locator("button.hint")
        assert hint.all_inner_texts() == ["river from ✻2?"]
        north = editor(phone).locator('.run[data-line="0"][data-side="N"]')
        assert north.get_attribute("class") is not None and "hint" in north.get_attribute("class").split()
        assert "on" not in north.get_attribute("class").split()
        assert editor(phone).locator('.edge[data-side="N"]').get_attribute("aria-pressed") == "false"
        assert editor(phone).locator(".token").inner_text() == "Jungle, jaguar"  # in words, never a token
        editor(phone).locator('.edge[data-side="E"]').click()
        assert editor(phone).locator(".token").inner_text() == "Jungle, jaguar, river E"
        saved(phone, served, "JuJa~E")

        editor(phone).wait_for(state="hidden")
        phone.page.locator(CELL).click()  # cleared, then placed again with the hint taken
        editor(phone).get_by_role("button", name="Clear", exact=True).click()
        phone.page.locator(f'{CELL}[data-seen=""]').wait_for()
        editor(phone).wait_for(state="hidden")
        placed(phone)
        editor(phone).get_by_role("button", name="river from ✻2?", exact=True).click()
        assert editor(phone).locator(".token").inner_text() == "Jungle, jaguar, river N"
        assert editor(phone).locator(".hints").is_hidden()
        assert "hint" not in (north.get_attribute("class") or "").split()
        assert "on" in (north.get_attribute("class") or "").split()
        editor(phone).locator('.edge[data-side="E"]').click()
        saved(phone, served, "JuJa~NE")
        assert phone.dialogs == [] and phone.errors == [], (phone.dialogs, phone.errors)
    finally:
        if phone is not None:
            phone.close()
        served.stop()
    table = yaml.safe_load(served.file.read_text(encoding="utf-8"))
    table.pop("tally", None)
    truth = tmp_path / "table.yaml"
    truth.write_text(yaml.safe_dump(table, allow_unicode=True), encoding="utf-8")
    scored = scored_json("caracas", truth)
    totals = {player["name"]: player["total"] for player in scored["players"]}
    assert totals == {"Alex": 19, "Bea": 9, "Cleo": 8, "Dan": 2}
