"""The text of a table file: the template's layout (keys in declaration order, each with its
``doc`` as a comment), and FILE as tally writes it, with its ``tally:`` block while unfinished.

The one writer of the format: ``template.py`` writes a starter table with it, tally every
rewrite of FILE (``render``); ``reader.py`` reads what it writes back.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import path_text
from ..games import Game, State
from ..spec import Record, Spec, record_of
from .reader import Progress

_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9_ .\-']*$")
_RESERVED = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}
FLOW_WIDTH = 100
SHORT_LIST = 6
"""Lists of mappings up to this long (players) are written in block style."""


def scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int | float):
        return str(value)
    text = str(value)
    if _PLAIN.match(text) and text.lower() not in _RESERVED and not text.endswith((" ", ":")) \
            and ": " not in text and " #" not in text:
        return text
    return json.dumps(text, ensure_ascii=False)


def flow(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{scalar(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return scalar(value)


def emit(spec: Spec | None, value: Any, indent: int, lines: list[str], key: str, comments: bool) -> None:
    """Write ``key: value`` at ``indent``; nested records and long lists go in block style."""
    pad = " " * indent
    prefix = f"{pad}{key}:"
    if isinstance(value, str) and "\n" in value:
        lines.append(f"{prefix} |")
        lines.extend(f"{pad}  {line}" if line else "" for line in value.rstrip("\n").split("\n"))
        return
    if isinstance(value, dict):
        record = record_of(spec)
        inline = flow(value)
        if (record is None or not comments) and len(prefix) + len(inline) < FLOW_WIDTH and not _nested(value):
            lines.append(f"{prefix} {inline}")
            return
        lines.append(prefix)
        values = spec.value_spec() if spec is not None else None
        emit_mapping(record, value, indent + 2, lines, comments, values)
        return
    if isinstance(value, list):
        inline = flow(value)
        item = spec.item_spec() if spec is not None else None
        if not any(isinstance(v, dict | list) for v in value) and len(prefix) + len(inline) < FLOW_WIDTH:
            lines.append(f"{prefix} {inline}")
            return
        lines.append(prefix)
        for index, entry in enumerate(value):
            short_list = len(value) <= SHORT_LIST
            if isinstance(entry, dict) and entry and (short_list or _nested(entry)
                                            or len(flow(entry)) + indent + 4 >= FLOW_WIDTH):
                block: list[str] = []
                emit_mapping(record_of(item), entry, indent + 4, block, comments and index == 0, None)
                first = next(i for i, line in enumerate(block) if not line.lstrip().startswith("#"))
                block[first] = f"{pad}  - " + block[first].lstrip()
                lines.extend(block)
            else:
                lines.append(f"{pad}  - {flow(entry)}")
        return
    lines.append(f"{prefix} {scalar(value)}")


def _nested(value: dict[str, Any]) -> bool:
    return any(isinstance(v, dict) or (isinstance(v, list) and any(isinstance(e, dict | list) for e in v))
               for v in value.values())


def emit_mapping(record: Record | None, value: dict[str, Any], indent: int, lines: list[str],
                 comments: bool, value_spec: Spec | None) -> None:
    keys = list(record.fields) if record is not None else []
    keys += [k for k in value if k not in keys]
    for key in keys:
        if key not in value:
            continue
        field = record.fields.get(key) if record is not None else None
        if comments and field is not None and field.doc:
            lines.append(f"{' ' * indent}# {field.doc}")
        spec = field.spec if field is not None else value_spec
        emit(spec, value[key], indent, lines, scalar(key), comments)


def render(game: Game[State], data: dict[str, Any], progress: Progress | None) -> str:
    """FILE's text: the template's layout, and the ``tally:`` block while unfinished."""
    lines = [f"# {game.title}: a table written by 'scorecalc tally {game.name}'."]
    if progress is not None:
        lines.append(f"# Unfinished: run 'scorecalc tally {game.name} THIS_FILE' to go on.")
    else:
        lines.append(f"# Score it with: scorecalc {game.name} THIS_FILE")
    lines.append("")
    emit_mapping(game.declaration, {"game": game.name, **data}, 0, lines, True, None)
    if progress is not None:
        lines.append("")
        lines.append("# where 'scorecalc tally' is: parts declined, lists still open (removed when complete)")
        lines.append("tally:")
        for key, paths in (("declined", progress.declined), ("open", progress.open)):
            texts = sorted(map(path_text, paths))
            lines.append(f"  {key}: [{', '.join(json.dumps(text) for text in texts)}]")
    return "\n".join(lines) + "\n"
