"""Benchmarks that print ratios against baselines measured in the same run.

    python bench/run.py [--runs 7] [--pairs 25] [--rounds 3] [--batch 1000] [--standings 10000]
                        [--quick] [--only NAME] [--before SCORECALC]

These machines are noisy, so every figure is a ratio of two medians taken side by
side (runs interleaved), never an absolute time compared with a number from another
day. Start-up is judged on the median of ``--rounds`` rounds of ``--pairs`` interleaved
runs, the worst round printed beside it: the table, the default output, <= 1.5 x
the floor (bench/floor.py), single game JSON <= 1.3 x, --help <= 1.0 x the floor's --help.
``--before SCORECALC`` times another install (main's, say) in the same rounds. A batch of 1,000
tables <= 2.72 x loading the same files with PyYAML's C loader in one process, standings
over 10,000 tables <= 2.92 x the same loading, and with every insight option and a PNG chart
<= 3.5 x; Caracas scoring time per tile flat (within 2 x) from 1,000 to 100,000 tiles. Tally:
one answer on a 60-tile Caracas table, checked and saved, <= 1.5 x scoring that table
once plus the same FILE write; on the pad (``bench/pad_answer.py``), an answer and the next view
over HTTP, the review included, <= 1.5 x a bare Starlette endpoint on the same uvicorn server
that writes the same FILE the same way.
"""

from __future__ import annotations

import argparse
import copy
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PYTHON = sys.executable
_SCRIPT = Path(PYTHON).parent / "scorecalc"
SCORECALC = [str(_SCRIPT)] if _SCRIPT.exists() else [PYTHON, "-m", "scorecalc"]
"""The console script users run (``python -m scorecalc`` only where it is not installed)."""
FLOOR = [PYTHON, str(ROOT / "bench" / "floor.py")]


def measured(command: Sequence[str]) -> tuple[float, float]:
    """Wall seconds and processor seconds (user + system) of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, cwd=ROOT)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def wall(command: Sequence[str]) -> float:
    return measured(command)[0]


def side_by_side(runs: int, **commands: Callable[[], float]) -> dict[str, float]:
    """Median seconds of each command, the runs interleaved so noise hits all alike."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():  # warm-up: page cache, .pyc files
        command()
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(command())
    return {name: statistics.median(values) for name, values in times.items()}


def verdict(ratio: float, target: float) -> str:
    return f"{ratio:5.2f} x   (target <= {target} x: {'holds' if ratio <= target else 'MISSED'})"


def example_for(game: str) -> Path:
    files = sorted((ROOT / "examples" / game).glob("*.yaml"))
    return files[0]


TABLE_TARGET, SINGLE_TARGET, HELP_TARGET = 1.5, 1.3, 1.0
"""The start-up targets, each on the median of interleaved rounds: the table (the default output)
and single game JSON against the floor app, ``--help`` against the floor's ``--help``."""


