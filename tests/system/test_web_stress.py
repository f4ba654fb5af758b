"""The pad under load (``stress``): 20 simulated phones send 200 answers
each to one Galapagos pad on 127.0.0.1, every phone naming the value it last saw. The last
acknowledged answer of every place (the "saved" reply with the highest version) is what FILE
holds; FILE reads as valid YAML at every moment a reader looks; the server killed with
SIGKILL mid-run and served again keeps every answer it acknowledged."""

from __future__ import annotations

import http.client
import json
import random
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.helpers import timeout
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


KILLS = 5


class PadAcrossKills:
    """The pad as the phones reach it across kills: the server of the moment (``served``, its
    ``epoch``: a new one after each kill, versions counting from 0 again); what each place was
    acknowledged at, as ((epoch, version), value); the answers sent whose outcome is not known
    yet (in flight, or lost with a killed server and not yet sent again)."""

    def __init__(self, served: Served) -> None:
        self.served = served
        self.epoch = 0
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)
        self.acked: dict[str, tuple[tuple[int, int], str]] = {}
        self.pending: dict[int, tuple[str, str]] = {}
        self.resent = 0
        self.stopping = False
        """Set when the test ends early: every phone stops at its next answer."""
        self.killed = 0

    def ack(self, ticket: int, place: str, value: str, epoch: int, version: int) -> None:
        with self.lock:
            self.pending.pop(ticket, None)
            if place not in self.acked or (epoch, version) > self.acked[place][0]:
                self.acked[place] = ((epoch, version), value)

    def allowed(self) -> dict[str, set[str]]:
        """Per place, what FILE may hold: its last acknowledged value, or one sent since whose
        outcome is not known (it may have been written just before a kill)."""
        with self.lock:
            found = {place: {value} for place, (_, value) in self.acked.items()}
            for place, value in self.pending.values():
                found.setdefault(place, set()).add(value)
            return found


def kill_phone(table: PadAcrossKills, seed: int, answers: int, tickets: list[int]) -> None:
    """A phone that, when its answer is lost with the server, sends it again to the next one (as a
    player taps Enter again), naming the value it saw before."""
    rng = random.Random(seed)
    seen: dict[str, str | None] = {}
    for _ in range(answers):
        place = rng.choice(PLACES)
        value = str(rng.choice(FIELDS[place.split(".")[1]]))
        with table.lock:
            tickets[0] += 1
            ticket = tickets[0]
            table.pending[ticket] = (place, value)
        for _ in range(3 * KILLS):  # bounded: at most a few servers lost under one answer
            with table.lock:
                if table.stopping:
                    return
                served, epoch = table.served, table.epoch
            try:
                code, reply = send(served, place, value, seen.get(place))
            except (OSError, http.client.HTTPException, ValueError):
                with table.changed:  # killed under it: wait for the next server, then send again
                    table.changed.wait_for(lambda lost=epoch: table.epoch != lost or table.stopping,
                                           timeout=timeout(30))
                    table.resent += 1
                continue
            if code == 404:  # the old token, at a new server: sent again there
                continue
            break
        else:
            raise AssertionError(f"{place} = {value!r}: never answered")
        if reply["status"] == "saved":
            table.ack(ticket, place, value, epoch, reply["version"])
            seen[place] = value
        else:
            with table.lock:
                table.pending.pop(ticket, None)
            if reply["status"] == "stale":
                seen[place] = reply["current"]
            else:
                assert reply["status"] == "refused", (code, reply)


def test_kill_9_at_random_moments_keeps_every_acknowledged_answer(tmp_path: Path) -> None:
    """SIGKILL at five random moments while 20 phones answer: after each kill FILE holds, at every
    place, the last acknowledged answer or one sent after it whose reply was lost; every lost
    answer sent again to the next server; at the end FILE holds every last acknowledged answer."""
    file = tmp_path / "tonight.yaml"
    table = PadAcrossKills(Served("galapagos", file))
    for i, name in enumerate(("Ana", "Ben")):
        assert table.served.answer(f"players[{i}].name", name)[1]["status"] == "saved"
    tickets = [0]
    try:
        with ThreadPoolExecutor(PHONES) as pool:
            running = [pool.submit(kill_phone, table, 7000 + n, ANSWERS, tickets) for n in range(PHONES)]
            kill_and_serve_again(table, file, running)  # on failure, every phone is told to stop
            for job in running:
                job.result()
        assert table.killed >= 3 and table.resent > 0
        assert table.pending == {}
        assert in_file(file) == {place: value for place, (_, value) in table.acked.items()}
    finally:
        table.served.stop()


def kill_and_serve_again(table: PadAcrossKills, file: Path, running: list[Any]) -> None:
    """SIGKILL at random moments; after each, FILE checked against what the phones were told,
    then served again (a new epoch: a new token, versions from 0)."""
    rng = random.Random(29)
    try:
        for _ in range(KILLS):
            time.sleep(rng.uniform(0.2, 1.5))
            if all(job.done() for job in running):
                return
            table.served.process.send_signal(signal.SIGKILL)
            table.served.process.wait(timeout=timeout(30))
            table.killed += 1
            allowed = table.allowed()
            for place, value in in_file(file).items():
                assert value in allowed.get(place, {value}), (place, value, allowed.get(place))
            served = Served("galapagos", file)
            with table.changed:
                table.served.stop()
                table.served, table.epoch = served, table.epoch + 1
                table.changed.notify_all()
    except BaseException:
        with table.changed:
            table.stopping = True
            table.changed.notify_all()
        raise
