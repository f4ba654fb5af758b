"""``--ratings``: skill ratings over a season, by openskill's Thurstone–Mosteller partial-pairing model.

Each play with several people updates the rating of everyone at the table, shared ranks
as ties (a shared first place is a draw between the co-winners, not a win of one over the
other). A solo play has no opponent and changes no rating. A rating is a belief about a
player's skill: ``mu`` (25 before any play) and its uncertainty ``sigma`` (25/3); the
``ordinal`` ``mu - 3 sigma`` (0 before any play) is what the league ranks by, rising as
the player wins against strong players and as the uncertainty shrinks.

Why this model: SPEC asks that in every play each co-winner's change of ordinal be at
least that of every player she beat. ``bench/rating_models.py`` measures openskill's five
models against it over random plays with ties (the counts are in docs/league.md): among
players rated alike, Plackett–Luce breaks it in about one play in ten and the others
never; once ratings differ every model breaks it sometimes, since a rating rightly moves
more for a surprise, and this model least of all, while it never breaks it for a
co-winner who came to the table rated no higher than the player she beat (Plackett–Luce
and Thurstone–Mosteller full do). ``tests/test_league.py`` checks both forms over 10,000
random plays through this module.

openskill is imported when the first play is rated, never by a run without ``--ratings``.
Same plays in the same order, same numbers: the model has no randomness (openskill gives
each rating a random id, which nothing here reads).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from .base import NO_VALUE, Cell, CsvColumn, Figure, name_column, number_column, one_decimal, section

if TYPE_CHECKING:
    from openskill.models import ThurstoneMostellerPart, ThurstoneMostellerPartRating

    from ...blocks import Block
    from ...plays import Play
    from ..records import Player, Record, Standings

class Rating(NamedTuple):
    """A player's rating after some plays."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: a skill the player has with 99.7 % confidence (0 before any play)."""
        return self.mu - 3 * self.sigma


class Seated(Protocol):
    """A person at a rated table: who (the name key) and their rank (1 = first; shared ranks
    tie). ``plays.Seat`` is one."""

    @property
    def key(self) -> str: ...

    @property
    def rank(self) -> int: ...


class Seat(NamedTuple):
    """A ``Seated`` for plays that come from no sheet (tests, the benchmark of the models)."""

    key: str
    rank: int


class Change(NamedTuple):
    """What one play did to one player's rating."""

    key: str
    rank: int
    before: Rating
    after: Rating

    @property
    def ordinal_change(self) -> float:
        return self.after.ordinal - self.before.ordinal


class Ratings:
    """Ratings of a pool of players, updated play by play (in the league's play order)."""

    def __init__(self) -> None:
        self._model: ThurstoneMostellerPart | None = None
        self._ratings: dict[str, ThurstoneMostellerPartRating] = {}
        self._shown: dict[str, Rating] = {}
        """Each player's last ``Change.after``: the next change's ``before`` is the same rating, and
        is that object (a season keeps every change for the chart: 70,000 over 20,000 plays)."""

    def _rating_of(self, key: str) -> ThurstoneMostellerPartRating:
        if self._model is None:
            from openskill.models import ThurstoneMostellerPart

            self._model = ThurstoneMostellerPart()
        rating = self._ratings.get(key)
        return rating if rating is not None else self._model.rating()

    def play(self, seats: Sequence[Seated]) -> list[Change]:
        """Rate one play: one change per seat, in the order given; none for a solo play."""
        if len(seats) < 2:
            return []
        before = [self._rating_of(seat.key) for seat in seats]
        assert self._model is not None
        after = self._model.rate([[rating] for rating in before], ranks=[float(seat.rank) for seat in seats])
        changes = []
        for seat, old, (new,) in zip(seats, before, after, strict=True):
            self._ratings[seat.key] = new
            was = self._shown.get(seat.key)
            if was is None or was != (old.mu, old.sigma):
                was = Rating(old.mu, old.sigma)
            now = self._shown[seat.key] = Rating(new.mu, new.sigma)
            changes.append(Change(seat.key, seat.rank, was, now))
        return changes

    def get(self, key: str) -> Rating | None:
        """The player's rating now; ``None`` before their first play with others."""
        rating = self._ratings.get(key)
        return None if rating is None else Rating(rating.mu, rating.sigma)

    def __contains__(self, key: object) -> bool:
        return key in self._ratings



