"""The app's standard library (scripts/trim_stdlib.py): what the build leaves out of Pyodide's
``python_stdlib.zip`` is what no import of the app's code reaches, worked out on a small zip."""

from __future__ import annotations

import importlib.util
import io
import zipfile
from pathlib import Path

# a build script, not a module of the package: loaded from its file
_SPEC = importlib.util.spec_from_file_location(
    "trim_stdlib", Path(__file__).resolve().parents[2] / "scripts" / "trim_stdlib.py")
assert _SPEC is not None and _SPEC.loader is not None
trim_stdlib = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(trim_stdlib)
trim = trim_stdlib.trim


def packed(files: dict[str, str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return out.getvalue()


STDLIB = {
    "json/__init__.py": "from .decoder import JSONDecoder\n",
    "json/decoder.py": "import re\n",
    "json/tool.py": "import sqlite3\n",  # in a kept package, but no import reaches it
    "re/__init__.py": "",
    "argparse.py": "def f():\n    import gettext\n",  # an import inside a function counts
    "gettext.py": "",
    "heapq.py": "if __name__ == '__main__':\n    import doctest\n",  # a script's block does not
    "doctest.py": "import unittest\n",
    "unittest/__init__.py": "from . import case\n",
    "unittest/case.py": "",
    "tomllib/__init__.py": "",
    "encodings/__init__.py": "",  # kept: codecs are looked up by name
    "encodings/cp1252.py": "",
    "asyncio/__init__.py": "",
    "asyncio/__main__.py": "import sqlite3\n",  # python -m asyncio only
    "sqlite3/__init__.py": "",
    "this.py": "",
}
APP = {"scorecalc/__init__.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import json\n",
       "scorecalc/b.py": "import heapq\nfrom . import __init__\n\ndef g():\n    import argparse\n"}


def test_only_what_no_import_reaches_is_left_out() -> None:
    trimmed, dropped = trim(packed(STDLIB), [packed(APP)])
    assert dropped == ["doctest", "sqlite3", "this", "tomllib", "unittest"]
    kept = sorted(zipfile.ZipFile(io.BytesIO(trimmed)).namelist())
    assert kept == sorted(name for name in STDLIB if name.split("/")[0].removesuffix(".py") not in dropped)
    assert zipfile.ZipFile(io.BytesIO(trimmed)).read("argparse.py") == STDLIB["argparse.py"].encode()


def test_the_wheels_seed_what_is_kept() -> None:
    app = {"scorecalc/c.py": "def later():\n    import tomllib\n    from doctest import testmod\n"}
    _, dropped = trim(packed(STDLIB), [packed(APP), packed(app)])
    assert dropped == ["sqlite3", "this"]
