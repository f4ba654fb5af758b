"""The layout shows the data path: the layers docs/architecture.md draws are the imports the code has."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers import ROOT, imported


def layers() -> list[set[str]]:
    """The layers of docs/architecture.md, top first: each a set of ``scorecalc`` units
    (``cli``, ``pipeline``...)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = text.split("Each layer imports only from the layers under\nit:", 1)[1]
    block = block.split("```text\n", 1)[1].split("```", 1)[0]
    found = []
    for line in block.splitlines():
        names = re.findall(r"\b([a-z_]+)(?:/|\.py)", line)
        assert names, line
        found.append(set(names))
    return found


def unit(path: Path) -> str:
    parts = path.relative_to(ROOT / "scorecalc").with_suffix("").parts
    return parts[0]


def test_each_layer_imports_only_from_the_layers_below_it() -> None:
    drawn = layers()
    level = {name: i for i, names in enumerate(drawn) for name in names}
    assert {"cli", "tally", "games", "spec", "reading", "output", "pipeline", "sheet"} <= set(level)
    for path in sorted((ROOT / "scorecalc").rglob("*.py")):
        here = unit(path)
        if here in ("__init__", "__main__"):
            continue  # the package's API and the entry point sit on top of everything
        assert here in level, f"docs/architecture.md does not place {here}"
        for name in imported(path):
            if name == "scorecalc":
                continue  # the package itself: its __version__
            there = name.split(".")[1]
            if there == here:
                continue
            assert level.get(there, -1) > level[here], (path.relative_to(ROOT), name)


def test_the_table_file_has_one_reader() -> None:
    """Only the table-file module reads a table file (``tablefile/reading.py``): no other module
    composes a source or reads one from its path (``pipeline.load`` reads through it)."""
    import ast

    readers = []
    for path in sorted((ROOT / "scorecalc").rglob("*.py")):
        if unit(path) == "reading":
            continue  # the YAML layer itself
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("reading.loading") and \
                    {alias.name for alias in node.names} & {"compose", "read_source"}:
                readers.append(str(path.relative_to(ROOT)))
    assert readers == ["scorecalc/tablefile/reading.py"]
