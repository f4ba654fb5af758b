"""A toy game, to show that a module and one registry line make a whole game."""

from __future__ import annotations

from typing import Any

from scorecalc.games import Game, player_name_field
from scorecalc.reading.document import Document
from scorecalc.sheet import PlayerScore, ScoreSheet, rank
from scorecalc.spec import Field, Int, ListOf, Record

PLAYER = Record(fields={
    "name": player_name_field(),
    "points": Field(Int(maximum=99, example=7), required=True, doc="the points on the toy's track"),
})
FIELDS = {"players": Field(ListOf(PLAYER, min_items=1, max_items=4), required=True, doc="in turn order")}


def parse(document: Document) -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = document.data["players"]
    return players


def score(players: list[dict[str, Any]]) -> ScoreSheet:
    sheet = ScoreSheet("toy", ("Points",), [])
    for player in players:
        scored = PlayerScore(player["name"])
        scored.add("Points", "Track", player["points"], f"{player['points']} on the track")
        sheet.players.append(scored)
    return rank(sheet)


def shout(players: list[dict[str, Any]]) -> str:
    return " ".join(player["name"].upper() for player in players)


def example(count: int) -> dict[str, Any]:
    return {"players": [{"name": f"Player {i + 1}", "points": 7 + i} for i in range(count)]}


GAME = Game(name="toy", title="Toy", categories=("Points",), fields=FIELDS, parse=parse, score=score,
            example=example, views={"shout": shout})
