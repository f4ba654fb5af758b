"""The score sheet every game produces, the play's details beside it, and the shared ranking mechanics.

A game's ``score`` builds one ``PlayerScore`` per player from ``Item`` s (every point
traces to one item with a human detail), then ``rank`` orders the players with the
game's tie-breaks. ``split_places`` is the one helper for "tied players share their
places' points", with the rounding as a parameter.

The sheet is what the game computed, nothing more; what the table says about its play
and its file (name, date, place, notes, BG Stats id, warnings) is ``PlayInfo``, which the
pipeline builds; outputs read the two together (``Scored``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Literal, NamedTuple


class Item(NamedTuple):
    """Points of one category for one reason: ``Jaguar, 1, "1 of 4 jaguars ..."``."""

    category: str
    item: str
    points: int
    detail: str = ""
    tiles: tuple[str, ...] = ()
    """The squares of the player's board the item is about, as a player finds them (Caracas:
    ``("✻1", "▢2")``); empty when it is about no square (a landscape figure, another game's
    item). Not in JSON, CSV or the tables: the html page draws it on the board."""


@dataclass(slots=True)
class PlayerScore:
    """One player's items, total and rank.

    Not frozen, and honestly so: a game's ``score`` builds it item by item (``add``). Once the
    game returns its sheet nothing changes it: ``rank`` gives each player a ranked copy."""

    name: str
    items: list[Item] = field(default_factory=list)
    rank: int = 0
    unrecorded: tuple[str, ...] = ()
    """Categories this player's table does not record (a Caracas comparison-only explorer gives
    only her landscape figures): her total there is no figure, and league averages leave the
    play out of them (SPEC: absent, not 0)."""

    def add(self, category: str, item: str, points: int, detail: str = "",
            tiles: tuple[str, ...] = ()) -> None:
        self.items.append(Item(category, item, points, detail, tiles))

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    def category_totals(self, categories: Sequence[str]) -> dict[str, int]:
        totals = {category: 0 for category in categories}
        for item in self.items:
            totals[item.category] = totals.get(item.category, 0) + item.points
        return totals


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The scored table as the game computed it: players in input order, ranks, winners and
    why. Nothing about the file or the play (its name, date, place, notes, warnings): that is
    ``PlayInfo``, which the pipeline builds beside the sheet (``Scored``).

    Frozen; ``players`` and ``notes`` are kept as tuples and ``extra`` read-only, whatever
    was given (a list from a test is fine): a changed sheet is a new one (``rank``,
    ``dataclasses.replace``)."""

    game: str
    categories: tuple[str, ...]
    players: tuple[PlayerScore, ...]
    tiebreak: str | None = None
    """How first place was decided when players tied on points (``rank`` words it)."""
    notes: tuple[str, ...] = ()
    """Lines shown under the summary (e.g. a solo game's achievement band)."""
    extra: Mapping[str, object] = field(default_factory=dict)
    """Extra JSON keys (e.g. ``solo``); they never change the meaning of the others."""
    start_player: str | None = None
    """Who played first, when not the first of ``players`` (Percy in a solo game)."""
    automa: tuple[str, ...] = ()
    """Players who are not people (Caribe's Percy): standings leave them out."""
    solo_goal: bool | None = None
    """A solo game with a goal: ``True`` when the goal was met, ``False`` when not;
    ``None`` for a game with several people, or a solo game without a goal."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "notes", tuple(self.notes))
        if not isinstance(self.extra, MappingProxyType):
            object.__setattr__(self, "extra", MappingProxyType(dict(self.extra)))

    @property
    def people(self) -> list[PlayerScore]:
        """The players who are people: all but an automa (Caribe's Percy), in turn order."""
        return [player for player in self.players if player.name not in self.automa]

    @property
    def winners(self) -> list[str]:
        """SPEC's one winner rule, which every output follows (JSON ``winners``, CSV ``winner``,
        BG Stats ``winner``, standings' wins).

        With several people at the table, the players at rank 1 (a shared first place shares
        the win). In a solo game with a goal (``solo_goal``: Caribe against Percy, Beat Your Own
        Score), the player when the goal was met, else the automa that beat them (Percy wins
        a tie), else nobody. In a solo game without a goal (Caracas, Galapagos, Origin alone),
        nobody: the play counts as played, not won."""
        people = self.people
        if len(people) > 1:
            return [player.name for player in self.players if player.rank == 1]
        if self.solo_goal is None:
            return []
        if self.solo_goal:
            return [player.name for player in people]
        return [player.name for player in self.players if player.name in self.automa and player.rank == 1]

    def won(self, name: str) -> bool:
        """Whether ``name`` won the play (``winners``)."""
        return name in self.winners

    def player(self, name: str) -> PlayerScore:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)