def bench_startup(pairs: int, rounds: int, before: str | None = None) -> list[tuple[str, float, float]]:
    """A single game as JSON and as the table (the default output), and ``--help``,
    against the floor's: each round times ``pairs`` interleaved runs of each and takes the ratio
    of the medians; the median round is the verdict, the worst round is printed beside it.
    ``before``: another install's ``scorecalc`` (say, main's), timed in the same rounds."""
    game = "caracas" if (ROOT / "examples" / "caracas").is_dir() else "galapagos"
    example = str(example_for(game))
    stack = side_by_side(pairs, python_yaml=lambda: wall([PYTHON, "-c", "import yaml"]),
                         floor=lambda: wall([*FLOOR, example]))
    print(f"start-up, {rounds} rounds of {pairs} interleaved runs ({Path(example).relative_to(ROOT)}), "
          "medians:")
    lines = {"floor": [*FLOOR, example], "json": [*SCORECALC, game, example, "--format", "json"],
             "table": [*SCORECALC, game, example]}
    if before:
        lines["before json"] = [before, game, example, "--format", "json"]
        lines["before table"] = [before, game, example]
    processor: dict[str, list[float]] = {name: [] for name in lines}
    """Processor time of every run: what a neighbour's load on the machine moves least."""

    def timed(name: str) -> Callable[[], float]:
        def run() -> float:
            elapsed, spent = measured(lines[name])
            processor[name].append(spent)
            return elapsed
        return run

    commands = {name: timed(name) for name in lines}
    ratios: dict[str, list[float]] = {name: [] for name in commands if name != "floor"}
    helps = []
    for round_ in range(1, rounds + 1):
        medians = side_by_side(pairs, **commands)
        help_medians = side_by_side(
            pairs,
            floor_help=lambda: wall([*FLOOR, "--help"]),
            scorecalc_help=lambda: wall([*SCORECALC, "--help"]),
        )
        for name in ratios:
            ratios[name].append(medians[name] / medians["floor"])
        helps.append(help_medians["scorecalc_help"] / help_medians["floor_help"])
        shown = ", ".join(f"{name} {medians[name] * 1000:6.1f} ms ({ratios[name][-1]:.2f} x)"
                          for name in ratios)
        print(f"  round {round_}: floor {medians['floor'] * 1000:6.1f} ms, {shown}; floor --help "
              f"{help_medians['floor_help'] * 1000:6.1f} ms, scorecalc --help "
              f"{help_medians['scorecalc_help'] * 1000:6.1f} ms ({helps[-1]:.2f} x)")
    for name, values in ratios.items():
        if name.startswith("before"):
            print(f"  {name + ' / floor, median round':<41} {statistics.median(values):5.2f} x   "
                  f"(worst round {max(values):.2f} x; no target)")
    json, table = statistics.median(ratios["json"]), statistics.median(ratios["table"])
    help_ = statistics.median(helps)
    print(f"  single game table / floor, median round   {verdict(table, TABLE_TARGET)}"
          f"  worst round {max(ratios['table']):.2f} x")
    print(f"  single game JSON / floor, median round    {verdict(json, SINGLE_TARGET)}"
          f"  worst round {max(ratios['json']):.2f} x")
    print(f"  --help / floor --help, median round      {verdict(help_, HELP_TARGET)}"
          f"  worst round {max(helps):.2f} x")
    floor_cpu = statistics.median(processor["floor"])
    shown = ", ".join(f"{name} {statistics.median(values) / floor_cpu:.2f} x"
                      for name, values in processor.items() if name != "floor")
    print(f"  processor time / the floor's, medians of every run: {shown} (floor "
          f"{floor_cpu * 1000:.1f} ms; no target: the verdicts are wall time's)")
    print(f"  stack: floor / python -c 'import yaml'   {stack['floor'] / stack['python_yaml']:5.2f} x   "
          "(the stack's own cost; no target)")
    return [("single table", table, TABLE_TARGET), ("single", json, SINGLE_TARGET),
            ("help", help_, HELP_TARGET)]


def generate_tables(folder: Path, count: int, rng: random.Random) -> list[Path]:
    """``count`` tables of all games mixed: the shipped examples with renamed players."""
    seeds = sorted((ROOT / "examples").rglob("*.yaml"))
    paths = []
    for index in range(count):
        seed = seeds[index % len(seeds)]
        target = folder / f"table-{index:04d}-{seed.parent.name}.yaml"
        shutil.copyfile(seed, target)
        paths.append(target)
    rng.shuffle(paths)
    return paths


LOAD_ONLY = (
    "import sys, yaml\n"
    "L = getattr(yaml, 'CSafeLoader', yaml.SafeLoader)\n"
    "for name in sys.argv[1:]:\n"
    "    with open(name, encoding='utf-8') as f:\n"
    "        yaml.load(f, Loader=L)\n"
)


BATCH_TARGET, STANDINGS_TARGET = 2.72, 2.92
"""What batch and standings took before their last rework (bench/RESULTS.md): never slower."""
INSIGHT_TARGET = 3.5
"""Standings with every insight option and the chart."""


