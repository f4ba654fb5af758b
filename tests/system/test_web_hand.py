"""The pad in a player's hand (SPEC section 8, "A phone in a player's hand"), in Debian's
Chromium at 360 x 740, 390 x 844 and 1280 x 800: every control a finger taps measured in the
page (buttons, inputs, selects, summaries, the board's squares, the editor's edge zones) at least
44 x 44 CSS px and at least 8 px from the next (a board's touching squares exempt), no text under
16 px, the square being edited in view above the editor, and axe-core (WCAG 2.1 A/AA,
``tests/support/axe.py``) finding nothing at each stage, the editor open included; a Galapagos
table and a Caracas board entered with the keyboard alone; the dark scheme and reduced motion.
Screenshots at 390 x 844 in /tmp/hand-shots/ to look at.

Each step waits for what it leads to, never for a fixed time. Skipped without /usr/bin/chromium
(failed under ``CI``); the axe checks skipped without ``npm ci``'s node_modules (failed under CI).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from scorecalc.games import REGISTRY
from tests.helpers import GAMES, TOY, TOY_LAUNCH, pinned_environment, timeout
from tests.support import web_pad
from tests.support.axe import CONTEXT, described, violations
from tests.support.caracas_tiles import ANIMALS, LANDS
from tests.support.web_pad import Phone, Served, scored_json

SHOTS = Path("/tmp/hand-shots")
NOT_FOUND = "the server responded with a status of 404 (Not Found)"
SIZES = [(360, 740), (390, 844), (1280, 800)]
TARGETS = "button, input, select, summary, [role=button], a[href]"
MEASURE = """(targets) => {
  const sheet = [...document.querySelectorAll('.editor')].find((e) => !e.hidden);
  const sheetBox = sheet && sheet.getBoundingClientRect();
  const shown = (el) => {  // drawn, not folded away, not under the open editor
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || el.closest('[hidden]')) return false;
    if (getComputedStyle(el).visibility === 'hidden') return false;
    const folded = el.closest('details:not([open])');
    if (folded && el.parentElement !== folded) return false;
    if (sheet && !sheet.contains(el)) return !(r.bottom > sheetBox.top && r.top < sheetBox.bottom);
    if (sheet && !el.closest('.editor-head')) {  // scrolled within the editor: only what shows below its head
      const head = sheet.querySelector('.editor-head').getBoundingClientRect();
      return r.top >= head.bottom && r.bottom <= sheetBox.bottom;
    }
    return true;
  };
  const name = (el) => (el.getAttribute('aria-label') || el.textContent || el.id).trim().slice(0, 40);
  const boxes = [...document.querySelectorAll(targets)].filter(shown)
    .map((el) => [el, el.getBoundingClientRect()]);
  const small = boxes.filter(([el, r]) => r.width < 43.99 || r.height < 43.99)
    .map(([el, r]) => `${name(el)}: ${r.width.toFixed(1)} x ${r.height.toFixed(1)}`);
  const near = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, ra] = boxes[i], [b, rb] = boxes[j];
    if (a.contains(b) || b.contains(a)) continue;
    if (!!a.closest('.editor') !== !!b.closest('.editor')) continue;  // the sheet lies over the page
    if (a.matches('.cell') && b.matches('.cell') && a.closest('svg') === b.closest('svg')) continue;
    const gap = Math.max(0, rb.left - ra.right, ra.left - rb.right, rb.top - ra.bottom, ra.top - rb.bottom);
    if (gap < 7.99) near.push(`${name(a)} / ${name(b)}: ${gap.toFixed(1)}`);
  }
  const tiny = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg') || !shown(el)) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (own && size < 16) tiny.push(`${el.tagName.toLowerCase()}.${el.className}: ${size}px`);
  }
  return {count: boxes.length, small, near, tiny};
}"""
NAMES = ("Ana", "Bea")
REGISTRY_SERVED = {name for name, entry in REGISTRY.items() if entry is not TOY}
"""The games ``python -m scorecalc`` serves as installed (the toy only through ``TOY_LAUNCH``)."""
TILES = {"players[0].grid.r1c1": "SwHoPi~SW", "players[0].grid.r1c2": "JuJa~NESW",
         "players[0].grid.r2c2": "SaAt"}


class Hand(Phone):
    """A phone at ``size`` whose page axe may enter (``CONTEXT``: past the pad's policy), its
    motion and colour scheme as asked."""

    def __init__(self, browser: Any, url: str, name: str, size: tuple[int, int] = (390, 844),
                 **media: Any) -> None:
        self.name = name
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]}, **CONTEXT, **media)
        self.page = self.context.new_page()
        self.page.set_default_timeout(timeout(15) * 1000)
        self.taps = 0
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("dialog", lambda dialog: (self.dialogs.append(dialog.message), dialog.dismiss()))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.goto(url)
        self.settled()

    def still(self) -> None:
        """Every animation ended (the editor risen): boxes measured where they come to rest."""
        self.page.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running')")
        self.page.wait_for_function(  # a smooth scroll ended: the page where it was a tenth of a second ago
            "() => { const at = window.scrollY + ',' + window.innerHeight; const same = window.handAt === at;"
            " window.handAt = at; return same; }", polling=100)

    def measured(self, stage: str) -> dict[str, Any]:
        self.still()
        found: dict[str, Any] = self.page.evaluate(MEASURE, TARGETS + ", .cell, .edge")
        assert found["count"] > 0, stage
        assert found["small"] == [], (stage, found["small"])
        assert found["near"] == [], (stage, found["near"])
        assert found["tiny"] == [], (stage, found["tiny"])
        axed = violations(self.page)
        assert axed == [], f"{stage}:\n{described(axed)}"
        return found

    def cell(self, place: str) -> Any:
        return self.page.locator(f'.cell[data-place="{place}"]')

    def editor(self) -> Any:
        return self.page.locator(".editor:visible")

    def shot(self, name: str) -> None:
        SHOTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(SHOTS / f"{name}.png"))


def caracas_table(tmp_path: Path) -> Served:
    served = Served("caracas", tmp_path / "tonight.yaml")
    for i, name in enumerate(NAMES):
        assert served.answer(f"players[{i}].name", name)[1]["status"] == "saved"
    for place, token in TILES.items():
        assert served.answer(place, token, seen="")[1]["status"] == "saved"
    return served


def in_view_above_editor(phone: Hand, cell: Any) -> None:
    """The square being edited wholly in the viewport and above the editor's top edge."""
    phone.still()
    box = cell.bounding_box()
    top = phone.editor().bounding_box()["y"]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= top, (box, top)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_targets_text_and_the_editor_on_caracas(browser: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    served = caracas_table(tmp_path)
    phone = None
    try:
        phone = Hand(browser, served.url, "one", size)
        shoot = size == (390, 844)
        phone.measured("the page")
        if shoot:
            SHOTS.mkdir(exist_ok=True)
            phone.page.screenshot(path=str(SHOTS / "caracas-01-page.png"), full_page=True)
        bea = phone.cell("players[1].grid.r1c4")  # the last board's last square: the page's very end
        bea.click()
        in_view_above_editor(phone, bea)
        phone.measured("the editor open on a new tile")
        if shoot:
            phone.shot("caracas-02-editor-new")
        below = phone.cell("players[0].grid.r2c1")  # a square with a river hint from the tile above
        phone.page.keyboard.press("Escape")
        phone.editor().wait_for(state="hidden")
        below.click()
        in_view_above_editor(phone, below)
        editor = phone.editor()
        hint = editor.get_by_role("button", name="river from ✻1?")
        hint.wait_for()
        phone.measured("the editor with a river hint")
        hint.click()
        editor.get_by_role("button", name="Second river").click()
        editor.locator('.edge[data-side="E"]').click()
        told = editor.locator('.edge[data-side="E"]')
        assert told.get_attribute("aria-label") == "east, river 2"
        assert "on-2" in (told.get_attribute("class") or "")  # drawn dashed and darker
        assert editor.locator('.edge[data-side="N"]').get_attribute("aria-label") == "north, river 1"
        assert editor.locator('.edge-word[data-side="E"]').text_content() == "E 2"
        phone.measured("the editor with two rivers")
        if shoot:
            phone.shot("caracas-03-editor-two-rivers")
        tile = phone.cell("players[0].grid.r1c2")  # a placed tile opened to change it
        editor.get_by_role("button", name="close").click()
        tile.click()
        in_view_above_editor(phone, tile)
        phone.measured("the editor on a placed tile")
        assert phone.errors == [] and phone.dialogs == []
    finally:
        if phone is not None:
            phone.close()
        served.stop()


@pytest.mark.parametrize("game", GAMES)
def test_targets_text_and_axe_on_every_game(browser: Any, tmp_path: Path, game: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game's pad, two names given, at the three sizes and in the dark: measured and axed.
    A game registered only for the tests (the toy of ``test_registry.py``) is served by the
    command line with it registered (``TOY_LAUNCH``)."""
    if game not in REGISTRY_SERVED:
        def launch(*args: str, cwd: Path | str, env: dict[str, str] | None = None,
                   **options: Any) -> subprocess.Popen[bytes]:
            return subprocess.Popen([sys.executable, "-c", TOY_LAUNCH, *args], cwd=cwd,
                                    env=pinned_environment(env), **options)
        monkeypatch.setattr(web_pad, "start_scorecalc", launch)
    served = Served(game, tmp_path / "tonight.yaml")
    try:
        for i, name in enumerate(NAMES):
            assert served.answer(f"players[{i}].name", name)[1]["status"] == "saved"
        for size in SIZES:
            for scheme in ("light", "dark"):
                phone = Hand(browser, served.url, f"{game}-{size}-{scheme}", size, color_scheme=scheme)
                try:
                    phone.page.get_by_label("Ana's", exact=False).first.wait_for()
                    phone.measured(f"{game} at {size} ({scheme})")
                    if size == (390, 844):
                        SHOTS.mkdir(exist_ok=True)
                        phone.page.screenshot(path=str(SHOTS / f"{game}-{scheme}.png"), full_page=True)
                finally:
                    phone.close()
    finally:
        served.stop()


def test_i_am_shows_her_part_first_and_is_remembered_across_a_reload(browser: Any, tmp_path: Path) -> None:
    served = caracas_table(tmp_path)
    phone = None
    try:
        phone = Hand(browser, served.url, "bea")
        fresh = phone.page.locator('.board[data-board="players[1].grid"] details.rows summary')
        assert fresh.inner_text() == "Bea's board row 1 (or her four figures): type it instead"  # in sight
        phone.page.select_option("#follow", label="I am Bea")
        bea = phone.page.locator('details.section[data-title="Bea"]')
        others = phone.page.locator("#others")
        for page_now in ("chosen", "reloaded"):
            assert bea.is_visible(), page_now
            for title in ("Players", "Ana", "Date, place and house rules"):
                section = phone.page.locator(f'details.section[data-title="{title}"]')
                assert section.is_hidden(), (page_now, title)
            said = others.locator(".list").inner_text()
            rest = "Also at the table: Players, Ana"  # the three empty seats are optional
            assert said.startswith(rest), said
            assert bea.bounding_box()["y"] < 844, page_now  # her board on the first screen, not 1,000 px down
            phone.measured(f"I am Bea, {page_now}")
            phone.shot(f"caracas-04-i-am-bea-{page_now}")
            phone.page.reload()
            phone.settled()
        assert phone.page.locator("#follow").input_value() == "1"
        phone.page.get_by_role("button", name="Show everyone").click()
        phone.page.locator('details.section[data-title="Ana"]').wait_for()
        phone.page.reload()
        phone.settled()
        assert phone.page.locator("#follow").input_value() == ""
        assert phone.page.locator('details.section[data-title="Ana"]').is_visible() and others.is_hidden()
        assert phone.errors == [] and phone.dialogs == []
    finally:
        if phone is not None:
            phone.close()
        served.stop()


def test_a_half_built_tile_survives_a_reload(browser: Any, tmp_path: Path) -> None:
    served = caracas_table(tmp_path)
    phone = other = None
    try:
        phone = Hand(browser, served.url, "one")
        other = Hand(browser, served.url, "two")
        phone.cell("players[0].grid.r1c3").click()
        editor = phone.editor()
        editor.get_by_role("button", name="Savannah", exact=True).click()
        editor.get_by_role("button", name="ibis", exact=True).click()
        editor.locator('.edge[data-side="W"]').click()
        placing = other.page.locator("#end .placing")
        placing.filter(has_text="Ana's phone is placing a tile").wait_for()
        phone.page.reload()
        phone.settled()
        editor = phone.editor()
        editor.wait_for()
        assert editor.locator(".where").inner_text() == "Ana's ◎1 (new tile)"
        for name in ("Savannah", "ibis"):
            assert editor.get_by_role("button", name=name, exact=True).get_attribute("aria-pressed") == "true"
        assert editor.locator('.edge[data-side="W"]').get_attribute("aria-pressed") == "true"
        assert "kept from before" in editor.locator(".status").inner_text()
        in_view_above_editor(phone, phone.cell("players[0].grid.r1c3"))
        other.page.reload()  # the flag held across the reload: still "placing"
        other.settled()
        assert placing.filter(has_text="Ana's phone is placing a tile").count() == 1
        editor.get_by_role("button", name="Place", exact=True).click()
        phone.page.locator('.cell[data-place="players[0].grid.r1c3"][data-seen="SaIb~W"]').wait_for()
        placing.wait_for(state="detached")
        phone.page.reload()  # placed: nothing kept
        phone.settled()
        assert phone.page.locator(".editor:visible").count() == 0
        grid = yaml.safe_load(served.file.read_text(encoding="utf-8"))["players"][0]["grid"]
        assert "SaIb~W" in grid
        assert phone.errors == [] and other.errors == []
    finally:
        for one in (phone, other):
            if one is not None:
                one.close()
        served.stop()


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_reduced_motion_is_honoured(browser: Any, tmp_path: Path, motion: str) -> None:
    served = caracas_table(tmp_path)
    phone = None
    try:
        phone = Hand(browser, served.url, "one", reduced_motion=motion)
        phone.cell("players[1].grid.r1c1").click()
        editor = phone.editor()
        editor.wait_for()
        name = editor.evaluate("(e) => getComputedStyle(e).animationName")
        turn = phone.page.evaluate(
            "getComputedStyle(document.querySelector('summary'), '::before').transitionDuration")
        assert (name, turn) == (("none", "0s") if motion == "reduce" else ("rise", "0.15s"))
    finally:
        if phone is not None:
            phone.close()
        served.stop()


GALAPAGOS = """\
game: galapagos
date: "2026-11-28 20:30"
location: Home
players:
  - name: Ana
    exhibition: 41
    education: 17
    animals: 2
    money: 2300
  - name: Cy
    exhibition: 20
    education: 5
    animals: 0
    money: 1000
"""
KEYBOARD_BOARD = """\
JuJa~ES    JuSlSo~NESW  JuHo~SW   SaAt
JuKi~NE    SwPiGu~NESW  SwAn~NW   SaIb
"""


class Keys:
    """A phone driven by its keyboard alone: Tab (Shift+Tab) to a control, then Enter, Space or
    typing; never a click. ``presses`` counts the keys."""

    def __init__(self, phone: Hand) -> None:
        self.page = phone.page
        self.phone = phone
        self.presses = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses += 1

    def to(self, target: Any, limit: int = 400, arrows: bool = False) -> None:
        """Tab until ``target`` holds the focus (backwards when it lies before the focus); with
        ``arrows``, Tab into its group, then the arrows within it (the editor's animals)."""
        target.wait_for()
        handle = target.element_handle()
        back = self.page.evaluate(
            "(t) => !!document.activeElement && document.activeElement !== document.body"
            " && !!(t.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING)",
            handle)
        group = ("(t) => !!document.activeElement"
                 " && document.activeElement.closest('fieldset') === t.closest('fieldset')")
        for _ in range(limit):
            if target.evaluate("(t) => t === document.activeElement"):
                return
            if arrows and target.evaluate(group):
                self.press("ArrowLeft" if back else "ArrowRight")
            else:
                self.press("Shift+Tab" if back else "Tab")
        raise AssertionError(f"Tab never reached {target}")

    def answer(self, label: str, value: str) -> None:
        field = self.phone.field(label)
        self.phone.settled()
        section = field.locator("xpath=ancestor::details[contains(@class, 'section')][1]")
        if section.get_attribute("open") is None:  # folded (date, place): Enter on its heading opens it
            self.to(section.locator("summary").first)
            self.press("Enter")
        self.to(field)
        self.page.keyboard.type(value)
        self.press("Enter")
        self.page.locator(".field", has=field).locator(".status").filter(has_text="saved ✓").wait_for()


def test_a_galapagos_table_with_the_keyboard_alone(browser: Any, tmp_path: Path) -> None:
    truth = yaml.safe_load(GALAPAGOS)
    served = Served("galapagos", tmp_path / "tonight.yaml")
    phone = None
    try:
        phone = Hand(browser, served.url, "keys")
        keys = Keys(phone)
        keys.answer("date", truth["date"])
        keys.answer("location", truth["location"])
        for i, player in enumerate(truth["players"]):
            keys.answer(f"player {i + 1}'s name", player["name"])
        money = phone.field("Ana's money")  # a refused answer first: its message beside the field, axed too
        keys.to(money)
        phone.page.keyboard.type("lots")
        keys.press("Enter")
        phone.page.locator(".field", has=money).locator(".status").filter(has_text="✗").wait_for()
        phone.measured("a refused answer shown")
        keys.press("Control+A")
        keys.press("Backspace")
        for player in truth["players"]:
            for key in ("exhibition", "education", "animals", "money"):
                keys.answer(f"{player['name']}'s {key}", str(player[key]))
        phone.settled()
        phone.measured("every question answered: Score it")
        score = phone.page.get_by_role("button", name="Score it")
        keys.to(score)
        keys.press("Enter")
        phone.page.wait_for_function(
            "location.pathname.endsWith('/result') || !!document.getElementById('anyway')")
        if not phone.page.url.endswith("/result"):  # warnings first: "Score it anyway", a second Enter
            phone.measured("the warnings beside Score it anyway")
            keys.to(phone.page.get_by_role("button", name="Score it anyway"))
            keys.press("Enter")
            phone.page.wait_for_url("**/result", timeout=timeout(15) * 1000)
        phone.page.get_by_text("Winner").first.wait_for()
        # (the score page: its favicon, which its policy forbids, is asked for under bypass_csp and not found)
        refused = "Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)"
        assert phone.errors in ([refused], [refused, f"Failed to load resource: {NOT_FOUND}"]), phone.errors
        code, _, said = served.finish()
        assert code == 0, said
        (tmp_path / "truth.yaml").write_text(GALAPAGOS, encoding="utf-8")
        assert scored_json("galapagos", served.file) == scored_json("galapagos", tmp_path / "truth.yaml")
        print(f"keys: {keys.presses} for a 2-player Galapagos table")
        assert phone.dialogs == []
    finally:
        if phone is not None:
            phone.close()
        served.stop()


def test_a_caracas_board_with_the_keyboard_alone(browser: Any, tmp_path: Path) -> None:
    served = Served("caracas", tmp_path / "tonight.yaml")
    phone = None
    try:
        phone = Hand(browser, served.url, "keys")
        keys = Keys(phone)
        keys.answer("player 1's name", "Ana")
        keys.answer("player 2's name", "Bea")
        keys.to(phone.page.get_by_text("Bea's board row 1 (or her four figures): type it instead"))
        keys.press("Enter")  # the folded row opened from the keyboard: her four figures, comparison only
        keys.to(phone.field("Bea's board row 1 (or her four figures)"))
        phone.page.keyboard.type("6 4 2 3")
        keys.press("Enter")  # her board is then her four figures, each a field of its own
        phone.page.wait_for_function(
            "(v) => { const f = document.getElementById(v); return f && f.value === '3'; }",
            arg="f-players[1].landscape.forks")
        rows = [line.split() for line in KEYBOARD_BOARD.splitlines()]
        last: tuple[int, int] | None = None
        for r, row in enumerate(rows, start=1):
            for c, token in enumerate(row, start=1):
                cell = phone.cell(f"players[0].grid.r{r}c{c}")
                if last is None:
                    keys.to(cell)
                else:  # from the square just placed, which has the focus again: the arrows
                    phone.page.wait_for_function(
                        "(p) => document.activeElement && document.activeElement.dataset.place === p",
                        arg=f"players[0].grid.r{last[0]}c{last[1]}")
                    for _ in range(r - last[0]):
                        keys.press("ArrowDown")
                    for _ in range(abs(c - last[1])):
                        keys.press("ArrowRight" if c > last[1] else "ArrowLeft")
                last = (r, c)
                phone.page.wait_for_function(  # the focus there (kept across a redraw meanwhile)
                    "(p) => document.activeElement && document.activeElement.dataset.place === p",
                    arg=f"players[0].grid.r{r}c{c}")
                keys.press("Enter")
                editor = phone.editor()
                body, *rivers = token.split("~")
                keys.to(editor.get_by_role("button", name=LANDS[body[:2]], exact=True))  # then arrows within
                keys.press("Space")
                for words in [ANIMALS[body[at:at + 2]] for at in range(2, len(body), 2)]:
                    keys.to(editor.get_by_role("button", name=words, exact=True), arrows=True)
                    keys.press("Space")
                for line, sides in enumerate(rivers):
                    if line == 1:
                        keys.to(editor.get_by_role("button", name="Second river"))
                        keys.press("Space")
                    for side in sides:
                        keys.to(editor.locator(f'.edge[data-side="{side}"]'))
                        keys.press("Enter")
                keys.to(editor.get_by_role("button", name="Place", exact=True))
                keys.press("Enter")
                phone.page.locator(f'.cell[data-place="players[0].grid.r{r}c{c}"][data-seen="{token}"]').wait_for()
        phone.measured("a board entered by keys")
        phone.settled()
        keys.to(phone.page.get_by_role("button", name="Finish Ana's board (every tile is in)"))
        keys.press("Enter")
        phone.page.get_by_text("Ana's board is complete.").wait_for()
        written = yaml.safe_load(served.file.read_text(encoding="utf-8"))
        assert [row.split() for row in written["players"][0]["grid"].splitlines()
                if row.strip() and not row.startswith("#")] == rows
        figures = {"biggest_jungle": 6, "savannah_areas": 4, "swamp_areas": 2, "forks": 3}
        assert written["players"][1]["landscape"] == figures
        print(f"keys: {keys.presses} for an 8-tile board")
        assert phone.errors == [] and phone.dialogs == []
    finally:
        if phone is not None:
            phone.close()
        served.stop()
