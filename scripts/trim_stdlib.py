"""The app's standard library: Pyodide's ``python_stdlib.zip`` without the modules no code of the app
can import (scripts/build_app.py runs this in Pyodide's own Python, in Node, through
scripts/compile_wheels.mjs, so the standard library's 3.14 sources parse).

Pyodide loads its whole standard library zip at start (2.5 MB over the wire); ``loadPyodide`` takes
another in its place (its ``stdLibURL`` option; the build writes it under the same name instead, so
the floor of bench/app.py loads the same runtime files). What is left out is decided by reading,
not by a list kept by hand:

- the *seeds* are every module named by an ``import`` anywhere in the app's wheels (scorecalc and
  the pure wheels it ships, their function-level imports and ``TYPE_CHECKING`` blocks included) and
  every module of the packages in ``KEPT`` (Pyodide's own ``pyodide`` and ``_pyodide``, which start
  Python, among them) but their ``__main__``, which only ``python -m`` runs;
- the *closure* adds, again and again, every module an included standard-library module imports
  anywhere in its source, but in an ``if __name__ == "__main__":`` block (run as a script only);
- a top-level module or package is left out only when none of its modules is in the closure and
  it is not among ``KEPT``: the modules the interpreter imports by name from C or from a string
  (codecs by name, big integers' text, ``time.strptime``, site start-up, tracebacks' colours),
  which no ``import`` statement names.

A module of the app imported by a string (``importlib.import_module``) is one of scorecalc's own
(its format and game registries), never the standard library's; the app's browser tests run
every example, a tally, the parts and an import through it.
"""

from __future__ import annotations

import ast
import io
import zipfile
from collections.abc import Iterable, Iterator

# Imported by the interpreter, by name, with no import statement to find (CPython's C code and
# the start-up path); each kept whole.
KEPT = frozenset({
    "encodings", "codecs", "_pylong", "_strptime", "_pydatetime", "_pydecimal", "site", "sitecustomize",
    "sysconfig", "_sysconfigdata__emscripten_wasm32-emscripten", "_colorize", "__future__", "warnings",
    "linecache", "traceback", "copyreg", "_weakrefset", "zipimport", "importlib", "_pyodide", "pyodide",
    "asyncio", "io", "abc", "os", "stat", "posixpath", "genericpath", "_collections_abc", "_sitebuiltins",
    "types", "enum", "functools", "operator", "keyword", "reprlib", "collections", "re", "token",
    "tokenize", "_compat_pickle", "pickle",
})


def module_of(name: str) -> str:
    """``a/b/__init__.py`` -> ``a.b``; ``a/c.py`` -> ``a.c``."""
    dotted = name[:-3].replace("/", ".")
    return dotted.removesuffix(".__init__")


def main_block(node: ast.AST) -> bool:
    """``if __name__ == "__main__":``: run as a script, never on import (many modules test
    themselves there: heapq's imports doctest)."""
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return False
    test = node.test
    return (isinstance(test.left, ast.Name) and test.left.id == "__name__" and len(test.comparators) == 1
            and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value == "__main__")


def nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of ``tree`` but those under a ``__main__`` block."""
    waiting = [tree]
    while waiting:
        node = waiting.pop()
        yield node
        waiting.extend(child for child in ast.iter_child_nodes(node) if not main_block(child))


def imported(source: bytes | str, module: str, package: bool) -> Iterator[str]:
    """Every module an ``import`` in ``source`` names, wherever it stands (but a ``__main__``
    block), relative ones resolved."""
    for node in nodes(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if package else module.split(".")[:-1]
                base = base[:len(base) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            yield target
            yield from (f"{target}.{alias.name}" for alias in node.names)


def wheel_imports(wheels: Iterable[bytes]) -> set[str]:
    """The modules the wheels' Python sources import (the seeds)."""
    seeds: set[str] = set()
    for data in wheels:
        with zipfile.ZipFile(io.BytesIO(data)) as wheel:
            for name in wheel.namelist():
                if name.endswith(".py"):
                    seeds.update(imported(wheel.read(name), module_of(name), name.endswith("__init__.py")))
    return seeds


def trim(stdlib: bytes, wheels: Iterable[bytes]) -> tuple[bytes, list[str]]:
    """The standard library zip without what the app cannot import, and the top-level names left out."""
    source = zipfile.ZipFile(io.BytesIO(stdlib))
    files = {module_of(name): name for name in source.namelist() if name.endswith(".py")}
    needed: set[str] = set()
    waiting: list[str] = []

    def need(name: str) -> None:
        parts = name.split(".")
        for end in range(1, len(parts) + 1):
            prefix = ".".join(parts[:end])
            if prefix in files and prefix not in needed:
                needed.add(prefix)
                waiting.append(prefix)

    # a kept package whole, but its ``__main__`` (run by ``python -m`` only: asyncio's is a REPL)
    kept = (m for m in files if m.split(".")[0] in KEPT and not m.endswith(".__main__"))
    for name in [*wheel_imports(wheels), *kept]:
        need(name)
    while waiting:
        module = waiting.pop()
        path = files[module]
        for name in imported(source.read(path), module, path.endswith("__init__.py")):
            need(name)
    tops = {module.split(".")[0] for module in files}
    kept_tops = {module.split(".")[0] for module in needed} | KEPT
    dropped = sorted(tops - kept_tops)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as trimmed:
        for info in source.infolist():
            top = info.filename.split("/")[0].removesuffix(".py")
            if top not in dropped:
                trimmed.writestr(info, source.read(info), zipfile.ZIP_DEFLATED, 9)
    return out.getvalue(), dropped
