"""Logging a play in BG Stats: the play as JSON and its import link (``qr`` draws the link).

BG Stats imports a play from ``https://app.bgstatsapp.com/createPlay.html?data=`` followed
by the play's JSON, URL-encoded (BG Stats' page "Push plays to BG Stats from other apps or
websites"). The fields and where each comes from are in ``docs/output.md``, with the public
sources each follows; nobody working on scorecalc could reach the app to try an import.
The reading of the play (dates, name keys, ``sourcePlayId``) is ``scorecalc.plays``'.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..plays import Play, Seat, read_play
from ..sheet import PlayInfo, Scored, ScoreSheet
from .data import json_text

if TYPE_CHECKING:
    from .formats import RenderOptions

LINK_PREFIX = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "scorecalc"
URL_SAFE = ":,"
"""Kept as they are in the link: both may stand in a URL's query unencoded (RFC 3986
``pchar``), decode the same with ``decodeURIComponent`` and ``URLSearchParams``, and are the
JSON's most frequent punctuation: a two-player play's link is 15% shorter, which keeps its
QR code small. Everything else but letters, digits and ``_.-~`` is encoded (``"``, braces,
brackets, spaces, ``+``, ``&``, ``=``, ``%`` and non-ASCII bytes included)."""


def game_json(sheet: ScoreSheet, info: PlayInfo) -> dict[str, Any]:
    """``game``: the title, the command name as ``sourceGameId``, won on points, and
    ``bggId`` only when the YAML gives ``bgg_id:`` (a number: never null, never a string)."""
    game: dict[str, Any] = {"name": info.title or sheet.game, "sourceGameId": sheet.game,
                            "highestWins": True, "noPoints": False}
    if isinstance(info.bgg_id, int) and not isinstance(info.bgg_id, bool):
        game["bggId"] = info.bgg_id
    return game


def ranks_needed(seats: Sequence[Seat]) -> bool:
    """Whether the ranks say more than the scores: only when a tie-break put players with
    the same score in different places (BG Stats ranks equal scores equal)."""
    return any(a.total == b.total and a.rank != b.rank for a in seats for b in seats)


def player_json(seat: Seat, ranked: bool) -> dict[str, Any]:
    """One person: ``startPlayer`` only on the start player and ``rank`` only where it
    earns its bytes (``ranks_needed``); ``sourcePlayerId`` is the name key."""
    entry: dict[str, Any] = {"name": seat.name, "score": seat.total, "winner": seat.winner}
    if seat.start:
        entry["startPlayer"] = True
    if ranked:
        entry["rank"] = seat.rank
    entry["sourcePlayerId"] = seat.key
    return entry


def play_json(play: Play) -> dict[str, Any]:
    """The play as the link carries it (Caribe's Percy is no player)."""
    info = play.info
    result: dict[str, Any] = {"sourceName": SOURCE_NAME, "sourcePlayId": play.source_play_id,
                              "playDate": play.play_date, "game": game_json(play.sheet, info)}
    if info.location:
        result["location"] = info.location
    if info.notes:
        result["comments"] = info.notes
    ranked = ranks_needed(play.seats)
    result["players"] = [player_json(seat, ranked) for seat in play.seats]
    return result


def to_bgstats(scored: Scored, now: float | None = None) -> dict[str, Any]:
    """The play of a scored table as BG Stats' link carries it."""
    return play_json(read_play(scored, now))


def render_bgstats(results: Sequence[Scored]) -> str:
    """``--format bgstats``: each play as the link carries it (JSON Lines for several)."""
    return json_text([to_bgstats(scored) for scored in results])


def bgstats_link(scored: Scored, now: float | None = None) -> str:
    """BG Stats' import link for the play: the JSON compact (no spaces), then URL-encoded.

    Non-ASCII text stays UTF-8 (``ensure_ascii=False``): ``é`` costs 6 characters encoded,
    where ``\\u00e9`` would cost 8.
    """
    from urllib.parse import quote

    data = json.dumps(to_bgstats(scored, now), ensure_ascii=False, separators=(",", ":"))
    return LINK_PREFIX + quote(data, safe=URL_SAFE)


def render_bgstats_format(results: Sequence[Scored], options: RenderOptions) -> str:
    """``--format bgstats`` (``formats.FORMATS``)."""
    return render_bgstats(results)
