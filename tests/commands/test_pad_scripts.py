"""The pad's scripts as code like the rest: their unit tests in Node (``tests/js/``, Node's own
runner over a DOM from happy-dom: the morph rules of ``scorecalc/web/static/morph.js``) run in the
quick loop; the DOM-morphing library the pad ships (``web/static/idiomorph.js``) is byte for byte
the file of the idiomorph version ``package-lock.json`` pins; every text a phone types is bounded
by what the pad takes (``maxlength``). Without Node or ``node_modules`` (``npm ci`` not run) the
Node tests are skipped, saying so, unless ``CI`` is set: there they fail."""

from __future__ import annotations

import datetime
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from scorecalc.games import get_game
from scorecalc.web.app import LIMIT
from scorecalc.web.pad import Pad
from scorecalc.web.pages import ANSWER_MOST, pad_html
from tests.helpers import timeout

ROOT = Path(__file__).resolve().parents[2]
MODULES = ROOT / "node_modules"
SHIPPED = ROOT / "scorecalc" / "web" / "static" / "idiomorph.js"


def needs(what: Path | None, words: str) -> None:
    """Skip (fail under ``CI``) when ``what`` is missing."""
    if what is not None and what.exists():
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI: {words}")
    pytest.skip(words)


def test_the_node_unit_tests_pass() -> None:
    node = shutil.which("node")
    needs(Path(node) if node else None, "no node on PATH: the unit tests of tests/js need Node 20")
    needs(MODULES / "happy-dom", "no node_modules/happy-dom: npm ci at the repository's root")
    run = subprocess.run([node or "node", "--test", "tests/js/"], cwd=ROOT, capture_output=True, text=True,
                         timeout=timeout(60), check=False)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    passed = re.search(r"^# pass (\d+)$", run.stdout, re.MULTILINE)
    assert passed and int(passed[1]) >= 8, run.stdout[-2000:]


def test_the_shipped_idiomorph_is_the_pinned_one_byte_for_byte() -> None:
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    pinned = lock["packages"]["node_modules/idiomorph"]
    assert json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]["idiomorph"] \
        == pinned["version"]
    installed = MODULES / "idiomorph" / "dist" / "idiomorph.min.js"
    needs(installed, "no node_modules/idiomorph: npm ci at the repository's root")
    assert json.loads((MODULES / "idiomorph" / "package.json").read_text(encoding="utf-8"))["version"] \
        == pinned["version"]
    assert SHIPPED.read_bytes() == installed.read_bytes()


def test_every_text_a_phone_types_is_bounded_by_what_the_pad_takes(tmp_path: Path) -> None:
    """An answer carries its value and the value it saw, each up to ``ANSWER_MOST`` characters of at
    most three bytes in JSON: it fits the pad's request limit, so a field never holds what the pad
    would refuse for its size."""
    assert 2 * 3 * ANSWER_MOST + 1024 <= LIMIT
    pad = Pad(get_game("caracas"), str(tmp_path / "tonight.yaml"), datetime.datetime(2026, 12, 6, 20, 0))
    page = pad_html(pad, pad.view())
    texts = re.findall(r"<(?:input|textarea)\b[^>]*>", page)
    assert len(texts) > 5 and all(f'maxlength="{ANSWER_MOST}"' in tag for tag in texts), texts
