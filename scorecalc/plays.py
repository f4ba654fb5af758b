"""A scored table read as a play: when it happened, who sat at it, its stable id, and the order of plays.

One reading for everything that logs or counts plays over time (BG Stats' link and import
file, the league's play order): the date as the players wrote it (local time), the moment
BG Stats records (UTC, always present), each person by their name key (``names.name_key``:
``Ana`` and ``ana`` are one player), and ``source_play_id``, the same for the same table
however often it is scored, copied or touched. Pure: the clock is only read for a table that
came from no file and carries no date (``now`` overrides it).
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from .dates import day_of, has_time, play_utc, timestamp_utc_text
from .names import name_key
from .sheet import PlayInfo, Scored, ScoreSheet

PLAY_ID_LENGTH = 16
"""Hex characters of ``source_play_id`` (64 bits: two different tables of one club share
an id with a chance of about one in 10^19 per pair)."""


class Seat(NamedTuple):
    """A person at the table (never an automa), in turn order."""

    name: str
    """As written."""
    key: str
    """The name key: how two spellings are found to be one player."""
    total: int
    rank: int
    winner: bool
    """SPEC's one winner rule (``ScoreSheet.winners``)."""
    start: bool
    """The first player of the YAML's ``players:``."""
    order: int
    """0 for the start player, then 1, 2, … in turn order."""


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Play:
    """One scored table as a play (frozen; one play is one object)."""

    sheet: ScoreSheet
    info: PlayInfo
    play_date: str
    """UTC ``YYYY-MM-DD HH:MM:SS``: from ``date:`` (a date alone is 12:00 local), else the
    file's modification time (standard input: when it was read)."""
    source_play_id: str
    seats: tuple[Seat, ...]

    def __repr__(self) -> str:
        return f"Play({self.info.file!r}, {self.play_date!r}, {self.source_play_id!r})"

    @property
    def date(self) -> str | None:
        """``date:`` as the table gives it (``2026-11-28`` or ``2026-11-28T20:30``, local time)."""
        return self.info.date


def read_play(scored: Scored, now: float | None = None) -> Play:
    """A scored table as a play; ``now`` (POSIX time) stands for the clock when the table came
    from no file and has no date."""
    sheet, info = scored.sheet, scored.info
    people = sheet.people
    winners = set(sheet.winners)
    seats = tuple(Seat(player.name, sys.intern(name_key(player.name)), player.total, player.rank,
                       player.name in winners, index == 0, index)
                  for index, player in enumerate(people))
    if info.date is not None:
        when = play_utc(info.date)
    else:
        moment = info.file_time if info.file_time is not None else now
        when = timestamp_utc_text(time.time() if moment is None else moment)
    return Play(sheet, info, when, source_play_id(scored), seats)


def source_play_id(scored: Scored) -> str:
    """16 lowercase hex characters of a SHA-256 of the game, ``date:`` as written (``null``
    when absent: never the file's time, so a copied or touched file keeps its id) and every
    seat's name key and total in turn order (Percy's included: it tells two solo games
    apart). Two identical undated tables share one id: they are the same play, as far as
    anything written in them can tell."""
    sheet = scored.sheet
    identity: list[Any] = [sheet.game, scored.info.date,
                           [[name_key(player.name), player.total] for player in sheet.players]]
    text = json.dumps(identity, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:PLAY_ID_LENGTH]


def order_key(play: Play) -> tuple[Any, ...]:
    """The league's play order (SPEC section 7): by date, a date alone before the timed plays
    of that day, then by path; undated plays last, in path order."""
    if play.date is None:
        return (1, "", 0, "", play.info.file)
    return (0, day_of(play.date).toordinal(), has_time(play.date), play.date, play.info.file)


def in_play_order(plays: Iterable[Play]) -> list[Play]:
    return sorted(plays, key=order_key)
