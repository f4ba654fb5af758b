"""JSON a phone or a code sent, read only when it nests no deeper than any genuine request or part.

``json.loads`` recurses once a level: on CPython a deep text raises ``RecursionError``, but under
Pyodide the WebAssembly stack runs out first and the whole runtime stops (a fatal error, not an
exception). So the depth is counted before the text is parsed, by a scan that does not recurse.
"""

from __future__ import annotations

import json
import re
from typing import Any

DEEPEST = 16
"""The most levels of arrays and objects taken: a request is an object of texts, a part an object
holding a list of lists; anything deeper is no request and no part."""

MARKS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
"""A JSON string (skipped whole: brackets inside it are text) or a bracket."""


def loads(text: str | bytes) -> Any:
    """``text`` as JSON; ``ValueError`` when it is not JSON, not UTF-8, or nested deeper than
    ``DEEPEST`` (said before any parsing, so no runtime's stack is at stake)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")  # UnicodeDecodeError is a ValueError
    depth = 0
    for mark in MARKS.finditer(text):
        bracket = mark.group()
        if bracket in ("[", "{"):
            depth += 1
            if depth > DEEPEST:
                raise ValueError(f"JSON nested deeper than {DEEPEST} levels")
        elif bracket in ("]", "}"):
            depth -= 1
    return json.loads(text)
