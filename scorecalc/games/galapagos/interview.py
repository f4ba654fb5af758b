"""What 'scorecalc tally' asks of a Galapagos table: each player's figures, then the optional ledger."""

from __future__ import annotations

from ...spec.interview import Ask, Interview

INTERVIEW = Interview({
    "players.animals": Ask(said="animal tokens left in front of the player: how many (3), or how many of "
                                "each kind (sea_lion 2, tortoise 1)"),
    "players.money": Ask(said="money in pounds, a multiple of 100: 1900, 1,900 or £1,900"),
    "players.exhibitions": Ask(noun="exhibition"),  # "exhibition 1 animals"
})
"""The date and place, the players' names, then per player ``exhibition``, ``education``,
``animals``, ``money`` and the exhibitions one by one (the declaration's order)."""
