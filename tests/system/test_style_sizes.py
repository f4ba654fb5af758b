"""STYLE's sizes: no function of the package over 50 lines, no module over 500,
read with ast (a function's lines include the classes and functions defined in it)."""

from __future__ import annotations

import ast

from tests.helpers import ROOT
from tests.support import source

PACKAGE = ROOT / "scorecalc"
FUNCTION_LINES, MODULE_LINES = 50, 500


def sizes() -> tuple[dict[str, int], dict[str, int]]:
    """Each module's lines and each function's (its ``def`` line to its last), by qualified name."""
    modules: dict[str, int] = {}
    functions: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = str(path.relative_to(PACKAGE))
        text = path.read_text(encoding="utf-8")
        modules[name] = text.count("\n")

        def visit(node: ast.AST, prefix: str, module: str = name) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    qualified = f"{prefix}{child.name}"
                    if not isinstance(child, ast.ClassDef):
                        last = child.end_lineno or child.lineno
                        functions[f"{module} {qualified}"] = last - child.lineno + 1
                    visit(child, qualified + ".")

        visit(source.tree(path), "")
    return modules, functions


def test_no_function_over_50_lines_and_no_module_over_500() -> None:
    modules, functions = sizes()
    assert {name: lines for name, lines in modules.items() if lines > MODULE_LINES} == {}
    assert {name: lines for name, lines in functions.items() if lines > FUNCTION_LINES} == {}


def test_the_measure_sees_a_long_function() -> None:
    _, functions = sizes()
    assert functions["output/tables.py fit_tables"] > 10
    assert "wrapping.py _Filling.put" in functions
    assert functions["web/door.py door"] > functions["web/door.py door.Door.connection_made"]  # its class
