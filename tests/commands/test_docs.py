"""Docs that cannot drift from the program: README's console output, links inside the repository."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.helpers import ROOT, timeout


@pytest.mark.slow
def test_readme_console_output_is_what_the_program_prints() -> None:
    result = subprocess.run([sys.executable, "scripts/readme_tour.py", "--check"], cwd=ROOT,
                            capture_output=True, text=True, timeout=timeout(300))
    assert result.returncode == 0, result.stdout + result.stderr


def test_docs_never_point_outside_the_repository() -> None:
    for path in [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").rglob("*.md")]:
        text = path.read_text(encoding="utf-8")
        assert "../shared" not in text and "SPEC.md" not in text, path
