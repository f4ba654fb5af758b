"""The season as a picture to share (``standings --chart FILE.png|.svg``): a labelled line per player.

Each line follows one player through the plays, in the league's play order: her rating's
ordinal after each play she sat at with others (with ``--ratings``), else her wins so far
after each play she sat at. Undated plays come last in the play order; they are drawn last
too, in a grey band marked "undated", so every line ends at the figure the standings table
gives for that player (SPEC: the chart and the tables tell one story).

Drawn with matplotlib (its object interface, no pyplot, the Agg and SVG renderers): its
wheels carry everything they need, fonts included, so it installs from the package index
alone on every platform (no system libraries, as SPEC asks), and it writes PNG and SVG
alike. It is imported only to draw, and is an optional extra (``scorecalc[chart]``):
without it ``--chart`` is refused before any file is read, saying how to install it.

Legible on a phone: 1200 x 800 pixels, text of 17 to 26 points at 100 dots an inch (a
phone showing the picture 400 points wide still shows 6 to 9 point text), lines 4 pixels
wide, each name written at the end of its line in the line's colour. The same standings
give the same bytes (no date in the file, SVG ids from a fixed salt).
"""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Any, NamedTuple

from ..dates import day_of, day_text
from ..errors import UsageError

if TYPE_CHECKING:
    from .records import Standings

KINDS = (".png", ".svg")
WIDTH, HEIGHT, DPI = 1200, 800, 100
INSTALL = "pip install 'scorecalc[chart]'"
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8C564B")
"""Okabe and Ito's colours, told apart with every common colour blindness, then brown; after
eight players the colours come round again with dashed, then dotted lines."""
STYLES = ("-", "--", ":")
MISSING_GLYPH = re.compile(r"^Glyph (\d+) .* missing from font")
"""matplotlib's warning for a character no font draws (its number is the code point)."""
LABEL_LENGTH = 16


class Line(NamedTuple):
    """One player's line: (play number, value) after each play she sat at."""

    name: str
    points: tuple[tuple[int, float], ...]


class Picture(NamedTuple):
    """What the chart shows, worked out before anything is drawn."""

    title: str
    measure: str
    """The y axis: "Rating (ordinal)" or "Wins"."""
    days: tuple[str, ...]
    """The date of each dated play (play 1 first), as ``YYYY-MM-DD``."""
    lines: tuple[Line, ...]
    rated: bool
    """Ratings (lines from play to play) rather than wins (steps: a count changes at a play)."""
    undated: int = 0
    """How many undated plays follow the dated ones (numbers ``len(days) + 1`` on)."""


def check_chart_path(path: str) -> None:
    if not path.lower().endswith(KINDS):
        raise UsageError(f"--chart {path}: give a path ending in .png or .svg")


def check_plotting_library() -> None:
    """Refuse ``--chart`` with a way out when matplotlib is not installed."""
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        raise UsageError(f"--chart draws with matplotlib, which is not installed; install it with: {INSTALL}")


def season_picture(standings: Standings) -> Picture:
    """The lines of the season: ratings when ``--ratings`` was asked for, else wins so far."""
    from .figures.ratings import changes

    plays = standings.in_order
    days = tuple(day_text(day_of(play.date)) for play in plays if play.date is not None)
    assert all(play.date is None for play in plays[len(days):]), "undated plays come last in play order"
    points: dict[str, list[tuple[int, float]]] = {}
    rated = "ratings" in standings.insight
    season_changes = changes(standings)
    wins: dict[str, int] = {}
    for number, (index, play) in enumerate(enumerate(plays), start=1):
        if rated:
            for change in season_changes[index]:
                points.setdefault(change.key, []).append((number, change.after.ordinal))
            continue
        for seat in play.seats:
            wins[seat.key] = wins.get(seat.key, 0) + seat.winner
            points.setdefault(seat.key, []).append((number, float(wins[seat.key])))
    lines = tuple(Line(player.name, tuple(points[player.key])) for player in standings.players
                  if player.key in points)
    measure = "Rating (ordinal)" if rated else "Wins"
    title = f"{'Ratings' if rated else 'Wins'} over the season"
    if len(standings.games) == 1:
        title += f": {standings.titles.get(standings.games[0], standings.games[0])}"
    return Picture(title, measure, days, lines, rated, len(plays) - len(days))


class Drawing(NamedTuple):
    """The picture's bytes, and the characters of names that the font has no glyph for (drawn
    as boxes: the bundled DejaVu Sans covers Latin, Greek and Cyrillic, not CJK)."""

    data: bytes
    missing: str


