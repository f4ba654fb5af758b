"""The app before Python is up (SPEC section 9, "Open at once"): home and a new table's form come
from the build's ``shell.json``, so a player chooses a game and types while Python starts. Each
answer is kept on the phone at once and says "kept, checking…" (never "saved ✓" before the model
checked it); a reload keeps them; once Python is up they go through the model in the order given,
a refusal said on its field. A YAML file chosen the moment the page opens is scored once Python is
up. The runtime's script is held back by the test (Playwright's routing) for as long as it likes.
And the build's shell holds, for each game, the page the worker's Python draws of a new table.
"""

from __future__ import annotations

import datetime
import importlib.util
import json
from collections.abc import Iterator
from typing import Any

import pytest

from scorecalc.games import REGISTRY, get_game
from scorecalc.web.local import Tables
from tests.helpers import ROOT, run_cli, timeout
from tests.support.app_served import Served, serving

served = pytest.fixture(scope="module")(serving)

EXAMPLE = ROOT / "examples" / "caracas" / "rulebook-alex.yaml"
KEPT = "kept, checking…"

RECORDS = """async () => {
  const db = await new Promise((resolve, reject) => {
    const opening = indexedDB.open("scorecalc");
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
  const all = (name) => new Promise((resolve) => {
    const got = db.transaction(name).objectStore(name).getAll();
    got.onsuccess = () => resolve(got.result);
  });
  const result = { tables: await all("tables"), pending: await all("pending") };
  db.close();
  return result;
}"""
"""What IndexedDB keeps: the tables and the answers pending."""


class Held:
    """A phone (a browser context, no service worker) whose Python's runtime is held back until
    ``release``."""

    def __init__(self, browser: Any) -> None:
        self.context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
        self.holding = True
        self.routes: list[Any] = []
        self.context.route("**/pyodide.asm.mjs", self.hold)
        self.page = self.context.new_page()
        self.page.set_default_timeout(timeout(20) * 1000)

    def hold(self, route: Any) -> None:
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def release(self) -> None:
        self.holding = False
        for route in self.routes:
            try:
                route.continue_()
            except Exception:  # a request of a page since reloaded
                pass
        self.routes.clear()

    def pad(self) -> Any:
        self.page.wait_for_selector("#table:not([hidden])")
        frame = self.page.frame(name="pad")
        assert frame is not None
        frame.wait_for_selector("#form")
        return frame

    def status(self, label: str) -> Any:
        pad = self.pad()
        field = pad.get_by_label(label, exact=True)
        return pad.locator(".field", has=field).locator(".status")

    def give(self, label: str, value: str) -> None:
        pad = self.pad()
        field = pad.get_by_label(label, exact=True)
        section = field.locator("xpath=ancestor::details[contains(@class, 'section')][1]")
        if section.count() and section.get_attribute("open") is None:
            section.locator("summary").first.click()
        field.fill(value)
        field.press("Enter")


@pytest.fixture
def held(browser: Any) -> Iterator[Held]:
    phone = Held(browser)
    yield phone
    phone.context.close()


GIVEN = [("location", "Home"), ("date", "half past never"), ("player 1's name", "Ana")]


def test_answers_given_before_python_are_kept_and_checked_in_order_once_it_is_up(
        held: Held, served: Served) -> None:
    page = held.page
    page.goto(served.url)
    page.wait_for_selector("body[data-shell=yes]")
    assert page.locator("#games button").all_inner_texts() == [
        "Caracas", "Caribe", "Galapagos", "On the Origin of Species"]
    page.locator("#games button", has_text="Galapagos").click()
    for label, value in GIVEN:
        held.give(label, value)
        status = held.status(label)
        status.filter(has_text=KEPT).wait_for()
    assert [held.status(label).text_content() for label, _ in GIVEN] == [KEPT] * 3
    kept = page.evaluate(RECORDS)
    assert [json.loads(answer["body"])["value"] for answer in kept["pending"]] == [v for _, v in GIVEN]
    assert page.locator("body").get_attribute("data-ready") is None

    page.reload()  # during start-up: the answers are still there, still unchecked
    page.wait_for_selector("body[data-shell=yes]")
    pad = held.pad()
    held.status(GIVEN[-1][0]).filter(has_text=KEPT).wait_for()
    for label, value in GIVEN:
        assert pad.get_by_label(label, exact=True).input_value() == value
        assert held.status(label).text_content() == KEPT

    held.release()
    page.wait_for_selector("body[data-ready=yes]", timeout=timeout(120) * 1000)
    held.status("player 1's name").filter(has_text="saved ✓").wait_for(timeout=timeout(60) * 1000)
    assert held.status("location").text_content() == "saved ✓"
    refused = held.status("date").text_content()
    assert refused.startswith("✗ ") and KEPT not in refused
    kept = page.evaluate(RECORDS)
    assert kept["pending"] == []
    [table] = kept["tables"]
    assert table["version"] == 3  # made, then the two good answers, one write each
    assert "location: Home" in table["text"] and "Ana" in table["text"]
    assert "never" not in table["text"]


def test_a_file_chosen_the_moment_the_page_opens_is_scored_once_python_is_up(
        held: Held, served: Served, monkeypatch: pytest.MonkeyPatch) -> None:
    page = held.page
    page.goto(served.url)
    page.set_input_files("#import", str(EXAMPLE))
    page.wait_for_function("() => document.getElementById('status').textContent.includes('once Python')")
    held.release()
    page.wait_for_selector("#result:not([hidden])", timeout=timeout(120) * 1000)
    monkeypatch.chdir(ROOT)
    cli = run_cli("score", str(EXAMPLE.relative_to(ROOT)), "--format", "json")
    assert cli.exit_code == 0, cli.stderr
    [table] = page.evaluate(RECORDS)["tables"]
    assert table["scored"] is True
    assert table["text"] == EXAMPLE.read_text(encoding="utf-8")
    total = json.loads(cli.stdout)
    assert str(total["players"][0]["total"]) in page.frame_locator("#page").locator("body").inner_text()


def test_the_shell_holds_the_page_python_draws_of_each_games_new_table() -> None:
    """``shell()`` as ``scripts/build_app.py`` writes it into ``shell.<hash>.json``: the page's
    placeholders (the file's name, the time) put as the app's page puts them, each game's body is
    the one the worker's Python gives a new table of that game, named and dated the same."""
    spec = importlib.util.spec_from_file_location("build_app", ROOT / "scripts" / "build_app.py")
    assert spec is not None and spec.loader is not None
    build_app = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_app)
    shell = build_app.shell()
    assert shell["kept"] == KEPT
    assert [(game["name"], game["title"]) for game in shell["games"]] == [
        (name, get_game(name).title) for name in REGISTRY]
    now = datetime.datetime(2026, 11, 28, 20, 30)
    for game in shell["games"]:
        tables = Tables()
        name = game["name"] + "-2026-11-28-2030.yaml"
        assert tables.start("k-" + game["name"], game["name"], name, None, now.isoformat())["ok"]
        table = tables.get("k-" + game["name"])
        drawn = game["body"].replace(shell["name"], name).replace(shell["now"], "2026-11-28 20:30")
        assert drawn == table.page_body()
        assert 'id="form"' in drawn and "2026-11-28 20:30" in drawn
