"""Structure-aware fuzzing: valid tables of every game, then hostile values in valid places.

    python bench/fuzz_structured.py [--count 25000] [--seed 1] [--game caracas ...]
                                    [--subprocess-every 200] [--save FOLDER]

Each case starts from a game's own ``example(n)`` table (what ``scorecalc template``
writes), applies one to three structural mutations — a wrong type, an explicit tag,
a huge or special number (``.inf``, ``.nan``, ``1e400``, 10^150, ``-0``), a hostile
Unicode name (zero-width, RTL override, newline, combining marks, NFC/NFD and
casefold twins), an unknown or misspelt key, a missing key, an anchor with aliases
where the same kind of value appears twice — and writes the YAML itself (so tags,
anchors and odd scalars survive). The text then goes through the real commands
in-process (Typer's runner: ``score -``, ``GAME -``, ``verify -`` with an ``expect:``
block, each with a random ``--format``), and every ``--subprocess-every``-th case
also through ``python -m scorecalc`` in a fresh process, whose time and peak memory
are measured. ``template GAME -n N`` runs for every game and player count (and
hostile ones), and each template must score.

A case fails when it raises out of the command (a traceback), exits 3 (an internal
error), prints "Traceback", takes longer than ``--hang`` seconds, or ends in exit 2
without a ``-:`` message. Prints counts per game and command, the slowest case and
the largest memory; failing cases are written to ``--save``.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import resource
import signal
import subprocess
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from typer.testing import CliRunner  # noqa: E402

from scorecalc.cli import app  # noqa: E402
from scorecalc.games import REGISTRY, get_game  # noqa: E402
from scorecalc.template import player_range  # noqa: E402

FORMATS = ["table", "json", "csv", "markdown", "bgstats"]


@dataclass(frozen=True)
class Raw:
    """Text written into the YAML as it is: a tag, a special number, an alias."""

    text: str


@dataclass
class Anchored:
    """A value written once with ``&name`` and later as ``*name``."""

    name: str
    value: Any
    written: bool = False


NUMBERS = [".inf", "-.inf", ".nan", ".NaN", "1e400", "-1e400", str(10**150), "-" + str(10**150), "-0", "+0",
           "0.0", "-0.0", "-1", "10000", "10001", "1_000", "0x1F", "0o17", "1,900", "£1,900", "1e3", "3.",
           ".5", "007", "9" * 101, "9" * 4301, "1." + "0" * 120, "+12", "12e-1"]
TAGGED = ["!!int x", "!!int", "!!float", "!!bool banana", "!!str 3", "!!null", "!!int 1_000", "!!int 3",
          "!!float 3", "!!bool true", "!!null x", "!!binary aGVsbG8=", "!!timestamp 2020-01-01",
          "!!set {a: null}", "!!omap [a: 1]", "!!python/none ''", "!!python/object:os.system {}",
          "!<tag:yaml.org,2002:int> 7", "!<tag:yaml.org,2002:int> x", "!local x", "! 3", "!!seq x",
          "!!map 3", "!!str [1, 2]", "!!seq {a: 1}", "!!map [1]", "!e!int 3", "!e!float x", "!e!bool no"]
WRONG = [[], {}, [1, 2], {"k": 1}, True, False, None, "text", "No", "yes", "~", "null", "on", 0, -1, 3.5,
         "3", "", " ", [[[]]], {"a": {"b": {"c": 1}}}]
NAMES = ["\u200b", "A\u200bB", "\u200b\u200c\u200d", "\u202eevil", "Bea\u202e", "A\nB", "A\r\nB", "e\u0301",
         "\u00e9", "Stra\u00dfe", "STRASSE", "ＡＢＣ", "ABC", "\ufeffAna", "Ana\u2028", "\x85Ana", "\t",
         "  ", "Null", "true", "~", "😀" * 3, "x" * 101, "x" * 5000, "A" * 100, "\u0301", "Ana\x07",
         "\u061c", "\u2066Ana\u2069", "Ana: Bea", "- Ana", "# Ana", "Ana #x", "'", '"', "\\", "&a", "*a",
         "!!int", "%TAG", "...", "---", "Ａｎａ", "ana", "ANA", "Ana ", " Ana"]
KEYS = ["Name", "NAME", "players ", "player", "exhibitions", "sea lion", "Sea-Lion", "<<", "? x", "",
        "x" * 300, "\u200bname", "game", "expect", "rules", "bgg_id", "1", "true", "null", "~"]


def game_data(game: str, players: int) -> dict[str, Any]:
    return {"game": game, **copy.deepcopy(get_game(game).example(players))}


# --- writing YAML ourselves ------------------------------------------------------------------

def scalar(value: Any) -> str:
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int | float):
        return repr(value) if isinstance(value, float) else str(value)
    return json.dumps(str(value), ensure_ascii=False)


def flow(value: Any) -> str:
    if isinstance(value, Anchored):
        if value.written:
            return f"*{value.name}"
        value.written = True
        return f"&{value.name} {flow(value.value)}"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{scalar(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return scalar(value)


def block(value: Any, indent: int, rng: random.Random) -> str:
    """A mapping or list in block style (nested values in flow or block at random)."""
    pad = " " * indent
    lines = []
    if isinstance(value, dict):
        for key, item in value.items():
            lines.append(f"{pad}{scalar(key)}:{_after(item, indent + 2, rng)}")
    else:
        for item in value:
            lines.append(f"{pad}-{_after(item, indent + 2, rng, in_list=True)}")
    return "\n".join(lines)


def _after(item: Any, indent: int, rng: random.Random, in_list: bool = False) -> str:
    if isinstance(item, str) and "\n" in item and rng.random() < 0.8:
        body = "\n".join(" " * indent + line for line in item.splitlines())
        return " |\n" + body
    if isinstance(item, dict | list) and item and rng.random() < 0.5:
        inner = block(item, indent, rng)
        if in_list and isinstance(item, dict):
            return " " + inner.lstrip()
        return "\n" + inner
    return " " + flow(item)


def to_yaml(data: dict[str, Any], rng: random.Random) -> str:
    prefix = "%TAG !e! tag:yaml.org,2002:\n---\n" if "!e!" in repr(data) else ""
    return prefix + block(data, 0, rng) + "\n"


# --- mutations -------------------------------------------------------------------------------

def paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*path, index))
    return found


def get(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def player_maps(data: dict[str, Any]) -> list[dict[str, Any]]:
    players = data.get("players")
    if isinstance(players, Anchored):
        players = players.value
    return [p for p in players if isinstance(p, dict)] if isinstance(players, list) else []


def hostile_value(rng: random.Random) -> Any:
    kind = rng.random()
    if kind < 0.3:
        return Raw(rng.choice(NUMBERS))
    if kind < 0.55:
        return Raw(rng.choice(TAGGED))
    if kind < 0.85:
        return copy.deepcopy(rng.choice(WRONG))
    return rng.choice(NAMES)


def mutate(data: dict[str, Any], rng: random.Random) -> str:
    """Apply one structural mutation in place; returns its name."""
    spots = [p for p in paths(data) if p]
    path = rng.choice(spots)
    parent, last = get(data, path[:-1]), path[-1]
    op = rng.choice(["value", "value", "value", "number", "tag", "name", "name", "delete", "key", "alias",
                     "respell", "players", "expect"])
    if op == "value":
        parent[last] = hostile_value(rng)
    elif op == "number":
        parent[last] = Raw(rng.choice(NUMBERS))
    elif op == "tag":
        parent[last] = Raw(rng.choice(TAGGED))
    elif op == "name":
        players = player_maps(data)
        if not players:
            return "none"
        player = rng.choice(players)
        player["name"] = rng.choice(NAMES) if rng.random() < 0.7 else rng.choice(players).get("name")
    elif op == "delete" and isinstance(parent, dict):
        del parent[last]
    elif op == "key" and isinstance(parent, dict):
        parent[rng.choice(KEYS)] = parent.pop(last) if rng.random() < 0.5 else hostile_value(rng)
    elif op == "respell" and isinstance(parent, dict) and isinstance(last, str):
        spelt = rng.choice([last.upper(), last.replace("_", " "), last.replace("_", "-"), last.title(),
                            " " + last, last + "s"])
        parent[spelt] = parent.pop(last)
    elif op == "alias":
        return alias(data, rng)
    elif op == "players":
        players = data.get("players")
        if isinstance(players, list) and players and not isinstance(players[0], Anchored):
            choice = rng.random()
            if choice < 0.4:
                players.append(copy.deepcopy(rng.choice(players)))
            elif choice < 0.7:
                rng.shuffle(players)
            else:
                players.clear()
    elif op == "expect":
        data["expect"] = expect_block(data, rng)
    return op


def alias(data: dict[str, Any], rng: random.Random) -> str:
    """Anchor a value and alias it where the same key appears again (another player, area...)."""
    by_key: dict[Any, list[tuple[Any, ...]]] = {}
    for path in paths(data):
        if path and isinstance(path[-1], str) and not isinstance(get(data, path), Anchored):
            by_key.setdefault(path[-1], []).append(path)
    twins = [found for found in by_key.values() if len(found) > 1]
    if not twins:
        return "none"
    chosen = rng.choice(twins)
    first, *others = chosen
    anchor = Anchored(f"a{rng.randrange(1000)}", get(data, first))
    get(data, first[:-1])[first[-1]] = anchor
    for path in rng.sample(others, rng.randint(1, len(others))):
        try:
            get(data, path[:-1])[path[-1]] = anchor
        except (KeyError, IndexError, TypeError):
            pass
    return "alias"


def expect_block(data: dict[str, Any], rng: random.Random) -> Any:
    names = [p.get("name") for p in player_maps(data)]
    names = [n for n in names if isinstance(n, str)] or ["Nobody"]
    expect: dict[Any, Any] = {}
    for name in rng.sample(names, rng.randint(1, len(names))):
        choice = rng.random()
        if choice < 0.4:
            expect[name] = rng.randint(-5, 120)
        elif choice < 0.8:
            expect[name] = {"total": rng.randint(0, 120), rng.choice(["Money", "books", "Landscape", "x"]):
                            rng.randint(0, 20)}
        else:
            expect[name] = hostile_value(rng)
    if rng.random() < 0.6:
        expect["winners"] = rng.sample(names, 1) if rng.random() < 0.8 else hostile_value(rng)
    if rng.random() < 0.2:
        expect[rng.choice(NAMES)] = hostile_value(rng)
    return expect


def make_case(game: str, rng: random.Random) -> tuple[str, list[str]]:
    low, high = player_range(get_game(game))
    data = game_data(game, rng.randint(low, high))
    ops = []
    if rng.random() < 0.3:
        data["expect"] = expect_block(data, rng)
    for _ in range(rng.choice([0, 1, 1, 1, 2, 2, 3])):
        try:
            ops.append(mutate(data, rng))
        except (KeyError, IndexError, TypeError, ValueError):  # an earlier mutation changed the shape
            ops.append("skipped")
    return to_yaml(data, rng), ops


# --- running ---------------------------------------------------------------------------------

class Hang(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise Hang


RUNNER = CliRunner()


def command_for(game: str, text: str, rng: random.Random) -> list[str]:
    choice = rng.random()
    if choice < 0.5:
        return ["score", "-", "-f", rng.choice(FORMATS)]
    if choice < 0.75:
        return [game, "-", "-f", rng.choice(FORMATS)] + (["--strict"] if rng.random() < 0.2 else [])
    return ["verify", "-"]


def judge(code: int, stderr: str, output: str) -> str | None:
    """Why an ended run is a failure, or ``None``."""
    if "Traceback" in stderr or "Traceback" in output:
        return "traceback"
    if code == 3:
        return "exit 3"
    if code not in (0, 1, 2):
        return f"exit {code}"
    if code == 2 and not stderr.startswith("-:"):
        return "unlocated"
    return None


@dataclass
class Tally:
    counts: Counter[str]
    slowest: float = 0.0
    slowest_case: str = ""
    largest_kb: int = 0
    largest_case: str = ""
    longest_line: int = 0
    longest_case: str = ""


def run_in_process(args: list[str], text: str | None, hang: float) -> tuple[int, str, str, float]:
    signal.setitimer(signal.ITIMER_REAL, hang)
    started = time.perf_counter()
    try:
        result = RUNNER.invoke(app, args, input=text, catch_exceptions=False)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return result.exit_code, result.stderr, result.stdout, time.perf_counter() - started


def run_subprocess(args: list[str], text: str | None, hang: float) -> tuple[int, str, str, float, int]:
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "scorecalc", *args], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    try:
        out, err = process.communicate((text or "").encode(), timeout=hang)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise Hang from None
    # The peak over all children so far: when it grows, this child set it.
    kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return (process.returncode, err.decode("utf-8", "replace"), out.decode("utf-8", "replace"),
            time.perf_counter() - started, kb)


def fuzz_game(game: str, count: int, rng: random.Random, args: argparse.Namespace, tally: Tally) -> None:
    for index in range(count):
        text, ops = make_case(game, rng)
        for op in ops:
            tally.counts[f"mutation {op}"] += 1
        command = command_for(game, text, rng)
        label = f"{game}-{index}"
        try:
            code, stderr, stdout, seconds = run_in_process(command, text, args.hang)
        except Hang:
            tally.counts[f"{game} hang"] += 1
            save(args.save, label, "hang", text, command, "")
            continue
        except Exception:
            tally.counts[f"{game} traceback"] += 1
            save(args.save, label, "traceback", text, command, traceback.format_exc())
            continue
        record(tally, game, command[0], code, stderr, stdout, seconds, text, command, label, args)
        if index and index % 5000 == 0:
            print(f"  {game}: {index} cases", flush=True)
        if args.subprocess_every and index % args.subprocess_every == 0:
            try:
                code, stderr, stdout, seconds, kb = run_subprocess(command, text, args.hang)
            except Hang:
                tally.counts[f"{game} hang"] += 1
                save(args.save, label, "hang-subprocess", text, command, "")
                continue
            tally.counts["subprocess cases"] += 1
            record(tally, game, "subprocess", code, stderr, stdout, seconds, text, command, label, args)
            if kb > tally.largest_kb:
                tally.largest_kb, tally.largest_case = kb, f"{label} {' '.join(command)}"


def record(tally: Tally, game: str, verb: str, code: int, stderr: str, stdout: str, seconds: float,
           text: str, command: list[str], label: str, args: argparse.Namespace) -> None:
    tally.counts[f"{game} {verb} exit {code}"] += 1
    problem = judge(code, stderr, stdout)
    if problem:
        tally.counts[f"{game} {problem}"] += 1
        save(args.save, label, problem.replace(" ", "-"), text, command, stderr)
    if seconds > tally.slowest:
        tally.slowest, tally.slowest_case = seconds, f"{label} {' '.join(command)}"
    if seconds > 2.0:
        tally.counts[f"{game} over 2 s"] += 1
        save(args.save, label, "slow", text, command, f"{seconds:.2f} s")
    longest = max((len(line) for line in stderr.splitlines()), default=0)
    if longest > tally.longest_line:
        tally.longest_line, tally.longest_case = longest, label
    if longest > 400:
        tally.counts[f"{game} stderr line over 400 chars"] += 1
        save(args.save, label, "long-message", text, command, stderr[:2000])


def fuzz_templates(rng: random.Random, args: argparse.Namespace, tally: Tally) -> None:
    """Every template must score as it is; hostile ``template`` arguments end in exit 2."""
    for game in REGISTRY:
        low, high = player_range(get_game(game))
        for players in range(low, high + 1):
            command = ["template", game, "-n", str(players)]
            code, stderr, stdout, seconds = run_in_process(command, None, args.hang)
            record(tally, game, "template", code, stderr, stdout, seconds, "", ["template", game], game, args)
            code, stderr, _, _ = run_in_process(["score", "-"], stdout, args.hang)
            if code != 0:
                tally.counts[f"{game} template does not score"] += 1
                save(args.save, f"{game}-template-{players}", "template", stdout, ["score", "-"], stderr)
        for players in ["0", "-1", str(high + 1), "99999999999999999999", "x", ""]:
            code, stderr, stdout, seconds = run_in_process(["template", game, "-n", players], None, args.hang)
            tally.counts[f"template hostile exit {code}"] += 1
            if code != 2 or "Traceback" in stderr:
                tally.counts["template hostile not exit 2"] += 1
    for name in ["chess", "", "GALAPAGOS", "Gala pagos", "\u202ecaracas", "x" * 10_000]:
        code, stderr, _, _ = run_in_process(["template", name], None, args.hang)
        tally.counts[f"template hostile exit {code}"] += 1
        if code not in (0, 2) or "Traceback" in stderr:
            tally.counts["template hostile not exit 2"] += 1
        if len(stderr) > 400:
            tally.counts["template hostile long message"] += 1


def save(folder: Path | None, label: str, kind: str, text: str, command: list[str], detail: str) -> None:
    if folder is None:
        return
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{label}-{kind}.yaml").write_text(text, encoding="utf-8", errors="replace")
    (folder / f"{label}-{kind}.txt").write_text(" ".join(command) + "\n" + detail, encoding="utf-8",
                                                errors="replace")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=25_000, help="cases per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only these games (default: all four)")
    parser.add_argument("--hang", type=float, default=10.0, help="seconds after which a case is a hang")
    parser.add_argument("--subprocess-every", type=int, default=200, help="also run every N-th case in a "
                        "fresh process, measuring time and memory (0: never)")
    parser.add_argument("--save", type=Path, help="folder to keep failing cases in")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    rng = random.Random(args.seed)
    games = args.game or list(REGISTRY)
    tally = Tally(Counter())
    started = time.perf_counter()
    fuzz_templates(rng, args, tally)
    for game in games:
        game_started = time.perf_counter()
        fuzz_game(game, args.count, rng, args, tally)
        print(f"{game}: {args.count} cases in {time.perf_counter() - game_started:.0f} s", flush=True)
    bad_words = ("traceback", "exit 3", "hang", "unlocated", "over 2 s", "does not score", "not exit 2")
    failures = sum(n for key, n in tally.counts.items() if any(word in key for word in bad_words))
    print(f"\nseed {args.seed}, {len(games)} games x {args.count} cases, "
          f"{time.perf_counter() - started:.0f} s")
    for key in sorted(tally.counts):
        print(f"  {key:<45} {tally.counts[key]:>7}")
    print(f"slowest case: {tally.slowest:.3f} s ({tally.slowest_case})")
    print(f"largest memory (fresh process): {tally.largest_kb / 1024:.1f} MB ({tally.largest_case})")
    print(f"longest stderr line: {tally.longest_line} characters ({tally.longest_case})")
    print(f"verdict: {'FAIL' if failures else 'ok'} ({failures} failing cases)")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
