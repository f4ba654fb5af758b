"""Tally answer fuzzing: answer sequences, random and mutated from the examples' answers, for every game.

    python bench/fuzz_tally.py [--count 100000] [--pty 1000] [--seed 1] [--game origin ...]
                               [--hang 10] [--save FOLDER]

Each case starts from a FILE state — none; the one a piped session left part way; an
example table (``examples/GAME/*.yaml``) with parts removed, a hand-written file tally did
not start; or one with a ``tally:`` block — and runs ``scorecalc tally GAME FILE``
in-process (the command's entry point, ``tests/support/tally_run.py``) with a fake standard input:
the piped answers of ``tests/support/tally_answers.py`` (what tests/system/test_tally.py pipes), mutated at
random points with the end of input, bytes that are not UTF-8, ``<``, ``?``, ``-``, absurd
values (huge numbers, ``1e400``, control characters, line separators, 5,000 characters,
YAML punctuation), answers dropped, repeated or swapped, and words of other questions.
A third of the cases look like a terminal (a wrong answer is asked again).
``--pty`` sessions run ``python -m scorecalc tally`` in a real pseudo-terminal (pexpect),
typing each answer at its prompt.

A case fails when the command exits 3 or with a code other than 0 and 2, prints a
traceback or "internal error", runs longer than ``--hang`` seconds, leaves a temporary
file, or leaves FILE in a state that is neither the one before nor a valid later one:
a ``tally:`` file must load again (``tablefile.reader.load``), a finished one must score.
"""

from __future__ import annotations

import argparse
import copy
import functools
import os
import random
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from scorecalc.errors import InputError, UsageError  # noqa: E402
from scorecalc.games import REGISTRY, get_game  # noqa: E402
from scorecalc.pipeline import score_source  # noqa: E402
from tests.support.tally_answers import SESSIONS  # noqa: E402

TALLY = {game: session["piped"] for game, session in SESSIONS.items()}
from scorecalc.reading.loading import Source  # noqa: E402
from tests.support.tally_run import run_tally  # noqa: E402

ABSURD = [
    b"9" * 120, b"-1", b"1e400", b".inf", b"nan", b"-0", b"007", b"1,900,000,000,000", b"\xc2\xa31,900",
    b"\x00", b"\x07bell", b"A\xe2\x80\xa8B", b"\xc2\x85", b"\xe2\x80\xae", b"x" * 5000, b"{", b"[",
    b"]", b"}", b"{a: 1", b"[1, 2", b": ", b"#", b"&a", b"*a", b"!!int x", b"~", b"null", b"none",
    b"true", b"  ", b"\t", b"\r", b"1 2 3 4 5 6 7 8 9", b"sea_lion 99999", b"Rachel 2, Rachel 3",
    b"a, , b", b"=1+2", b"\xe2\x80\x8b", b"0" * 40, b"2026-02-30", b"0001-01-01", b"9999-12-31 23:59",
    b"JuJa~ES JuJa~ES JuJa~ES JuJa~ES", b". . . .", b"6 4 2 3 1", b"yes", b"no", b"1", b"2", b"3",
    b"40",
]
NOT_UTF8 = [b"\xff", b"Caf\xe9", b"\xc3", b"\xed\xa0\x80", b"\xe2\x82", b"\xc0\xaf", b"ok\xfe"]
SPECIAL = [b"<", b"?", b"-", b""]


PROMPT = "› [^\n]*: ".encode()


OUTCOMES: Counter[str] = Counter()


class Hang(BaseException):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise Hang


def piped(game: str) -> list[bytes]:
    return [answer.encode() for answer in TALLY[game]]


def mutate_answers(answers: list[bytes], pool: list[bytes], rng: random.Random) -> list[bytes]:
    """The answers with a few changes at random points (and maybe cut short: the end of input)."""
    out = list(answers)
    for _ in range(rng.choice((0, 1, 1, 2, 3, 5, 8))):
        i = rng.randrange(len(out) + 1)
        kind = rng.random()
        if kind < 0.25:
            out.insert(i, rng.choice(SPECIAL))
        elif kind < 0.45:
            out.insert(i, rng.choice(ABSURD))
        elif kind < 0.55:
            out.insert(i, rng.choice(NOT_UTF8))
        elif kind < 0.65 and out:
            del out[min(i, len(out) - 1)]
        elif kind < 0.75 and out:
            out.insert(i, out[min(i, len(out) - 1)])
        elif kind < 0.85 and len(out) > 1:
            j = rng.randrange(len(out))
            k = min(i, len(out) - 1)
            out[j], out[k] = out[k], out[j]
        else:
            out.insert(i, rng.choice(pool))
    if rng.random() < 0.4:
        out = out[:rng.randrange(len(out) + 1)]
    return out


