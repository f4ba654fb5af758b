"""Head to head: for each pair of players, how often they met and who finished ahead; rival and nemesis.

Two players met at each play they sat at together (solo plays meet no one; Caribe's Percy
is no player). One finished ahead of the other when her rank was better; equal ranks
(a shared place) count for neither.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .ratings import Seated


class Meeting(NamedTuple):
    """One player's record against one opponent."""

    key: str
    """The opponent's name key."""
    met: int
    ahead: int
    """Plays where the player finished ahead of the opponent."""
    behind: int
    """Plays where the opponent finished ahead."""


def meetings(tables: Iterable[Sequence[Seated]]) -> dict[str, list[Meeting]]:
    """Each player's meetings (by name key) over ``tables`` (the people of each play), most
    met first, then by the opponent's name key."""
    tally: dict[str, dict[str, list[int]]] = {}
    for seats in tables:
        for seat in seats:
            mine = tally.setdefault(seat.key, {})
            for other in seats:
                if other.key == seat.key:
                    continue
                record = mine.setdefault(other.key, [0, 0, 0])
                record[0] += 1
                record[1] += seat.rank < other.rank
                record[2] += other.rank < seat.rank
    return {key: sorted((Meeting(other, *record) for other, record in found.items()),
                        key=lambda meeting: (-meeting.met, meeting.key))
            for key, found in tally.items()}


def rival(versus: Sequence[Meeting]) -> str | None:
    """The opponent met most often, then the one with the closest record (ahead and behind
    nearest each other), then by name key; ``None`` when the player met no one."""
    if not versus:
        return None
    return min(versus, key=lambda m: (-m.met, abs(m.ahead - m.behind), m.key)).key


def nemesis(versus: Sequence[Meeting]) -> str | None:
    """The opponent most often ahead of the player, then the one who did it in fewer meetings,
    then by name key, among those who were ahead of her more often than behind (SPEC: a
    player you mostly beat is nobody's nemesis); ``None`` when no opponent was."""
    ahead_of_me = [meeting for meeting in versus if meeting.behind > meeting.ahead]
    if not ahead_of_me:
        return None
    return min(ahead_of_me, key=lambda m: (-m.behind, m.met, m.key)).key
