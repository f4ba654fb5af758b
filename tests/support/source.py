"""The package's source as the structure tests read it (test_layout, test_import_circles,
test_style_sizes, test_each_utility_once): each file parsed once a test process."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from tests.helpers import ROOT

PACKAGE = ROOT / "scorecalc"


@functools.cache
def tree(path: Path) -> ast.Module:
    """``path`` parsed (kept: a file is parsed once however many tests read it)."""
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of ``path``'s tree, as ``ast.walk`` gives them (walked once a test process)."""
    return tuple(ast.walk(tree(path)))


def files() -> list[Path]:
    """Every module of the package, in a stable order."""
    return sorted(PACKAGE.rglob("*.py"))
