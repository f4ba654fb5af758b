"""What the browser tests share (``test_browser.py``: the html page; ``test_web_browser.py``: the
web pad): Debian's Chromium driven by Playwright, skipped with one line where it is missing,
failed under CI."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
"""Debian's chromium: Playwright's own browser download cannot work here."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM) or shutil.which(CHROMIUM) is None:
        if os.environ.get("CI"):
            pytest.fail(f"CI: no Chromium at {CHROMIUM} (apt-get install -y chromium)")
        pytest.skip(f"no Chromium at {CHROMIUM}: apt-get install -y chromium to run the browser tests")
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()
