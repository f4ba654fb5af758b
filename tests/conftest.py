"""Shared test helpers: run the CLI in-process and write YAML files to a tmp folder."""

from __future__ import annotations

import inspect
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from scorecalc.cli import app

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


SEPARATE_STDERR = {"mix_stderr": False} if "mix_stderr" in inspect.signature(CliRunner).parameters else {}
"""Click before 8.2 mixes standard error into ``result.stdout`` unless told not to (the lowest
Typer that pyproject.toml allows runs on Click 8.1; CI tests it)."""


def run_cli(*args: str, input: str | None = None) -> Result:
    """Run ``scorecalc ARGS`` in-process; ``result.stdout`` and ``result.stderr`` are separate."""
    return CliRunner(**SEPARATE_STDERR).invoke(app, list(args), input=input, catch_exceptions=False)


@pytest.fixture
def write_yaml(tmp_path: Path) -> Callable[[str, str], Path]:
    """``write_yaml(text, name="table.yaml")`` writes dedented YAML and returns its path."""

    def write(text: str, name: str = "table.yaml") -> Path:
        path = tmp_path / name
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return write
