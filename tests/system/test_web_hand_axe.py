"""The axe-core helper (``tests/support/axe.py``) itself, in Debian's Chromium: it finds what a
page breaks of WCAG 2.1 A/AA, and nothing on a page that breaks nothing, through the page's
Content-Security-Policy (the pad's and the ``-f html`` pages' forbid a script they did not
ship)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.axe import CONTEXT, TAGS, violations

POLICY = "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'\">"
BROKEN = f"""<!doctype html><html><head>{POLICY}<title>broken</title></head>
<body><main><button></button><p style="color:#999;background:#fff">pale</p></main></body></html>"""
SOUND = f"""<!doctype html><html lang="en"><head>{POLICY}<title>sound</title></head>
<body><main><h1>A page</h1><button type="button">Score it</button></main></body></html>"""


def test_axe_finds_what_a_page_breaks_and_nothing_on_a_sound_one(browser: Any, tmp_path: Path) -> None:
    context = browser.new_context(**CONTEXT)
    try:
        page = context.new_page()
        (tmp_path / "broken.html").write_text(BROKEN, encoding="utf-8")
        page.goto((tmp_path / "broken.html").as_uri())
        found = violations(page)
        assert sorted(rule["id"] for rule in found) == ["button-name", "color-contrast", "html-has-lang"]
        assert all(set(rule["tags"]) & set(TAGS) for rule in found)
        assert found[0]["nodes"][0]["target"] and found[0]["nodes"][0]["summary"]
        (tmp_path / "sound.html").write_text(SOUND, encoding="utf-8")
        page.goto((tmp_path / "sound.html").as_uri())
        assert violations(page) == []
    finally:
        context.close()


def test_a_page_whose_policy_refuses_axe_says_how_to_open_it(browser: Any, tmp_path: Path) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        (tmp_path / "sound.html").write_text(SOUND, encoding="utf-8")
        page.goto((tmp_path / "sound.html").as_uri())
        with pytest.raises(AssertionError, match=r"new_context\(\*\*tests.support.axe.CONTEXT\)"):
            violations(page)
    finally:
        context.close()
