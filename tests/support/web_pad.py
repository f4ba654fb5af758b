"""A ``scorecalc tally GAME FILE --web`` server in a process of its own, on 127.0.0.1, for the
tests of the pad (``tests/system/test_web*.py``): started, its address read from what it
prints, talked to with ``urllib``, stopped."""

from __future__ import annotations

import json
import queue
import re
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from tests.helpers import run_scorecalc, start_scorecalc, starts, timeout

SHOTS = Path("/tmp/web-shots")
"""Where the browser tests leave their screenshots, to look at."""
LINK = re.compile(r"http://(127\.0\.0\.1:\d+)/([A-Za-z0-9_-]+)/")


class Served:
    """One running pad: ``url`` (``http://127.0.0.1:PORT/TOKEN/``), ``host``, ``token``."""

    def __init__(self, game: str, file: Path, *extra: str) -> None:
        starts("a pad server")
        self.file = file
        self.process = start_scorecalc("tally", game, str(file), "--web", "--bind", "127.0.0.1", *extra,
                                       cwd=file.parent, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, env={"PYTHONFAULTHANDLER": "1"})
        self.lines: queue.Queue[str] = queue.Queue()
        self.said: list[str] = []
        self.out: list[bytes] = []
        threading.Thread(target=self.read, daemon=True).start()
        threading.Thread(target=self.read_out, daemon=True).start()
        found = self.wait_for(LINK)
        self.host, self.token = found.group(1), found.group(2)
        self.url = f"http://{self.host}/{self.token}/"

    def read(self) -> None:
        assert self.process.stderr is not None
        for raw in self.process.stderr:
            self.lines.put(raw.decode("utf-8", "replace"))

    def read_out(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self.out.append(raw)

    def wait_for(self, pattern: re.Pattern[str], seconds: float = 30) -> re.Match[str]:
        deadline = time.monotonic() + timeout(seconds)
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.1)
            except queue.Empty:
                if self.process.poll() is not None and self.lines.empty():
                    break
                continue
            self.said.append(line)
            found = pattern.search(line)
            if found:
                return found
        raise AssertionError(f"the pad never said {pattern.pattern!r}; it said:\n{''.join(self.said)}")

    def request(self, path: str = "", body: bytes | None = None, headers: dict[str, str] | None = None,
                method: str | None = None, url: str | None = None) -> tuple[int, dict[str, str], bytes]:
        request = urllib.request.Request(url or self.url + path, data=body, headers=headers or {},
                                         method=method)
        try:
            with urllib.request.urlopen(request, timeout=timeout(20)) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def answer(self, place: str, value: str, seen: str | None = None) -> tuple[int, dict[str, Any]]:
        body = json.dumps({"place": place, "seen": seen, "value": value}).encode()
        code, _, data = self.request("answer", body, {"Content-Type": "application/json"})
        reply = json.loads(data)
        if code != 400:
            assert isinstance(reply.pop("version"), int)  # the table's version after the answer
        return code, reply

    def score(self, anyway: bool = False) -> tuple[int, dict[str, Any]]:
        """"Score it" (``anyway``: "Score it anyway", past the warnings the first tap showed)."""
        body = json.dumps({"anyway": True}).encode() if anyway else b"{}"
        code, _, data = self.request("score", body, {"Content-Type": "application/json"})
        reply = json.loads(data)
        assert isinstance(reply.pop("version"), int)  # the table's version after it
        return code, reply

    def finish(self, seconds: float = 30) -> tuple[int, str, str]:
        """Wait for the process to end: its code, standard output, the rest of standard error."""
        try:
            code = self.process.wait(timeout=timeout(seconds))
        except subprocess.TimeoutExpired:
            self.process.send_signal(signal.SIGABRT)  # PYTHONFAULTHANDLER: every thread's stack
            self.process.wait(timeout=timeout(10))
            time.sleep(0.2)
            raise AssertionError("the pad did not exit:\n" + "".join(self.said)
                                 + "".join(self.lines.queue)) from None
        time.sleep(0.2)
        out = b"".join(self.out).decode()
        while not self.lines.empty():
            self.said.append(self.lines.get())
        return code, out, "".join(self.said)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=timeout(20))
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


class Phone:
    """One browser context as one phone at the table, watching for dialogs, errors and requests."""

    def __init__(self, browser: Any, url: str, name: str, size: tuple[int, int] = (390, 844)) -> None:
        self.name = name
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.page = self.context.new_page()
        self.page.set_default_timeout(timeout(15) * 1000)
        self.taps = 0
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("dialog", lambda dialog: (self.dialogs.append(dialog.message), dialog.dismiss()))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.goto(url)

    def field(self, label: str) -> Any:
        return self.page.get_by_label(label, exact=True)

    def answer(self, label: str, value: str) -> None:
        """Type ``value`` into the field labelled ``label``, Enter, and wait for "saved"."""
        field = self.field(label)
        self.typed(field, self.page.locator(".field", has=field).locator(".status"), label, value)

    def answer_at(self, place: str, value: str) -> None:
        """The same at ``place`` (a label may change once answered: 'tile 2 species' becomes
        'tile 2 (Giant Tortoise) species')."""
        field = self.page.locator(f'.field[data-place="{place}"]')
        self.typed(field.locator("input"), field.locator(".status"), place, value)

    def typed(self, field: Any, status: Any, what: str, value: str) -> None:
        """Once the form has settled: ``value`` typed into ``field``, Enter, "saved" awaited in
        ``status``."""
        self.settled()
        self.unfold(field)
        field.fill(value)
        field.press("Enter")
        try:
            status.filter(has_text=re.compile("saved ✓")).wait_for()
        except Exception:
            said = status.all_inner_texts()
            raise AssertionError(f"{what} = {value!r} on phone {self.name}: {said}") from None

    def unfold(self, field: Any) -> None:
        """Open the folded section ``field`` lies in (date, place and house rules), as a finger
        would: a tap on its heading."""
        section = field.locator("xpath=ancestor::details[contains(@class, 'section')][1]")
        if section.count() and section.get_attribute("open") is None:
            section.locator("summary").first.click()
            self.taps += 1

    def settled(self, version: int = 0) -> None:
        """Wait until this phone shows the table as it is (nothing sent or fetched under way, the
        form as new as the newest version heard of: ``<body data-settled>``), and its form is at
        ``version`` at least; a person types into a form that has stopped moving."""
        self.page.wait_for_function(
            "(v) => document.body.dataset.settled === 'yes' && Number(document.getElementById('form')"
            ".dataset.version) >= v", arg=version)

    def version(self) -> int:
        """The table's version this phone's form shows."""
        return int(self.page.evaluate("document.getElementById('form').dataset.version"))

    def shot(self, name: str) -> None:
        SHOTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)

    def close(self) -> None:
        self.context.close()


def scored_json(game: str, path: Path) -> Any:
    """``scorecalc GAME FILE -f json`` of a table, without its file name (a truth and the file
    the pad wrote compare equal when they score alike)."""
    done = run_scorecalc(game, str(path), "--format", "json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    result.pop("file", None)
    return result
