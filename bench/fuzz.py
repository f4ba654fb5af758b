"""Fuzz every game: mutate the shipped examples and check how each run ends.

    python bench/fuzz.py [--count 10000] [--seed 1] [--game caracas ...]
    python bench/fuzz.py --structured [...]   # bench/fuzz_structured.py: hostile values in valid tables
    python bench/fuzz.py --measure-prescan    # what the node-budget pre-scan costs (bench/RESULTS.md)

Each mutated text goes through everything a command does (load, validate, parse,
score, render in every format). A run must end in a score or a located
``FILE:LINE:COL:`` error; anything else is counted as a traceback, and a case that
takes longer than ``--hang`` seconds as a hang. Prints the counts and the slowest case.
Not part of the default test run (``tests/system/test_fuzz_properties.py`` runs a few
hundred cases per game there).
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.mutate import mutate, outcome  # noqa: E402


class Hang(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise Hang


def fuzz_game(game: str, seeds: list[Path], count: int, rng: random.Random, hang: float,
              save: Path | None) -> tuple[Counter[str], float, str]:
    counts: Counter[str] = Counter()
    slowest, slowest_text = 0.0, ""
    texts = [path.read_text(encoding="utf-8") for path in seeds]
    for index in range(count):
        text = mutate(rng.choice(texts), rng)
        signal.setitimer(signal.ITIMER_REAL, hang)
        started = time.perf_counter()
        try:
            result, _ = outcome(text)
            counts[result] += 1
        except Hang:
            counts["hang"] += 1
            _save(save, game, index, "hang", text, "")
        except Exception:
            counts["traceback"] += 1
            _save(save, game, index, "traceback", text, traceback.format_exc())
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        elapsed = time.perf_counter() - started
        if elapsed > slowest:
            slowest, slowest_text = elapsed, text
    return counts, slowest, slowest_text


def _save(folder: Path | None, game: str, index: int, kind: str, text: str, trace: str) -> None:
    if folder is None:
        return
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{game}-{index}-{kind}.yaml").write_text(text, encoding="utf-8", errors="replace")
    if trace:
        (folder / f"{game}-{index}-{kind}.txt").write_text(trace, encoding="utf-8")


def measure_prescan(reps: int = 50) -> None:
    """Time the pre-scan that holds the node budget against composing, on examples and hostile texts."""
    import statistics

    import yaml

    from scorecalc.errors import InputError
    from scorecalc.reading.loading import MAX_NODES, compose_text, loader_class, node_bound, prescan

    def median(action: object, text: str, runs: int) -> float:
        times = []
        for _ in range(runs):
            started = time.perf_counter()
            try:
                action(text)  # type: ignore[operator]
            except InputError:
                pass
            times.append(time.perf_counter() - started)
        return statistics.median(times)

    def compose(text: str) -> None:
        compose_text(text)

    def events(text: str) -> None:
        for _ in yaml.parse(text, Loader=loader_class()):
            pass

    examples = [path.read_text(encoding="utf-8") for path in sorted((ROOT / "examples").rglob("*.yaml"))]
    per_file = {name: sum(median(action, text, reps) for text in examples) / len(examples)
                for name, action in [("compose", compose), ("bound", node_bound), ("events", events),
                                     ("prescan", prescan)]}
    print(f"{len(examples)} examples: compose {per_file['compose'] * 1e6:.1f} us/file; "
          f"character-count bound {per_file['bound'] * 1e6:.1f} us "
          f"({per_file['bound'] / per_file['compose']:.1%}); C-parser event count "
          f"{per_file['events'] * 1e6:.1f} us ({per_file['events'] / per_file['compose']:.1%}); "
          f"prescan as shipped {per_file['prescan'] * 1e6:.1f} us "
          f"({per_file['prescan'] / per_file['compose']:.1%})")
    hostile = {
        "2.49 million '1's in a flow list (5 MB)": "players: [" + ",".join(["1"] * 2_490_000) + "]\n",
        "1.2 million '- 1' lines (4.8 MB)": "players:\n" + "- 1\n" * 1_200_000,
        "4.9 MB key": "? " + "k" * 4_900_000 + "\n: 1\n",
        "5 MB of comments full of commas": ("# " + "," * 98 + "\n") * 49_000,
        f"{MAX_NODES - 50:,} nodes (just under budget)":
            "expect: [" + ",".join(["1"] * (MAX_NODES - 50)) + "]\n",
    }
    for name, text in hostile.items():
        print(f"{name}: bound {node_bound(text):,}; bound {median(node_bound, text, 3) * 1000:.1f} ms, "
              f"prescan {median(prescan, text, 3) * 1000:.1f} ms")


def main() -> int:
    if "--structured" in sys.argv:
        sys.argv.remove("--structured")
        from bench.fuzz_structured import main as structured

        return structured()
    if "--measure-prescan" in sys.argv:
        measure_prescan()
        return 0
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--count", type=int, default=10_000, help="mutated inputs per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only these games (default: all with examples)")
    parser.add_argument("--hang", type=float, default=10.0, help="seconds after which a case is a hang")
    parser.add_argument("--save", type=Path, help="folder to keep failing cases in")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    examples = ROOT / "examples"
    games = args.game or sorted(p.name for p in examples.iterdir() if p.is_dir())
    rng = random.Random(args.seed)
    failed = False
    worst = 0.0
    print(f"{'game':<10} {'cases':>7} {'scored':>7} {'errors':>7} {'tracebacks':>10} {'hangs':>6} "
          f"{'slowest':>9}")
    for game in games:
        seeds = sorted((examples / game).glob("*.yaml"))
        started = time.perf_counter()
        counts, slowest, _ = fuzz_game(game, seeds, args.count, rng, args.hang, args.save)
        took = time.perf_counter() - started
        print(f"{game:<10} {args.count:>7} {counts['scored']:>7} {counts['error']:>7} "
              f"{counts['traceback']:>10} {counts['hang']:>6} {slowest * 1000:>7.1f}ms   ({took:.0f}s)")
        failed |= bool(counts["traceback"] or counts["hang"])
        worst = max(worst, slowest)
    slow_ok = worst < 2.0
    failed |= not slow_ok
    print(f"\nverdict: {'FAIL' if failed else 'ok'} (tracebacks and hangs must be 0; slowest case under 2 s: "
          f"{'yes' if slow_ok else 'NO'}, {worst:.3f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
