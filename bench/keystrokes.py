"""Keystrokes a player types to tally a game with 'scorecalc tally', in a real 80-column terminal.

Three games, as issue 21 measured them: a 2-player Galapagos, a 3-player Origin and a
4-explorer Caracas game of 60 tiles (15 each). A pseudo-terminal (pexpect) runs the tally;
each question is answered from the game's script below by its label (a question not in the
script gets Enter: its default), so the same table is typed whatever questions a version
asks. A keystroke is a character typed or Enter; an answer is one Enter.

    python bench/keystrokes.py                   # this checkout
    python bench/keystrokes.py --source DIR      # the scorecalc package of another checkout
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from collections import Counter, deque

import pexpect

PROMPT = re.compile(r"› ([^›]*?)(?: \[[^\]]*\])?: ")

GALAPAGOS = {
    "player 1's name": ["Anna"], "player 2's name": ["Ben"],
    "exhibition": ["41", "35"], "education": ["17", "12"], "animals": ["sea_lion 2, tortoise 1", "3"],
    "money": ["2300", "1900"],
}
ORIGIN_TILES = [("Sea Lion", "3", "Rachel 2, Ezra 1"), ("Giant Tortoise", "4", ""),  # Level 4: no cubes
                ("Marine Iguana", "2", "Ezra 1, Noor 1"), ("Galapagos Hawk", "3", "Rachel 1"),
                ("Blue-footed Booby", "1", "")]
ORIGIN = {
    "objective": ["plymouth"],
    "player 1's name": ["Rachel"], "player 2's name": ["Ezra"], "player 3's name": ["Noor"],
    "score": ["38", "30", "34"], "books": ["4 8 2", "2 2 2", "3 1 5"], "tiles": ["Sea Snail", "2", "1"],
    **{f"tile {i + 1} species": [species] for i, (species, _, _) in enumerate(ORIGIN_TILES)},
    "level": [level for _, level, _ in ORIGIN_TILES],
}
CUBES = {species: cubes for species, _, cubes in ORIGIN_TILES}
"""Each tile's cubes, by its species (a version that does not ask a Level 4 tile's cubes types
the same table)."""
CARACAS_NAMES = ["Alex", "Bea", "Cleo", "Dan"]


def caracas_boards() -> list[list[str]]:
    """Four boards of 15 tiles (the template's board, every other one mirrored), row by row."""
    from scorecalc.games.caracas.declaration import EXAMPLE_GRID
    from scorecalc.games.caracas.grid import parse_grid, render_grid

    base = [found.tile for found in parse_grid(EXAMPLE_GRID)][:15]
    boards = []
    for index in range(4):
        tiles = [tile.mirrored() for tile in base] if index % 2 else base
        boards.append([" ".join(line.split()) for line in render_grid(tiles).split("\n") if line.strip()])
    return boards


class Player:
    """Answers each question by its label from a script; counts what is typed."""

    def __init__(self, game: str, script: dict[str, list[str]]) -> None:
        self.game = game
        self.script = {label: deque(answers) for label, answers in script.items()}
        self.boards = deque(caracas_boards()) if game == "caracas" else deque()
        self.rows: deque[str] = deque()
        self.keys: Counter[str] = Counter()
        self.answers: Counter[str] = Counter()
        self.species = ""

    def answer(self, label: str) -> str:
        if re.fullmatch(r"row \d+", label):
            if label == "row 1":
                self.rows = deque(self.boards.popleft())
            typed = self.rows.popleft() if self.rows else ""
            self.count("board rows" if typed else "ending a board (empty line)", typed)
            return typed
        queue = self.script.get(label)
        typed = queue.popleft() if queue else ""
        if re.fullmatch(r"tile \d+ species", label):
            self.species = typed
        if label == "cubes":
            typed = CUBES.get(self.species, "")
        kind = ("names" if "name" in label else "settings, date, place" if label in SETTINGS else
                "defaults taken (Enter)" if not typed else
                "board tiles (species, level, cubes)" if label.startswith("tile ") or label in TILE else
                "players' figures and lists")
        self.count(kind, typed)
        return typed

    def count(self, kind: str, typed: str) -> None:
        self.keys[kind] += len(typed) + 1
        self.answers[kind] += 1


TILE = {"starting", "level", "habitats", "cubes"}
SETTINGS = {"house rules?", "rules", "variant", "objective", "date", "location", "university cards", "solo"}


def measure(game: str, script: dict[str, list[str]], source: str | None) -> Player:
    player = Player(game, {**script, **({"player 5's name": [""]} if game == "caracas" else {})})
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm", "SOURCE_DATE_EPOCH": "1767643200"}
    env.pop("COLUMNS", None)
    if source:
        env["PYTHONPATH"] = source + os.pathsep + env.get("PYTHONPATH", "")
    with tempfile.TemporaryDirectory() as folder:
        command = ["-m", "scorecalc", "tally", game, "night.yaml", "--format", "csv"]
        child = pexpect.spawn(sys.executable, command, cwd=folder, env=env, encoding="utf-8",
                              dimensions=(40, 80), timeout=30)
        while True:
            found = child.expect([PROMPT, pexpect.EOF])
            if found == 1:
                break
            label = " ".join(child.match.group(1).split())
            child.send(player.answer(label) + "\r")
        child.close()
        if child.exitstatus != 0:
            raise SystemExit(f"{game}: tally ended with {child.exitstatus}:\n{child.before[-2000:]}")
    return player


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--source", help="a checkout whose scorecalc package to measure")
    args = parser.parse_args(argv)
    if args.source:
        sys.path.insert(0, args.source)
    games = [("galapagos", "2-player Galapagos", GALAPAGOS), ("origin", "3-player Origin", ORIGIN),
             ("caracas", "4-explorer Caracas, 60 tiles",
              {f"player {i + 1}'s name": [name] for i, name in enumerate(CARACAS_NAMES)})]
    for game, title, script in games:
        player = measure(game, script, args.source)
        total, answers = sum(player.keys.values()), sum(player.answers.values())
        print(f"{title}: {total} keystrokes, {answers} answers")
        for kind, keys in player.keys.most_common():
            print(f"  {kind:32} {keys:4} keystrokes  {player.answers[kind]:3} answers")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
