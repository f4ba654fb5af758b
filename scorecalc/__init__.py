"""scorecalc: end-of-game scoring for Caracas, Caribe, Galapagos and On the Origin of Species.

Use it from Python::

    import scorecalc

    sheet = scorecalc.score_file("examples/galapagos/decided-by-money.yaml")
    sheet.winners                      # ['Hana']
    sheet.player("Hana").total         # 37

Bad input raises ``scorecalc.InputError`` (a ``Problems`` holds every problem of the
file, each with ``.position`` and ``.path``); an unreadable file raises ``FileError``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__version__ = "0.2.0"

if TYPE_CHECKING:
    from .errors import FileError, InputError, Problems
    from .sheet import ScoreSheet

__all__ = ["FileError", "InputError", "Problems", "ScoreSheet", "__version__", "score_file", "score_text"]


def score_file(path: str, game: str | None = None) -> ScoreSheet:
    """Score the YAML table at ``path`` (``-`` reads standard input).

    ``game`` insists on a game (as ``scorecalc GAME FILE`` does); without it the file's
    ``game:`` key decides (as ``scorecalc score FILE``).
    """
    from .pipeline import score_file as score

    return score(path, game).sheet


def score_text(text: str, game: str | None = None, name: str = "<text>") -> ScoreSheet:
    """Score a YAML table given as text; ``name`` is the file name messages and JSON show."""
    from .pipeline import score_source
    from .reading.loading import Source

    return score_source(Source(name, text), game).sheet


def __getattr__(name: str) -> object:
    """The error and sheet types, imported when first asked for (start-up stays light)."""
    if name in ("FileError", "InputError", "Problems"):
        from . import errors

        return getattr(errors, name)
    if name == "ScoreSheet":
        from .sheet import ScoreSheet

        return ScoreSheet
    raise AttributeError(f"module 'scorecalc' has no attribute {name!r}")
