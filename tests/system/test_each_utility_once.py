"""Each utility once (issue 40 item 4): one display width and wrapping module, one writing of a
place in the file's form, one Jinja2 environment, the pad's style including the board's rules
rather than rewriting them. Read from the source, as test_layout reads the imports."""

from __future__ import annotations

import ast
import functools
import re

import pytest

from tests.helpers import ROOT
from tests.support import source

pytestmark = pytest.mark.slow  # reads every module's source: the suite's (test_layout is the quick loop's)

PACKAGE = ROOT / "scorecalc"


@functools.cache  # walked once for the module's tests
def modules() -> dict[str, tuple[ast.AST, ...]]:
    """Each module's nodes, by its path in the package."""
    return {str(path.relative_to(PACKAGE)): source.nodes(path) for path in sorted(PACKAGE.rglob("*.py"))}


def importers(name: str) -> list[str]:
    """The modules that import ``name`` (``from NAME import ...`` or ``import NAME``)."""
    found = []
    for module, walked in modules().items():
        for node in walked:
            if isinstance(node, ast.ImportFrom) and node.module == name and node.level == 0:
                found.append(module)
            elif isinstance(node, ast.Import) and any(alias.name == name for alias in node.names):
                found.append(module)
    return sorted(set(found))


def defining(function: str) -> list[str]:
    return sorted(module for module, walked in modules().items() for node in walked
                  if isinstance(node, ast.FunctionDef) and node.name == function)


def test_one_module_measures_and_wraps_text() -> None:
    assert importers("wcwidth") == ["wrapping.py"]
    assert defining("display_width") == ["wrapping.py"]
    assert defining("wrap") == ["wrapping.py"]


def test_one_writing_of_a_place_in_the_files_form() -> None:
    assert defining("path_text") == ["errors.py"]
    writers = [module for module, _ in modules().items()
               if re.search(r'f"\[\{part\}\]"', (PACKAGE / module).read_text(encoding="utf-8"))]
    assert writers == ["errors.py"]


def test_one_jinja_environment() -> None:
    made = [module for module, walked in modules().items() for node in walked
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "Environment"]
    assert made == ["output/templating.py"]


def test_the_pads_style_includes_the_board_rules_and_rewrites_no_bytes() -> None:
    style = (PACKAGE / "web" / "templates" / "pad.css.j2").read_text(encoding="utf-8")
    assert '{% include "board.css.j2" %}' in style
    pages = (PACKAGE / "web" / "pages.py").read_text(encoding="utf-8")
    assert ".replace(b" not in pages
    assert not (PACKAGE / "web" / "static" / "pad.css").exists()
    board = (PACKAGE / "output" / "templates" / "board.css.j2").read_text(encoding="utf-8")
    rules = [line for line in board.splitlines() if line.endswith(" }") and not line.startswith("{#")]
    assert rules and all(line.startswith("{{ board }} ") for line in rules)  # said of either picture
