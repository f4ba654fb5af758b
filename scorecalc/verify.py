"""``expect:`` blocks: compare what a file says it should score with what it scores.

Returns what ``verify`` says about each file (``Verdict``); the command prints it.

``expect: {Alex: 19, Bea: {total: 22, Landscape: 7}, winners: [Bea]}`` — only the
listed keys are checked; category names match case-insensitively; ``winners`` is
order-insensitive. A name that is not at the table is bad input.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .errors import InputError, Problems, format_error, quoted
from .games import State
from .names import name_key
from .pipeline import ScoredFile
from .reading.words import did_you_mean
from .sheet import ScoreSheet


@dataclass
class Outcome:
    checks: int = 0
    mismatches: list[str] = field(default_factory=list)
    problems: list[InputError] = field(default_factory=list)
    """Bad input in the block (a name not at the table, an unknown category)."""


Kind = Literal["passed", "mismatched", "unchecked", "bad input"]


@dataclass(frozen=True)
class Verdict:
    """What ``verify`` says about one file that scored."""

    kind: Kind
    lines: list[str] = field(default_factory=list)
    """For standard output: ``ok    FILE (9 checks)``, ``FAIL  FILE`` and its mismatches,
    ``skip  FILE (no expect: block)``."""
    problems: list[str] = field(default_factory=list)
    """For standard error: the block's bad input (``FILE:LINE:COL: expect.Ana: ...``)."""


def verify_one(name: str, scored: ScoredFile[State]) -> Verdict:
    """The verdict on one file that scored: its ``expect:`` block against its sheet."""
    try:
        outcome = check_expect(scored)
    except InputError as error:
        scored.document.positions.locate(error)
        return Verdict("bad input", problems=format_error(name, error))
    if outcome is None:
        return Verdict("unchecked", [f"skip  {name} (no expect: block)"])
    if outcome.mismatches:
        return Verdict("mismatched", [f"FAIL  {name}", *(f"      {line}" for line in outcome.mismatches)])
    return Verdict("passed", [f"ok    {name} ({outcome.checks} checks)"])


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_expect(scored: ScoredFile[State]) -> Outcome | None:
    """Compare the ``expect:`` block with the sheet; ``None`` when there is none.

    Every problem of the block is found before any is reported (``Problems``)."""
    expect = scored.document.data.get("expect")
    if expect is None:
        return None
    if not isinstance(expect, dict):
        raise InputError(("expect",), "expected a mapping of player names (and 'winners') to results")
    sheet = scored.sheet
    seated = {name_key(player.name): player.name for player in sheet.players}
    """Players by their compared name: ``ana`` or an NFD ``Aléx`` in ``expect`` is the player."""
    outcome = Outcome()
    for key, wanted in expect.items():
        path = ("expect", str(key))
        if key == "winners":
            check_winners(wanted, path, seated, sheet.winners, outcome)
        elif name_key(str(key)) not in seated:
            outcome.problems.append(InputError(path, f"{quoted(key)} is not at the table", at_key=True,
                                               hint=did_you_mean(str(key), list(seated.values()))))
        else:
            check_player(sheet, seated[name_key(str(key))], str(key), wanted, outcome)
    if outcome.problems:
        positions = scored.document.positions
        raise Problems([positions.locate(problem) for problem in outcome.problems])
    return outcome


def check_player(sheet: ScoreSheet, name: str, key: str, wanted: Any, outcome: Outcome) -> None:
    """One player's expected total, rank or category totals."""
    path = ("expect", key)
    if _is_count(wanted):
        wanted = {"total": wanted}
    if not isinstance(wanted, dict):
        outcome.problems.append(InputError(path, "expected a total (a whole number) or a mapping such as "
                                           "{total: 19, Landscape: 5}"))
        return
    player = sheet.player(name)
    categories = {category.lower(): category for category in sheet.categories}
    totals = player.category_totals(sheet.categories)
    for what, value in wanted.items():
        sub = (*path, str(what))
        label = str(what).lower()
        if not _is_count(value):
            outcome.problems.append(InputError(sub, f"expected a whole number, found {quoted(value)}"))
            continue
        if label == "total":
            got, shown = player.total, "total"
        elif label == "rank":
            got, shown = player.rank, "rank"
        elif label in categories:
            shown = categories[label]
            got = totals[shown]
        else:
            outcome.problems.append(InputError(
                sub, f"unknown category {quoted(what)}", at_key=True,
                hint=did_you_mean(label, ["total", "rank", *categories])
                or "one of: total, rank, " + ", ".join(sheet.categories)))
            continue
        outcome.checks += 1
        if got != value:
            outcome.mismatches.append(f"{key} {shown}: expected {value}, got {got}")


def check_winners(wanted: Any, path: tuple[str, ...], seated: dict[str, str], winners: list[str],
                  outcome: Outcome) -> None:
    if isinstance(wanted, str):
        wanted = [wanted]
    if not isinstance(wanted, list) or not all(isinstance(name, str) for name in wanted):
        outcome.problems.append(InputError(path, "expected a list of player names"))
        return
    unknown = [(index, name) for index, name in enumerate(wanted) if name_key(name) not in seated]
    for index, name in unknown:
        outcome.problems.append(InputError((*path, index), f"{quoted(name)} is not at the table",
                                           hint=did_you_mean(name, list(seated.values()))))
    if unknown:
        return
    outcome.checks += 1
    if sorted(seated[name_key(name)] for name in wanted) != sorted(winners):
        outcome.mismatches.append(f"winners: expected {', '.join(wanted) or 'nobody'}, "
                                  f"got {', '.join(winners) or 'nobody'}")
