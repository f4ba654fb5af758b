"""Which openskill model keeps SPEC's ratings property: counts its violations over random plays with ties.

    python bench/rating_models.py [--plays 30000] [--seed 1]

SPEC section 7: in every play, each co-winner's change of ordinal (mu - 3 sigma) is at least
that of every player she beat, shared ranks being ties. Each of openskill's five models
rates the same random plays in each regime of ``tests/support/rating_plays.py`` (2 to 6 players a
play, coarse scores so that shared ranks are common). Printed per model: the plays where a
co-winner's ordinal rose less than that of someone ranked below her ("SPEC"), the plays
where that happened to a co-winner who came to the table rated no higher than him ("fair":
mu no higher, sigma no lower), and the time a play takes. scorecalc uses the model that
breaks neither where players come rated alike and never breaks the fair form
(``scorecalc/league/figures/ratings.py``); docs/league.md records the counts.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.rating_plays import REGIMES, random_plays  # noqa: E402

MODELS = ("PlackettLuce", "BradleyTerryFull", "BradleyTerryPart", "ThurstoneMostellerFull",
          "ThurstoneMostellerPart")


def measure(model_name: str, plays: list[list[Any]], newcomers: bool) -> tuple[int, int, float]:
    """Plays breaking the property, plays breaking its fair form, and microseconds a play."""
    import openskill.models

    model = getattr(openskill.models, model_name)()
    ratings: dict[str, Any] = {}
    broken = broken_fair = 0
    spent = 0.0
    for seats in plays:
        if newcomers:
            ratings.clear()
        before = [ratings.get(seat.key) or model.rating() for seat in seats]
        started = time.perf_counter()
        after = model.rate([[rating] for rating in before], ranks=[float(seat.rank) for seat in seats])
        spent += time.perf_counter() - started
        change = [new.ordinal() - old.ordinal() for (new,), old in zip(after, before, strict=True)]
        pairs = [(i, j) for i, winner in enumerate(seats) if winner.rank == 1
                 for j, other in enumerate(seats) if other.rank > 1 and change[i] < change[j] - 1e-9]
        broken += bool(pairs)
        broken_fair += any(before[i].mu <= before[j].mu + 1e-12 and before[i].sigma >= before[j].sigma - 1e-12
                           for i, j in pairs)
        for seat, (new,) in zip(seats, after, strict=True):
            ratings[seat.key] = new
    return broken, broken_fair, spent / len(plays) * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plays", type=int, default=30_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    import openskill

    print(f"openskill {openskill.__version__}, {args.plays:,} random plays a regime (seed {args.seed}); "
          "plays broken:")
    for regime, what in REGIMES.items():
        plays = list(random_plays(random.Random(args.seed), args.plays, regime))
        shared = sum(1 for seats in plays if sum(seat.rank == 1 for seat in seats) > 1)
        print(f"\n{regime}: {what} ({shared:,} with a shared first place)")
        print(f"  {'model':<24} {'SPEC':>7} {'fair':>7} {'µs a play':>10}")
        for name in MODELS:
            broken, fair, micros = measure(name, plays, newcomers=regime == "newcomers")
            print(f"  {name:<24} {broken:>7,} {fair:>7,} {micros:>10.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
