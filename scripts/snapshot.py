"""Save what scorecalc prints for every shipped example, to check a refactoring changed nothing.

    python scripts/snapshot.py OUT_DIR           # write one file per command into OUT_DIR
    diff -r BEFORE_DIR AFTER_DIR                 # then compare two snapshots

Each file holds a command, its exit code, its standard error and its standard output: every
example as a table at 80 columns (and its summary, markdown, CSV and BG Stats JSON), the
batch as JSON, the league's standings (every format, and with every insight option), every
game's template (1-5 players) and schema, every command's --help, the hostile corpus'
messages and a piped tally of each game (its questions, the file it writes and the score).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["caracas", "caribe", "galapagos", "origin"]
COMMANDS = [*GAMES, "tally", "score", "standings", "verify", "template", "schema"]
TALLY = {
    "galapagos": ["2026-01-05 20:00", "Home", "Anna", "Ben", "", "41", "17", "sea_lion 2, tortoise 1", "2300",
                  "", "35", "12", "3", "1900", ""],
    "caribe": ["coimbra fauna, london coastline, paris turtle", "", "2026-01-05", "", "Inês", "Jo", "",
               "70", "3 4 2", "2 1 1", "5 0 0 0 0 3", "fauna 2, geology 1", "", "2 2 2 1",
               "60", "2 3 3", "1 0 0", "3 3 3 1 1 1", "", ""],
    "caracas": ["caiman_ties strict", "2026-01-05", "", "Alex", "Bea", "",
                "JuJa~ES JuSlSo~NESW JuHo~SW SaAt", "JuKi~NE SwPiGu~NESW SwAn~NW SaIb",
                "JuCp~E SwCm~NEW SwEe~ESW JuIbSh~W", "", "6 4 2 3"],
    "origin": ["", "plymouth", "2026-01-05", "", "Rachel", "Ezra", "", "38", "4 8 2", "Sea Snail",
               "30", "2 2 2", "2", "Sea Lion", "", "3", "water water land", "Rachel 2, Ezra 1", ""],
}


def scorecalc(*args: str, stdin: str = "", cwd: Path = ROOT) -> str:
    env = {**os.environ, "COLUMNS": "80", "LINES": "200", "NO_COLOR": "1", "TERM": "dumb",
           "TZ": "UTC"}
    done = subprocess.run([sys.executable, "-m", "scorecalc", *args], cwd=cwd, env=env, input=stdin,
                          capture_output=True, text=True, timeout=120)
    return (f"$ scorecalc {' '.join(args)}\nexit {done.returncode}\n"
            f"--- stderr\n{done.stderr}--- stdout\n{done.stdout}")


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for command in ["", *COMMANDS]:
        help_args = [command, "--help"] if command else ["--help"]
        (out / f"help-{command or 'main'}.txt").write_text(scorecalc(*help_args))
    (out / "score-json.txt").write_text(scorecalc("score", "examples", "-f", "json"))
    (out / "score-csv.txt").write_text(scorecalc("score", "examples", "-f", "csv"))
    (out / "standings.txt").write_text(scorecalc("standings", "examples/league"))
    (out / "standings-json.txt").write_text(scorecalc("standings", "examples/league", "-f", "json"))
    for fmt in ("csv", "markdown"):
        (out / f"standings-{fmt}.txt").write_text(scorecalc("standings", "examples/league", "-f", fmt))
    insight = ("--ratings", "--versus", "--streaks", "--by-players", "--categories")
    for fmt in ("table", "json", "csv"):
        (out / f"standings-insight-{fmt}.txt").write_text(scorecalc("standings", "examples/league", *insight,
                                                                    "-f", fmt))
    (out / "verify.txt").write_text(scorecalc("verify", "examples"))
    (out / "hostile.txt").write_text(scorecalc("score", "tests/hostile"))
    for example in sorted((ROOT / "examples").glob("*/*.yaml")):
        relative = str(example.relative_to(ROOT))
        stem = relative.replace("/", "_")
        (out / f"table_{stem}.txt").write_text(scorecalc("score", relative))
        for fmt in ("markdown", "bgstats"):
            (out / f"{fmt}_{stem}.txt").write_text(scorecalc("score", relative, "-f", fmt))
        (out / f"summary_{stem}.txt").write_text(scorecalc("score", relative, "--summary"))
    for game in GAMES:
        (out / f"schema-{game}.txt").write_text(scorecalc("schema", game))
        for players in range(1, 6):
            (out / f"template-{game}-{players}.txt").write_text(
                scorecalc("template", game, "--players", str(players)))
        with tempfile.TemporaryDirectory() as scratch:
            shown = scorecalc("tally", game, "t.yaml", stdin="\n".join(TALLY[game]) + "\n", cwd=Path(scratch))
            written = (Path(scratch) / "t.yaml").read_text()
        (out / f"tally-{game}.txt").write_text(shown + "--- t.yaml\n" + written)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