@dataclass(frozen=True, slots=True)
class PlayInfo:
    """What a table says about its play and its file, beside what the game scored: the
    pipeline fills it in from the file and its keys every game's YAML may carry; the game's
    ``score`` never sees it."""

    file: str = "-"
    """The name the table was read by (``-``: standard input)."""
    title: str = ""
    """The game's title for people ("On the Origin of Species")."""
    date: str | None = None
    """When the play happened, from YAML ``date:``: ``2026-11-28`` or ``2026-11-28T20:30``."""
    location: str | None = None
    """YAML ``location:``."""
    notes: str | None = None
    """YAML ``notes:`` (BG Stats ``comments``), not the sheet's ``notes`` under the summary."""
    bgg_id: int | None = None
    """YAML ``bgg_id:``, the game's BoardGameGeek id (BG Stats ``bggId``)."""
    file_time: float | None = None
    """When the file was last changed (POSIX time; standard input: when it was read),
    ``None`` when no file was read (``score_text``): a play without ``date:`` is logged
    in BG Stats at this moment."""
    warnings: tuple[str, ...] = ()
    """The game's warnings about the table, located and worded for people."""


@dataclass(frozen=True, slots=True)
class Scored:
    """A scored table as every output reads it: the sheet the game computed, and the play's
    details beside it."""

    sheet: ScoreSheet
    info: PlayInfo


_NO_EXTRA: Mapping[str, object] = MappingProxyType({})


def for_the_season(sheet: ScoreSheet) -> ScoreSheet:
    """The sheet as a season keeps it: what the standings figures, the chart and the plays of
    ``bgsplay`` read, and no more, so that a season of 20,000 tables stays within SPEC's memory
    limit for the standings (``tests/system/test_season_memory.py``). Each player's items are
    folded into one per category (the totals, ranks and category totals are the same); the
    lines a score shows under its summary (``notes``), its extra JSON keys (``extra``: an Origin
    board, a solo outcome) and its tie-break sentence are left out: only a score's own outputs
    show them, and they weigh on a season (bench/RESULTS.md, "Batch and standings"). Players'
    names are interned: a club's few names recur in every file."""
    players = []
    for player in sheet.players:
        totals: dict[str, int] = {}
        for item in player.items:
            totals[item.category] = totals.get(item.category, 0) + item.points
        folded = [Item(category, category, points) for category, points in totals.items()]
        players.append(replace(player, name=sys.intern(player.name), items=folded))
    return replace(sheet, players=tuple(players), tiebreak=None, notes=(), extra=_NO_EXTRA,
                   automa=tuple(sys.intern(name) for name in sheet.automa))


class TieBreak(NamedTuple):
    """A tie-break: ``key(player_index)`` is compared, higher is better (a count, or ``True``
    over ``False``).

    ``describe(player_index)`` shows a player's value in the sentence that explains
    the decision ("most money: Anna £2,300, Ben £1,800").
    """

    name: str
    key: Callable[[int], int]
    describe: Callable[[int], str] | None = None


def rank(sheet: ScoreSheet, tiebreaks: Sequence[TieBreak] = ()) -> ScoreSheet:
    """``sheet`` with its players ranked and the tie-break sentence (its ``winners`` follow
    from the ranks); ``sheet`` itself is left as it was.

    Highest total first; players level on total are ordered by the tie-breaks in
    turn. Players still level after every tie-break share a rank, and the next rank
    skips (1, 1, 3).
    """
    players = sheet.players
    keys = [(player.total, *(tb.key(i) for tb in tiebreaks)) for i, player in enumerate(players)]
    ranked = tuple(replace(player, rank=1 + sum(1 for other in keys if other > keys[i]))
                   for i, player in enumerate(players))
    best = max((player.total for player in players), default=0)
    leaders = [i for i, player in enumerate(players) if player.total == best]
    decided = tiebreak_sentence(players, leaders, best, tiebreaks) if len(leaders) > 1 and tiebreaks else None
    return replace(sheet, players=ranked, tiebreak=decided)


