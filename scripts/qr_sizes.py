"""The BG Stats link's QR code per game and number of players, and how ``--qr`` draws it.

For each game and player count: the longest link among the game's starter table
(``scorecalc template GAME --players N``) and the shipped examples of that count, its QR
version and size at error correction L, and what ``--qr`` draws in an 80 x 44 and a
110 x 56 terminal (half blocks, quarter blocks, or the message). docs/output.md shows the
table (scripts/readme_tour.py regenerates it):

    python scripts/qr_sizes.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorecalc.cli import app  # noqa: E402
from scorecalc.errors import UsageError  # noqa: E402
from scorecalc.games import REGISTRY  # noqa: E402
from scorecalc.output.bgstats import bgstats_link  # noqa: E402
from scorecalc.output.qr import fit, qr_code  # noqa: E402
from scorecalc.pipeline import score_file, score_source  # noqa: E402
from scorecalc.reading.loading import Source  # noqa: E402
from scorecalc.sheet import Scored  # noqa: E402

TERMINALS = ((80, 44), (110, 56))
PLAYERS = range(1, 6)


def template_text(game: str, players: int) -> str | None:
    from typer.testing import CliRunner

    result = CliRunner().invoke(app, ["template", game, "--players", str(players)])
    return result.stdout if result.exit_code == 0 else None


def longest_links() -> dict[tuple[str, int], tuple[str, str]]:
    """(game, people) -> (the longest link, where it came from)."""
    found: dict[tuple[str, int], tuple[str, str]] = {}

    def note(scored: Scored, origin: str) -> None:
        link = bgstats_link(scored, now=0)
        key = (scored.sheet.game, len(scored.sheet.people))
        if key not in found or len(link) > len(found[key][0]):
            found[key] = (link, origin)

    for game in REGISTRY:
        for players in PLAYERS:
            text = template_text(game, players)
            if text is not None:
                note(score_source(Source(f"{game}-{players}.yaml", text)), "template")
    for path in sorted((ROOT / "examples").glob("*/*.yaml")):
        note(score_file(str(path.relative_to(ROOT))), path.stem)
    return found


def how(link: str, columns: int, lines: int) -> str:
    code = qr_code(link)
    try:
        layout = fit(code, columns, lines)
    except UsageError:
        return "no: --qr-file"
    kind = "quarter" if layout.quarter else "half"
    return f"{kind} {layout.columns}x{layout.lines}"


def main() -> None:
    rows = [("game", "players", "link", "version", "modules", "80x44", "110x56", "longest")]
    for (game, people), (link, origin) in sorted(longest_links().items()):
        code = qr_code(link)
        rows.append((game, str(people), str(len(link)), str(code.version), f"{code.size}x{code.size}",
                     *(how(link, columns, lines) for columns, lines in TERMINALS), origin))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())


if __name__ == "__main__":
    main()
