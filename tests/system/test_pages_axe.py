"""axe-core (WCAG 2.1 A and AA) finds no violation on any ``-f html`` page nor on the standings
page (SPEC 8 "A phone in a player's hand"): every worked example
alone, the pages of many tables and of ``--summary``, and the standings with every figure and the
season chart inline, each at a phone's width and a laptop's.
Debian's Chromium through Playwright, as tests/system/test_web_browser.py drives it; axe through
``tests/support/axe.py``. Screenshots in /tmp/page-shots/ to look at."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import EXAMPLES, run_cli
from tests.support.axe import CONTEXT, described, violations

SHOTS = Path("/tmp/page-shots")
GAMES = ("caracas", "caribe", "galapagos", "origin")
PAGES: list[tuple[str, tuple[str, ...]]] = [
    *[(f"{game}-{path.stem}", (game, str(path), "-f", "html"))
      for game in GAMES for path in sorted((EXAMPLES / game).glob("*.yaml"))],
    ("score-all", ("score", *(str(EXAMPLES / game) for game in GAMES), "-f", "html")),
    ("score-summary", ("score", str(EXAMPLES / "caracas"), "-f", "html", "--summary")),
    ("standings", ("standings", str(EXAMPLES / "league"), "-f", "html", "--ratings", "--versus", "--streaks",
                   "--by-players", "--categories")),
    ("standings-plain", ("standings", str(EXAMPLES / "league"), "-f", "html")),
]
SIZES = {"phone": (360, 740), "laptop": (1280, 800)}


@pytest.fixture(scope="module")
def contexts(browser: Any) -> Iterator[dict[tuple[str, str], Any]]:
    opened = {(size, "light"): browser.new_context(viewport={"width": width, "height": height},
                                                  color_scheme="light", **CONTEXT)
              for size, (width, height) in SIZES.items()}
    yield opened
    for context in opened.values():
        context.close()


@pytest.mark.parametrize(("name", "args"), PAGES, ids=[name for name, _ in PAGES])
def test_every_page_has_no_wcag_violation(contexts: dict[tuple[str, str], Any], name: str,
                                          args: tuple[str, ...], tmp_path: Path) -> None:
    if args[0] == "standings" and importlib.util.find_spec("matplotlib") is None:
        pytest.skip("the standings page draws its chart with matplotlib")
    result = run_cli(*args)
    assert result.exit_code == 0, result.stderr
    page_file = tmp_path / f"{name}.html"
    page_file.write_text(result.stdout, encoding="utf-8")
    SHOTS.mkdir(exist_ok=True)
    for (size, scheme), context in contexts.items():
        page = context.new_page()
        try:
            page.goto(page_file.as_uri())
            found = violations(page)
            if size == "phone":
                page.screenshot(path=str(SHOTS / f"{name}-{size}-{scheme}.png"), full_page=True)
            assert found == [], f"{name} at {size}, {scheme}:\n{described(found)}"
            sideways = page.evaluate("document.documentElement.scrollWidth - "
                                     "document.documentElement.clientWidth")
            assert sideways <= 0, f"{name} at {size}: the page scrolls sideways by {sideways} px"
        finally:
            page.close()
