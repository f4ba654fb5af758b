"""The app in Chromium (issue 38, item 5), beside its floor measured the same way in the same run.

    python bench/app.py [--runs 5] [--answers 20] [--quick]

The floor is bare Pyodide: a page whose Web Worker runs ``loadPyodide`` with nothing imported, from
the same runtime files on the same server. The app is ready when it can take an answer (Python up,
scorecalc and its wheels loaded, the games listed: ``<body data-ready>``). Each is timed from the
navigation to ready, cold (a new browser profile: nothing cached) and warm (the same profile again:
the app from its service worker's cache, the floor from the browser's cache), the runs interleaved.
Targets: ready <= 1.3 x the floor, cold and warm; the first load <= 8 MB over the wire (every file
it fetched, as gzip at level 6, as a static host sends it); an answer <= 50 ms from the tap (Enter,
dispatched in the page) to "saved ✓" shown (IndexedDB holds FILE by then). Absolute times printed
beside the ratios. Needs ``dist/app/`` (``python scripts/build_app.py``) and /usr/bin/chromium.

Also timed, the app only: an imported example's score page, from the navigation to the page shown
(the file chosen in the picker once the app is ready), cold and warm; target on a later visit
(warm) <= 0.6 x the floor. How the app's Python started on the warm visit ("snapshot": restored
from the snapshot the first visit kept; "plain") is printed beside it. ``--profile lighthouse``
throttles every page through the DevTools protocol as Lighthouse's mobile profile does (1.6 Mbps
down, 750 Kbps up, 150 ms round trip, CPU 4 x; a Web Worker is slowed less than its page).
``--folder`` times another build of the app (another checkout's ``dist/app``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.app_served import FOLDER, Served, gzip_size, missing  # noqa: E402

READY_TARGET = 1.3
SCORE_PAGE_TARGET = 0.6
EXAMPLE = ROOT / "examples" / "galapagos" / "decided-by-money.yaml"
PROFILES: dict[str, tuple[dict[str, object], float] | None] = {
    "full": None,
    "lighthouse": ({"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8,
                    "uploadThroughput": 750_000 / 8}, 4.0),
}
"""Each profile's network conditions and CPU slowdown (DevTools protocol), ``None``: none."""
WIRE_TARGET = 8_000_000
ANSWER_TARGET = 0.050
CHROMIUM = "/usr/bin/chromium"

FLOOR_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title>
<script type="module" src="floor.js"></script></head><body></body></html>"""
FLOOR_SCRIPT = """const worker = new Worker("floor-worker.js", { type: "module" });
worker.onmessage = () => { document.body.dataset.ready = "yes"; };"""
FLOOR_WORKER = """import { loadPyodide } from "./RUNTIME/pyodide.mjs";
await loadPyodide({ indexURL: new URL("./RUNTIME/", self.location).href,
                    lockFileURL: new URL("./LOCK", self.location).href });
self.postMessage("ready");"""

ANSWER = """async (value) => {
  const field = [...document.querySelectorAll(".field")].find((f) => f.dataset.place === "players[0].money");
  const input = field.querySelector("input");
  const status = field.querySelector(".status");
  const before = status.textContent;
  status.textContent = "";
  input.value = value;
  const started = performance.now();
  const saved = new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (!status.textContent.startsWith("saved ✓")) return;
      watch.disconnect();
      resolve(performance.now() - started);
    });
    watch.observe(status, { childList: true, characterData: true, subtree: true });
  });
  input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
  return await saved;
}"""


KEPT = """async () => {
  if (!self.caches || !(await caches.has("scorecalc-snapshot"))) return false;
  return (await (await caches.open("scorecalc-snapshot")).keys()).length > 0;
}"""
"""Whether the app's worker has kept its snapshot (after a first visit; never, on a build without)."""