def tiebreak_sentence(players: Sequence[PlayerScore], leaders: Sequence[int], best: int,
                      tiebreaks: Sequence[TieBreak]) -> str:
    """How first place was decided, naming at each step only the players still tied.

    ``Hana and Ivo tied on 37 points; decided by most money (Hana £2,600, Ivo £1,900).``
    A tie-break that leaves everyone level adds "and on …" to the tie; one that puts some
    players out says who, and who is still tied: ``A, B and C tied on 14 points; most
    money (A £2,300, B £1,900, C £2,300) puts B out; A and C still tied; decided by most
    books (A 5, C 3).`` Ties no tie-break breaks end ": a shared victory."
    """
    contenders = list(leaders)
    sentence = f"{join_words([players[i].name for i in contenders])} tied on {best} points"
    level: list[str] = []  # tie-breaks that left the current contenders level

    def close_tie() -> str:
        return sentence + (" and on " + "; ".join(level) if level else "")

    for tb in tiebreaks:
        values = {i: tb.key(i) for i in contenders}
        top = max(values.values())
        shown = tb.name
        if tb.describe is not None:
            shown += " (" + ", ".join(f"{players[i].name} {tb.describe(i)}" for i in contenders) + ")"
        still = [i for i in contenders if values[i] == top]
        if len(still) == len(contenders):
            level.append(shown)
            continue
        if len(still) == 1:
            return f"{close_tie()}; decided by {shown}."
        out = [players[i].name for i in contenders if i not in still]
        sentence = (f"{close_tie()}; {shown} puts {join_words(out)} out; "
                    f"{join_words([players[i].name for i in still])} still tied")
        contenders, level = still, []
    return f"{close_tie()}: a shared victory."


def join_words(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


Rounding = Literal["up", "down"]


class Place(NamedTuple):
    """Where one player finished in a comparison, and what that is worth.

    ``place`` is the 1-based first place the player occupies (``None``: takes no place);
    ``tied`` the indices of the other players sharing it; ``shares`` the points of the
    places shared (one per tied player, the player included); ``points`` their average,
    rounded as asked. Games only word these facts.
    """

    points: int
    place: int | None
    tied: tuple[int, ...] = ()
    shares: tuple[int, ...] = ()

    @property
    def rounded(self) -> bool:
        """Whether the shared points did not divide evenly."""
        return bool(self.shares) and sum(self.shares) % len(self.shares) != 0


def split_places(
    values: Sequence[int | None],
    points_by_place: Sequence[int],
    *,
    higher_is_better: bool = True,
    rounding: Rounding,
) -> list[Place]:
    """Each player's ``Place`` when places are ranked by ``values``.

    Tied players share their places' points: they take the average of the points
    of the places they occupy together, rounded up or down. Places beyond
    ``points_by_place`` are worth 0. A ``None`` value takes no place and scores 0.
    """
    ranked = sorted((v for v in values if v is not None), reverse=higher_is_better)
    result = []
    for index, value in enumerate(values):
        if value is None:
            result.append(Place(0, None))
            continue
        first = ranked.index(value)
        count = ranked.count(value)
        shares = tuple(points_by_place[p] if p < len(points_by_place) else 0
                       for p in range(first, first + count))
        shared = sum(shares)
        points = -(-shared // count) if rounding == "up" else shared // count
        tied = tuple(j for j, other in enumerate(values) if other == value and j != index)
        result.append(Place(points, first + 1, tied, shares))
    return result


def plural(count: int, word: str, many: str | None = None) -> str:
    """``plural(1, "tile")`` -> ``1 tile``; ``plural(3, "tile")`` -> ``3 tiles``; ``10,000 files``."""
    return f"{count:,} {word if count == 1 else (many or word + 's')}"


def ordinal(n: int) -> str:
    """``1`` -> ``1st``, ``2`` -> ``2nd``, ``11`` -> ``11th``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
