"""The layout shows the data path: the layers docs/architecture.md draws are the imports the code has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import ROOT, imported
from tests.support import source


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
    """Only the table-file module reads a table file (``tablefile/reader.py``): no other module
    composes a source or reads one from its path (``pipeline.load`` reads through it)."""
    import ast

    readers = []
    for path in sorted((ROOT / "scorecalc").rglob("*.py")):
        if unit(path) == "reading":
            continue  # the YAML layer itself
        for node in source.nodes(path):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("reading.loading") and \
                    {alias.name for alias in node.names} & {"compose", "read_source"}:
                readers.append(str(path.relative_to(ROOT)))
    assert readers == ["scorecalc/tablefile/reader.py"]


def module_imports(path: Path) -> set[str]:
    """The scorecalc modules ``path`` imports, wherever the import stands (a function, ``if
    TYPE_CHECKING``); ``from . import forms`` names the module ``forms``."""
    import ast

    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = set()
    for node in source.nodes(path):
        if isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = ".".join(parts[:len(parts) - node.level + 1]) if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("scorecalc")}


@pytest.mark.parametrize("package", ["tally", "web"])
def test_no_import_circle_inside_tally_or_web(package: str) -> None:
    """The model imports its edits, the pad its views and forms, never the other way round: no
    module of ``scorecalc/PACKAGE`` reaches itself again through imports, ``TYPE_CHECKING`` ones
    included."""
    folder = ROOT / "scorecalc" / package
    modules = {f"scorecalc.{package}.{path.stem}": path for path in folder.glob("*.py")
               if path.stem != "__init__"}
    graph = {name: module_imports(path) & set(modules) - {name} for name, path in modules.items()}

    def reaches(start: str) -> list[str] | None:
        """A path of imports from ``start`` back to it, if there is one."""
        stack = [(start, [start])]
        seen: set[str] = set()
        while stack:
            here, way = stack.pop()
            for there in graph[here]:
                if there == start:
                    return [*way, there]
                if there not in seen:
                    seen.add(there)
                    stack.append((there, [*way, there]))
        return None

    circles = [circle for name in sorted(graph) if (circle := reaches(name)) is not None]
    assert circles == [], circles
