"""What 'scorecalc tally' asks of a Caribe table: the cards and the solo mode, the players, then Percy."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...errors import Path
from ...spec.interview import AFTER_PLAYERS, PLAYERS, Ask, Interview, TableData
from .declaration import ANIMALS, KNOWLEDGE, TERRAINS

KNOWLEDGE_SAID = ("the white-point value under each knowledge marker (0-5), in this order: "
                  + " ".join(KNOWLEDGE))
BOARD_SAID = ("animals on each animal track, then scientists on each terrain track (0-5), in this order: "
              + " ".join((*ANIMALS, *TERRAINS)))
PERCY_BOARD_SAID = ("Percy's player board, needed when he has scientists at London or Paris: "
                    + BOARD_SAID)
"""The order of the values, shown with the question (not only after '?'): '3 4 2' is read in it."""

PERCY_BOARD_USED = ("london", "paris")
"""The universities whose scientists score by the board (SPEC section 4)."""


def one_player_solo(table: TableData) -> int | None:
    """A solo game has one player (and, in You vs Percy, Percy after the players)."""
    return 1 if table.get("solo") else None


def you_vs_percy(table: TableData, _: Mapping[str, Any]) -> bool:
    """Percy's table is asked in You vs Percy only."""
    solo = table.get("solo")
    return isinstance(solo, dict) and solo.get("mode") == "percy"


def percy_board_needed(_: TableData, percy: Mapping[str, Any]) -> bool:
    """Percy's board scores his scientists at London (a terrain track) and Paris (an animal): with
    any there, it is needed; without, it scores nothing and may be left out."""
    universities = percy.get("universities")
    return isinstance(universities, dict) and any(universities.get(name) for name in PERCY_BOARD_USED)


def place_words(path: Path, table: TableData, owner: Callable[[int], str]) -> str | None:
    """Percy's part of the table as his (``Interview.words``): ``("percy", "board")`` -> ``Percy's
    board``; ``("percy", "universities", "london")`` -> ``Percy's universities london``."""
    if path[:1] == ("percy",) and len(path) > 1:
        return "Percy's " + " ".join(str(part).replace("_", " ") for part in path[1:])
    return None


INTERVIEW = Interview({
    "players": Ask(PLAYERS, most=one_player_solo),
    "players.knowledge": Ask(said=KNOWLEDGE_SAID),
    "players.board": Ask(said=BOARD_SAID),
    "percy.knowledge": Ask(said=KNOWLEDGE_SAID.replace("each knowledge marker",
                                                       "each of Percy's knowledge markers")),
    "players.books": Ask(noun="book", said="completed theory books, one at a time: the whole icons "
                                           "(fauna 2, geology 1), or the pages slot by slot"),  # "book 2"
    "solo": Ask(said="a solo game: You vs Percy (percy) or Beat Your Own Score (byos), and the "
                     "difficulty: normal, hard or expert"),
    "solo.mode": Ask(choices={"percy": "You vs Percy", "byos": "Beat Your Own Score"}),
    "percy": Ask(AFTER_PLAYERS, needed=True, applies=you_vs_percy),
    "percy.board": Ask(needed=percy_board_needed, said=PERCY_BOARD_SAID),
}, words=place_words)
"""``university_cards`` and ``solo`` first, the date and place, the names, then per player
``score``, ``knowledge``, ``universities``, ``board``, the books one by one and
``leftover``; in You vs Percy, Percy's table last."""
