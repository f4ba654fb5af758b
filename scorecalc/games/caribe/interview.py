"""What 'scorecalc tally' asks of a Caribe table: the cards and the solo mode, the players, then Percy."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...spec.interview import AFTER_PLAYERS, PLAYERS, Ask, Interview, Table
from .declaration import ANIMALS, KNOWLEDGE, TERRAINS

KNOWLEDGE_SAID = ("the white-point value under each knowledge marker (0-5), in this order: "
                  + " ".join(KNOWLEDGE))
BOARD_SAID = ("animals on each animal track, then scientists on each terrain track (0-5), in this order: "
              + " ".join((*ANIMALS, *TERRAINS)))
"""The order of the values, shown with the question (not only after '?'): '3 4 2' is read in it."""


def one_player_solo(table: Table) -> int | None:
    """A solo game has one player (and, in You vs Percy, Percy after the players)."""
    return 1 if table.get("solo") else None


def you_vs_percy(table: Table, _: Mapping[str, Any]) -> bool:
    """Percy's table is asked in You vs Percy only."""
    solo = table.get("solo")
    return isinstance(solo, dict) and solo.get("mode") == "percy"


INTERVIEW = Interview({
    "players": Ask(PLAYERS, most=one_player_solo),
    "players.knowledge": Ask(said=KNOWLEDGE_SAID),
    "players.board": Ask(said=BOARD_SAID),
    "percy.knowledge": Ask(said=KNOWLEDGE_SAID.replace("each knowledge", "each of Percy's knowledge")),
    "players.books": Ask(noun="book", said="completed theory books, one at a time: the whole icons "
                                           "(fauna 2, geology 1), or the pages slot by slot"),  # "book 2"
    "solo": Ask(said="a solo game: You vs Percy (percy) or Beat Your Own Score (byos), and the "
                     "difficulty: normal, hard or expert"),
    "percy": Ask(AFTER_PLAYERS, needed=True, applies=you_vs_percy),
})
"""``university_cards`` and ``solo`` first, the date and place, the names, then per player
``score``, ``knowledge``, ``universities``, ``board``, the books one by one and
``leftover``; in You vs Percy, Percy's table last."""