def floor_folder(into: Path, folder: Path = FOLDER) -> Path:
    """The floor's page beside links to the app's runtime and wheels (the same files, served alike)."""
    runtime = next(p.name for p in folder.iterdir() if p.name.startswith("pyodide-"))
    shelf = next(p.name for p in folder.iterdir() if p.name.startswith("wheels-"))
    lock = next(p.name for p in (folder / shelf).iterdir() if p.name.startswith("lock."))
    (into / runtime).symlink_to(folder / runtime)
    (into / shelf).symlink_to(folder / shelf)
    (into / "index.html").write_text(FLOOR_PAGE)
    (into / "floor.js").write_text(FLOOR_SCRIPT)
    worker = FLOOR_WORKER.replace("RUNTIME", runtime).replace("LOCK", f"{shelf}/{lock}")
    (into / "floor-worker.js").write_text(worker)
    return into


class Visit:
    """One visit's times from the navigation: ready, and (the app) an imported example's score page."""

    def __init__(self, ready: float, score_page: float = 0.0, started: str = "") -> None:
        self.ready, self.score_page, self.started = ready, score_page, started


def ready_in(context: Any, url: str, wait_cached: bool = False, profile: str = "full",
             imported: Path | None = None, snapshots: bool = False) -> Visit:
    page = context.new_page()
    throttled = PROFILES[profile]
    if throttled is not None:
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", throttled[0])
        session.send("Emulation.setCPUThrottlingRate", {"rate": throttled[1]})
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("body[data-ready=yes]", state="attached", timeout=600_000)
    how = page.locator("body").get_attribute("data-started") or ""
    visit = Visit(time.perf_counter() - started, started=how)
    if imported is not None:
        page.set_input_files("#import", str(imported))
        page.wait_for_selector("#result:not([hidden])", timeout=600_000)
        visit.score_page = time.perf_counter() - started
    if wait_cached:  # the service worker has cached this version (the app's warm runs need it)
        page.wait_for_selector("body[data-offline=cached]", state="attached", timeout=600_000)
        if snapshots:  # and the worker has kept its snapshot (a build that makes one)
            page.wait_for_function(f"({KEPT})()", timeout=60_000)
    page.close()
    return visit


def bench_app(runs: int, answers: int, profile: str = "full",
              folder: Path = FOLDER) -> list[tuple[str, float, float]]:
    why = missing() if folder == FOLDER else None
    if why is not None or not Path(CHROMIUM).exists():
        print(f"app: skipped ({why or 'no ' + CHROMIUM})")
        return []
    from playwright.sync_api import sync_playwright

    snapshots = any(folder.glob("opening.*.js"))  # a build whose worker keeps a snapshot
    times: dict[str, list[float]] = {"app cold": [], "floor cold": [], "app warm": [], "floor warm": []}
    pages: dict[str, list[float]] = {"cold": [], "warm": []}
    started: list[str] = []
    fetched: list[str] = []
    sent = 0
    with tempfile.TemporaryDirectory() as temporary, sync_playwright() as driver:
        app, floor = Served(folder), Served(floor_folder(Path(temporary), folder))
        browser = driver.chromium.launch(executable_path=CHROMIUM)
        try:
            for run in range(runs + 1):  # the first round warms the machine (disk cache): not counted
                for name, served in (("app", app), ("floor", floor)):
                    context = browser.new_context(viewport={"width": 390, "height": 844})
                    if run == 1 and name == "app":
                        context.on("request", lambda request: fetched.append(request.url))
                        before = sum(app.sent)
                    imported = EXAMPLE if name == "app" else None
                    cold = ready_in(context, served.url, wait_cached=name == "app", profile=profile,
                                    imported=imported, snapshots=snapshots)
                    if run == 1 and name == "app":
                        sent = sum(app.sent) - before
                    warm = ready_in(context, served.url, profile=profile, imported=imported)
                    context.close()
                    if run:
                        times[f"{name} cold"].append(cold.ready)
                        times[f"{name} warm"].append(warm.ready)
                        if name == "app":
                            pages["cold"].append(cold.score_page)
                            pages["warm"].append(warm.score_page)
                            started.append(warm.started or "plain")
            answered = answer_times(browser, app, answers)
        finally:
            browser.close()
            app.close()
            floor.close()
    medians = {name: statistics.median(values) for name, values in times.items()}
    names = [url.removeprefix(app.url).split("?")[0] or "index.html"
             for url in fetched if url.startswith(app.url)]
    wire = gzip_size(folder, names)
    raw = sum((folder / name).stat().st_size for name in set(names) if (folder / name).is_file())
    cold = medians["app cold"] / medians["floor cold"]
    warm = medians["app warm"] / medians["floor warm"]
    page_cold = statistics.median(pages["cold"])
    page_warm = statistics.median(pages["warm"])
    answer = statistics.median(answered)
    print(f"app in Chromium, profile {profile} ({runs} interleaved runs each, medians; "
          f"{len(answered)} answers)")
    for name, seconds in medians.items():
        print(f"  {name:<11} ready in {seconds:6.2f} s")
    print(f"  app cold    score page in {page_cold:6.2f} s (an imported example, from the navigation)")
    print(f"  app warm    score page in {page_warm:6.2f} s (Python started: {', '.join(started)})")
    print(f"  app / floor, cold         {verdict(cold, READY_TARGET)}")
    print(f"  app / floor, warm         {verdict(warm, READY_TARGET)}")
    print(f"  score page / floor, warm  {verdict(page_warm / medians['floor warm'], SCORE_PAGE_TARGET)}")
    print(f"  first load over the wire  {wire / 1e6:5.2f} MB as gzip ({len(fetched)} requests; "
          f"target <= {WIRE_TARGET / 1e6:.0f} MB: {'holds' if wire <= WIRE_TARGET else 'MISSED'}); "
          f"the server sent {sent / 1e6:.2f} MB for {raw / 1e6:.2f} MB of files")
    slowest = max(answered) * 1000
    print(f"  an answer, tap to saved   {answer * 1000:5.1f} ms median, {slowest:.1f} ms slowest "
          f"(target <= {ANSWER_TARGET * 1000:.0f} ms: {'holds' if answer <= ANSWER_TARGET else 'MISSED'})")
    return [("app ready cold", cold, READY_TARGET), ("app ready warm", warm, READY_TARGET),
            ("app score page warm", page_warm / medians["floor warm"], SCORE_PAGE_TARGET),
            ("app first load", wire / WIRE_TARGET, 1.0), ("app answer", answer / ANSWER_TARGET, 1.0)]


