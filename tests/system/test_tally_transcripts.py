"""docs/tally.md's terminal transcripts are what the program shows: each ``<!-- terminal: … -->``
block, typed again on a real pseudo-terminal by ``scripts/tally_transcripts.py --check``, reads the
same (as README's tour is checked by ``scripts/readme_tour.py --check``)."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("pexpect")
pytest.importorskip("pyte")
pytestmark = pytest.mark.slow

from tests.helpers import ROOT, timeout  # noqa: E402


def test_the_terminal_transcripts_are_what_tally_shows() -> None:
    text = (ROOT / "docs" / "tally.md").read_text(encoding="utf-8")
    assert text.count("<!-- terminal: ") >= 2  # Galapagos, and Caribe's needed board
    result = subprocess.run([sys.executable, "scripts/tally_transcripts.py", "--check"], cwd=ROOT,
                            capture_output=True, text=True, timeout=timeout(300))
    assert result.returncode == 0, result.stdout + result.stderr
