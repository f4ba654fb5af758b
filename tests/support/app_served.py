"""The app's folder (``dist/app/``, ``scripts/build_app.py`` builds it) served from 127.0.0.1 as a
static host serves it, every request recorded; shared by ``tests/system/test_app*.py`` and
``bench/app.py``."""

from __future__ import annotations

import functools
import gzip
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "dist" / "app"
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".webmanifest": "application/manifest+json", ".zip": "application/zip",
         ".whl": "application/zip", ".css": "text/css", ".html": "text/html", ".png": "image/png"}


def missing() -> str | None:
    """Why the app cannot be tried here (no build), or ``None``."""
    if not (FOLDER / "index.html").is_file():
        return "no dist/app/: run `npm ci && python scripts/build_app.py` (README) to build the app"
    return None


class Handler(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}
    sent: list[int]

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        self.sent.append(len(data))
        outputfile.write(data)


class Served:
    """``dist/app/`` on 127.0.0.1 (a free port), until ``close``."""

    def __init__(self, folder: Path = FOLDER) -> None:
        self.sent: list[int] = []
        handler = functools.partial(type("Bound", (Handler,), {"sent": self.sent}), directory=str(folder))
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def gzip_size(folder: Path, names: list[str]) -> int:
    """What ``names`` (paths under ``folder``) cost over the wire as gzip (level 6, as static hosts
    compress), each once."""
    total = 0
    for name in sorted(set(names)):
        path = folder / name
        if path.is_file():
            total += len(gzip.compress(path.read_bytes(), 6))
    return total


def serving() -> Iterator[Served]:
    """The folder served for a test module (``served = pytest.fixture(scope="module")(serving)``):
    skipped when it is not built, failed under CI, which builds it first."""
    import os

    import pytest  # here: bench/app.py imports this module without pytest's start-up

    why = missing()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI: {why}")
        pytest.skip(why)
    server = Served()
    yield server
    server.close()
