"""The output layer: what a person or a program reads, and how it reaches them.

``formats`` (the one registry of ``--format`` choices, for scores and standings, and where the
output goes), ``terminal`` (width, colour, safe writes to standard output and error),
``report`` (each file's outcome and the exit code), ``page`` (a scored table and the standings
as page-model blocks), ``text`` (the blocks as the table format and Markdown, drawn and fitted by
``tables``, the one table engine), ``html`` (the blocks as a page, through ``templating``'s one
Jinja2 environment), ``standings`` (the league's blocks, JSON and CSV, and what ``standings``
prints), ``data`` (the JSON and CSV writers), ``bgstats``, ``bgsplay`` and ``qr`` (the play in
BG Stats: the link, the import file, the QR code). Modules are imported only by the outputs that
use them.
"""
