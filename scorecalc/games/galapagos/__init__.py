"""Galapagos: the game as scorecalc knows it, one job per module.

- ``declaration``: what a table's YAML holds, and the starter template's example;
- ``money``: money as players write it (``£1,900``), the game's own spec type;
- ``table``: a document read into the table's state, every ledger checked;
- ``scoring``: the end bonus, rule by rule (``score(table) -> ScoreSheet``);
- ``interview``: what ``scorecalc tally`` asks, in which order (imported by tally only).
"""

from __future__ import annotations

from .. import Game
from .declaration import CATEGORIES, FIELDS, example
from .scoring import score
from .table import parse

GAME = Game(
    name="galapagos",
    title="Galapagos",
    categories=CATEGORIES,
    fields=FIELDS,
    parse=parse,
    score=score,
    example=example,
    checks_partial=True,
    interview_module=__name__ + ".interview",
)
