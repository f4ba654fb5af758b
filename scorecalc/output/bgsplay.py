"""``--format bgsplay``: every play of a run as one BG Stats import file (``.bgsplay``).

BG Stats imports whole histories from its own play files (``games``, ``players``,
``locations``, ``plays`` with ``playerScores``, ``userInfo``); the shape here is the one
public exporters write (``docs/output.md`` names them). Everything is derived from the
plays, so the same season exported twice is the same bytes:

- integer ``id`` s count from 1 in order of first appearance (plays in the run's file order);
- ``uuid`` s are uppercase uuid5 strings under ``NAMESPACE``, from the play's
  ``sourcePlayId``, the player's name key, the game's ``sourceGameId`` and the location's
  name (one player, game, location per key, however many plays);
- every ``modificationDate`` / ``entryDate`` is the play's ``playDate`` (UTC), the earliest
  of its plays for a game, player or location.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..plays import Play, read_play
from ..sheet import PlayInfo, Scored, ScoreSheet
from .data import json_text

if TYPE_CHECKING:
    from .formats import RenderOptions

NAMESPACE = uuid.UUID("898019e5-38ef-572a-a6ad-1b71ea066a29")
"""scorecalc's own uuid5 namespace, ``uuid5(NAMESPACE_URL,
"https://github.com/scorecalc/scorecalc#bgsplay")``, written out: fixed for good, since
changing it would make every exported play, player, game and location a new one to BG Stats."""


def stable_uuid(kind: str, key: str) -> str:
    """``kind`` (``play``, ``player``, ``game``, ``location``) keeps the four apart: a player
    called ``caribe`` is not the game."""
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{key}")).upper()


class Catalogue:
    """Things referred to by id (games, players, locations), each once per key, numbered in
    order of first appearance, dated by their earliest play."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.entries: dict[str, dict[str, Any]] = {}

    def ref(self, key: str, when: str, fields: dict[str, Any]) -> int:
        """The id of the entry for ``key`` (added with ``fields`` when new)."""
        entry = self.entries.get(key)
        if entry is None:
            entry = {"id": len(self.entries) + 1, "uuid": stable_uuid(self.kind, key), **fields,
                     "modificationDate": when}
            self.entries[key] = entry
        elif when < entry["modificationDate"]:
            entry["modificationDate"] = when
        identifier: int = entry["id"]
        return identifier

    def json(self, order: Sequence[str] | None = None) -> list[dict[str, Any]]:
        """The entries, keys in ``order`` (``id`` and ``uuid`` first)."""
        entries = list(self.entries.values())
        if order is None:
            return entries
        return [{name: entry[name] for name in order if name in entry} for entry in entries]


GAME_KEYS = ("id", "uuid", "name", "modificationDate", "cooperative", "highestWins", "noPoints",
             "usesTeams", "bggId", "bggYear")
PLAYER_KEYS = ("id", "uuid", "name", "isAnonymous", "modificationDate")
LOCATION_KEYS = ("id", "uuid", "name", "modificationDate")


def game_fields(sheet: ScoreSheet, info: PlayInfo) -> dict[str, Any]:
    bgg_id = info.bgg_id if isinstance(info.bgg_id, int) and not isinstance(info.bgg_id, bool) else 0
    return {"name": info.title or sheet.game, "cooperative": False, "highestWins": True, "noPoints": False,
            "usesTeams": False, "bggId": bgg_id, "bggYear": 0}


def play_date_ymd(play_date: str) -> int:
    """``2026-11-28 19:30:00`` -> ``20261128``."""
    return int(play_date[:10].replace("-", ""))


class Season:
    """The import file being built, play by play."""

    def __init__(self) -> None:
        self.games = Catalogue("game")
        self.players = Catalogue("player")
        self.locations = Catalogue("location")
        self.plays: list[dict[str, Any]] = []

    def add(self, play: Play) -> None:
        sheet, info, when = play.sheet, play.info, play.play_date
        entry: dict[str, Any] = {
            "uuid": stable_uuid("play", play.source_play_id), "modificationDate": when, "entryDate": when,
            "playDate": when, "playDateYmd": play_date_ymd(when),
            "gameRefId": self.games.ref(sheet.game, when, game_fields(sheet, info)),
        }
        if info.location:
            entry["locationRefId"] = self.locations.ref(info.location, when, {"name": info.location})
        entry.update({"durationMin": 0, "ignored": False, "manualWinner": False, "rounds": 0, "rating": 0,
                      "scoringSetting": 0, "usesTeams": False, "playImages": "[]"})
        if info.notes:
            entry["comments"] = info.notes
        entry["playerScores"] = [
            {"playerRefId": self.players.ref(seat.key, when, {"name": seat.name, "isAnonymous": False}),
             "score": str(seat.total), "winner": seat.winner, "rank": seat.rank, "seatOrder": seat.order,
             "startPlayer": seat.start, "newPlayer": False}
            for seat in play.seats
        ]
        self.plays.append(entry)

    def json(self, about: str) -> dict[str, Any]:
        return {"about": about, "games": self.games.json(GAME_KEYS),
                "players": self.players.json(PLAYER_KEYS), "locations": self.locations.json(LOCATION_KEYS),
                "plays": self.plays, "userInfo": {"meRefId": 1}}


def to_bgsplay(results: Sequence[Scored], now: float | None = None) -> dict[str, Any]:
    """The import file of the scored tables (in the run's order) as JSON data."""
    from .. import __version__

    season = Season()
    for scored in results:
        season.add(read_play(scored, now))
    return season.json(f"scorecalc {__version__}")


def render_bgsplay(results: Sequence[Scored]) -> str:
    """``--format bgsplay``: one import file (indented JSON) for every play of the run."""
    return json_text([to_bgsplay(results)])


def render_bgsplay_format(results: Sequence[Scored], options: RenderOptions) -> str:
    """``--format bgsplay`` (``formats.FORMATS``)."""
    return render_bgsplay(results)
