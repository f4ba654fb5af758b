"""The app's Python started the quick way (SPEC section 9, "Open at once"; ``app/opening.js``): after
the first start the phone keeps Python with scorecalc imported as a memory snapshot, and a later
visit restores it and scores as the command line does; a snapshot that cannot be restored is
forgotten and Python starts afresh, the player told nothing. The page says which way its worker
started in ``<body data-started>``. And the wheels are asked for as the worker starts, beside the
runtime, not once the runtime has arrived.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers import ROOT, run_cli, timeout
from tests.support.app_served import Served, serving

served = pytest.fixture(scope="module")(serving)

EXAMPLE = ROOT / "examples" / "caracas" / "rulebook-alex.yaml"

KEPT = """async () => {
  const cache = await caches.open("scorecalc-snapshot");
  const keys = await cache.keys();
  const sizes = keys.map(async (key) => (await (await cache.match(key)).arrayBuffer()).byteLength);
  return await Promise.all(sizes);
}"""
"""The sizes of the snapshots the phone keeps (one a build)."""

DAMAGE = """async (how) => {
  const cache = await caches.open("scorecalc-snapshot");
  const [key] = await cache.keys();
  const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
  if (how === "garbage") bytes.fill(7, 0, 4096);
  else bytes[16] ^= 0xff;  // the runtime's build id, as another build's snapshot has it
  await cache.put(key, new Response(bytes));
}"""


@pytest.fixture(scope="module")
def phone(browser: Any, served: Served) -> Iterator[Any]:
    """One phone's browser after its first visit: Python started afresh, its snapshot kept."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(served.url)
    page.wait_for_selector("body[data-ready=yes]", timeout=timeout(120) * 1000)
    assert page.locator("body").get_attribute("data-started") == "plain"
    page.wait_for_function(f"({KEPT})().then((sizes) => sizes.length === 1)", timeout=timeout(60) * 1000)
    yield page
    context.close()


def visit(page: Any) -> str:
    """The page opened again on the same phone; which way its Python started."""
    page.reload()
    page.wait_for_selector("body[data-ready=yes]", timeout=timeout(120) * 1000)
    started: str = page.locator("body").get_attribute("data-started")
    return started


def scores_as_the_cli(page: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    name = str(EXAMPLE.relative_to(ROOT))
    for format in ("json", "html"):
        cli = run_cli("score", name, "--format", format)
        assert cli.exit_code == 0, cli.stderr
        got = page.evaluate("([name, text, format]) => scorecalcApp.score(name, text, format)",
                            [name, EXAMPLE.read_text(encoding="utf-8"), format])
        assert got == {"code": 0, "text": cli.stdout}


def test_a_later_visit_restores_python_from_the_snapshot_and_scores_as_the_cli(
        phone: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    assert visit(phone) == "snapshot"
    scores_as_the_cli(phone, monkeypatch)
    games = phone.locator("#games button").all_inner_texts()
    assert games == ["Caracas", "Caribe", "Galapagos", "On the Origin of Species"]


@pytest.mark.parametrize("how", ["garbage", "another build"])
def test_a_snapshot_that_cannot_be_restored_falls_back_to_a_plain_start(
        phone: Any, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    phone.evaluate(DAMAGE, how)
    assert visit(phone) == "plain"
    assert phone.locator("#status").inner_text() == ""
    scores_as_the_cli(phone, monkeypatch)
    # the damaged one forgotten, a good one kept in its place: the visit after restores again
    phone.wait_for_function(f"({KEPT})().then((sizes) => sizes.length === 1)", timeout=timeout(60) * 1000)
    assert visit(phone) == "snapshot"


def test_the_wheels_are_asked_for_before_the_runtime_has_arrived(browser: Any, served: Served) -> None:
    """The runtime's script (which asks for its wasm) held back until every wheel has been asked
    for: the app comes up. Pyodide's own ``packages`` option asks for the wheels only once that
    script has run, so the old worker would wait for ever."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    held: list[Any] = []
    asked: list[str] = []
    context.route("**/pyodide.asm.mjs", lambda route: held.append(route))
    context.on("request", lambda request: asked.append(request.url.rsplit("/", 1)[-1]))
    try:
        page = context.new_page()
        page.goto(served.url)
        for _ in range(int(timeout(30) * 10)):  # until the runtime's script and seven wheels are asked for
            if held and sum(name.endswith(".whl") for name in asked) >= 7:
                break
            page.wait_for_timeout(100)
        assert held, "the runtime was never asked for"
        wheels = sorted(name.split("-")[0] for name in asked if name.endswith(".whl"))
        assert wheels == ["jinja2", "markupsafe", "pyyaml", "scorecalc", "segno", "tabulate", "wcwidth"]
        held[0].continue_()
        page.wait_for_selector("body[data-ready=yes]", timeout=timeout(120) * 1000)
    finally:
        context.close()
