"""The figures ``standings`` can add to the standings (SPEC section 7, "League insight"): one
module each, listed once in ``FIGURES``.

A figure (``base.Figure``) computes what it adds, names its flag and help (the command
builds its options from this list), and lays itself out as JSON keys, CSV columns and
page-model blocks. Adding one is a module here and one line of ``FIGURES``
(docs/architecture.md, "A figure of the standings").

``FIGURES`` is in the order of the outputs (JSON keys, CSV columns, the tables), whatever
the order of the options; ``standings --help`` lists their flags by ``Figure.listed``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import by_players, categories, ratings, streaks, versus
from .base import Figure

if TYPE_CHECKING:
    from ..records import Insight

FIGURES: tuple[Figure, ...] = (
    ratings.FIGURE,
    streaks.FIGURE,
    versus.FIGURE,
    by_players.FIGURE,
    categories.FIGURE,
)


def asked(insight: Insight) -> list[Figure]:
    """The figures ``insight`` asks for, in ``FIGURES``' order."""
    return [figure for figure in FIGURES if figure.name in insight.figures]


def listed() -> list[Figure]:
    """Every figure, in the order ``standings --help`` lists their flags."""
    return sorted(FIGURES, key=lambda figure: figure.listed)


def named(name: str) -> Figure:
    """The figure called ``name`` (``ratings``, ``by_players``…)."""
    return next(figure for figure in FIGURES if figure.name == name)
