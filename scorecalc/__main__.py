"""``python -m scorecalc``: the same command line as ``scorecalc``."""

from .cli import main

main()
