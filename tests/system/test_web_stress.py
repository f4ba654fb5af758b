"""The pad under load (issue 29, reliability; ``stress``): 20 simulated phones send 200 answers
each to one Galapagos pad on 127.0.0.1, every phone naming the value it last saw. The last
acknowledged answer of every place (the "saved" reply with the highest version) is what FILE
holds; FILE reads as valid YAML at every moment a reader looks; the server killed with
SIGKILL mid-run and served again keeps every answer it acknowledged."""

from __future__ import annotations

import json
import random
import signal
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.support.web_pad import Served

pytestmark = pytest.mark.stress

PHONES = 20
ANSWERS = 200
FIELDS = {"exhibition": range(0, 61), "education": range(0, 26), "animals": range(0, 4),
          "money": range(0, 4000, 100)}
PLACES = [f"players[{player}].{name}" for player in (0, 1) for name in FIELDS]


def phone(pad: Served, seed: int, answers: int, saved: list[tuple[int, str, str]],
          lock: threading.Lock) -> int:
    """One phone's answers; what it was told is saved goes into ``saved``; the refusals."""
    rng = random.Random(seed)
    seen: dict[str, str | None] = {}
    refused = 0
    for _ in range(answers):
        place = rng.choice(PLACES)
        value = str(rng.choice(FIELDS[place.split(".")[1]]))
        code, reply = send(pad, place, value, seen.get(place))
        if reply["status"] == "saved":
            with lock:
                saved.append((reply["version"], place, value))
            seen[place] = value
        elif reply["status"] == "stale":
            seen[place] = reply["current"]
        else:
            assert reply["status"] == "refused", (code, reply)
            refused += 1
    return refused


def send(pad: Served, place: str, value: str, seen: str | None) -> tuple[int, dict[str, Any]]:
    """One answer as a phone sends it, and the whole reply (its version among it)."""
    body = json.dumps({"place": place, "seen": seen, "value": value}).encode()
    code, _, data = pad.request("answer", body, {"Content-Type": "application/json"})
    return code, json.loads(data)


def last_saved(saved: list[tuple[int, str, str]]) -> dict[str, str]:
    last: dict[str, tuple[int, str]] = {}
    for version, place, value in saved:
        if place not in last or version > last[place][0]:
            last[place] = (version, value)
    return {place: value for place, (_, value) in last.items()}


def in_file(path: Path) -> dict[str, str]:
    table = yaml.safe_load(path.read_text(encoding="utf-8"))
    found = {}
    for place in PLACES:
        player, name = int(place[8]), place.split(".")[1]
        if name in table["players"][player]:
            found[place] = str(table["players"][player][name])
    return found


def run_phones(pad: Served, answers: int, seed: int) -> tuple[list[tuple[int, str, str]], int]:
    saved: list[tuple[int, str, str]] = []
    lock = threading.Lock()
    with ThreadPoolExecutor(PHONES) as pool:
        refused = sum(pool.map(lambda n: phone(pad, seed * 1000 + n, answers, saved, lock), range(PHONES)))
    return saved, refused


def test_twenty_phones_keep_every_acknowledged_answer(tmp_path: Path) -> None:
    file = tmp_path / "tonight.yaml"
    pad = Served("galapagos", file)
    reading = threading.Event()
    broken: list[str] = []

    def reader() -> None:
        while not reading.is_set():
            if file.exists():
                try:
                    yaml.safe_load(file.read_text(encoding="utf-8"))
                except yaml.YAMLError as error:
                    broken.append(str(error))

    watcher = threading.Thread(target=reader, daemon=True)
    watcher.start()
    try:
        for i, name in enumerate(("Ana", "Ben")):
            assert pad.answer(f"players[{i}].name", name)[1]["status"] == "saved"
        saved, refused = run_phones(pad, ANSWERS // 2, seed=1)
        assert saved and refused < len(saved)
        assert versions_unique(saved)
        assert in_file(file) == last_saved(saved)
        pad.process.send_signal(signal.SIGKILL)  # mid-season: the next command serves FILE again
        pad.process.wait(timeout=30)
        assert in_file(file) == last_saved(saved)
        pad = Served("galapagos", file)
        again, refused = run_phones(pad, ANSWERS // 2, seed=2)
        assert again and refused < len(again)
        assert versions_unique(again)
        assert in_file(file) == {**last_saved(saved), **last_saved(again)}
    finally:
        reading.set()
        watcher.join(timeout=10)
        if pad.process.poll() is None:
            pad.process.send_signal(signal.SIGINT)
            pad.process.wait(timeout=30)
    assert broken == []


def versions_unique(saved: list[tuple[int, str, str]]) -> bool:
    """A "saved" reply carries the table's version once its answer was taken: a new value makes
    a version of its own; a resend of the value a place holds is "saved" at the version then.
    So a place never holds two values at one version."""
    held: dict[tuple[int, str], str] = {}
    for version, place, value in saved:
        if held.setdefault((version, place), value) != value:
            return False
    return True