# --- the figure: ``--ratings`` ------------------------------------------------------------------


def rating(record: Record) -> Rating | None:
    """The record's rating after its last play (kept by this figure); ``None`` without a play
    with others."""
    return record.got(FIGURE.name, None)


def changes(standings: Standings) -> list[list[Change]]:
    """What each play of ``standings.in_order`` did to the overall ratings (kept by this figure)."""
    return standings.got(FIGURE.name, [])


RATINGS_LEGEND = (("Rating", "a skill estimate from the plays with others (0 before the first): it "
                              "rises with each win, most against strong players, and starts low "
                              "while few plays are known."),)
"""In words a player reads; the model behind it is named in docs/league.md, not on the page."""


def rating_json(rating: Rating | None) -> dict[str, float] | None:
    if rating is None:
        return None
    return {"ordinal": round(rating.ordinal, 3), "mu": round(rating.mu, 3), "sigma": round(rating.sigma, 3)}


def ordinal(rating: Rating | None) -> float | None:
    return None if rating is None else rating.ordinal


def short_title(game: str) -> str:
    """A game's name as a column header (``Origin``, not the whole title)."""
    return game.capitalize()


class RatingsFigure(Figure):
    """Each player's rating over all games and per game: JSON ``rating: {ordinal, mu, sigma}``
    (null before a play with others), CSV ``rating_ordinal, rating_mu, rating_sigma``, and a
    "Ratings" table, one column for all games and one per game."""

    name = "ratings"
    flag = "--ratings"
    help = "Add each player's skill rating (openskill), over all games and per game."
    listed = 1
    reads_plays = True

    def season(self, standings: Standings, plays: Sequence[Play], by_key: dict[str, Player]) -> None:
        """Each player's rating over all games and per game, and each play's changes overall."""
        overall = Ratings()
        per_game: dict[str, Ratings] = {}
        season: list[list[Change]] = standings.kept(self.name, [])
        for play in plays:
            seats = play.seats
            season.append(overall.play(seats))
            per_game.setdefault(play.sheet.game, Ratings()).play(seats)
        for key, player in by_key.items():
            player.overall.found[self.name] = overall.get(key)
            for game, record in player.by_game.items():
                record.found[self.name] = per_game[game].get(key)

    def player_json(self, standings: Standings, player: Player) -> dict[str, Any]:
        return {"rating": rating_json(rating(player.overall))}

    def game_json(self, standings: Standings, game: str, record: Record) -> dict[str, Any]:
        return {"rating": rating_json(rating(record))}

    def csv_columns(self, standings: Standings) -> list[CsvColumn]:
        def cell(part: str) -> Cell:
            def value(standings: Standings, player: Player, game: str, record: Record) -> Any:
                found = rating_json(rating(record))
                return "" if found is None else found[part]

            return value

        return [CsvColumn(f"rating_{part}", cell(part)) for part in ("ordinal", "mu", "sigma")]

    def overall_blocks(self, standings: Standings) -> list[Block]:
        """One row per player, best rated over all games first; one column for all games and
        one per game."""
        def rank_key(player: Player) -> tuple[Any, ...]:
            overall = rating(player.overall)
            return (overall is None, -(overall.ordinal if overall else 0.0), player.key, player.name)

        players = sorted(standings.players, key=rank_key)
        body: list[list[str]] = []
        previous: tuple[Any, ...] | None = None
        for index, player in enumerate(players):
            level = rank_key(player)[:2]
            position = body[-1][0] if previous == level else str(index + 1)
            previous = level
            cells = [position, player.name, one_decimal(ordinal(rating(player.overall)))]
            cells += [one_decimal(ordinal(rating(player.by_game[game]))) if game in player.by_game
                      else NO_VALUE for game in standings.games]
            body.append(cells)
        columns = [number_column("#"), name_column(), number_column("All games"),
                   *(number_column(short_title(game)) for game in standings.games)]
        return section("Ratings", columns, body, legend=RATINGS_LEGEND)


FIGURE = RatingsFigure()
