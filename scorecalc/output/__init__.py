"""The output layer: what a person or a program reads, and how it reaches them.

``terminal`` (width, colour, safe writes to standard output and error), ``report`` (each
file's outcome and the exit code), ``tables`` (the one table engine), ``sheets`` and
``standings`` (tables and Markdown of a score and of a league), ``formats`` (the
``--format`` choices), ``data`` (the JSON and CSV writers), ``bgstats`` and ``qr``
(logging the play in BG Stats). Modules are imported only by the outputs that use them.
"""
