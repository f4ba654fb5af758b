"""The JSON that ``--format json`` prints, as types: what other tools may rely on.

A scored table is one ``TableJSON`` object (one a line with several files); ``scorecalc
standings -f json`` prints one ``StandingsJSON``. The types name the keys every object carries,
with their value types; a game may add keys of its own to a table (Caribe's ``solo``, Origin's
``variant``, ``objective`` and ``board``), after these, and never changes the meaning of these.
The insight options of ``standings`` (``--ratings``, ``--versus``...) add keys to a player and to
a player's ``by_game`` entry in the same way. ``output.formats.to_json_object`` and
``output.standings_layout.to_json_object`` build these objects, so mypy holds them to the types.
"""


from typing import NotRequired, TypedDict


class ItemJSON(TypedDict):
    """One item of a player's score: where its points come from."""

    category: str
    item: str
    points: int
    detail: str


class PlayerJSON(TypedDict):
    """One player of a scored table, in the file's order."""

    name: str
    total: int
    rank: int
    """1 for the winner(s); players still tied after every tie-break share a rank (1, 1, 3)."""
    categories: dict[str, int]
    """Every category of the game, in the game's order, 0 included."""
    items: NotRequired[list[ItemJSON]]
    """Left out with ``--summary``."""


class TableJSON(TypedDict):
    """One scored table."""

    game: str
    file: str
    """The path as given (``-`` for standard input)."""
    date: str | None
    location: str | None
    players: list[PlayerJSON]
    winners: list[str]
    """The one winner rule: the players at rank 1; alone, the player when a goal was met."""
    tiebreak: str | None
    """The tie-break that decided first place, as a short sentence, or null."""
    warnings: list[str]
    """As printed on standard error."""


class RecordJSON(TypedDict):
    """A player's figures over the plays counted, overall or in one game."""

    played: int
    wins: int
    win_rate: float
    points: int
    average: float
    best: int | None


class StandingsPlayerJSON(RecordJSON):
    """One player of the standings, in standings order."""

    name: str
    placing: float | None
    """The mean of (players - rank) / (players - 1) over the plays with others; null if none."""
    by_game: dict[str, RecordJSON]


class StandingsJSON(TypedDict):
    """The standings over a season of tables."""

    files: int
    left_out: int
    """Files that were not counted: bad input, or a crash."""
    players: list[StandingsPlayerJSON]
