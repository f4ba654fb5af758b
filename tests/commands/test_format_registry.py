"""One renderer per format (issue 28 item 1): ``formats.RENDERERS`` names each format's module
and function, imported only when the format is asked for; no renderer takes a format flag."""

from __future__ import annotations

import importlib
import inspect
import re

import scorecalc
from scorecalc.output.formats import RENDERERS, Format
from tests.helpers import ROOT


def test_every_format_has_one_renderer_taking_results_and_options() -> None:
    assert set(RENDERERS) == set(Format)
    for fmt, renderer in RENDERERS.items():
        function = getattr(importlib.import_module(f"scorecalc.output.{renderer.module}"), renderer.function)
        assert list(inspect.signature(function).parameters) == ["results", "options"], fmt
    assert [fmt for fmt, renderer in RENDERERS.items() if renderer.pictures] == [Format.HTML]


def test_no_renderer_is_told_its_format_by_a_flag() -> None:
    package = ROOT / "scorecalc"
    assert package == ROOT / scorecalc.__name__
    flagged = [f"{path.relative_to(ROOT)}:{number}" for path in sorted(package.rglob("*.py"))
               for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
               if re.search(r"\bmarkdown: bool\b|\bmarkdown=(True|False|markdown)\b", line)]
    assert flagged == []
