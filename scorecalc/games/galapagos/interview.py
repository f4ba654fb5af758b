"""What 'scorecalc tally' asks of a Galapagos table: each player's figures, then the optional ledger."""

from __future__ import annotations

from ...spec.interview import Ask, Interview

INTERVIEW = Interview({
    "players.exhibitions": Ask(noun="exhibition"),  # "exhibition 1 animals"
})
"""The date and place, the players' names, then per player ``exhibition``, ``education``,
``animals``, ``money`` and the exhibitions one by one (the declaration's order)."""
