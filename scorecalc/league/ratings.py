"""Multiplayer skill ratings over a season, by openskill's Thurstone–Mosteller partial-pairing model.

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
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from openskill.models import ThurstoneMostellerPart, ThurstoneMostellerPartRating

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
            changes.append(Change(seat.key, seat.rank, Rating(old.mu, old.sigma), Rating(new.mu, new.sigma)))
        return changes

    def get(self, key: str) -> Rating | None:
        """The player's rating now; ``None`` before their first play with others."""
        rating = self._ratings.get(key)
        return None if rating is None else Rating(rating.mu, rating.sigma)

    def __contains__(self, key: object) -> bool:
        return key in self._ratings