def bench_batch(runs: int, count: int) -> list[tuple[str, float, float]]:
    with tempfile.TemporaryDirectory() as tmp:
        files = [str(p) for p in generate_tables(Path(tmp), count, random.Random(1))]
        medians = side_by_side(
            max(1, runs // 2),
            load_only=lambda: wall([PYTHON, "-c", LOAD_ONLY, *files]),
            scorecalc=lambda: wall([*SCORECALC, "score", *files, "--format", "json"]),
        )
    ratio = medians["scorecalc"] / medians["load_only"]
    print(f"\nbatch of {count} tables (all games mixed), medians:")
    print(f"  C loader only    {medians['load_only'] * 1000:7.1f} ms")
    print(f"  scorecalc score  {medians['scorecalc'] * 1000:7.1f} ms")
    print(f"  scorecalc / C-loader-only      {verdict(ratio, BATCH_TARGET)}")
    return [("batch", ratio, BATCH_TARGET)]


INSIGHT = ("--ratings", "--versus", "--streaks", "--by-players", "--categories")


def bench_standings(runs: int, count: int) -> list[tuple[str, float, float]]:
    """``scorecalc standings`` over ``count`` generated tables against loading them only: plain,
    and with every insight option and a PNG chart."""
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as out:
        generate_tables(Path(tmp), count, random.Random(2))
        files = sorted(str(p) for p in Path(tmp).iterdir())
        chart = str(Path(out) / "season.png")
        medians = side_by_side(
            max(1, runs // 2),
            load_only=lambda: wall([PYTHON, "-c", LOAD_ONLY, *files]),
            standings=lambda: wall([*SCORECALC, "standings", tmp, "--format", "json"]),
            every_option=lambda: wall([*SCORECALC, "standings", tmp, *INSIGHT, "--chart", chart,
                                       "--format", "json"]),
        )
    ratio = medians["standings"] / medians["load_only"]
    every = medians["every_option"] / medians["load_only"]
    print(f"\nstandings over {count:,} tables (all games mixed, one folder), medians:")
    print(f"  C loader only        {medians['load_only'] * 1000:8.1f} ms")
    print(f"  scorecalc standings  {medians['standings'] * 1000:8.1f} ms")
    print(f"  with every option    {medians['every_option'] * 1000:8.1f} ms  "
          f"({' '.join(INSIGHT)} --chart PNG)")
    print(f"  standings / C-loader-only      {verdict(ratio, STANDINGS_TARGET)}")
    print(f"  every option / C-loader-only   {verdict(every, INSIGHT_TARGET)}")
    return [("standings", ratio, STANDINGS_TARGET), ("standings, every option", every, INSIGHT_TARGET)]


ANIMALS = ("jaguar", "capybara", "howler_monkey", "piranha", "ibis", "sloth", "anaconda", "anteater",
           "tarantula", "poison_frog", "kinkajou", "shrimp", "squirrel_monkey", "butterfly", "guppy",
           "caiman", "sotalia", "electric_eel", "flamingo", "snake")


def synthetic_board(size: int, rng: random.Random) -> object:
    """``size`` random tiles filling 4 columns row by row (far beyond the box's 73); one
    tile in five with two or more river sides carries two separate rivers."""
    from scorecalc.games.caracas.board import LANDS, SIDES, Board, Tile

    tiles = []
    for index in range(size):
        animals = tuple(rng.sample(ANIMALS, rng.choice((0, 1, 1, 2))))
        sides = [side for side in SIDES if rng.random() < 0.45]
        rivers = (frozenset(sides[::2]), frozenset(sides[1::2])) if len(sides) >= 2 and index % 5 == 0 \
            else (frozenset(sides),)
        tiles.append(Tile(index // 4 + 1, index % 4 + 1, rng.choice(LANDS), animals, rivers))
    return Board(tiles)


def bench_board_scoring(size: int, rng: random.Random) -> float:
    """Seconds to score one explorer's synthetic board (animals, landscape, dead ends)."""
    from scorecalc.games.caracas import Explorer, Table, score
    from scorecalc.games.caracas.animals import Rules

    table = Table((Explorer("Synthetic", synthetic_board(size, rng)),), Rules())
    started = time.perf_counter()
    score(table)
    return time.perf_counter() - started


def bench_scaling(quick: bool) -> list[tuple[str, float, float]]:
    rng = random.Random(7)
    sizes = [100, 1_000, 10_000] + ([] if quick else [100_000])
    print("\nCaracas scoring time per tile (synthetic boards outside the checks):")
    per_tile = {}
    for size in sizes:
        repeats = max(1, 20_000 // size)  # small boards: time several scorings per sample
        samples = [sum(bench_board_scoring(size, rng) for _ in range(repeats)) / repeats
                   for _ in range(3 if size < 100_000 else 1)]
        seconds = statistics.median(samples)
        per_tile[size] = seconds / size
        print(f"  {size:>7} tiles  {seconds * 1000:9.2f} ms   {per_tile[size] * 1e6:7.2f} µs/tile")
    measured = [per_tile[s] for s in sizes if s >= 1_000]
    spread = max(measured) / min(measured)
    print(f"  per-tile spread from 1,000 tiles up  {verdict(spread, 2.0)}")
    return [("scaling", spread, 2.0)]


TALLY_TARGET = 1.5
"""One answer to a 60-tile Caracas table, checked and saved, at most 1.5x scoring that table once
through the pipeline and writing the same FILE the same way."""


def caracas_60() -> tuple[Any, dict[str, Any], str]:
    """The Caracas game, a 60-tile table (4 explorers, 15 tiles each) as plain data, and its text."""
    from scorecalc.tablefile.layout import render

    sys.path.insert(0, str(ROOT / "bench"))
    from pad_answer import table

    game, data = table()
    return game, data, render(game, data, None)


def bench_tally_answer(runs: int) -> list[tuple[str, float, float]]:
    """One answer of 'scorecalc tally' on a 60-tile Caracas table (4 explorers, 15 tiles each),
    beside its floor measured in the same run, the runs interleaved: the same table scored once
    through the pipeline (``score_source``: the text read, checked and scored) and FILE's new text
    written by a ``Keeper`` of its own, as tally writes it (FILE checked unchanged, a locked atomic
    replace). An answer is the text through its spec, the game's checks on the table so far, the
    new state written to FILE and the next question planned: an explorer's name (the whole table
    tried) and a grid row of the last board (the row read, the board drawn for the terminal, FILE
    written). One session answers them all (a terminal's run), after a first answer untimed (it
    keeps FILE~, once a run)."""
    from scorecalc.pipeline import score_source
    from scorecalc.tablefile.keeping import Keeper
    from scorecalc.tablefile.reader import as_source
    from scorecalc.tally.kinds import FORM
    from scorecalc.tally.prompt import Terminal
    from scorecalc.tally.session import Session

    class Quiet(Terminal):
        def say(self, text: str = "") -> None:
            pass

        def picture(self, text: str) -> None:  # the board drawn after a grid row
            pass

    game, _, text = caracas_60()
    floor_name = "floor: scored once + FILE written"
    timings: dict[str, list[float]] = {floor_name: [], "the scoring alone": [], "FILE written alone": [],
                                       "explorer's name (whole-table check)": [], "grid row": []}
    with tempfile.TemporaryDirectory() as tmp:
        table, floor_file = Path(tmp) / "table.yaml", Path(tmp) / "floor.yaml"
        table.write_text(text, encoding="utf-8")
        session = Session(game, str(table), Quiet())
        floor = Keeper(str(floor_file))
        floor.start()

        processor: dict[str, list[float]] = {}
        """Processor time of each (the fsync's wait left out): what the work itself costs."""

        def timed(what: str, work: Callable[..., object], *args: object) -> None:
            started, spent = time.perf_counter(), time.process_time()
            work(*args)
            processor.setdefault(what, []).append(time.process_time() - spent)
            timings[what].append(time.perf_counter() - started)

        def answer(question: Any, given: str) -> None:
            session.answer(question, given)
            session.advance(question)
            session.next_question(session.plan())

        def scored_and_written(written: str) -> None:
            score_source(as_source(str(table), text), "caracas")
            floor.write(written)

        def name_question() -> Any:
            return [q for q in session.plan() if q.path[-1:] == ("name",)][-1]

        answer(name_question(), "Explorer Vier")  # keeps FILE~ (a file tally did not start)
        try:
            for run in range(max(runs, 5) * 3):
                written = table.read_text(encoding="utf-8")
                timed(floor_name, scored_and_written, written)
                timed("the scoring alone", score_source, as_source(str(table), text), "caracas")
                timed("FILE written alone", floor.write, written)
                timed("explorer's name (whole-table check)", answer, name_question(),
                      ("Explorer Four", "Explorer Vier")[run % 2])
                data = copy.deepcopy(session.data)  # a state is never changed: a new one, its last row gone
                rows = data["players"][-1]["grid"].splitlines()
                data["players"][-1]["grid"] = "\n".join(rows[:-1]) + "\n"
                session.state = replace(session.state, data=data)
                session.state = session.model.reopen(session.state, next(
                    q for q in session.plan() if q.kind == FORM and q.path[1] == 3)) or session.state
                row = next(q for q in session.plan() if q.kind == FORM and not q.answered)
                timed("grid row", answer, row, rows[-1])
                left = next((q for q in session.plan() if q.kind == FORM and not q.answered), None)
                if left is not None:  # the board finished again (an empty row), so that the next
                    answer(left, "")  # name is tried against the whole table
                assert not any(not q.answered for q in session.plan() if q.path[:1] == ("players",))
        finally:
            session.keeper.close()
            floor.close()
    medians = {what: statistics.median(values) for what, values in timings.items()}
    spent = {what: statistics.median(values) for what, values in processor.items()}
    base = medians.pop(floor_name)
    alone, write = medians.pop("the scoring alone"), medians.pop("FILE written alone")
    print("\ntally: one answer on a 60-tile Caracas table, checked and saved (medians):")
    print(f"  {floor_name:<38} {base * 1000:7.2f} ms  (the scoring alone {alone * 1000:.2f} ms, "
          f"FILE written alone {write * 1000:.2f} ms)")
    worst = 0.0
    for what, seconds in medians.items():
        worst = max(worst, seconds / base)
        print(f"  {what:<38} {seconds * 1000:7.2f} ms  {seconds / base:5.2f}x the floor")
    print("  processor time (the disk's wait left out; no target): "
          + ", ".join(f"{what} {seconds * 1000:.2f} ms" for what, seconds in spent.items()))
    print(f"  slowest / floor (target {TALLY_TARGET:.1f}x)             {verdict(worst, TALLY_TARGET)}")
    return [("tally", worst, TALLY_TARGET)]


def bench_pad(runs: int) -> list[tuple[str, float, float]]:
    """An answer and the next view on the pad over HTTP (``bench/pad_answer.py``)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from pad_answer import bench_pad as measured_pad

    return measured_pad(runs)


def bench_app(runs: int, quick: bool) -> list[tuple[str, float, float]]:
    """The app in Chromium against bare Pyodide (``bench/app.py``; skipped without dist/app)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from app import bench_app as measured_app

    return measured_app(1 if quick else runs, 5 if quick else 20)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=7, help="runs per command (medians) but start-up")
    parser.add_argument("--pairs", type=int, default=25, help="interleaved pairs per start-up round")
    parser.add_argument("--rounds", type=int, default=3, help="start-up rounds (the median is the verdict)")
    parser.add_argument("--batch", type=int, default=1000, help="tables in the batch benchmark")
    parser.add_argument("--standings", type=int, default=10_000, help="tables in the standings benchmark")
    parser.add_argument("--quick", action="store_true",
                        help="every benchmark once, small (CI: none has rotted; its ratios are no verdict)")
    parser.add_argument("--only", choices=("startup", "batch", "standings", "scaling", "tally", "pad", "app"),
                        help="run one benchmark")
    parser.add_argument("--before", metavar="SCORECALC",
                        help="another install's scorecalc script, timed beside this one at start-up")
    args = parser.parse_args()
    if args.quick:  # a run each, few files, one round: a working bench, not a figure
        args.runs, args.pairs, args.rounds = 1, 3, 1
        args.batch, args.standings = min(args.batch, 100), min(args.standings, 300)
    print(f"python {sys.version.split()[0]} at {PYTHON}\n")
    benches = {
        "startup": lambda: bench_startup(args.pairs, args.rounds, args.before),
        "batch": lambda: bench_batch(args.runs, args.batch),
        "standings": lambda: bench_standings(args.runs, args.standings),
        "scaling": lambda: bench_scaling(args.quick),
        "tally": lambda: bench_tally_answer(args.runs),
        "pad": lambda: bench_pad(args.runs),
        "app": lambda: bench_app(args.runs, args.quick),
    }
    results = [result for name, bench in benches.items() if args.only in (None, name) for result in bench()]
    missed = [name for name, ratio, target in results if ratio > target]
    print("\nall targets hold" if not missed else f"\ntargets missed: {', '.join(missed)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
