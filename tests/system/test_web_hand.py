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

from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.helpers import timeout
from tests.support.axe import CONTEXT, described, violations
from tests.support.web_pad import Phone, Served, scored_json

SHOTS = Path("/tmp/hand-shots")
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
