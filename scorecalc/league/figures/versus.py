"""``--versus``: how often each pair of players met and who finished ahead; rival and nemesis.

Two players met at each play they sat at together (solo plays meet no one; Caribe's Percy
is no player). One finished ahead of the other when her rank was better; equal ranks
(a shared place) count for neither.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .base import NO_VALUE, CsvColumn, Figure, name_column, names_by_key, number_column, overall_only, section

if TYPE_CHECKING:
    from ...blocks import Block
    from ...plays import Play
    from ..records import Player, Standings
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


class Versus(NamedTuple):
    """A player's meetings (most met first), her rival's and nemesis' names (kept by this figure)."""

    meetings: list[Meeting]
    rival: str | None
    nemesis: str | None


NOBODY_MET = Versus([], None, None)


def versus_of(player: Player) -> Versus:
    """The player's head-to-head record; nobody met when none was worked out."""
    return player.got(FIGURE.name, NOBODY_MET)


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


# --- the figure: ``--versus`` -------------------------------------------------------------------

VERSUS_LEGEND = (("Met", "plays together."),
                 ("Ahead", "plays where the player finished ahead of the opponent (a shared place counts "
                           "for neither)."),
                 ("Behind", "plays where the opponent finished ahead."),
                 ("Rival", "the opponent met most (then the closest record)."),
                 ("Nemesis", "the opponent most often ahead, of those ahead more often than behind."))


class VersusFigure(Figure):
    """JSON ``versus: [{name, met, ahead, behind}]``, ``rival``, ``nemesis``; CSV ``rival,
    nemesis`` (overall rows); a "Head to head" table."""

    name = "versus"
    flag = "--versus"
    help = "Add head-to-head records (who finished ahead of whom), rival and nemesis."
    listed = 2
    reads_plays = True

    def season(self, standings: Standings, plays: Sequence[Play], by_key: dict[str, Player]) -> None:
        met = meetings(play.seats for play in plays)
        for player in standings.players:
            versus = met.get(player.key, [])
            found = (None if key is None else by_key[key].name for key in (rival(versus), nemesis(versus)))
            player.found[self.name] = Versus(versus, *found)

    def player_json(self, standings: Standings, player: Player) -> dict[str, Any]:
        names = names_by_key(standings)
        versus = versus_of(player)
        return {"versus": [{"name": names[meeting.key], "met": meeting.met, "ahead": meeting.ahead,
                            "behind": meeting.behind} for meeting in versus.meetings],
                "rival": versus.rival, "nemesis": versus.nemesis}

    def csv_columns(self, standings: Standings) -> list[CsvColumn]:
        return [CsvColumn("rival", overall_only(lambda p: versus_of(p).rival or ""), free_text=True),
                CsvColumn("nemesis", overall_only(lambda p: versus_of(p).nemesis or ""), free_text=True)]

    def overall_blocks(self, standings: Standings) -> list[Block]:
        names = names_by_key(standings)
        body = []
        for player in standings.players:
            versus = versus_of(player)
            for meeting in versus.meetings:
                opponent = names[meeting.key]
                marks = [word for word, who in (("rival", versus.rival), ("nemesis", versus.nemesis))
                         if who == opponent]
                shown = f"{opponent} ({', '.join(marks)})" if marks else opponent
                body.append([player.name, shown, str(meeting.met), str(meeting.ahead), str(meeting.behind)])
        if not body:
            body = [[player.name, NO_VALUE, "0", "0", "0"] for player in standings.players]
        columns = [name_column(groups=True), name_column("Opponent"),
                   *map(number_column, ("Met", "Ahead", "Behind"))]
        return section("Head to head", columns, body, legend=VERSUS_LEGEND, player=0)


FIGURE = VersusFigure()
