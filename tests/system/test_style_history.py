"""Docstrings and comments state the contract, not the history: no module or test of
``scorecalc/`` and ``tests/`` states a measured figure (a number of milliseconds, seconds or
megabytes), a date or an issue number in a docstring or a comment. Figures live in
bench/RESULTS.md (the latest measurement and how to repeat it), history in git and the
CHANGELOG; a SPEC section's name is fine where it says which contract."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from tests.helpers import ROOT
from tests.support import source

pytestmark = pytest.mark.slow  # reads every module's source: the suite's (test_layout is the quick loop's)

FIGURE = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*\s?(?:ms|µs|us|s|MB|kB|KB|GB)(?![\w])")
DATE = re.compile(r"\([^()]*\b\d{4}-[01]\d-[0-3]\d\b[^()]*\)")
"""A date cited, as history is: ``(bench/RESULTS.md, 2026-12-02)``; a table's data in a comment
(``a.yaml  galapagos 2026-01-10``) is no history."""
ISSUE = re.compile(r"\bissues? \d+", re.IGNORECASE)
WHAT = {"a measured figure": FIGURE, "a date": DATE, "an issue number": ISSUE}

KNOWN = {
    "scorecalc/__main__.py": 2,
    "scorecalc/blocks.py": 2,
    "scorecalc/reading/loading.py": 1,
    "scorecalc/sheet.py": 2,
    "scorecalc/tally/kept.py": 3,
    "scorecalc/tally/prompt.py": 2,
    "scorecalc/web/app.py": 1,
    "scorecalc/web/door.py": 2,
    "scorecalc/web/serve.py": 1,
    "scorecalc/wrapping.py": 1,
    "tests/commands/test_bgsplay.py": 1,
    "tests/commands/test_bgstats.py": 2,
    "tests/commands/test_dates.py": 1,
    "tests/commands/test_format_registry.py": 1,
    "tests/commands/test_html.py": 3,
    "tests/commands/test_options_one_hop.py": 1,
    "tests/commands/test_page_words.py": 3,
    "tests/commands/test_render.py": 1,
    "tests/commands/test_text_fits.py": 1,
    "tests/commands/test_web_http.py": 2,
    "tests/rules/test_caribe.py": 1,
    "tests/rules/test_dates.py": 1,
    "tests/rules/test_interview.py": 1,
    "tests/rules/test_pad_terminal.py": 1,
    "tests/rules/test_page_text.py": 1,
    "tests/rules/test_parts.py": 1,
    "tests/rules/test_question_kinds.py": 1,
    "tests/rules/test_tables_tabulate.py": 1,
    "tests/rules/test_tally_model.py": 2,
    "tests/support/screen.py": 1,
    "tests/system/test_app_parts.py": 3,
    "tests/system/test_each_utility_once.py": 1,
    "tests/system/test_environment.py": 1,
    "tests/system/test_import_circles.py": 1,
    "tests/system/test_layout.py": 1,
    "tests/system/test_pages_axe.py": 1,
    "tests/system/test_tally_exchange.py": 1,
    "tests/system/test_tally_safety.py": 1,
    "tests/system/test_tally_slips.py": 1,
    "tests/system/test_text_answers.py": 1,
    "tests/system/test_text_fits_terminal.py": 1,
    "tests/system/test_web.py": 2,
    "tests/system/test_web_door.py": 2,
    "tests/system/test_web_faults.py": 1,
    "tests/system/test_web_stress.py": 1,
    "tests/system/test_web_taps.py": 2,
    "tests/system/test_yaml_limits.py": 4,
}
"""Files other work still has to clear, each with how many such lines it holds: the allow-list
empties as they are cleared (a file that holds fewer than listed fails too, so the list shrinks
to nothing)."""


def texts(path: Path) -> list[tuple[int, str]]:
    """Each docstring's and comment's lines of ``path``, with their line numbers."""
    found: list[tuple[int, str]] = []
    for node in source.nodes(path):  # a docstring: a module's, a class's, a function's or an attribute's
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            found += [(node.lineno + i, line) for i, line in enumerate(node.value.value.splitlines())]
    text = path.read_text(encoding="utf-8")
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            found.append((token.start[0], token.string))
    return found


LITERAL = re.compile(r"``[^`]*``|`[^`]*`")
"""A value written as code (``2026-11-28`` as a player writes a date): an example, not a statement."""


def offences(path: Path) -> list[str]:
    relative = path.relative_to(ROOT)
    return [f"{relative}:{line}: {what}: {text.strip()}" for line, text in texts(path)
            for what, pattern in WHAT.items() if pattern.search(LITERAL.sub("", text))]


def files() -> list[Path]:
    return [path for folder in ("scorecalc", "tests") for path in sorted((ROOT / folder).rglob("*.py"))
            if "hostile" not in path.relative_to(ROOT).parts]


def test_no_docstring_or_comment_states_a_figure_a_date_or_an_issue() -> None:
    found: dict[str, list[str]] = {}
    for path in files():
        lines = offences(path)
        if lines:
            found[str(path.relative_to(ROOT))] = lines
    new = {name: lines for name, lines in found.items() if len(lines) > KNOWN.get(name, 0)}
    assert new == {}, "\n".join(line for lines in new.values() for line in lines)
    cleared = {name: count for name, count in KNOWN.items() if len(found.get(name, [])) < count}
    assert cleared == {}, f"fewer than listed: lower (or remove) these in KNOWN: {cleared}"


@pytest.mark.parametrize(("text", "what"), [
    ("took 7-10 ms to create", "a measured figure"), ("0.7 s a worker", "a measured figure"),
    ("173 MB with numpy", "a measured figure"), ("(bench/RESULTS.md, 2026-12-02)", "a date"),
    ("issue 35 item 7", "an issue number"), ("(issues 7 and 14 asked for 3 x)", "an issue number")])
def test_each_kind_is_found(text: str, what: str) -> None:
    assert [name for name, pattern in WHAT.items() if pattern.search(text)] == [what]


@pytest.mark.parametrize("text", ["SPEC section 7, \"League standings\"", "a list of 3 items", "ms.get(x)",
                                  "in 2 steps", "the 5th player", "utf-8 bytes", "as ``2026-11-28``",
                                  "#   a.yaml  galapagos 2026-01-10 20:00  Ana 45"])
def test_contracts_counts_and_examples_are_not_figures(text: str) -> None:
    assert not any(pattern.search(LITERAL.sub("", text)) for pattern in WHAT.values())


def test_pyproject_states_reasons_not_figures() -> None:
    """Each dependency's range keeps a one-line reason; the figures behind it are in
    bench/RESULTS.md ("The dependencies' ranges")."""
    lines = (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines()
    comments = [line.partition("#")[2] for line in lines if "#" in line]
    assert comments and [text for text in comments
                         if any(pattern.search(LITERAL.sub("", text)) for pattern in WHAT.values())] == []
