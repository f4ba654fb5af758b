"""FILE's contents for tally: the table-file module's reader (``tablefile/reading.py``: FILE read
back, its ``tally:`` block checked) and writer (``tablefile/layout.py``: the text written after
every answer), named here for the code that imports them from tally."""

from __future__ import annotations

from ..tablefile.layout import render
from ..tablefile.reading import Loaded, Progress, as_source, load, path_text, read_progress, read_record

__all__ = ["Loaded", "Progress", "as_source", "load", "path_text", "read_progress", "read_record", "render"]
