"""Measure tabulate's ``maxcolwidths`` wrapping against SPEC's rules, beside scorecalc's ``wrap``.

    pip install tabulate && python bench/tabulate_wrapping.py

SPEC section 7, "Output a person reads": lines measured in display width (wcwidth), no
word split that fits a line, a value kept with its name. For each case and column width,
both wrap a player-name cell; the script prints the widest line (display width), the words
split, and the lines. Issue 19 chose the engine that meets the rules (bench/RESULTS.md).
"""

from __future__ import annotations

import sys
from pathlib import Path

from tabulate import tabulate
from wcwidth import wcswidth

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorecalc.output.tables import wrap

CASES = {
    "CJK names": "王小明 李华 张伟 陈静 刘洋 赵敏",
    "emoji": "🎲🎲 Dice 🎲 Master 🎲🎲 of the table",
    "combining marks": "Zoe\u0301 Ame\u0301lie Rene\u0301e Noe\u0308l Chloe\u0308 Jose\u0301",
    "hyphenated": "Anne-Marie Saint-Exupéry de la Tour",
    "value with its name": "Tent and Stove £2,300), Kit £1,500), Rope £900),",
}


def tabulate_cell(text: str, width: int) -> list[str]:
    """The lines tabulate's ``maxcolwidths`` gives the second column of a two-column table."""
    table = tabulate([["1", text]], headers=["#", "Player"], tablefmt="simple",
                     maxcolwidths=[None, width], disable_numparse=True)
    lines = table.splitlines()
    start = len(lines[1].split("  ")[0]) + 2
    return [line[start:].rstrip() for line in lines[2:]]


def split_words(text: str, lines: list[str]) -> list[str]:
    words = set(text.split())
    return [word for word in " ".join(lines).split() if word not in words]


def main() -> None:
    for width in (12, 16, 20):
        print(f"--- the cell wrapped to {width} columns")
        for what, text in CASES.items():
            for who, lines in (("tabulate", tabulate_cell(text, width)), ("wrap", wrap(text, width))):
                widest = max(wcswidth(line) for line in lines)
                over = " OVER" if widest > width else ""
                split = split_words(text, lines)
                print(f"  {what:20} {who:8} widest {widest:2}{over:5} split {split} {lines}")


if __name__ == "__main__":
    main()