def answer_times(browser: Any, served: Served, answers: int) -> list[float]:
    """Seconds from Enter to "saved ✓" on a Galapagos table's money field, ``answers`` times."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(served.url)
    page.wait_for_selector("body[data-ready=yes]", timeout=300_000)
    page.get_by_role("button", name="Galapagos", exact=True).click()
    page.wait_for_selector("#table:not([hidden])")
    pad = page.frame(name="pad")
    assert pad is not None
    pad.wait_for_function("() => document.body.dataset.settled === 'yes'")
    for seat, name in enumerate(("Ana", "Ben")):
        field = pad.get_by_label(f"player {seat + 1}'s name", exact=True)
        field.fill(name)
        field.press("Enter")
        pad.locator(".field", has=field).locator(".status").filter(has_text="saved ✓").wait_for()
    seconds = []
    for index in range(answers + 2):  # the first two warm the path: not counted
        pad.wait_for_function("() => document.body.dataset.settled === 'yes'")
        taken = pad.evaluate(ANSWER, str(1000 + 100 * index)) / 1000
        if index >= 2:
            seconds.append(taken)
    context.close()
    return seconds


def verdict(ratio: float, target: float) -> str:
    return f"{ratio:5.2f} x   (target <= {target} x: {'holds' if ratio <= target else 'MISSED'})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="interleaved runs of each page, cold and warm")
    parser.add_argument("--answers", type=int, default=20, help="answers timed in the app")
    parser.add_argument("--quick", action="store_true", help="one run, five answers (CI: it only has to run)")
    parser.add_argument("--profile", choices=sorted(PROFILES), default="full",
                        help="full speed, or throttled as Lighthouse's mobile profile")
    parser.add_argument("--folder", type=Path, default=FOLDER,
                        help="the built app to time (default dist/app)")
    args = parser.parse_args()
    bench_app(1 if args.quick else args.runs, 5 if args.quick else args.answers, args.profile,
              args.folder.resolve())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
