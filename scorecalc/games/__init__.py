"""The game registry: name -> module holding a ``GAME``.

Adding a game means adding a package that defines ``GAME = Game(...)`` (CONTRIBUTING.md
says what goes in it) and one line here; the command line builds its commands from this
table. A game's package is imported only when the game is used, so ``scorecalc --help``
stays quick.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from ..reading.document import Document
    from ..sheet import ScoreSheet
    from ..spec import Field, Record
    from ..spec.interview import Interview


class GameOption(NamedTuple):
    """A game's own flag on its command (``--show-board``): when given, the game's
    view of that name (``Game.views``, called with the parsed state) is printed before
    the score."""

    flag: str
    help: str
    view: str
    needs_table: bool = True
    """``False``: the view needs no table (it is called with ``None``); the flag prints it
    and exits, without a FILE (``scorecalc caracas --codes``)."""

    @property
    def parameter(self) -> str:
        return self.flag.lstrip("-").replace("-", "_")


class GameEntry(NamedTuple):
    module: str
    title: str
    options: tuple[GameOption, ...] = ()
    entry_help: str = ""
    """How this game's table is typed at ``scorecalc tally``, for ``tally --help`` (a sentence;
    empty when its questions need no word of introduction)."""


REGISTRY: dict[str, GameEntry] = {
    "caracas": GameEntry("scorecalc.games.caracas", "Caracas", options=(
        GameOption("--show-board", "Draw each grid as typed, before the score.", view="show_board"),
        GameOption("--codes", "List the codes of the compact grid form (lands, animals, rivers) and exit.",
                   view="codes", needs_table=False),
    ), entry_help="Caracas: each explorer's board is typed row by row, from the row under the SEA, four "
                  "codes a row ('JuJa~ES SwPiGu~NESW . SaAt': land, animals, '~' and the river's sides; "
                  "'.' an empty square); 'scorecalc caracas --codes' lists every code, and an empty "
                  "line ends the board."),
    "caribe": GameEntry("scorecalc.games.caribe", "Caribe"),
    "galapagos": GameEntry("scorecalc.games.galapagos", "Galapagos"),
    "origin": GameEntry("scorecalc.games.origin", "On the Origin of Species"),
}
"""Every game scorecalc knows: the one place that lists them. Commands, help, templates
and schemas all come from here."""


class Game:
    """What every game provides: its declaration, its two verbs and its interview (frozen).

    ``parse(document) -> state`` validates what the declaration cannot (player names
    in ``cubes``, tiles on one square...), raising ``InputError`` with a path and
    adding warnings to the document; ``score(state) -> ScoreSheet`` is pure.

    ``views``: what the game's own options print (``{"show_board": draw_boards}``), by
    ``GameOption.view``. ``example(n)``: a plausible finished table for ``n`` players, as
    plain data; the starter template writes it out in declaration order with each field's
    ``doc``. ``checks_partial``: ``parse`` also runs on a partly valid table (after the
    declaration found problems): players or tiles the declaration refused are ``None``,
    refused settings are absent, and ``parse`` reports its own problems over the rest, so
    one run shows both kinds. ``interview``: the module holding the game's ``INTERVIEW``
    (what ``scorecalc tally`` asks, ``spec.interview``), imported only by tally.

    ``declaration`` is built once: the keys every game's YAML may carry, then the game's.
    A plain class, not a dataclass: the registry is imported at every start.
    """

    __slots__ = ("categories", "checks_partial", "declaration", "example", "fields", "interview_module",
                 "name", "parse", "score", "title", "views")

    name: str
    title: str
    categories: tuple[str, ...]
    fields: dict[str, Field]
    parse: Callable[[Document], Any]
    score: Callable[[Any], ScoreSheet]
    views: dict[str, Callable[[Any], str]]
    example: Callable[[int], dict[str, Any]] | None
    checks_partial: bool
    interview_module: str | None
    declaration: Record

    def __init__(self, name: str, title: str, categories: tuple[str, ...], fields: dict[str, Field],
                 parse: Callable[[Document], Any], score: Callable[[Any], ScoreSheet],
                 views: dict[str, Callable[[Any], str]] | None = None,
                 example: Callable[[int], dict[str, Any]] | None = None,
                 checks_partial: bool = False, interview: str | None = None) -> None:
        from ..spec import Record

        values = {"name": name, "title": title, "categories": categories, "fields": fields, "parse": parse,
                  "score": score, "views": views if views is not None else {}, "example": example,
                  "checks_partial": checks_partial, "interview_module": interview,
                  "declaration": Record(fields={**common_fields(), **fields})}
        for key, value in values.items():
            object.__setattr__(self, key, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Game is frozen: {name} cannot be set")

    def __repr__(self) -> str:
        return f"Game({self.name!r})"

    def replace(self, **changes: Any) -> Game:
        """This game with some of its parts changed (as ``dataclasses.replace``)."""
        parts = {key: getattr(self, key) for key in self.__slots__
                 if key not in ("declaration", "interview_module")}
        return Game(**{**parts, "interview": self.interview_module, **changes})

    @property
    def interview(self) -> Interview:
        """What ``scorecalc tally`` asks: the questions every table has, then the game's own."""
        return interview_of(self)


def common_fields() -> dict[str, Field]:
    """Keys every game's YAML may carry."""
    from ..spec import Anything, Choice, Date, Field, Int, Text

    return {
        "game": Field(Choice(words=tuple(REGISTRY), what="game"),
                      doc="which game this table is: " + ", ".join(REGISTRY)),
        "date": Field(Date(), doc="when you played: 2026-11-28 or 2026-11-28 20:30 (optional)"),
        "location": Field(Text(), doc="where you played (optional)"),
        "notes": Field(Text(max_length=2000), doc="anything worth remembering about the play (optional)"),
        "bgg_id": Field(Int(minimum=1, maximum=10_000_000),
                        doc="the game's BoardGameGeek id (for --format bgstats)"),
        "expect": Field(Anything(), doc="expected results, checked by 'scorecalc verify'"),
        # 'scorecalc tally': its progress block (a file holding one is unfinished)
        "tally": Field(Anything(), doc="progress of 'scorecalc tally' (declined parts, lists still open); "
                                       "removed when the table is complete"),
    }


def common_questions() -> Interview:
    """What tally asks of the keys every table has: the date and the place after the settings,
    then the players; never the rest."""
    from ..spec.interview import NEVER, PLAYERS, WHEN_AND_WHERE, Ask, Interview

    return Interview({
        "game": NEVER, "notes": NEVER, "bgg_id": NEVER, "expect": NEVER, "tally": NEVER,
        "date": Ask(WHEN_AND_WHERE), "location": Ask(WHEN_AND_WHERE),
        "players": Ask(PLAYERS),
    })


@cache
def interview_of(game: Game) -> Interview:
    """The common questions joined with the game's ``INTERVIEW``, loaded and checked against
    its declaration once (an ``Ask`` for a field that is not there raises)."""
    interview = common_questions()
    if game.interview_module is not None:
        interview = interview.joined(importlib.import_module(game.interview_module).INTERVIEW)
    interview.check(game.declaration)
    return interview


def player_name_field() -> Field:
    from ..spec import Field, Name

    return Field(Name(doc="the player's name"), required=True, doc="the player's name (unique at the table)")


@cache
def get_game(name: str) -> Game:
    """The ``Game`` registered under ``name`` (already a canonical name)."""
    game: Game = importlib.import_module(REGISTRY[name].module).GAME
    return game


__all__ = ["REGISTRY", "Game", "GameEntry", "GameOption", "get_game", "player_name_field"]
