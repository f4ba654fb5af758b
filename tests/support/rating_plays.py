"""Random plays with ties, for the ratings property (SPEC section 7: in every play each
co-winner's change of ordinal is at least that of every player she beat).

A play seats 2 to 6 players; each scores noise (plus, where skill decides, a hidden skill
of her own), rounded coarsely so that equal scores (shared ranks, a shared first place
among them) are common. ``REGIMES`` are the ways of rating them that
``bench/rating_models.py`` measures and ``tests/test_league.py`` checks:

- ``newcomers``: every play among players never rated before: the model's handling of
  ranks and ties alone, all else equal;
- ``pool``: one pool of eight players over all the plays, results by chance: the ratings
  stay close and their uncertainties shrink alike;
- ``seasons``: seasons of 50 to 500 plays, each a new pool of 3 to 12, results by chance;
- ``skill``: the same, results by hidden skill and chance: ratings spread, as a league's do.

Where players come to the table rated differently, a skill rating rightly moves a surprising
result more than an expected one, so SPEC's property is also measured in the form that any
sound rating keeps: for a co-winner who came to the table rated no higher (mu no higher,
sigma no lower) than the player she beat (``fair=True``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from scorecalc.league.figures.ratings import Change, Rating, Ratings, Seat

REGIMES = {"newcomers": "every play among players rated for the first time",
           "pool": "one pool of 8 over all plays, results by chance",
           "seasons": "seasons of 50-500 plays, a new pool of 3-12 each, results by chance",
           "skill": "seasons as above, results by hidden skill and chance"}


def random_plays(rng: random.Random, count: int, regime: str = "pool") -> Iterator[list[Seat]]:
    """``count`` plays of ``regime`` (for ``newcomers``, rate each in a pool of its own)."""
    made = season = 0
    while made < count:
        season += 1
        long_run = regime in ("pool", "newcomers")
        pool = [f"s{season}p{index}" for index in range(8 if long_run else rng.randint(3, 12))]
        skill = {key: rng.gauss(0, 1) if regime == "skill" else 0.0 for key in pool}
        coarse = rng.choice((0.5, 1.0, 2.0))
        for _ in range(count - made if long_run else min(rng.randint(50, 500), count - made)):
            seated = rng.sample(pool, rng.randint(2, min(6, len(pool))))
            scores = [round((skill[key] + rng.gauss(0, 1)) / coarse) for key in seated]
            yield [Seat(key, 1 + sum(other > mine for other in scores))
                   for key, mine in zip(seated, scores, strict=True)]
            made += 1


def rated_no_higher(winner: Rating, other: Rating) -> bool:
    return winner.mu <= other.mu + 1e-12 and winner.sigma >= other.sigma - 1e-12


def violations(changes: Sequence[Change], fair: bool = False) -> list[tuple[str, str]]:
    """(co-winner, beaten player) pairs of one play where the co-winner's ordinal rose less
    (``fair``: only where she came to the table rated no higher than him)."""
    return [(winner.key, other.key) for winner in changes if winner.rank == 1
            for other in changes if other.rank > 1
            and (not fair or rated_no_higher(winner.before, other.before))
            and winner.ordinal_change < other.ordinal_change - 1e-9]


def broken_plays(plays: Iterator[list[Seat]], newcomers: bool = False, fair: bool = False) -> int:
    """The plays of ``plays`` with at least one violation, rated by ``league.figures.ratings`` in
    play order (``newcomers``: each play among players never rated before)."""
    ratings = Ratings()
    broken = 0
    for seats in plays:
        if newcomers:
            ratings = Ratings()
        broken += bool(violations(ratings.play(seats), fair))
    return broken