def random_answers(pool: list[bytes], rng: random.Random) -> list[bytes]:
    every = pool + ABSURD + SPECIAL + NOT_UTF8
    return [rng.choice(every) for _ in range(rng.randrange(1, 40))]


@functools.cache
def examples(game: str) -> list[dict[str, Any]]:
    found = []
    for path in sorted((ROOT / "examples").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("game") == game:
            data.pop("expect", None)
            found.append(data)
    return found


def parts(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path] if path else []
    if isinstance(value, dict):
        for key, child in value.items():
            found += parts(child, (*path, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            found += parts(child, (*path, i))
    return found


def cut(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """An example table with a few parts removed (or emptied): a file part way through."""
    data = copy.deepcopy(data)
    for _ in range(rng.randrange(1, 6)):
        places = [p for p in parts(data) if p[0] != "game"]
        if not places:
            break
        place = rng.choice(places)
        holder: Any = data
        for part in place[:-1]:
            holder = holder[part]
        last = place[-1]
        if rng.random() < 0.8:
            del holder[last]
        else:
            holder[last] = {} if rng.random() < 0.5 else []
    return data


def start_state(game: str, rng: random.Random, folder: Path, pool: list[bytes]) -> str:
    """Put a FILE in ``folder``; say which kind of state it is."""
    kind = rng.random()
    target = folder / "f.yaml"
    if kind < 0.3:
        return "new"
    if kind < 0.55:
        run_tally(["tally", game, "f.yaml"], piped(game)[:rng.randrange(len(piped(game)))], cwd=str(folder))
        return "resumed" if target.exists() else "new"
    table = cut(rng.choice(examples(game)), rng)
    text = yaml.safe_dump(table, allow_unicode=True, sort_keys=False)
    if kind < 0.85:
        target.write_text(text, encoding="utf-8")
        return "hand-written"
    declined = rng.sample(["date", "location", "board", "players", "players[0].books", "players[1].grid",
                           "players[0].exhibitions", "university_cards", "solo", "rules"], 2)
    block = f"tally: {{declined: [{', '.join(declined)}], open: [players]}}\n"
    target.write_text(text + block, encoding="utf-8")
    return "tally-block"


def valid_later(game: str, path: Path) -> str | None:
    """``None`` when FILE is a state tally or the score command accepts; else what is wrong."""
    from scorecalc.tablefile.reader import load

    text = path.read_text(encoding="utf-8")
    if "\ntally:" in text:
        try:
            load(get_game(game), str(path))
        except UsageError as error:
            return f"FILE no longer loads: {error}"
        return None
    try:
        score_source(Source(str(path), text), game)
    except InputError as error:
        return f"FILE complete but does not score: {error}"
    return None


def judge(game: str, folder: Path, before: bytes | None, code: int, stderr: str) -> str | None:
    if code not in (0, 2):
        return f"exit {code}"
    if "Traceback" in stderr or "internal error" in stderr:
        return "traceback"
    left = [name for name in os.listdir(folder) if name.startswith(".scorecalc-")]
    if left:
        return f"temporary file left: {left}"
    path = folder / "f.yaml"
    after = path.read_bytes() if path.exists() else None
    if after == before or after is None:
        return None if after == before else "FILE removed"
    return valid_later(game, path)


def start_case(game: str, rng: random.Random, folder: Path) -> tuple[list[bytes], str, bytes | None]:
    """Every game's piped answers (the pool mutations draw from), FILE's starting state, and its bytes."""
    pool = [answer for g in TALLY for answer in piped(g)]
    state = start_state(game, rng, folder, pool)
    path = folder / "f.yaml"
    return pool, state, path.read_bytes() if path.exists() else None


def one_case(game: str, rng: random.Random, work: Path, hang: float) -> tuple[str, str | None, list[bytes]]:
    folder = Path(tempfile.mkdtemp(dir=work))
    try:
        pool, state, before = start_case(game, rng, folder)
        answers = (mutate_answers(piped(game), pool, rng) if rng.random() < 0.75
                   else random_answers(pool, rng))
        tty = rng.random() < 0.35
        signal.setitimer(signal.ITIMER_REAL, hang)
        try:
            options = rng.choice([[], [], ["-f", "json"], ["--summary"]])
            result = run_tally(["tally", game, "f.yaml", *options], answers, tty=tty, cwd=str(folder))
        except Hang:
            return state, "hang", answers
        except BaseException:
            return state, "raised: " + traceback.format_exc(limit=-3), answers
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        OUTCOMES[f"exit {result.code}{' tty' if tty else ''}"] += 1
        OUTCOMES["answers read"] += result.reads
        return state, judge(game, folder, before, result.code, result.stderr), answers
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def pty_case(game: str, rng: random.Random, work: Path, hang: float) -> tuple[str, str | None, list[bytes]]:
    import pexpect

    folder = Path(tempfile.mkdtemp(dir=work))
    try:
        pool, state, before = start_case(game, rng, folder)
        answers = mutate_answers(piped(game), pool, rng)
        env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm", "COLUMNS": "100", "PYTHONPATH": str(ROOT),
               "SOURCE_DATE_EPOCH": "1767643200"}
        child = pexpect.spawn(sys.executable, ["-m", "scorecalc", "tally", game, "f.yaml"], cwd=str(folder),
                              env=env, timeout=hang, dimensions=(50, 100))
        try:
            for answer in answers:
                if child.expect([PROMPT, pexpect.EOF]) == 1:
                    break
                # one line per prompt: a '\r' inside an answer would be a second Enter on a terminal
                child.send(answer.replace(b"\t", b"").replace(b"\r", b"") + b"\r")
            else:
                child.expect([PROMPT, pexpect.EOF])
            end_of_input(child, hang)
        except pexpect.TIMEOUT:
            shown = (child.before or b"")[-600:].decode("utf-8", "replace")
            child.close(force=True)
            return state, f"no prompt or end for {hang:.0f} s; the screen ended:\n{shown}\nhang", answers
        child.close()
        code = child.exitstatus if child.exitstatus is not None else 128 + (child.signalstatus or 0)
        OUTCOMES[f"pty exit {code}"] += 1
        shown = (child.before or b"").decode("utf-8", "replace")
        return state, judge(game, folder, before, code, shown), answers
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def end_of_input(child: Any, hang: float) -> None:
    """Ctrl-D at the prompt, again if the first came while the line was not being read (typed
    ahead, a terminal may drop it); ``pexpect.TIMEOUT`` if the run still does not end."""
    import pexpect

    for _ in range(3):
        if not child.isalive():
            break
        child.sendeof()
        if child.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=hang / 3) == 0:
            return
    child.expect(pexpect.EOF)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=100_000, help="in-process answer sequences (all games)")
    parser.add_argument("--pty", type=int, default=1000, help="sessions in a pseudo-terminal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=list(REGISTRY))
    parser.add_argument("--hang", type=float, default=10.0)
    parser.add_argument("--save", type=Path)
    parser.add_argument("--work", type=Path, default=Path("/dev/shm") if Path("/dev/shm").is_dir() else None,
                        help="scratch folder (a RAM disk spares each rewrite's fsync)")
    parser.add_argument("--workers", type=int, default=1, help="processes sharing the in-process count")
    args = parser.parse_args()
    games = args.game or list(REGISTRY)
    rng = random.Random(args.seed)
    signal.signal(signal.SIGALRM, _alarm)
    os.environ.setdefault("SOURCE_DATE_EPOCH", "1767643200")
    os.environ["NO_COLOR"] = "1"
    counts: Counter[str] = Counter()
    failures: Counter[str] = Counter()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="fuzz-tally-", dir=args.work) as scratch:
        work = Path(scratch)
        for label, total, run in (("in-process", args.count, one_case), ("pty", args.pty, pty_case)):
            begun = time.monotonic()
            for i in range(total):
                game = games[i % len(games)]
                state, failure, answers = run(game, rng, work, args.hang)
                counts[f"{label} {game} {state}"] += 1
                if failure is not None:
                    key = f"{label} {game}: {failure.splitlines()[-1][:160]}"
                    failures[key] += 1
                    if failures[key] <= 3:
                        print(f"FAIL {label} {game} {state}: {failure}\n  answers: {answers!r}", flush=True)
                        save(args.save, label, game, i, failure, answers)
                if (i + 1) % 5000 == 0:
                    print(f"{label}: {i + 1} of {total} in {time.monotonic() - begun:.0f} s, "
                          f"{sum(failures.values())} failing", flush=True)
            print(f"{label}: {total} sequences in {time.monotonic() - begun:.0f} s", flush=True)
    for key in sorted(counts):
        print(f"  {key}: {counts[key]}")
    for key in sorted(OUTCOMES):
        print(f"  {key}: {OUTCOMES[key]}")
    print(f"failures: {sum(failures.values())}")
    for key, n in failures.most_common():
        print(f"  {n} × {key}")
    print(f"seed {args.seed}, {time.monotonic() - started:.0f} s in all")
    return 1 if failures else 0


def save(folder: Path | None, label: str, game: str, index: int, failure: str, answers: list[bytes]) -> None:
    if folder is None:
        return
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{label}-{game}-{index}.txt").write_text(f"{failure}\n{answers!r}\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
