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


def floor_folder(into: Path) -> Path:
    """The floor's page beside links to the app's runtime and wheels (the same files, served alike)."""
    runtime = next(p.name for p in FOLDER.iterdir() if p.name.startswith("pyodide-"))
    shelf = next(p.name for p in FOLDER.iterdir() if p.name.startswith("wheels-"))
    lock = next(p.name for p in (FOLDER / shelf).iterdir() if p.name.startswith("lock."))
    (into / runtime).symlink_to(FOLDER / runtime)
    (into / shelf).symlink_to(FOLDER / shelf)
    (into / "index.html").write_text(FLOOR_PAGE)
    (into / "floor.js").write_text(FLOOR_SCRIPT)
    worker = FLOOR_WORKER.replace("RUNTIME", runtime).replace("LOCK", f"{shelf}/{lock}")
    (into / "floor-worker.js").write_text(worker)
    return into


def ready_in(context: Any, url: str, wait_cached: bool = False) -> float:
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("body[data-ready=yes]", state="attached", timeout=300_000)
    seconds = time.perf_counter() - started
    if wait_cached:  # the service worker has cached this version (the app's warm runs need it)
        page.wait_for_selector("body[data-offline=cached]", state="attached", timeout=300_000)
    page.close()
    return seconds


def bench_app(runs: int, answers: int) -> list[tuple[str, float, float]]:
    why = missing()
    if why is not None or not Path(CHROMIUM).exists():
        print(f"app: skipped ({why or 'no ' + CHROMIUM})")
        return []
    from playwright.sync_api import sync_playwright

    times: dict[str, list[float]] = {"app cold": [], "floor cold": [], "app warm": [], "floor warm": []}
    fetched: list[str] = []
    with tempfile.TemporaryDirectory() as temporary, sync_playwright() as driver:
        app, floor = Served(), Served(floor_folder(Path(temporary)))
        browser = driver.chromium.launch(executable_path=CHROMIUM)
        try:
            for run in range(runs + 1):  # the first round warms the machine (disk cache): not counted
                for name, served in (("app", app), ("floor", floor)):
                    context = browser.new_context(viewport={"width": 390, "height": 844})
                    if run == 1 and name == "app":
                        context.on("request", lambda request: fetched.append(request.url))
                    cold = ready_in(context, served.url, wait_cached=name == "app")
                    warm = ready_in(context, served.url)
                    context.close()
                    if run:
                        times[f"{name} cold"].append(cold)
                        times[f"{name} warm"].append(warm)
            answered = answer_times(browser, app, answers)
        finally:
            browser.close()
            app.close()
            floor.close()
    medians = {name: statistics.median(values) for name, values in times.items()}
    wire = gzip_size(FOLDER, [url.removeprefix(app.url).split("?")[0] or "index.html"
                              for url in fetched if url.startswith(app.url)])
    cold = medians["app cold"] / medians["floor cold"]
    warm = medians["app warm"] / medians["floor warm"]
    answer = statistics.median(answered)
    print(f"app in Chromium ({runs} interleaved runs each, medians; {len(answered)} answers)")
    for name, seconds in medians.items():
        print(f"  {name:<11} ready in {seconds:6.2f} s")
    print(f"  app / floor, cold         {verdict(cold, READY_TARGET)}")
    print(f"  app / floor, warm         {verdict(warm, READY_TARGET)}")
    print(f"  first load over the wire  {wire / 1e6:5.2f} MB as gzip ({len(fetched)} requests; "
          f"target <= {WIRE_TARGET / 1e6:.0f} MB: {'holds' if wire <= WIRE_TARGET else 'MISSED'})")
    slowest = max(answered) * 1000
    print(f"  an answer, tap to saved   {answer * 1000:5.1f} ms median, {slowest:.1f} ms slowest "
          f"(target <= {ANSWER_TARGET * 1000:.0f} ms: {'holds' if answer <= ANSWER_TARGET else 'MISSED'})")
    return [("app ready cold", cold, READY_TARGET), ("app ready warm", warm, READY_TARGET),
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
    args = parser.parse_args()
    bench_app(1 if args.quick else args.runs, 5 if args.quick else args.answers)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