def draw(picture: Picture, path: str) -> Drawing:
    """The picture as PNG (1200 x 800) or SVG bytes, as ``path``'s ending says."""
    import warnings

    import matplotlib
    from matplotlib.figure import Figure

    check_chart_path(path)
    kind = path.lower().rsplit(".", 1)[1]
    with matplotlib.rc_context({"svg.hashsalt": "scorecalc", "svg.fonttype": "path",
                                "font.family": "DejaVu Sans", "font.size": 20, "axes.titlesize": 28,
                                "axes.labelsize": 22, "xtick.labelsize": 19, "ytick.labelsize": 19}), \
            warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        figure = Figure(figsize=(WIDTH / DPI, HEIGHT / DPI), dpi=DPI)
        axes = figure.add_axes((0.09, 0.17, 0.70, 0.74))
        plot(axes, picture)
        out = io.BytesIO()
        metadata: dict[str, Any] = {"Date": None} if kind == "svg" else {}
        figure.savefig(out, format=kind, dpi=DPI, metadata=metadata)
    missing = {chr(int(found.group(1))) for warning in caught
               if (found := MISSING_GLYPH.search(str(warning.message))) is not None}
    return Drawing(out.getvalue(), "".join(sorted(missing)))


def plot(axes: Any, picture: Picture) -> None:
    """Draw the lines, their names at their ends, and the date axis on ``axes``."""
    axes.set_title(picture.title, loc="left", fontweight="bold", parse_math=False)
    axes.set_ylabel(picture.measure)
    axes.grid(True, color="#dddddd", linewidth=1)
    axes.spines[["top", "right"]].set_visible(False)
    if not picture.lines:
        axes.text(0.5, 0.5, "No plays to draw", transform=axes.transAxes, ha="center", va="center")
        axes.set_xticks([])
        axes.set_yticks([])
        return
    ends = []
    for index, line in enumerate(picture.lines):
        colour, style = COLOURS[index % len(COLOURS)], STYLES[index // len(COLOURS) % len(STYLES)]
        xs, ys = zip(*line.points, strict=True)
        axes.plot(xs, ys, color=colour, linestyle=style, linewidth=4, marker="o", markersize=7,
                  drawstyle="default" if picture.rated else "steps-post", gid=f"line-{index + 1}")
        ends.append((ys[-1], index, colour))
    dated, plays = len(picture.days), len(picture.days) + picture.undated
    axes.set_xlim(0.5, plays + 0.5)
    if picture.undated:
        axes.axvspan(dated + 0.5, plays + 0.5, color="#eeeeee", zorder=0, gid="undated")
    low, high = axes.get_ylim()
    for index, (y, colour) in label_positions(ends, (high - low) * 0.065).items():
        name = picture.lines[index].name
        shown = name if len(name) <= LABEL_LENGTH else name[:LABEL_LENGTH - 1] + "…"
        axes.annotate(shown, xy=(1.01, y), xycoords=("axes fraction", "data"), color=colour, fontsize=22,
                      fontweight="bold", va="center", annotation_clip=False, gid=f"label-{index + 1}",
                      parse_math=False)  # a name as written: '$x^$' and 'Pay $5' are text, not math
    ticks: dict[float, str] = {float(number): label for number, label in date_ticks(picture.days).items()}
    if picture.undated:
        ticks[dated + (picture.undated + 1) / 2] = "undated"
    axes.set_xticks(list(ticks), list(ticks.values()))
    axes.set_xlabel("Plays by date")


def label_positions(ends: list[tuple[float, int, str]], gap: float) -> dict[int, tuple[float, str]]:
    """Each line's name beside its last value, moved apart so that no two names overlap."""
    placed: dict[int, tuple[float, str]] = {}
    previous = None
    for y, index, colour in sorted(ends):
        if previous is not None and y < previous + gap:
            y = previous + gap
        placed[index] = (y, colour)
        previous = y
    return placed


def date_ticks(days: tuple[str, ...], most: int = 6) -> dict[int, str]:
    """At most ``most`` ticks, at the first play of a day, labelled ``5 Sep`` (with the year
    on the first tick and where the year changes)."""
    firsts = [number for number, day in enumerate(days, start=1) if number == 1 or days[number - 2] != day]
    step = max(1, -(-len(firsts) // most))
    ticks = {}
    year = None
    for number in firsts[::step]:
        day = days[number - 1]
        label = f"{int(day[8:10])} {MONTHS[int(day[5:7]) - 1]}"
        if day[:4] != year:
            label += f"\n{day[:4]}"
            year = day[:4]
        ticks[number] = label
    return ticks
