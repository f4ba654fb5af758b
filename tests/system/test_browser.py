"""The html page in a real browser (Debian's Chromium, headless, driven by Playwright): no
sideways scrolling at 360 CSS pixels for any example, a page whose names, place and notes hold
markup runs nothing, and screenshots at 390 x 844 and 1280 x 800 in /tmp/html-shots/ to look at.

Without /usr/bin/chromium (``apt-get install chromium``) these tests are skipped, saying so,
unless ``CI`` is set: there a missing browser fails them.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import EXAMPLES, run_cli

SHOTS = Path("/tmp/html-shots")
PAGES = [*sorted(path for path in EXAMPLES.glob("**/*.yaml") if path.parent.name != "league"),
         EXAMPLES / "league"]
MARKUP_TABLE = """\
game: galapagos
location: '</style><script>alert(1)</script> <img src=x onerror=alert(2)>'
notes: '<script>alert(3)</script>'
players:
  - name: '<img src=x onerror=alert(4)>'
    exhibition: 40
    education: 10
    money: 2000
  - name: '</style><script>alert(5)</script>'
    exhibition: 30
    education: 12
    money: 1500
"""


def page_file(path: Path, folder: Path) -> Path:
    args = ("standings", str(path), "--ratings", "--versus", "--streaks", "--by-players", "--categories") \
        if path.is_dir() else ("score", str(path))
    result = run_cli(*args, "--format", "html")
    assert result.exit_code == 0, result.stderr
    out = folder / f"{path.parent.name}-{path.stem}.html"
    out.write_text(result.stdout, encoding="utf-8")
    return out


@pytest.mark.parametrize("path", PAGES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_no_sideways_scroll_at_360_pixels_and_screenshots(browser: Any, path: Path, tmp_path: Path) -> None:
    html = page_file(path, tmp_path)
    page = browser.new_page(viewport={"width": 360, "height": 800})
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(html.as_uri())
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.evaluate("document.body.scrollWidth") <= 360
    # nor within a box: each item's detail goes under it on a phone, so no items table is
    # wider than its box (a table scrolling sideways cut every detail at the screen's edge)
    assert page.evaluate("[...document.querySelectorAll('table.items')].filter("
                         "t => t.parentElement.scrollWidth > t.parentElement.clientWidth).length") == 0
    assert errors == []
    page.close()
    SHOTS.mkdir(exist_ok=True)
    for width, height in ((390, 844), (1280, 800)):
        shot = browser.new_page(viewport={"width": width, "height": height})
        shot.goto(html.as_uri())
        assert shot.evaluate("document.documentElement.scrollWidth") <= width
        shot.screenshot(path=str(SHOTS / f"{html.stem}-{width}.png"), full_page=True)
        shot.close()


def test_markup_in_a_table_runs_nothing(browser: Any, tmp_path: Path) -> None:
    table = tmp_path / "markup.yaml"
    table.write_text(MARKUP_TABLE, encoding="utf-8")
    html = page_file(table, tmp_path)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    dialogs: list[str] = []
    errors: list[str] = []
    requests: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: requests.append(request.url))
    page.goto(html.as_uri())
    page.wait_for_timeout(300)
    assert dialogs == [] and errors == []
    assert requests == [html.as_uri()]
    assert page.evaluate("document.querySelectorAll('img, script').length") == 0
    names = page.evaluate("[...document.querySelectorAll('table.summary tr[data-player]')]"
                          ".map(row => row.dataset.player)")
    assert sorted(names) == sorted(['<img src=x onerror=alert(4)>', '</style><script>alert(5)</script>'])
    body = page.inner_text("body")
    assert "<img src=x onerror=alert(4)>" in body and "<script>alert(3)</script>" in body
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "markup-390.png"), full_page=True)
    page.close()


def test_markup_in_a_seasons_names_runs_nothing_in_its_chart_or_tables(browser: Any, tmp_path: Path) -> None:
    """The standings page, with the season's chart inline (matplotlib writes each name in the
    SVG, escaped): names that read as markup or as a handler are drawn, and nothing runs."""
    league = tmp_path / "league"
    league.mkdir()
    for day in (1, 2, 3):
        (league / f"play-{day}.yaml").write_text(f"date: 2026-11-0{day}\n{MARKUP_TABLE}", encoding="utf-8")
    html = page_file(league, tmp_path)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    dialogs: list[str] = []
    errors: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(html.as_uri())
    page.wait_for_timeout(300)
    assert dialogs == [] and errors == []
    assert page.evaluate("document.querySelectorAll('img, script').length") == 0
    if importlib.util.find_spec("matplotlib") is not None:
        assert page.evaluate("document.querySelectorAll('.chart svg').length") == 1
    body = page.inner_text("body")
    assert "<img src=x onerror=alert(4)>" in body and "</style><script>alert(5)</script>" in body
    page.screenshot(path=str(SHOTS / "markup-standings-390.png"), full_page=True)
    page.close()


def test_show_board_with_a_markup_name_runs_nothing_in_the_page(browser: Any, tmp_path: Path) -> None:
    """``-f html --show-board``: the text drawing once came before ``<!DOCTYPE html>`` with names
    unescaped, so a name ``</title><script>alert(2)</script>`` ran (the CSP meta landed outside
    ``<head>``)."""
    alex = EXAMPLES / "caracas" / "rulebook-alex.yaml"
    name = "</title><script>alert(2)</script>"
    table = tmp_path / "markup.yaml"
    table.write_text(alex.read_text(encoding="utf-8").replace("name: Alex", f"name: '{name}'", 1),
                     encoding="utf-8")
    html = tmp_path / "markup.html"
    result = run_cli("caracas", str(table), "-f", "html", "--show-board", "-o", str(html))
    assert result.exit_code == 0, result.stderr
    page = browser.new_page(viewport={"width": 390, "height": 844})
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(html.as_uri())
    page.wait_for_timeout(300)
    assert dialogs == []
    assert page.evaluate("document.querySelectorAll('script').length") == 0
    assert name in page.inner_text("body")
    page.close()
