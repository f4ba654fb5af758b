"""A toy game, to show that a module and one registry line make a whole game, its interview included.

Each player scores the points on the toy's track and 1 per bead; the beads are typed in an
entry form of the toy's own (``Beads``: one bead per answer, the row so far shown after
each, ``<`` takes the last one back, an empty answer ends), which speaks, saves and checks
only through the ``Entry`` tally hands it. It is typed only: it leaves out the tap methods of a
``BoardForm`` (Caracas' board on a phone), and a phone sets its beads by typed answers too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorecalc.errors import InputError
from scorecalc.games import Game, player_name_field
from scorecalc.reading.document import Document
from scorecalc.sheet import PlayerScore, ScoreSheet, rank
from scorecalc.spec import Choice, Field, Int, ListOf, Record
from scorecalc.spec.answer import BadAnswer
from scorecalc.spec.interview import Entry, Interview, Step

BEADS_EACH = 3
BEAD = Choice(words=("red", "green", "blue"), what="bead", example="red")
PLAYER = Record(fields={
    "name": player_name_field(),
    "points": Field(Int(maximum=99, example=7), required=True, doc="the points on the toy's track"),
    "beads": Field(ListOf(BEAD), default=[], doc="the beads the player won, in the order won"),
})
FIELDS = {"players": Field(ListOf(PLAYER, min_items=1, max_items=4), required=True, doc="in turn order")}


def parse(document: Document) -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = document.data["players"]
    for p, player in enumerate(players):
        if len(player["beads"]) > BEADS_EACH:
            raise InputError(("players", p, "beads"), f"{len(player['beads'])} beads; each player has "
                             f"{BEADS_EACH}")
    return players


def score(players: list[dict[str, Any]]) -> ScoreSheet:
    scores = []
    for player in players:
        scored = PlayerScore(player["name"])
        scored.add("Points", "Track", player["points"], f"{player['points']} on the track")
        scored.add("Points", "Beads", len(player["beads"]), " ".join(player["beads"]) or "no beads")
        scores.append(scored)
    return rank(ScoreSheet("toy", ("Points",), tuple(scores)))


def shout(players: list[dict[str, Any]], width: int | None) -> str:
    return " ".join(player["name"].upper() for player in players)


def example(count: int) -> dict[str, Any]:
    return {"players": [{"name": f"Player {i + 1}", "points": 7 + i} for i in range(count)]}


class Beads:
    """The toy's own entry form: a player's beads, one per answer, until an empty answer."""

    name = "beads"
    fields = ("beads",)

    def step(self, record: Mapping[str, Any], held_open: bool) -> Step | None:
        beads = record.get("beads")
        if isinstance(beads, list) and not held_open:
            return Step("beads", done=True, default="keep", value=beads)
        count = len(beads) if isinstance(beads, list) else 0
        return Step(f"bead {count + 1}", doc="one bead a turn: red, green or blue; empty when done",
                    default="done", optional=True)

    def answer(self, entry: Entry, step: Step, text: str) -> None:
        if step.done:
            return
        beads = entry.record.setdefault("beads", [])
        if text == "":
            alone = {"players": [entry.record]}  # the game's own check of this player's beads
            for problem in entry.problems(alone):
                raise BadAnswer(f"{problem.message}; take one back with '<'")
            entry.hold(False)
            return
        beads.append(entry.checked(BEAD, text, (*entry.path, "beads", len(beads))))
        entry.hold(True)
        entry.say(f"  {entry.record['name']}'s beads: {' '.join(beads)}")
        if not entry.more_players:
            entry.note(f"  ({len(beads)} of the {BEADS_EACH} beads each of the {len(entry.table['players'])} "
                       "players has)")

    def parts(self, record: Mapping[str, Any]) -> list[str]:
        return list(record.get("beads") or [])

    def part_label(self, index: int) -> str:
        return f"bead {index}"

    def change(self, entry: Entry, index: int, text: str) -> None:
        beads = entry.record.get("beads") or []
        if not 0 < index <= len(beads):
            raise BadAnswer(f"bead {index} is not there")
        beads[index - 1] = entry.checked(BEAD, text, (*entry.path, "beads", index - 1))

    def reopens(self, record: Mapping[str, Any]) -> bool:
        return bool(record.get("beads"))

    def picture(self, record: Mapping[str, Any], width: int | None) -> str:
        return " ".join(record.get("beads") or [])

    def resume(self, entry: Entry, step: Step) -> None:
        entry.draw()

    def back(self, entry: Entry, step: Step) -> bool:
        beads = entry.record.get("beads")
        if step.done or not beads:
            return False
        beads.pop()
        entry.note("  the last bead is taken back")
        return True


INTERVIEW = Interview(forms={"players": Beads()})

GAME = Game(name="toy", title="Toy", categories=("Points",), fields=FIELDS, parse=parse, score=score,
            example=example, views={"shout": shout}, interview_module=__name__)
