"""Logging a play in BG Stats: the play as JSON and its import link (``qr`` draws the link).

BG Stats imports a play from ``https://app.bgstatsapp.com/createPlay.html?data=`` followed
by the play's JSON, URL-encoded. No one working on scorecalc could reach the app, so the
shape follows BG Stats' published description as SPEC section 7 quotes it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..sheet import ScoreSheet
from .data import json_text

LINK_PREFIX = "https://app.bgstatsapp.com/createPlay.html?data="
URL_SAFE = ":,"
"""Kept as they are in the link: both may stand in a URL's query unencoded (RFC 3986
``pchar``), decode the same with ``decodeURIComponent`` and ``URLSearchParams``, and are the
JSON's most frequent punctuation: a two-player play's link is 15% shorter, which keeps its
QR code within 80 columns. Everything else but letters, digits and ``_.-~`` is encoded
(``"``, braces, brackets, spaces, ``+``, ``&``, ``=``, ``%`` and non-ASCII bytes included)."""


def play_date(date: str | None) -> str | None:
    """``2026-11-28T20:30`` -> ``2026-11-28 20:30:00``; a date alone is read as its midnight."""
    if date is None:
        return None
    day, _, time = date.partition("T")
    return f"{day} {time or '00:00'}:00"


def to_bgstats(sheet: ScoreSheet) -> dict[str, Any]:
    """The play as BG Stats imports it (start player = first in turn order).

    ``playDate``, ``location`` and ``comments`` appear only when the YAML gives them
    (without ``playDate`` BG Stats asks for the date).
    """
    start = sheet.start_player or (sheet.players[0].name if sheet.players else None)
    play: dict[str, Any] = {
        "sourceName": "scorecalc",
        "game": {
            "name": sheet.title or sheet.game,
            "bggId": sheet.bgg_id,
            "highestWins": True,
            "noPoints": False,
        },
        "players": [
            {"name": player.name, "score": player.total, "winner": sheet.won(player.name),
             "startPlayer": player.name == start, "rank": player.rank, "sourcePlayerId": player.name}
            for player in sheet.players
        ],
    }
    when = play_date(sheet.date)
    if when is not None:
        play["playDate"] = when
    if sheet.location:
        play["location"] = sheet.location
    if sheet.play_notes:
        play["comments"] = sheet.play_notes
    return play


def render_bgstats(sheets: Sequence[ScoreSheet]) -> str:
    """``--format bgstats``: each play as the link carries it (JSON Lines for several)."""
    return json_text([to_bgstats(sheet) for sheet in sheets])


def bgstats_link(sheet: ScoreSheet) -> str:
    """BG Stats' import link for the play: the JSON compact (no spaces), then URL-encoded.

    Non-ASCII text stays UTF-8 (``ensure_ascii=False``): ``é`` costs 6 characters encoded,
    where ``\\u00e9`` would cost 8.
    """
    from urllib.parse import quote

    data = json.dumps(to_bgstats(sheet), ensure_ascii=False, separators=(",", ":"))
    return LINK_PREFIX + quote(data, safe=URL_SAFE)
