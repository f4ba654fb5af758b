"""The table file, the one module that knows it as a file: read (``reader.py``: for every
command that reads a table, and for tally with its ``tally:`` block), written in the template's
layout (``layout.py``), and kept safe over a tally run (``keeping.py``: preflight, lock, backup,
atomic replace).

Each part is imported on its own: a command that scores a table reads it through ``reading``
without loading the rest.
"""
