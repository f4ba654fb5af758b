"""Caracas scored: each explorer's animals, the landscape comparison and the dead-end rivers."""

from __future__ import annotations

from collections.abc import Sequence

from ...sheet import PlayerScore, ScoreSheet, rank
from .animals import COMMON, score_animals, title
from .board import Board, label, seen_from, step
from .declaration import CATEGORIES
from .landscape import LandscapeAward, landscape_ranking
from .table import Table

BOARD_CATEGORIES = tuple(category for category in CATEGORIES if category != "Landscape")
"""What only a board records: a comparison-only explorer's four figures are landscape alone."""


def score(table: Table) -> ScoreSheet:
    names = [explorer.name for explorer in table.explorers]
    landscape = landscape_ranking(names, [explorer.figures(table.rules) for explorer in table.explorers])
    players = []
    for explorer, landscape_awards in zip(table.explorers, landscape, strict=True):
        board = explorer.board
        player = PlayerScore(explorer.name, unrecorded=() if board is not None else BOARD_CATEGORIES)
        with seen_from(board.sea if board is not None else "standard"):  # her squares by her symbols
            explorer_items(player, board, table, landscape_awards)
        players.append(player)
    return rank(ScoreSheet("caracas", CATEGORIES, tuple(players)))


def explorer_items(player: PlayerScore, board: Board | None, table: Table,
                   landscape_awards: Sequence[LandscapeAward]) -> None:
    """One explorer's items: her animals, her place in the landscape comparison, her dead ends."""
    if board is not None:
        for award in score_animals(board, table.rules):
            category = "Common animals" if award.animal in COMMON else "Rare animals"
            player.add(category, title(award.animal), award.points, award.detail,
                       tiles=tuple(label(square) for square in board.showing(award.animal)))
    for landscape_award in landscape_awards:
        player.add("Landscape", landscape_award.item, landscape_award.points, landscape_award.detail)
    if board is not None:
        dead = board.dead_ends
        detail = "; ".join(f"{label(square)} {side} side faces {label(step(square, side))} "
                           "without river" for square, side in dead) or "no dead-end rivers"
        player.add("Penalties", "Dead-end rivers", -len(dead), detail,
                   tiles=tuple(label(square) for square in sorted({square for square, _ in dead})))
