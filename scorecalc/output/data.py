"""JSON and CSV, written one way for every output that other tools read (score sheets, standings, BG Stats).

JSON: one object indented by two, several as JSON Lines (one compact object a line);
text stays UTF-8 (``ensure_ascii=False``). CSV: a header row and rows, ``\\n`` line ends,
and free text a spreadsheet would take for a formula kept as text (``spreadsheet_text``).
"""

from __future__ import annotations

import io
from collections.abc import Collection, Iterable, Sequence
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@")


def json_text(objects: Sequence[Any]) -> str:
    """One object as indented JSON, several as JSON Lines; each ends with a line break."""
    import json  # here, not at the top: the table format, which imports this module, never loads it

    if len(objects) == 1:
        # json.dumps' own bytes, written chunk by chunk: with an indent, json.dumps gathers its
        # chunks in a list first (millions of small strings for a season's bgsplay file)
        buffer = io.StringIO()
        for chunk in json.JSONEncoder(ensure_ascii=False, indent=2).iterencode(objects[0]):
            buffer.write(chunk)
        buffer.write("\n")
        return buffer.getvalue()
    return "".join(json.dumps(item, ensure_ascii=False) + "\n" for item in objects)


def spreadsheet_text(text: str) -> str:
    """Free text from the YAML (a player name, a location, notes) as a CSV cell a
    spreadsheet shows as text: a leading ``=``, ``+``, ``-`` or ``@`` would start a formula,
    so such text gets a leading ``'`` (also after leading zero-width characters, which a
    spreadsheet skips). Numbers and file names never pass through here."""
    from ..names import visible

    return "'" + text if visible(text).startswith(FORMULA_STARTS) else text


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Any]], free_text: Collection[str] = ()) -> str:
    """``header`` then ``rows`` as CSV; the cells of the ``free_text`` columns go through
    ``spreadsheet_text``."""
    import csv
    import io

    guarded = [index for index, name in enumerate(header) if name in free_text]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        cells = list(row)
        for index in guarded:
            cells[index] = spreadsheet_text(cells[index])
        writer.writerow(cells)
    return out.getvalue()
