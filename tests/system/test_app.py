"""The app (SPEC section 9) in Chromium: ``dist/app/`` served from 127.0.0.1 as a static host
serves it, at 390 x 844. Every example's JSON and score page computed by the app's Python (in
its Web Worker) equal the command line's byte for byte; no request leaves the folder's origin.

Without ``dist/app/`` (``python scripts/build_app.py``) these tests are skipped, saying so,
unless ``CI`` is set: there a missing build fails them, as a missing Chromium does.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers import ROOT, run_cli, timeout
from tests.support.app_served import Served, missing

EXAMPLES = sorted((ROOT / "examples").rglob("*.yaml"))


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    why = missing()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI: {why}")
        pytest.skip(why)
    server = Served()
    yield server
    server.close()


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
