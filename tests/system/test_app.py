"""The app (SPEC section 9) in Chromium: ``dist/app/`` served from 127.0.0.1 as a static host
serves it, at 390 x 844. Every example's JSON and score page computed by the app's Python (in
its Web Worker) equal the command line's byte for byte; no request leaves the folder's origin.

Without ``dist/app/`` (``python scripts/build_app.py``) these tests are skipped, saying so,
unless ``CI`` is set: there a missing build fails them, as a missing Chromium does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.helpers import ROOT, run_cli, run_scorecalc, timeout
from tests.support.app_served import Served, serving
from tests.support.caracas_tiles import ANIMALS, LANDS

EXAMPLES = sorted((ROOT / "examples").rglob("*.yaml"))


served = pytest.fixture(scope="module")(serving)


@pytest.fixture(scope="module")
def app(browser: Any, served: Served) -> Iterator[tuple[Any, list[str]]]:
    """The app's page, loaded and ready (Python started), and every URL it requested."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()
    page.goto(served.url)
    page.wait_for_selector("body[data-ready=yes]", timeout=timeout(120) * 1000)
    yield page, requests
    context.close()


def test_every_example_scores_in_the_app_as_the_cli_scores_it(app: tuple[Any, list[str]],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    page, _ = app
    monkeypatch.chdir(ROOT)
    differ = []
    for path in EXAMPLES:
        name = str(path.relative_to(ROOT))
        text = path.read_text(encoding="utf-8")
        for format in ("json", "html"):
            cli = run_cli("score", name, "--format", format)
            assert cli.exit_code == 0, cli.stderr
            got = page.evaluate("([name, text, format]) => scorecalcApp.score(name, text, format)",
                                [name, text, format])
            if got != {"code": 0, "text": cli.stdout}:
                differ.append(f"{name} --format {format}")
    assert differ == []
    assert len(EXAMPLES) >= 22


def test_no_request_leaves_the_folders_origin(app: tuple[Any, list[str]], served: Served) -> None:
    page, requests = app
    page.reload()
    page.wait_for_selector("body[data-ready=yes]", timeout=timeout(120) * 1000)
    assert requests
    assert [url for url in requests if not url.startswith(served.url)] == []
    assert any(url.endswith("pyodide.asm.wasm") for url in requests)
    assert any(url.endswith(".whl") for url in requests)


# --- a table on one phone --------------------------------------------------------------------

SHOTS = Path("/tmp/app-shots")
GALAPAGOS = [("date", "2026-11-28 20:30"), ("location", "Home"), ("player 1's name", "Ana"),
             ("player 2's name", "Ben"), ("Ana's exhibition", "41"), ("Ana's education", "17")]
REST = [("Ana's animals", "sea_lion 2, tortoise 1"), ("Ana's money", "2300"), ("Ben's exhibition", "35"),
        ("Ben's education", "12"), ("Ben's animals", "3"), ("Ben's money", "1900")]


class Phone:
    """The app on one phone (a browser context at 390 x 844), its pad in the frame ``pad``."""

    def __init__(self, browser: Any, served: Served, beside: Phone | None = None, at: str = "") -> None:
        """``beside``: another tab of that phone (the same browser context, the same IndexedDB),
        opened at ``at`` (``#table=KEY``)."""
        self.context = beside.context if beside else browser.new_context(
            viewport={"width": 390, "height": 844}, accept_downloads=True)
        self.requests: list[str] = []
        self.errors: list[str] = []
        if beside is None:
            self.context.on("request", lambda request: self.requests.append(request.url))
        self.page = self.context.new_page()
        self.page.set_default_timeout(timeout(20) * 1000)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(served.url + at)
        self.ready()

    def ready(self) -> None:
        self.page.wait_for_selector("body[data-ready=yes]", timeout=timeout(120) * 1000)

    @property
    def pad(self) -> Any:
        self.page.wait_for_selector("#table:not([hidden])")
        frame = self.page.frame(name="pad")
        assert frame is not None
        frame.wait_for_function("() => document.body.dataset.settled === 'yes'")
        return frame

    def give(self, label: str, value: str) -> Any:
        """``value`` typed at ``label`` and Enter pressed: the field's status line."""
        pad = self.pad
        field = pad.get_by_label(label, exact=True)
        section = field.locator("xpath=ancestor::details[contains(@class, 'section')][1]")
        if section.get_attribute("open") is None:  # folded (date, place): a tap on its heading
            section.locator("summary").first.click()
        field.fill(value)
        field.press("Enter")
        return pad.locator(".field", has=field).locator(".status")

    def answer(self, label: str, value: str) -> None:
        status = self.give(label, value)
        try:
            status.filter(has_text=re.compile("saved ✓")).wait_for()
        except Exception:
            raise AssertionError(f"{label} = {value!r}: {status.all_inner_texts()}") from None

    def answer_refused(self, label: str, value: str, words: str) -> None:
        self.give(label, value).filter(has_text=words).wait_for(state="attached")

    def kept(self) -> list[dict[str, Any]]:
        """The tables IndexedDB holds on this phone."""
        records: list[dict[str, Any]] = self.page.evaluate("""() => new Promise((resolve, reject) => {
            const opening = indexedDB.open("scorecalc");
            opening.onsuccess = () => {
                const got = opening.result.transaction("tables").objectStore("tables").getAll();
                got.onsuccess = () => resolve(got.result);
                got.onerror = () => reject(got.error);
            };
        })""")
        return records

    def export(self, name: str, folder: Path) -> Path:
        with self.page.expect_download() as download:
            self.page.get_by_role("button", name=f"Export {name}").click()
        path = folder / download.value.suggested_filename
        download.value.save_as(path)
        return path

    def shot(self, name: str) -> None:
        SHOTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_a_galapagos_table_entered_kept_resumed_scored_exported_and_imported(
        browser: Any, served: Served, tmp_path: Path) -> None:
    phone = Phone(browser, served)
    try:
        phone.shot("01-home")
        phone.page.get_by_role("button", name="Galapagos", exact=True).click()
        assert phone.pad is not None  # the frame up, then every form it asks for counted
        phone.page.evaluate("""() => {
            const app = window.scorecalcApp, asked = app.request;
            window.formsAsked = 0;
            app.request = (method, path, body) => {
                if (method === "GET" && String(path).startsWith("form")) window.formsAsked += 1;
                return asked(method, path, body);
            };
        }""")
        for label, value in GALAPAGOS:
            phone.answer(label, value)
        # the answering page shows what each reply carried: no second request for its form
        assert phone.page.evaluate("() => window.formsAsked") == 0
        [record] = phone.kept()  # "saved" once IndexedDB has it
        assert "exhibition: 17" not in record["text"] and "education: 17" in record["text"]
        name = record["name"]
        phone.shot("02-half-way")

        phone.page.reload()  # mid-table: the app opens the same table where it stopped
        phone.ready()
        assert phone.pad.get_by_label("Ana's exhibition", exact=True).input_value() == "41"
        assert phone.pad.get_by_label("player 2's name", exact=True).input_value() == "Ben"

        phone.page.get_by_role("button", name="← Tables").click()
        (tmp_path / "half").mkdir()
        half = phone.export(name, tmp_path / "half")
        assert "tally:" in half.read_text(encoding="utf-8")
        phone.page.get_by_role("button", name=f"Open {name}").click()
        for label, value in REST:
            phone.answer(label, value)
        phone.pad.get_by_role("button", name="Score it").click()
        phone.page.wait_for_selector("#result:not([hidden])")
        phone.shot("03-score-page")
        [record] = phone.kept()
        assert record["scored"] is True
        folder = tmp_path / "whole"
        folder.mkdir()
        whole = folder / name
        whole.write_text(record["text"], encoding="utf-8", newline="")
        html = run_scorecalc("galapagos", name, "--format", "html", cwd=folder)
        assert html.returncode == 0, html.stderr
        assert record["page"] == html.stdout  # the score page is the CLI's --format html
        assert phone.page.locator("#page").get_attribute("srcdoc") == html.stdout
        link = run_scorecalc("galapagos", name, "--bgstats-link", cwd=folder)
        assert phone.page.get_by_role("link", name="Log it in BG Stats").get_attribute("href") == \
            link.stdout.strip()
        json_cli = run_scorecalc("galapagos", name, "--format", "json", cwd=folder)
        assert "Ana" in json_cli.stdout and json_cli.returncode == 0

        phone.page.get_by_role("button", name="← Tables").click()  # the whole file, imported: scored
        phone.page.set_input_files("#import", str(whole))
        phone.page.wait_for_selector("#result:not([hidden])")
        assert phone.page.locator("#page").get_attribute("srcdoc") == html.stdout
        phone.page.get_by_role("button", name="← Tables").click()  # the half-way file: a table
        phone.page.set_input_files("#import", str(half))
        assert phone.pad.get_by_label("Ana's exhibition", exact=True).input_value() == "41"
        assert phone.pad.get_by_label("Ana's money", exact=True).input_value() == ""
        assert len(phone.kept()) == 3
        assert [url for url in phone.requests if not url.startswith(served.url)] == []
        assert phone.errors == []
    finally:
        phone.context.close()


def test_after_one_visit_the_app_opens_and_scores_offline(browser: Any, served: Served) -> None:
    phone = Phone(browser, served)
    try:
        phone.page.wait_for_selector("body[data-offline=cached]", timeout=timeout(120) * 1000)
        phone.context.set_offline(True)
        phone.page.reload()
        phone.ready()
        phone.page.get_by_role("button", name="Galapagos", exact=True).click()
        for label, value in [*GALAPAGOS, *REST]:
            phone.answer(label, value)
        phone.pad.get_by_role("button", name="Score it").click()
        phone.page.wait_for_selector("#result:not([hidden])")
        assert "Winner: Ana" in (phone.page.locator("#page").get_attribute("srcdoc") or "")
        # the frame draws its srcdoc a moment after the result is shown: waited for, not raced
        phone.page.frame_locator("#page").locator("body", has_text="Winner: Ana").wait_for()
        phone.shot("04-offline-score-page")
        assert phone.errors == []
    finally:
        phone.context.close()


def test_the_folder_is_installable_and_its_policy_allows_webassembly_and_nothing_else(served: Served) -> None:
    import json
    import re as regex

    from tests.support.app_served import FOLDER

    index = (FOLDER / "index.html").read_text(encoding="utf-8")
    policy = regex.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', index)
    assert policy is not None
    directives = dict(part.strip().split(" ", 1) for part in policy.group(1).split(";"))
    script = directives["script-src"].split()
    assert "'wasm-unsafe-eval'" in script and "'unsafe-eval'" not in script
    allowed = ("'self'", "'none'", "'wasm-unsafe-eval'", "'unsafe-inline'", "data:")
    assert [source for source in " ".join(directives.values()).split() if source not in allowed] == []
    manifest_name = regex.search(r'rel="manifest" href="([^"]*)"', index)
    assert manifest_name is not None
    manifest = json.loads((FOLDER / manifest_name.group(1)).read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    sizes = set()
    for icon in manifest["icons"]:
        data = (FOLDER / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add(width)
    assert {192, 512} <= sizes
    worker = (FOLDER / "sw.js").read_text(encoding="utf-8")
    listed = json.loads(regex.search(r"const FILES = (\[.*\]);", worker).group(1))  # type: ignore[union-attr]
    on_disk = {str(p.relative_to(FOLDER)) for p in FOLDER.rglob("*") if p.is_file()} - {"sw.js"}
    assert set(listed) == {"./", *on_disk}


def build_script() -> Any:
    """scripts/build_app.py as a module (it is a script, not part of the package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_app", ROOT / "scripts" / "build_app.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_service_workers_version_changes_when_only_index_html_changes(tmp_path: Path) -> None:
    """index.html keeps its name (and holds the page's policy): a change to it alone must still
    make a new sw.js, or a phone that has visited never takes it."""
    version_of = build_script().version_of
    (tmp_path / "index.html").write_text("<meta content=\"default-src 'self'\">", encoding="utf-8")
    (tmp_path / "app.1a2b3c.js").write_text("say()", encoding="utf-8")
    files = ["index.html", "app.1a2b3c.js"]
    first = version_of(tmp_path, files)
    assert version_of(tmp_path, list(reversed(files))) == first  # the listing's order is not content
    (tmp_path / "index.html").write_text("<meta content=\"default-src 'none'\">", encoding="utf-8")
    second = version_of(tmp_path, files)
    assert second != first and len(second) == 12
    (tmp_path / "index.html").write_text("<meta content=\"default-src 'self'\">", encoding="utf-8")
    assert version_of(tmp_path, files) == first


def scored_by_the_cli(record: dict[str, Any], folder: Path) -> str:
    """The kept file's score page as ``scorecalc galapagos FILE --format html`` makes it."""
    (folder / record["name"]).write_text(record["text"], encoding="utf-8", newline="")
    html = run_scorecalc("galapagos", record["name"], "--format", "html", cwd=folder)
    assert html.returncode == 0, html.stderr
    return html.stdout


def test_two_tabs_on_one_table_answering_in_turn_lose_no_answer(browser: Any, served: Served,
                                                                 tmp_path: Path) -> None:
    """Each tab's worker writes over the version it read: the other tab's answers are taken in,
    never overwritten; after one tab scored, a late answer in the other changes nothing kept."""
    first = Phone(browser, served)
    try:
        first.page.get_by_role("button", name="Galapagos", exact=True).click()
        first.answer(*GALAPAGOS[0])
        [record] = first.kept()
        second = Phone(browser, served, beside=first, at="#table=" + record["key"])
        tabs = [first, second]
        answers = [GALAPAGOS[0], ("location", "Home"), *[each for each in GALAPAGOS + REST
                                                         if each[0] not in ("date", "location")]]
        for turn, (label, value) in enumerate(answers[1:], start=1):
            tabs[turn % 2].answer(label, value)
        [record] = first.kept()
        table = yaml.safe_load(record["text"])
        assert table["location"] == "Home" and table["players"][0]["money"] == 2300
        assert [(p["name"], p["exhibition"], p["education"], p["money"]) for p in table["players"]] == \
            [("Ana", 41, 17, 2300), ("Ben", 35, 12, 1900)]
        assert second.page.locator("body").get_attribute("data-kept") == "reloaded"
        assert "Another tab changed this table" in second.page.locator("#status").inner_text()

        scorer, late = tabs[(len(answers) - 1) % 2], tabs[len(answers) % 2]  # the last to answer scores
        scorer.pad.get_by_role("button", name="Score it").click()
        scorer.page.wait_for_selector("#result:not([hidden])")
        [scored] = first.kept()
        late.answer_refused("location", "Elsewhere", "scored in another tab")
        late.page.wait_for_selector("#result:not([hidden])")
        [after] = first.kept()
        assert after["text"] == scored["text"] and after["scored"] is True and "tally:" not in after["text"]
        page = scored_by_the_cli(after, tmp_path)
        assert after["page"] == page
        assert late.page.locator("#page").get_attribute("srcdoc") == page
        assert first.errors == [] and second.errors == []
    finally:
        first.context.close()


def test_storage_cleared_under_an_open_table_is_said_and_the_table_offered_for_export(
        browser: Any, served: Served, tmp_path: Path) -> None:
    phone = Phone(browser, served)
    try:
        phone.page.get_by_role("button", name="Galapagos", exact=True).click()
        phone.answer("player 1's name", "Ana")
        devtools = phone.context.new_cdp_session(phone.page)  # as the browser's "clear site data" does
        devtools.send("Storage.clearDataForOrigin", {"origin": served.url.rstrip("/"),
                                                     "storageTypes": "indexeddb"})
        phone.answer_refused("player 2's name", "Ben", "not kept on this phone")
        assert "could not keep" in phone.page.locator("#status").inner_text()
        with phone.page.expect_download() as download:
            phone.page.get_by_role("button", name="Export YAML").click()
        path = tmp_path / "kept.yaml"
        download.value.save_as(path)
        assert "name: Ben" in path.read_text(encoding="utf-8")  # the table in memory, the last answer too
        phone.page.get_by_role("button", name="← Tables").click()
        assert phone.kept() == []  # no bare record written back
        assert "undefined" not in phone.page.locator("#home").inner_text()
        assert phone.errors == []
    finally:
        phone.context.close()


def test_imports_are_read_by_python_alone(browser: Any, served: Served, tmp_path: Path) -> None:
    """A game: line the old pattern missed opens (scored at once); a file that is not UTF-8 is
    refused in the command line's words and not kept; a file over the pad's body limit is refused at once."""
    phone = Phone(browser, served)
    try:
        whole = (ROOT / "examples" / "galapagos" / "decided-by-money.yaml").read_text(encoding="utf-8")
        odd = tmp_path / "tonight.yaml"
        odd.write_text(whole.replace("\ngame: galapagos\n", "\ngame: Galapagos  # tonight\n"),
                       encoding="utf-8")
        phone.page.set_input_files("#import", str(odd))
        phone.page.wait_for_selector("#result:not([hidden])")
        assert "Winner: Hana" in phone.page.frame_locator("#page").locator("body").inner_text()
        phone.page.get_by_role("button", name="← Tables").click()
        latin = tmp_path / "latin.yaml"
        latin.write_bytes(whole.replace("Hana", "Haïna").encode("latin-1"))
        phone.page.set_input_files("#import", str(latin))
        status = phone.page.locator("#status.bad")
        status.wait_for()
        assert "latin.yaml:" in status.inner_text() and "not valid UTF-8 text" in status.inner_text()
        big = tmp_path / "big.yaml"
        big.write_text(whole + "#" * 70_000 + "\n", encoding="utf-8")
        phone.page.set_input_files("#import", str(big))
        phone.page.locator("#status", has_text="at most 64 KB").wait_for(timeout=2000)
        assert [record["name"] for record in phone.kept()] == ["tonight.yaml"]
        assert phone.errors == []
    finally:
        phone.context.close()


BOARDS = {"Ana": [(1, 1, "JuJa~ES"), (1, 2, "JuSlSo~NESW"), (1, 3, "JuHo~SW"), (2, 2, "SwPi~NE")],
          "Bea": [(1, 1, "SaAt"), (1, 2, "SwIb~NS")]}


def test_a_caracas_board_by_taps_in_the_app(browser: Any, served: Served, tmp_path: Path) -> None:
    phone = Phone(browser, served)
    try:
        phone.page.get_by_role("button", name="Caracas", exact=True).click()
        phone.answer("date", "2026-11-29 21:00")
        for seat, name in enumerate(BOARDS):
            phone.answer(f"player {seat + 1}'s name", name)
        for player, (name, tiles) in enumerate(BOARDS.items()):
            for row, col, token in tiles:
                pad = phone.pad
                board = pad.locator(f'.board[data-board="players[{player}].grid"]')
                pad.locator(f'[data-place="players[{player}].grid.r{row}c{col}"]').click()
                editor = board.locator(".editor")
                editor.get_by_role("button", name=LANDS[token[:2]], exact=True).click()
                body, *rivers = token.split("~")
                for at in range(2, len(body), 2):
                    editor.get_by_role("button", name=ANIMALS[body[at:at + 2]], exact=True).click()
                first, second = [*rivers, "", ""][:2]
                for side in first:
                    editor.locator(f'.edge[data-side="{side}"]').click()
                if second:
                    editor.get_by_role("button", name="Second river").click()
                    for side in second:
                        editor.locator(f'.edge[data-side="{side}"]').click()
                editor.get_by_role("button", name="Place", exact=True).click()
                pad.locator(f'[data-place="players[{player}].grid.r{row}c{col}"][data-seen="{token}"]').wait_for()
            if player == 0:
                phone.shot("05-caracas-board")
            phone.pad.get_by_role("button", name=f"Finish {name}'s board (every tile is in)").click()
            phone.pad.get_by_text(f"{name}'s board is complete.").wait_for()
        phone.pad.get_by_role("button", name="Score it").click()
        phone.pad.get_by_role("button", name="Score it anyway").click()  # few tiles: warned first
        phone.page.wait_for_selector("#result:not([hidden])")
        phone.shot("06-caracas-score-page")
        [record] = phone.kept()
        whole = tmp_path / record["name"]
        whole.write_text(record["text"], encoding="utf-8", newline="")
        html = run_scorecalc("caracas", record["name"], "--format", "html", cwd=tmp_path)
        assert html.returncode == 0, html.stderr
        assert record["page"] == html.stdout
        assert html.stdout.count("<svg") >= 2  # both boards drawn
        assert phone.errors == []
    finally:
        phone.context.close()


AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe(page: Any) -> tuple[list[Any], int]:  # a Page, or a Frame
    """axe-core (node_modules/axe-core, as npm ci installs it) run on the page and every frame in it
    (the pad, the score page): the WCAG 2.1 A and AA violations, and how many checks passed inside a
    frame (so a frame left out would show)."""
    source = (ROOT / "node_modules" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
    for frame in getattr(page, "frames", None) or [page]:
        frame.evaluate(source)
    found: tuple[list[Any], int] = page.evaluate(
        """(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}}).then((result) => [
            result.violations.map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))]),
            result.passes.flatMap((p) => p.nodes).filter((n) => n.target.length > 1).length])""", AXE_TAGS)
    return found


def test_axe_finds_no_violation_on_the_apps_screens(browser: Any, served: Served) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)  # axe injected
    page = context.new_page()
    page.set_default_timeout(timeout(20) * 1000)
    try:
        page.goto(served.url)
        page.wait_for_selector("body[data-ready=yes]", timeout=timeout(120) * 1000)
        assert axe(page)[0] == []  # home
        page.get_by_role("button", name="Caracas", exact=True).click()
        page.wait_for_selector("#table:not([hidden])")
        pad = page.frame(name="pad")
        assert pad is not None
        pad.wait_for_function("() => document.body.dataset.settled === 'yes'")
        for seat, name in enumerate(("Ana", "Bea")):
            field = pad.get_by_label(f"player {seat + 1}'s name", exact=True)
            field.fill(name)
            field.press("Enter")
            pad.locator(".field", has=field).locator(".status").filter(has_text="saved ✓").wait_for()
        pad.wait_for_function("() => document.body.dataset.settled === 'yes'")
        violations, inside = axe(page)  # the pad
        assert violations == [] and inside > 0
        pad.locator('[data-place="players[0].grid.r1c1"]').click()
        editor = pad.locator('.board[data-board="players[0].grid"] .editor')
        editor.get_by_role("button", name="Jungle").click()
        violations, inside = axe(page)  # the tile editor open
        assert violations == [] and inside > 0
        page.get_by_role("button", name="← Tables").click()
        page.set_input_files("#import", str(ROOT / "examples" / "galapagos" / "decided-by-money.yaml"))
        page.wait_for_selector("#result:not([hidden])")
        assert axe(page)[0] == []  # the score page's frame around it
        shown = page.locator("#page").get_attribute("srcdoc")  # the page itself, sandboxed without
        alone = context.new_page()  # script in the app's frame (axe cannot run there): in a page of its own
        alone.set_content(shown)
        assert axe(alone)[0] == []
        alone.close()
        page.get_by_role("button", name="← Tables").click()
        assert axe(page)[0] == []  # home, tables kept
    finally:
        context.close()
