"""``tally --web`` in a real browser (Debian's Chromium, headless, driven by Playwright): two
phones (two browser contexts at 390 x 844) enter a 3-player Galapagos table at once from a
YAML truth; FILE and the score equal the truth's. A name holding markup shows as typed and
runs nothing; two phones changing one field at once: one is refused and shown the other's
value. Screenshots in /tmp/web-shots/ to look at.

Without /usr/bin/chromium (``apt-get install chromium``) these tests are skipped, saying so,
unless ``CI`` is set: there a missing browser fails them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from tests.helpers import timeout
from tests.support.web_pad import Phone, Served, scored_json

MARKUP = "<img src=x onerror=alert(1)>"
TRUTH = f"""\
game: galapagos
date: "2026-11-28 20:30"
location: Home
players:
  - name: Ana
    exhibition: 41
    education: 17
    animals: {{sea_lion: 2, tortoise: 1}}
    money: 2300
  - name: '{MARKUP}'
    exhibition: 35
    education: 12
    animals: 3
    money: 1900
  - name: Cy
    exhibition: 20
    education: 5
    animals: 0
    money: 1000
"""
ANSWERS = ("exhibition", "education", "animals", "money")


def one_line(value: Any) -> str:
    """A value as a phone types it: ``sea_lion 2, tortoise 1`` for a mapping."""
    return ", ".join(f"{k} {v}" for k, v in value.items()) if isinstance(value, dict) else str(value)


def test_two_phones_enter_a_table_at_once(browser: Any, tmp_path: Path) -> None:
    truth = yaml.safe_load(TRUTH)
    served = Served("galapagos", tmp_path / "tonight.yaml")
    one = two = None
    try:
        one = Phone(browser, served.url, "one")
        two = Phone(browser, served.url, "two")
        one.shot("01-empty")
        one.answer("date", truth["date"])
        two.answer("location", truth["location"])
        for i, player in enumerate(truth["players"]):
            (one if i % 2 == 0 else two).answer(f"player {i + 1}'s name", player["name"])
        two.field(f"{MARKUP}'s money").wait_for()  # the other phone's names reached this one
        two.page.select_option("#follow", label=f"I am {MARKUP}")
        assert two.page.get_by_label("Ana's money", exact=True).is_hidden()
        for key in ANSWERS:  # the two phones answer at the same time, player by player
            for i, player in enumerate(truth["players"]):
                phone = two if i == 1 else one
                value = player[key]
                phone.answer(f"{player['name']}'s {key}", one_line(value))
        one.field("Cy's money").wait_for()
        two.page.get_by_role("button", name="Score it").wait_for()
        one.page.get_by_role("button", name="Score it").wait_for()
        one.shot("02-ready-phone-one")
        two.shot("03-ready-phone-two-following")
        for phone in (one, two):
            assert MARKUP in phone.page.inner_text("body")
            assert phone.page.evaluate("document.querySelectorAll('main img').length") == 0
        two.page.get_by_role("button", name="Score it").click()
        for phone in (two, one):  # the score page reaches every phone
            phone.page.wait_for_url(re.compile(r"/result$"))
            phone.page.get_by_text("Winner").first.wait_for()
        one.shot("04-score-page")
        code, out, said = served.finish()
        assert code == 0, said
        assert "Winner: Ana" in out
        written = yaml.safe_load(served.file.read_text(encoding="utf-8"))
        assert written == truth
        (tmp_path / "truth.yaml").write_text(TRUTH, encoding="utf-8")
        assert scored_json("galapagos", served.file) == scored_json("galapagos", tmp_path / "truth.yaml")
        for phone in (one, two):
            assert phone.dialogs == [] and phone.errors == [], (phone.dialogs, phone.errors)
            assert all(url.startswith(served.url) for url in phone.requests), phone.requests
    finally:
        for phone in (one, two):
            if phone is not None:
                phone.close()
        served.stop()


def test_two_phones_change_one_field_at_once(browser: Any, tmp_path: Path) -> None:
    served = Served("galapagos", tmp_path / "tonight.yaml")
    one = two = None
    try:
        one = Phone(browser, served.url, "one")
        one.answer("player 1's name", "Ana")
        one.answer("Ana's money", "2300")
        two = Phone(browser, served.url, "two")
        mine, theirs = one.field("Ana's money"), two.field("Ana's money")
        mine.fill("2500")
        theirs.fill("2700")
        mine.press("Enter")
        one.page.locator(".field", has=mine).locator(".status").filter(has_text="saved ✓").wait_for()
        theirs.press("Enter")
        refused = two.page.locator(".field", has=theirs).locator(".status")
        refused.filter(has_text="another phone saved “2500”").wait_for()
        assert theirs.input_value() == "2700"  # the typed value stays beside the other's
        two.shot("05-refused-stale")
        assert yaml.safe_load(served.file.read_text())["players"][0]["money"] == 2500
        theirs.press("Enter")  # sent again, knowingly: it replaces the other phone's answer
        two.page.locator(".field", has=theirs).locator(".status").filter(has_text="saved ✓").wait_for()
        assert yaml.safe_load(served.file.read_text())["players"][0]["money"] == 2700
        from playwright.sync_api import expect

        expect(mine).to_have_value("2700", timeout=timeout(5) * 1000)  # the other phone's answer arrived
    finally:
        for phone in (one, two):
            if phone is not None:
                phone.close()
        served.stop()


def test_a_caracas_board_by_rows_on_a_phone(browser: Any, tmp_path: Path) -> None:
    served = Served("caracas", tmp_path / "tonight.yaml")
    phone = None
    try:
        phone = Phone(browser, served.url, "one")
        phone.answer("player 1's name", "Alex")
        phone.answer("player 2's name", "Bea")
        phone.field("Bea's board row 1 (or her four figures)").wait_for(state="attached")
        for rows in phone.page.locator("details.rows summary").all():  # taps are the main way: rows fold
            rows.click()
        phone.answer("Alex's board row 1 (or her four figures)", "JuJa~ES JuSlSo~NESW JuHo~SW SaAt")
        phone.answer("Alex's board row 2", "JuKi~NE SwPiGu~NESW SwAn~NW SaIb")
        phone.page.locator(".drawing").first.wait_for()
        assert "SEA" in phone.page.locator(".drawing").first.inner_text()
        phone.page.get_by_role("button", name="Finish Alex's board (every tile is in)").click()
        phone.page.get_by_text("Alex's board is complete.").wait_for()
        figures = phone.field("Bea's board row 1 (or her four figures)")
        phone.settled()
        figures.fill("6 4 2 3")
        figures.press("Enter")  # the row becomes her four figures: the row's field gives way to them
        phone.page.locator(".figures", has_text="Bea's board: comparison only").wait_for()
        assert phone.field("Bea's forks").input_value() == "3"  # each of the four a field of its own
        phone.page.get_by_role("button", name="Score it").wait_for()
        phone.shot("06-caracas-board")
        assert phone.page.evaluate("document.documentElement.scrollWidth") <= 390
        phone.page.get_by_role("button", name="Score it").click()
        # Alex's 8 tiles of the 17 each explorer places: the warning first, then a second tap
        phone.page.locator("#end .warnings li").filter(has_text="Alex has 8 tiles").wait_for()
        phone.page.get_by_role("button", name="Score it anyway").click()
        phone.page.wait_for_url(re.compile(r"/result$"))
        phone.page.locator("svg").first.wait_for()
        phone.shot("07-caracas-score-page")
        code, out, said = served.finish()
        assert code == 0, said
        assert "Winner" in out
        assert phone.dialogs == [] and phone.errors == []
    finally:
        if phone is not None:
            phone.close()
        served.stop()


def test_names_typed_at_once_on_four_phones_are_saved_as_typed(browser: Any, tmp_path: Path) -> None:
    """Three players type their names at a human pace, one caret moved back mid-name, while a fourth
    phone saves the first name: each field keeps what was typed, its caret and its focus across the
    redraw, nothing is sent before Enter, and each name is saved exactly as typed."""
    served = Served("caracas", tmp_path / "tonight.yaml")
    phones: list[Phone] = []
    try:
        alex, bea, cleo, dora = phones = [Phone(browser, served.url, name) for name in ("a", "b", "c", "d")]
        typing = {bea: (2, "Beat", "", "riz"), cleo: (3, "Cle", "", "o"), dora: (4, "Da", "ArrowLeft", "or")}
        for phone, (seat, first, move, _) in typing.items():
            phone.settled()
            phone.field(f"player {seat}'s name").press_sequentially(first, delay=60)
            if move:
                phone.field(f"player {seat}'s name").press(move)
        alex.answer("player 1's name", "Alex")
        carets = {}
        for phone in typing:
            phone.field("Alex's board row 1 (or her four figures)").wait_for(state="attached")  # redrawn
            carets[phone.name] = phone.page.evaluate(
                "() => [document.activeElement.id, document.activeElement.value,"
                " document.activeElement.selectionStart]")
        assert carets == {"b": ["f-players[1].name", "Beat", 4], "c": ["f-players[2].name", "Cle", 3],
                          "d": ["f-players[3].name", "Da", 1]}
        for phone, (seat, _, _, rest) in typing.items():
            phone.page.keyboard.type(rest, delay=60)
            phone.page.keyboard.press("Enter")
            status = phone.page.locator(f'.field[data-place="players[{seat - 1}].name"] .status')
            status.filter(has_text="saved ✓").wait_for()
        written = yaml.safe_load(served.file.read_text(encoding="utf-8"))
        assert [player["name"] for player in written["players"]] == ["Alex", "Beatriz", "Cleo", "Dora"]
        served.wait_for(re.compile("player 4's name: Dora"))  # the pad's terminal: each answer a line
        names = [line.strip() for line in served.said if "'s name" in line]
        assert names == ["player 1's name: Alex ✓", "player 2's name: Beatriz ✓", "player 3's name: Cleo ✓",
                         "player 4's name: Dora ✓"], served.said
        for phone in phones:
            assert phone.dialogs == [] and phone.errors == [], (phone.name, phone.dialogs, phone.errors)
    finally:
        for phone in phones:
            phone.close()
        served.stop()


def test_a_name_being_composed_survives_another_phones_answer(browser: Any, tmp_path: Path) -> None:
    """An IME's composition (a Japanese name, through Chromium's own IME input) goes on across the
    redraw another phone's answer brings: one composition, ended by the player, and nothing sent."""
    served = Served("caracas", tmp_path / "tonight.yaml")
    phone = None
    try:
        phone = Phone(browser, served.url, "one")
        phone.settled()
        phone.page.evaluate("""() => { window.heard = [];
          for (const kind of ['compositionstart', 'compositionend', 'change'])
            document.addEventListener(kind, (e) => heard.push(kind), true); }""")
        phone.field("player 2's name").click()
        ime = phone.page.context.new_cdp_session(phone.page)
        ime.send("Input.imeSetComposition", {"text": "ちか", "selectionStart": 2, "selectionEnd": 2})
        assert served.answer("players[0].name", "Alex")[1]["status"] == "saved"
        phone.field("Alex's board row 1 (or her four figures)").wait_for(state="attached")  # redrawn
        phone.settled()
        ime.send("Input.imeSetComposition", {"text": "ちかこ", "selectionStart": 3, "selectionEnd": 3})
        ime.send("Input.insertText", {"text": "千賀子"})
        state = phone.page.evaluate("() => [document.activeElement.id, document.activeElement.value, heard]")
        assert state == ["f-players[1].name", "千賀子", ["compositionstart", "compositionend"]]
        phone.page.keyboard.press("Enter")
        status = phone.page.locator('.field[data-place="players[1].name"] .status')
        status.filter(has_text="saved ✓").wait_for()
        assert [p["name"] for p in yaml.safe_load(served.file.read_text(encoding="utf-8"))["players"]] == \
            ["Alex", "千賀子"]
        assert phone.dialogs == [] and phone.errors == []
    finally:
        if phone is not None:
            phone.close()
        served.stop()
