"""Winning streaks and form: each player's results in the league's play order, as wins in a row.

A result is a win or not by the one winner rule (``ScoreSheet.winners``): a play with others
is won at rank 1 (a shared first place too); a solo play with a goal is won when the goal
was met. A solo play without a goal (Caracas, Galapagos, Origin alone) has no result: it
counts in neither the streak nor the form.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ..plays import Play

FORM_LENGTH = 5
"""The form is the last five results."""


class Form(NamedTuple):
    """A player's streaks and form."""

    longest: int
    """The most wins in a row."""
    current: int
    """Wins in a row up to the player's latest result (0 after a result that is no win)."""
    form: str
    """The last five results as ``W`` and ``L``, latest last (fewer when fewer were had)."""


def has_result(play: Play) -> bool:
    """Whether the play gives its people a result: not a solo play without a goal."""
    return len(play.seats) > 1 or play.sheet.solo_goal is not None


def results(plays: Iterable[Play]) -> dict[str, list[bool]]:
    """Each person's results (won or not), by name key, in the order of ``plays``."""
    found: dict[str, list[bool]] = {}
    for play in plays:
        if not has_result(play):
            continue
        for seat in play.seats:
            found.setdefault(seat.key, []).append(seat.winner)
    return found


def form_of(wins: Sequence[bool]) -> Form:
    """The streaks and form of one player's results (in play order)."""
    longest = run = 0
    for won in wins:
        run = run + 1 if won else 0
        longest = max(longest, run)
    return Form(longest, run, "".join("W" if won else "L" for won in wins[-FORM_LENGTH:]))


def forms(plays: Iterable[Play]) -> dict[str, Form]:
    """Every person's streaks and form over ``plays`` (in the league's play order); a player
    whose plays were all solo without a goal has none."""
    return {key: form_of(wins) for key, wins in results(plays).items()}
