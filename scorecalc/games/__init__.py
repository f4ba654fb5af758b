"""The game registry: name -> module holding a ``GAME``.

Adding a game means adding a package that defines ``GAME = Game(...)`` (CONTRIBUTING.md
says what goes in it) and one line here; the command line builds its commands from this
table. A game's package is imported only when the game is used, so ``scorecalc --help``
stays quick.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

if TYPE_CHECKING:
    from ..pictures import Picture
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
    """``False``: ``view`` names one of the game's ``listings``, which needs no table; the flag
    prints it and exits, without a FILE (``scorecalc caracas --codes``)."""

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


State = TypeVar("State")
"""A game's state: what its ``parse`` reads a document into, and its ``score`` scores (its own
frozen dataclasses: Caracas' ``Table`` of explorers and boards, Galapagos' ``Table``...)."""


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Game(Generic[State]):
    """What every game provides: its declaration, its two verbs and its interview (frozen),
    typed in its state: ``Game[caracas.Table]``.

    ``parse(document) -> state`` validates what the declaration cannot (player names
    in ``cubes``, tiles on one square...), reporting problems with a path and adding
    warnings to the document (or raising ``InputError``); ``score(state) -> ScoreSheet``
    is pure, and its sheet is all the game computed: the play's details (file, date,
    notes...) are the pipeline's, beside it (``sheet.PlayInfo``).

    ``views``: what the game's own options print from the state, fitted to a width of columns
    (``None``: no limit) (``{"show_board": draw_boards}``), by ``GameOption.view``;
    ``listings``: what they print with no table
    (``{"codes": grid_codes}``). ``example(n)``: a plausible finished table for ``n`` players, as
    plain data; the starter template writes it out in declaration order with each field's
    ``doc``. ``checks_partial``: ``parse`` also runs on a partly valid table (after the
    declaration found problems): players or tiles the declaration refused are ``None``,
    refused settings are absent, and ``parse`` reports its own problems over the rest, so
    one run shows both kinds. ``interview_module``: the module holding the game's
    ``INTERVIEW`` (what ``scorecalc tally`` asks, ``spec.interview``), imported only by tally.
    ``pictures(state, sheet)``: what the html page draws of each player (Caracas' boards, as
    ``pictures.Picture``); ``None``, the default, for a game that draws nothing.

    ``declaration`` is built once, with the game: the keys every game's YAML may carry, then
    the game's. A game is one object, compared by identity (``interview_of`` caches by it);
    ``dataclasses.replace`` makes a changed one (a test's fragile ``score``).
    """

    name: str
    title: str
    categories: tuple[str, ...]
    fields: Mapping[str, Field]
    parse: Callable[[Document], State]
    score: Callable[[State], ScoreSheet]
    _: KW_ONLY
    views: Mapping[str, Callable[[State, int | None], str]] = field(default_factory=dict)
    listings: Mapping[str, Callable[[], str]] = field(default_factory=dict)
    example: Callable[[int], Mapping[str, object]] | None = None
    checks_partial: bool = False
    interview_module: str | None = None
    pictures: Callable[[State, ScoreSheet], Sequence[Picture]] | None = None
    declaration: Record = field(init=False)

    def __post_init__(self) -> None:
        from ..spec import Record

        object.__setattr__(self, "declaration", Record(fields={**common_fields(), **self.fields}))

    def __repr__(self) -> str:
        return f"Game({self.name!r})"

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
        "notes": Field(Text(max_length=2000, one_line=False),
                       doc="anything worth remembering about the play (optional)"),
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
def interview_of(game: Game[State]) -> Interview:
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
def get_game(name: str) -> Game[Any]:
    """The ``Game`` registered under ``name`` (already a canonical name). Its state's type is
    the one thing a lookup by name cannot know (the game's module is imported here, by name),
    so what comes through here (``pipeline.load``, ``score_source``) is a game of any state."""
    game: Game[Any] = importlib.import_module(REGISTRY[name].module).GAME
    return game


__all__ = ["REGISTRY", "Game", "GameEntry", "GameOption", "State", "get_game", "player_name_field"]
