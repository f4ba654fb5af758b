"""Build the app (SPEC section 9) into ``dist/app/``: a static folder any static host serves.

    python scripts/build_app.py            # after `npm ci` (Pyodide from node_modules/pyodide)

What goes in: Pyodide's runtime from its npm package (the version ``package-lock.json`` pins),
the pure-Python wheels ``app/wheels.toml`` pins (built from their sdists without C, or the
published universal wheel; cached in ``build/app-wheels/``), scorecalc's own wheel built from a
clean copy of the working tree, a Pyodide lock file listing them, the pad's scripts and style as
the package ships them, and ``app/``'s pages, worker, service worker, manifest and icons. Every
name but ``index.html``, ``sw.js`` (a service worker's address must not change) and the wheels'
(Pyodide reads a wheel's name) carries a hash of its content; the runtime and the wheels lie in
folders named by a hash of theirs. "Scan a part" brings its decoder (the barcode-detector polyfill
and zxing-wasm's reader, with their licences) from ``node_modules`` as the lock pins it. Pyodide's
standard library goes in without the modules no code of the app imports (scripts/trim_stdlib.py). It prints
the build's time and the folder's size (raw, and as gzip a static host sends it).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import tomllib
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "app"
OUT = ROOT / "dist" / "app"
CACHE = ROOT / "build" / "app-wheels"
PYODIDE = ROOT / "node_modules" / "pyodide"
RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
PAD_FILES = ["idiomorph.js", "morph.js", "pad.js", "board.js", "pad.css"]
DECODER = {  # "Scan a part" where the browser has no BarcodeDetector: the polyfill over zxing-wasm
    "barcode-detector.js": ROOT / "node_modules" / "barcode-detector" / "dist" / "iife" / "ponyfill.js",
    "zxing_reader.wasm": ROOT / "node_modules" / "zxing-wasm" / "dist" / "reader" / "zxing_reader.wasm",
}
LICENCES = {"barcode-detector": ROOT / "node_modules" / "barcode-detector" / "LICENSE",
            "zxing-wasm": ROOT / "node_modules" / "zxing-wasm" / "LICENSE"}


STARTED = time.monotonic()


def progress(what: str) -> None:
    """One line a step: what the build does now, after how long (a first build takes minutes)."""
    print(f"[{time.monotonic() - STARTED:5.1f} s] {what}", flush=True)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


def version_of(folder: Path, names: list[str]) -> str:
    """The service worker's version: a hash of every file's name and content, so that any change
    (``index.html`` alone, which keeps its name and holds the page's policy, too) makes a new
    ``sw.js``, which the browser takes as an update."""
    whole = hashlib.sha256()
    for name in sorted(names):
        content = (folder / name).read_bytes()
        whole.update(f"{name}\n{len(content)}\n".encode())
        whole.update(content)
    return whole.hexdigest()[:12]


def hashed(name: str, data: bytes) -> str:
    stem, dot, suffix = name.partition(".")
    return f"{stem}.{digest(data)}{dot}{suffix}"


def pinned_pyodide() -> str:
    """The Pyodide version package-lock.json pins, checked against node_modules (npm ci)."""
    lock = json.loads((ROOT / "package-lock.json").read_text())
    wanted: str = lock["packages"]["node_modules/pyodide"]["version"]
    try:
        have = json.loads((PYODIDE / "package.json").read_text())["version"]
    except FileNotFoundError:
        sys.exit("node_modules/pyodide is missing: run `npm ci` first")
    if have != wanted:
        sys.exit(f"node_modules has pyodide {have}, package-lock.json pins {wanted}: run `npm ci`")
    return wanted


def pinned_decoder() -> str:
    """The decoder's versions package-lock.json pins, checked against node_modules (npm ci)."""
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    said = []
    for name in LICENCES:
        wanted = lock[f"node_modules/{name}"]["version"]
        try:
            have = json.loads((ROOT / "node_modules" / name / "package.json").read_text())["version"]
        except FileNotFoundError:
            sys.exit(f"node_modules/{name} is missing: run `npm ci` first")
        if have != wanted:
            sys.exit(f"node_modules has {name} {have}, package-lock.json pins {wanted}: run `npm ci`")
        said.append(f"{name} {have}")
    return ", ".join(said)


def wheel(name: str, pin: dict[str, object]) -> Path:
    """The pinned wheel of ``name``, from the cache or made now."""
    version = str(pin["version"])
    folder = CACHE / f"{name}-{version}"
    found = sorted(folder.glob("*-py3-none-any.whl")) + sorted(folder.glob("*-py2.py3-none-any.whl"))
    if found:
        progress(f"{name} {version}: cached in {folder.relative_to(ROOT)}")
        return found[0]
    how = "downloading the wheel"
    if pin["build"] == "sdist":
        how = "building the wheel from its sdist, without C"
    progress(f"{name} {version}: {how} (once; then cached)")
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    if pin["build"] == "sdist":
        env = {**os.environ, **{key: str(value) for key, value in dict(pin.get("env", {})).items()}}  # type: ignore[call-overload]
        subprocess.run([*pip, "wheel", "--quiet", "--no-deps", "--no-binary", ":all:", "--wheel-dir",
                        str(folder), f"{name}=={version}"], check=True, env=env)
    else:
        subprocess.run([*pip, "download", "--quiet", "--no-deps", "--only-binary", ":all:", "--dest",
                        str(folder), f"{name}=={version}"], check=True)
    found = sorted(folder.glob("*-none-any.whl"))
    if not found:
        sys.exit(f"{name} {version}: no pure wheel came out ({[p.name for p in folder.iterdir()]})")
    return found[0]


def own_wheel(into: Path) -> Path:
    """scorecalc's wheel, built from a copy of the working tree's files (git's view: tracked and
    new, not ignored), so the build never writes into the checkout."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            check=True, capture_output=True).stdout.decode().split("\0")
    with tempfile.TemporaryDirectory() as temporary:
        copy = Path(temporary) / "scorecalc"
        for name in listed:
            if not name or not (ROOT / name).is_file():
                continue
            if not (name.startswith("scorecalc/") or name in ("pyproject.toml", "README.md", "LICENSE",
                                                               "MANIFEST.in")):
                continue
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
        subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", "wheel", "--quiet",
                        "--no-deps", "--wheel-dir", str(into), str(copy)], check=True)
    return next(into.glob("scorecalc-*.whl"))


SHELL_NAME = "new-table.shell.yaml"
"""The file name the shell's forms are drawn with; the page puts the new table's own in its place."""
SHELL_NOW = "1111-11-11 11:11"
"""The time the shell's forms are drawn at; the page puts the phone's own in its place."""
KEPT = "kept, checking…"
"""What a field says of an answer kept on the phone before Python is up to check it."""


def shell() -> dict[str, object]:
    """What the app's page shows before Python is up (SPEC section 9, "Open at once"): each game's
    name and title, in the registry's order, and the body of the pad's page for a new table of it,
    drawn by the pad's own templates over a fresh ``Pad`` as the worker's Python draws it (named
    ``SHELL_NAME``, at ``SHELL_NOW``); and the words a field shows of an answer kept unchecked."""
    import datetime

    from scorecalc.games import REGISTRY, get_game
    from scorecalc.web.pad import Pad
    from scorecalc.web.pages import body_html

    games = []
    for name in REGISTRY:
        game = get_game(name)
        pad = Pad(game, SHELL_NAME, datetime.datetime.fromisoformat(SHELL_NOW), ident="SHELL")
        games.append({"name": name, "title": game.title, "body": body_html(pad)})
    return {"games": games, "name": SHELL_NAME, "now": SHELL_NOW, "kept": KEPT}


def png(size: int) -> bytes:
    """The app's icon, drawn here (no image tool needed): a score sheet, white on teal, its lines
    and a tick; safe for a maskable icon (everything inside the middle 80%)."""
    teal, white, ink = (0x0B, 0x6E, 0x69), (0xFF, 0xFF, 0xFF), (0x1F, 0x2A, 0x33)
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            u, v = x / size, y / size
            colour = teal
            if 0.28 <= u <= 0.72 and 0.2 <= v <= 0.8:
                colour = white
                for line in (0.34, 0.46, 0.58):
                    if line <= v <= line + 0.04 and 0.34 <= u <= 0.66:
                        colour = ink
                if 0.66 <= v <= 0.74 and abs((u - 0.40) - (v - 0.66) * 0.8) < 0.02 and u < 0.46:
                    colour = teal
                if 0.62 <= v <= 0.74 and abs((u - 0.45) + (v - 0.74) * 1.6) < 0.025 and u >= 0.44:
                    colour = teal
            row += bytes(colour)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
            + chunk(b"IEND", b""))


def build() -> None:
    started = time.monotonic()
    version = pinned_pyodide()
    decoder = pinned_decoder()
    progress(f"Pyodide {version} and {decoder} from node_modules; the pinned wheels (app/wheels.toml)")
    pins = tomllib.loads((SOURCE / "wheels.toml").read_text())["wheels"]
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    names: dict[str, str] = {}  # a source name -> its name in the folder

    wheels: dict[str, Path] = {name: wheel(name, pin) for name, pin in pins.items()}
    with tempfile.TemporaryDirectory() as temporary:
        plain, compiled = Path(temporary) / "plain", Path(temporary) / "compiled"
        plain.mkdir()
        compiled.mkdir()
        progress("scorecalc's own wheel, from a copy of the working tree")
        wheels["scorecalc"] = own_wheel(plain)
        for path in wheels.values():
            if path.parent != plain:
                shutil.copy(path, plain / path.name)
        # compiled ahead by Pyodide's own Python (in Node): a phone imports bytecode, never compiles
        progress("compiling the wheels and trimming the standard library in Pyodide's Python (Node)")
        subprocess.run(["node", str(ROOT / "scripts" / "compile_wheels.mjs"), str(PYODIDE), str(plain),
                        str(compiled)], check=True)
        blobs = {name: (compiled / path.name).read_bytes() for name, path in wheels.items()}
        files = {name: path.name for name, path in wheels.items()}
        # the standard library without what no code of the app imports (scripts/trim_stdlib.py)
        stdlib = (compiled / "python_stdlib.zip").read_bytes()
        dropped = (compiled / "python_stdlib.dropped").read_text().split()
    runtime = {name: (PYODIDE / name).read_bytes() for name in RUNTIME if name != "python_stdlib.zip"}
    runtime["python_stdlib.zip"] = stdlib
    folder = f"pyodide-{version}-{digest(b''.join(runtime[name] for name in RUNTIME))}"
    (OUT / folder).mkdir()
    for name, data in runtime.items():
        (OUT / folder / name).write_bytes(data)
    names["pyodide/"] = folder + "/"
    whole = (PYODIDE / "python_stdlib.zip").stat().st_size
    print(f"standard library: {len(stdlib) / 1e6:.2f} MB of Pyodide's {whole / 1e6:.2f} MB; no code of the "
          f"app imports {len(dropped)} of its modules and packages: {', '.join(dropped)}")
    shelf = f"wheels-{digest(b''.join(blobs[name] for name in sorted(blobs)))}"
    (OUT / shelf).mkdir()
    packages = {}
    for name, data in blobs.items():
        (OUT / shelf / files[name]).write_bytes(data)
        pin = pins.get(name, {"imports": ["scorecalc"], "depends": sorted(pins)})
        packages[name] = {"name": name, "version": files[name].split("-")[1], "file_name": files[name],
                          "install_dir": "site", "sha256": hashlib.sha256(data).hexdigest(),
                          "package_type": "package", "imports": list(pin["imports"]),
                          "depends": list(pin.get("depends", [])), "unvendored_tests": False}
    info = json.loads((PYODIDE / "pyodide-lock.json").read_text())["info"]
    lock = json.dumps({"info": info, "packages": packages}, indent=1, sort_keys=True).encode()
    # the lock file lies among the wheels: Pyodide looks for each wheel beside the lock file
    lock_name = hashed("lock.json", lock)
    (OUT / shelf / lock_name).write_bytes(lock)
    names["lock.json"] = f"{shelf}/{lock_name}"

    progress("the pages, the pad's scripts, the decoder, the icons and the service worker")
    sys.path.insert(0, str(ROOT))
    from scorecalc.web.pages import static

    def put(name: str, data: bytes, keep_name: bool = False) -> None:
        text_like = name.endswith((".js", ".mjs", ".html", ".css", ".webmanifest", ".json"))
        if text_like:
            text = data.decode()
            for source, target in names.items():  # every name it refers to, as it is in the folder
                text = text.replace(f"@{source}@", target)
            data = text.encode()
        final = name if keep_name else hashed(name, data)
        (OUT / final).parent.mkdir(parents=True, exist_ok=True)
        (OUT / final).write_bytes(data)
        names[name] = final

    for name in PAD_FILES:
        put(name, static(name))
    for name, path in DECODER.items():
        put(name, path.read_bytes())
    for name, path in LICENCES.items():  # the decoder's licences, shipped beside it
        put(f"licences/{name}.txt", path.read_bytes(), keep_name=True)
    for size in (192, 512):
        put(f"icons/icon-{size}.png", png(size))
    put("shell.json", json.dumps(shell(), ensure_ascii=False, sort_keys=True).encode())
    # in the order they refer to each other: a file's references are hashed before it is
    for name in ["app.css", "manifest.webmanifest", "opening.js", "store.mjs", "worker.js", "transport.js",
                 "pad.html", "app.js"]:
        put(name, (SOURCE / name).read_bytes())
    put("index.html", (SOURCE / "index.html").read_bytes(), keep_name=True)
    every = sorted(str(path.relative_to(OUT)) for path in OUT.rglob("*") if path.is_file())
    names["files"] = json.dumps(["./", *every])
    names["version"] = version_of(OUT, every)
    put("sw.js", (SOURCE / "sw.js").read_bytes(), keep_name=True)

    progress("measuring the folder (each file as gzip)")
    raw = zipped = 0
    for path in OUT.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            raw += len(data)
            zipped += len(gzip.compress(data, 6))
    print(f"dist/app: {len(every) + 1} files, {raw / 1e6:.2f} MB ({zipped / 1e6:.2f} MB as gzip), "
          f"Pyodide {version}, {decoder}, "
          f"{len(blobs)} wheels ({sum(map(len, blobs.values())) / 1e6:.2f} MB); "
          f"built in {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    build()
