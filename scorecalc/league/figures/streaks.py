"""``--streaks``: winning streaks and form, each player's results in play order as wins in a row.

A result is a win or not by the one winner rule (``ScoreSheet.winners``): a play with others
is won at rank 1 (a shared first place too); a solo play with a goal is won when the goal
was met. A solo play without a goal (Caracas, Galapagos, Origin alone) has no result: it
counts in neither the streak nor the form.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ...blocks import Column
from .base import NO_VALUE, CsvColumn, Figure, name_column, number_column, overall_only, section

if TYPE_CHECKING:
    from ...blocks import Block
    from ...plays import Play
    from ..records import Player, Standings

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


def player_form(player: Player) -> Form | None:
    """The player's streaks and form (kept by this figure); ``None`` without a result."""
    return player.got(FIGURE.name, None)


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


# --- the figure: ``--streaks`` ------------------------------------------------------------------

STREAKS_LEGEND = (("Streak", "wins in a row up to the latest play."),
                  ("Longest", "the most wins in a row."),
                  ("Form", "the last five results, W a win and L not, latest last (solo plays without a "
                           "goal count in neither)."))


class StreaksFigure(Figure):
    """JSON ``streak: {longest, current}`` and ``form``; CSV ``streak_longest, streak_current,
    form`` (overall rows); a "Streaks and form" table."""

    name = "streaks"
    flag = "--streaks"
    help = "Add winning streaks (longest, current) and form (the last 5 results)."
    listed = 3
    reads_plays = True

    def season(self, standings: Standings, plays: Sequence[Play], by_key: dict[str, Player]) -> None:
        for key, form in forms(plays).items():
            by_key[key].found[self.name] = form

    def player_json(self, standings: Standings, player: Player) -> dict[str, Any]:
        form = player_form(player)
        return {"streak": {"longest": form.longest if form else 0, "current": form.current if form else 0},
                "form": form.form if form else ""}

    def csv_columns(self, standings: Standings) -> list[CsvColumn]:
        def part(name: str, none: Any) -> CsvColumn:
            return CsvColumn(name, overall_only(lambda p: none if (form := player_form(p)) is None else
                                                getattr(form, name.removeprefix("streak_"))))

        return [part("streak_longest", 0), part("streak_current", 0), part("form", "")]

    def overall_blocks(self, standings: Standings) -> list[Block]:
        body = []
        for player in standings.players:
            form = player_form(player)
            if form is None:
                body.append([player.name, NO_VALUE, NO_VALUE, NO_VALUE])
            else:
                body.append([player.name, str(form.current), str(form.longest), form.form or NO_VALUE])
        columns = [name_column(), number_column("Streak"), number_column("Longest"), Column("Form")]
        return section("Streaks and form", columns, body, legend=STREAKS_LEGEND, player=0)


FIGURE = StreaksFigure()
