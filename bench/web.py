"""The web pad's round trip (issue 29), beside its floor measured in the same run.

Five phones send one answer a second each to a ``scorecalc tally galapagos FILE --web`` on
127.0.0.1 (a new value at a player's money, naming the value last seen); each answer's round
trip is the request, the answer applied through the model, FILE written under tally's lock,
and the "saved" reply. The floor is the same answers through the tally model in-process:
``Tally.apply`` and FILE written by the same ``Keeper`` (no HTTP, no server). Targets: the
median round trip at most 2x the floor's median, the 99th percentile at most 5x it.

    python bench/web.py                 # 20 seconds of five phones
    python bench/web.py --seconds 60
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PHONES = 5
MEDIAN_TARGET, P99_TARGET = 2.0, 5.0
LINK = re.compile(rb"http://(127\.0\.0\.1:\d+)/([A-Za-z0-9_-]+)/")


def floor(answers: int) -> list[float]:
    """Seconds per answer through the model in-process, FILE written as tally writes it."""
    import datetime

    from scorecalc.games import get_game
    from scorecalc.tablefile.keeping import Keeper
    from scorecalc.tablefile.layout import render
    from scorecalc.tally.model import State, Tally
    from scorecalc.tally.questions import Progress

    game = get_game("galapagos")
    model = Tally(game, datetime.datetime(2026, 12, 2, 20, 0), auto_close=False)
    state = State({"players": [{"name": "Ana"}, {"name": "Ben"}]}, Progress(open=frozenset({("players",)})))
    times = []
    with tempfile.TemporaryDirectory() as folder:
        keeper = Keeper(str(Path(folder) / "t.yaml"))
        keeper.start()
        try:
            for n in range(answers):
                question = next(q for q in model.plan(state) if q.path == ("players", n % 2, "money"))
                started = time.perf_counter()
                state = model.apply(state, question, str(100 * (n + 1))).state
                keeper.write(render(game, state.data, state.progress))
                times.append(time.perf_counter() - started)
        finally:
            keeper.close()
    return times


def served(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    process = subprocess.Popen([sys.executable, "-m", "scorecalc", "tally", "galapagos", "t.yaml", "--web",
                                "--bind", "127.0.0.1"], cwd=folder, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert process.stderr is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        found = LINK.search(line)
        if found:
            threading.Thread(target=process.stderr.read, daemon=True).start()  # keep the pipe drained
            return process, f"http://{found.group(1).decode()}/{found.group(2).decode()}/"
    process.kill()
    raise SystemExit("the pad never printed its address")


def send(url: str, place: str, value: str, seen: str | None) -> tuple[float, dict[str, object]]:
    body = json.dumps({"place": place, "seen": seen, "value": value}).encode()
    request = urllib.request.Request(url + "answer", data=body, headers={"Content-Type": "application/json"})
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=30) as response:
        reply = json.loads(response.read())
    return time.perf_counter() - started, reply


def phones(url: str, seconds: float) -> list[float]:
    """Five phones, one answer a second each, for ``seconds``: each saved answer's round trip."""
    trips: list[float] = []
    lock = threading.Lock()

    def phone(index: int) -> None:
        place = f"players[{index % 2}].money" if index < 2 else f"players[{index % 2}].exhibition"
        seen: str | None = None
        start = time.monotonic() + index / PHONES  # spread over the second
        for tick in range(int(seconds)):
            time.sleep(max(0.0, start + tick - time.monotonic()))
            value = str(100 * (tick + 1)) if "money" in place else str(tick % 50)
            trip, reply = send(url, place, value, seen)
            if reply["status"] == "saved":
                seen = value
                with lock:
                    trips.append(trip)
            elif reply["status"] == "stale":
                seen = reply["current"]  # type: ignore[assignment]

    threads = [threading.Thread(target=phone, args=(index,)) for index in range(PHONES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return trips


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        process, url = served(Path(folder))
        try:
            for i, name in enumerate(("Ana", "Ben")):
                send(url, f"players[{i}].name", name, None)
            trips = phones(url, args.seconds)
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=30)
    base = floor(max(50, len(trips)))
    median, p99, base_median = statistics.median(trips), percentile(trips, 0.99), statistics.median(base)
    print(f"web pad, {PHONES} phones at one answer a second, {len(trips)} saved answers:")
    print(f"  floor: the model in-process, FILE written   median {base_median * 1000:6.2f} ms")
    print(f"  round trip                                  median {median * 1000:6.2f} ms  "
          f"({median / base_median:.2f} x; target <= {MEDIAN_TARGET} x: "
          f"{'holds' if median / base_median <= MEDIAN_TARGET else 'MISSED'})")
    print(f"  round trip, 99th percentile                        {p99 * 1000:6.2f} ms  "
          f"({p99 / base_median:.2f} x; target <= {P99_TARGET} x: "
          f"{'holds' if p99 / base_median <= P99_TARGET else 'MISSED'})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
