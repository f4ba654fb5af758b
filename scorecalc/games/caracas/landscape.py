"""Caracas landscape: the four comparisons between explorers, and the solo thresholds.

'Compare Explorers' Landscapes for vp: Biggest Jungle area. Most Savannah areas.
Fewest Swamp areas. Most forks & mergers in 1 river basin.'
"""

from __future__ import annotations

from dataclasses import dataclass

from ...sheet import ordinal, plural, split_places
from .board import Board

POINTS_BY_PLACE = {2: (2, 0), 3: (3, 1, 0), 4: (3, 2, 1, 0), 5: (4, 3, 2, 1, 0)}
"""'VP for the Jungle, Savannahs, Swamps and river basin, for the best to worst explorer.'"""


@dataclass(frozen=True)
class Figures:
    """What the landscape comparisons look at, for one explorer."""

    biggest_jungle: int
    savannah_areas: int
    swamp_areas: int
    forks: int
    """Most forks/mergers in one river basin."""


@dataclass(frozen=True)
class Comparison:
    item: str
    figure: str
    higher_is_better: bool
    solo: tuple[tuple[int, int], ...]
    """Solo thresholds, best first: ``(figure, vp)``; ``figure`` is a minimum (or a
    maximum when fewer is better)."""

    def describe(self, value: int) -> str:
        return {
            "biggest_jungle": f"biggest jungle {plural(value, 'tile')}",
            "savannah_areas": plural(value, "savannah area"),
            "swamp_areas": plural(value, "swamp area"),
            "forks": f"{plural(value, 'fork/merger', 'forks/mergers')} in one basin",
        }[self.figure]


COMPARISONS = (
    # 'Jungle: 3 vp if your biggest Jungle has 5 or more tiles, 2 vp if 4 and 1 vp if 3 tiles.'
    Comparison("Jungle", "biggest_jungle", True, ((5, 3), (4, 2), (3, 1))),
    # 'Savannah: 3 vp if you have 5 or more Savannah areas, 2 vp if 4 and 1 vp if 3 areas.'
    Comparison("Savannah", "savannah_areas", True, ((5, 3), (4, 2), (3, 1))),
    # 'Swamp: 3 vp if you have 0 or 1 Swamp area, 2 vp if 2 and 1 vp if 3 areas.'
    Comparison("Swamp", "swamp_areas", False, ((1, 3), (2, 2), (3, 1))),
    # 'River: 3 vp if you have 7 or more forks/mergers in 1 river basin, 2 vp if 6 and 1 vp if 5.'
    Comparison("River", "forks", True, ((7, 3), (6, 2), (5, 1))),
)


@dataclass(frozen=True)
class LandscapeAward:
    item: str
    points: int
    detail: str


def figures_of(board: Board, forks: str = "sides") -> Figures:
    """The four figures read from a board of tiles; forks/mergers as the ``forks``
    reading counts them (``sides`` or ``junctions``)."""
    return Figures(
        biggest_jungle=max((len(area) for area in board.areas("jungle")), default=0),
        savannah_areas=len(board.areas("savannah")),
        swamp_areas=len(board.areas("swamp")),
        forks=max((board.forks(basin, forks) for basin in board.basins), default=0),
    )


def landscape_ranking(names: list[str], figures: list[Figures]) -> list[list[LandscapeAward]]:
    """Each comparison ranks the explorers; 'In case of a tie: Take their average vp,
    rounded up.' With one explorer, the solo thresholds apply instead."""
    if len(figures) == 1:
        return [[solo_landscape(comparison, getattr(figures[0], comparison.figure))
                 for comparison in COMPARISONS]]
    table = POINTS_BY_PLACE[len(figures)]
    result: list[list[LandscapeAward]] = [[] for _ in figures]
    for comparison in COMPARISONS:
        values = [getattr(figure, comparison.figure) for figure in figures]
        places = split_places(values, table, higher_is_better=comparison.higher_is_better, rounding="up")
        for index, (value, place) in enumerate(zip(values, places, strict=True)):
            first = place.place or 0
            if place.tied:
                shares = place.shares
                shown = f"{round(sum(shares) / len(shares), 2):g}"
                rounded = ", rounded up" if place.rounded else ""
                standing = (f"tied {ordinal(first)}-{ordinal(first + len(place.tied))} of {len(values)} with "
                            f"{', '.join(names[j] for j in place.tied)}: ({'+'.join(map(str, shares))})/"
                            f"{len(shares)} = {shown}{rounded}")
            else:
                standing = f"{ordinal(first)} of {len(values)}"
            result[index].append(LandscapeAward(
                comparison.item, place.points,
                f"{comparison.describe(value)}; {standing} -> {plural(place.points, 'vp', 'vp')}",
            ))
    return result


def solo_landscape(comparison: Comparison, value: int) -> LandscapeAward:
    """'Solo Game (End Score) Difference': fixed thresholds instead of a comparison."""
    for threshold, vp in comparison.solo:
        if (value >= threshold) if comparison.higher_is_better else (value <= threshold):
            if comparison.higher_is_better:
                bar = f"{threshold} or more" if vp == comparison.solo[0][1] else f"{threshold}"
            else:
                bar = f"{threshold} or fewer" if vp == comparison.solo[0][1] else f"{threshold}"
            detail = f"{comparison.describe(value)}: solo, {bar} -> {vp} vp"
            return LandscapeAward(comparison.item, vp, detail)
    worst = comparison.solo[-1][0]
    bar = f"fewer than {worst}" if comparison.higher_is_better else f"more than {worst}"
    return LandscapeAward(comparison.item, 0, f"{comparison.describe(value)}: solo, {bar} -> 0 vp")
