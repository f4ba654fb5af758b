"""Run ``tests/rules`` under Pyodide in Node (SPEC section 9: the package on Pyodide's Python as on
3.11; CI runs this after building the app).

    python scripts/test_rules_pyodide.py [pytest arguments...]

Pyodide's runtime and the app's wheels come from ``dist/app/`` (``scripts/build_app.py``); the
test-only wheels ``app/wheels.toml`` pins under ``[test-wheels]`` are fetched once into
``build/app-test-wheels/``; scorecalc and its tests are the checkout's own, mounted in Pyodide's file
system. What cannot run there is left out, each with its reason (``LEFT_OUT``, listed in
docs/app.md): nothing else is skipped.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / "app-test-wheels"

LEFT_OUT = {
    "tests/rules/test_declaration_ranges.py":
        "imports jsonschema, whose rpds-py is compiled (no Pyodide wheel)",
}
"""Test files that cannot run under Pyodide, and why."""
DESELECTED = {
    "tests/rules/test_interview.py::test_a_toy_game_with_its_own_entry_form_is_tallied_from_piped_answers":
        "starts scorecalc in a process of its own (Pyodide has no processes)",
    "tests/rules/test_interview.py::test_a_toy_form_stopped_midway_is_kept_open_and_goes_on_where_it_was":
        "starts scorecalc in a process of its own (Pyodide has no processes)",
    "tests/rules/test_interview.py::test_the_toy_form_refuses_through_the_games_own_check_and_the_beads_spec":
        "starts scorecalc in a process of its own (Pyodide has no processes)",
    "tests/rules/test_interview.py::test_a_score_command_does_not_import_any_interview":
        "starts scorecalc in a process of its own (Pyodide has no processes)",
    "tests/rules/test_interview.py::test_five_explorers_hear_how_many_tiles_each_places":
        "starts scorecalc in a process of its own (Pyodide has no processes)",
    "tests/rules/test_tally_model.py::test_the_model_imports_no_terminal_module":
        "starts scorecalc in a process of its own (Pyodide has no processes)",
    "tests/rules/test_tables_tabulate.py::test_tabulate_and_wcwidth_load_only_where_a_table_is_drawn":
        "starts scorecalc in a process of its own (Pyodide has no processes)",
}
"""Single tests that cannot run under Pyodide (a subprocess, the server), and why."""


def test_wheels() -> Path:
    pins = tomllib.loads((ROOT / "app" / "wheels.toml").read_text())["test-wheels"]
    CACHE.mkdir(parents=True, exist_ok=True)
    have = {path.name.split("-")[0].lower().replace("_", "-") for path in CACHE.glob("*.whl")}
    wanted = [f"{name}=={version}" for name, version in pins.items()
              if name.lower().replace("_", "-") not in have]
    if wanted:
        subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", "download", "--quiet",
                        "--no-deps", "--only-binary", ":all:", "--platform", "any", "--implementation", "py",
                        "--abi", "none", "--python-version", "3.14", "--dest", str(CACHE), *wanted],
                       check=True)
    return CACHE


def main(arguments: list[str]) -> int:
    dist = ROOT / "dist" / "app"
    if not (dist / "index.html").is_file():
        print("no dist/app/: run `python scripts/build_app.py` first", file=sys.stderr)
        return 2
    left = [option for path in LEFT_OUT for option in ("--ignore", path)]
    left += [option for node in DESELECTED for option in ("--deselect", node)]
    command = ["node", str(ROOT / "scripts" / "pyodide_rules.mjs"), str(dist), str(test_wheels()), str(ROOT),
               *left, *(arguments or ["-q", "tests/rules"])]
    return subprocess.run(command, cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
