"""Caribe: the game as scorecalc knows it, one job per module.

- ``declaration``: what a table's YAML holds, and the starter template's example;
- ``specs``: Caribe's own spec types (University cards, mappings keyed by a fixed list, books);
- ``table``: a document read into the table's state, checked against the box and the rules;
- ``scoring``: the end-game scoring and the solo outcomes, rule by rule;
- ``interview``: what ``scorecalc tally`` asks, in which order (imported by tally only).
"""

from __future__ import annotations

from .. import Game
from .declaration import CATEGORIES, FIELDS, example
from .scoring import score
from .table import parse

GAME = Game(
    name="caribe",
    title="Caribe",
    categories=CATEGORIES,
    fields=FIELDS,
    parse=parse,
    score=score,
    example=example,
    checks_partial=True,
    interview_module=__name__ + ".interview",
)
