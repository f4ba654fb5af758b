"""A page of blocks as one self-contained HTML file (``--format html``), through Jinja2 templates.

The templates are files of the package (``output/templates/*.html.j2``, package data the
wheel carries); autoescaping is on for every one of them, so every text from a table (a
name, a place, a note, a file name) is written as text: ``<img src=x onerror=...>`` shows
as typed. The page asks for nothing from anywhere (its style and its pictures are inline,
it has no script) and says so in its Content-Security-Policy. The same blocks give the
same bytes.

Jinja2 is imported only here, and this module only when html is asked for: a table or a
JSON run never loads it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

import jinja2

from ..blocks import Page
from ..pictures import Picture, number
from ..sheet import Scored
from .page import score_page

if TYPE_CHECKING:
    from ..league.records import Standings
    from .formats import RenderOptions

POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
          "form-action 'none'")
"""SPEC's policy, written as it is in ``page.html.j2``: nothing is fetched, only the page's own
style applies, no form goes anywhere."""


@cache
def environment() -> jinja2.Environment:
    """The templates of ``output/templates`` (``templating.environment``: autoescaped, undefined
    names an error), with the ``share`` filter."""
    from .templating import environment as made

    env = made("scorecalc.output")
    env.filters["share"] = share
    return env


def share(part: float, whole: float) -> str:
    """``part`` as a percentage of ``whole`` (``0`` of nothing), at most 2 decimals."""
    return number(100 * part / whole) if whole else "0"


def render_page(page: Page) -> str:
    return environment().get_template("page.html.j2").render(page=page)


def render_html(results: Sequence[Scored], *, summary: bool = False) -> str:
    """The scored tables as one page: the list of them (when several), then a section each; each
    table's warnings in the players' words (``players_warnings``), each file named by its own
    name (``file_name``)."""
    shown = [file_name(players_warnings(scored)) for scored in results]
    return render_page(score_page(shown, [game_pictures(scored) for scored in results], summary=summary))


def file_name(scored: Scored) -> Scored:
    """``scored`` with its file named by its own name (``night.yaml``), not the path it was given
    as: a page is made to be shared, and where the file lies on this computer (``/home/ana/…``)
    is nobody else's business (SPEC section 8). Standard input stays ``-``."""
    import os

    name = os.path.basename(scored.info.file) or scored.info.file
    return scored if name == scored.info.file else Scored(scored.sheet, replace(scored.info, file=name))


def players_warnings(scored: Scored) -> Scored:
    """``scored`` with its warnings worded for people (``Alex's board: Alex has 16 tiles; …``),
    where ``PlayInfo.warnings`` keeps the file's positions for JSON and standard error: the page
    is for people (SPEC section 8). A bare sheet (no file scored on this run) is shown as it is."""
    from ..pipeline import ScoredFile
    from ..places import warnings_words

    if not isinstance(scored, ScoredFile) or not scored.document.warnings:
        return scored
    return Scored(scored.sheet, replace(scored.info, warnings=warnings_words(scored.game, scored.document)))


def game_pictures(scored: Scored) -> tuple[Picture, ...]:
    """What the table's game draws of it (``Game.pictures``): only a file scored on this run
    carries its game and its state; a bare sheet has no picture."""
    from ..pipeline import ScoredFile

    if isinstance(scored, ScoredFile) and scored.game.pictures is not None:
        return tuple(scored.game.pictures(scored.state, scored.sheet))
    return ()


def render_standings_html(standings: Standings, chart: bytes | None, chart_note: str) -> str:
    """The standings page: the blocks the table and Markdown formats draw
    (``output.standings_layout.standings_blocks``), then the season chart's SVG (``chart``), or
    ``chart_note`` when it was not drawn."""
    from .page import standings_page
    from .standings_layout import standings_blocks

    blocks = standings_blocks(standings)
    if chart is None:
        return render_page(standings_page(standings, blocks, None, chart_note))
    svg = embedded_svg(chart, "chart-1")
    # The chart is the page's one large part (megabytes over a long season): the templates
    # draw the page around a mark that stands in for it, and the chart takes the mark's place in
    # the finished text, instead of being copied through every template and macro on the way
    # (a copy each). The same bytes: the mark is written as the chart would
    # be (``|safe``), and a page that held the mark's text anywhere else is drawn with the chart.
    text = render_page(standings_page(standings, blocks, CHART_MARK, chart_note))
    if text.count(CHART_MARK) != 1:
        return render_page(standings_page(standings, blocks, svg, chart_note))
    before, _, after = text.partition(CHART_MARK)
    return "".join((before, svg, after))


CHART_MARK = "\x00scorecalc: the season chart\x00"
"""What the standings page's templates draw where the chart goes (``render_standings_html``)."""


_XML_PROLOGUE = re.compile(r"\A.*?(?=<svg\b)", re.DOTALL)
_METADATA = re.compile(r"<metadata>.*?</metadata>\s*", re.DOTALL)
_ID = re.compile(r'\bid="([^"]+)"')
_TAG = re.compile(r"<[A-Za-z][^>]*>")
_SCRIPT_TAG = re.compile(r"<(?:[\w.-]+:)?script\b", re.IGNORECASE)
_HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
_QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")
_REFERENCE = re.compile(r"(url\(#|href=\"#)([^)\"]+)")


def embedded_svg(svg: str | bytes, prefix: str) -> str:
    """An SVG file (matplotlib's; UTF-8 when given as bytes) made fit to sit inside the page:
    no XML prologue, no metadata (its links to the SVG and Dublin Core vocabularies), every id
    prefixed with ``prefix`` and each reference to one with it, so two pictures on a page
    never share an id. Refused if it holds a script or an event handler (matplotlib writes
    neither).

    A season's chart is megabytes: each step writes its text into one buffer (``substituted``)
    and leaves the text before it to be freed, so about two copies are alive at a time, where
    ``re.sub`` would hold the text, its pieces and the result at once."""
    if isinstance(svg, bytes):
        svg = svg.decode("utf-8")
    prologue = _XML_PROLOGUE.match(svg)
    if prologue is not None and prologue.end():
        svg = svg[prologue.end():]
    svg = substituted(_METADATA, svg, lambda found: "")
    if scripted(svg):
        raise ValueError("an SVG with a script is not embedded")
    ids = set(_ID.findall(svg))
    svg = substituted(_ID, svg, lambda found: f'id="{prefix}-{found.group(1)}"')

    def reference(found: re.Match[str]) -> str:
        name = found.group(2)
        return f"{found.group(1)}{prefix}-{name}" if name in ids else found.group(0)

    return substituted(_REFERENCE, svg, reference)


def scripted(svg: str) -> bool:
    """Whether ``svg`` holds a script element or an event handler (``onclick=``) on an element.
    Its elements' tags are read, outside their quoted values: not its text, comments or
    values, where matplotlib writes a player's name as drawn (``<!-- Ana onclick=… -->``),
    escaped, as plain text a browser never runs."""
    for found in _TAG.finditer(svg):
        tag = found.group()
        if _SCRIPT_TAG.match(tag) or (_HANDLER.search(tag) and _HANDLER.search(_QUOTED.sub("", tag))):
            return True
    return False


_PIECE = 1 << 16
"""Characters of the result joined at a time (``substituted``)."""


def substituted(pattern: re.Pattern[str], text: str, replacement: Callable[[re.Match[str]], str]) -> str:
    """``pattern.sub(replacement, text)``, the same text, built so that little more than the
    result grows beside ``text``: the pieces between and for the matches are joined into
    chunks of about ``_PIECE`` characters as they come (``re.sub`` keeps every piece, as
    its own string, until the end: three times the text for the chart's 46,000 references),
    and the chunks into the result."""
    chunks: list[str] = []
    pieces: list[str] = []
    size = 0
    at = 0
    matched = False

    def gap(end: int) -> None:
        nonlocal size
        for piece in range(at, end, _PIECE):
            pieces.append(text[piece:min(piece + _PIECE, end)])
            size += len(pieces[-1])
            if size >= _PIECE:
                chunks.append("".join(pieces))
                pieces.clear()
                size = 0

    for found in pattern.finditer(text):
        matched = True
        gap(found.start())
        pieces.append(replacement(found))
        size += len(pieces[-1])
        at = found.end()
    if not matched:
        return text
    gap(len(text))
    chunks.append("".join(pieces))
    pieces.clear()
    return "".join(chunks)


def render_html_format(results: Sequence[Scored], options: RenderOptions) -> str:
    """``--format html`` (``formats.FORMATS``)."""
    return render_html(results, summary=options.summary)


def render_standings_format(standings: Standings, options: RenderOptions) -> str:
    """``standings --format html``: the blocks ``-f markdown`` shows, then the season chart
    inline as SVG when matplotlib is installed (else one line saying how to install it)."""
    from ..league.chart import INSTALL
    from .standings_layout import plotting_library

    chart, note = None, f"The season chart needs matplotlib, which is not installed: {INSTALL}"
    if plotting_library():
        from ..league.chart import draw, season_picture

        chart = draw(season_picture(standings), "season.svg").data
        note = chart_caption(standings)
    return render_standings_html(standings, chart, note)


def chart_caption(standings: Standings) -> str:
    """What the season chart shows, in a player's words (its caption on the page)."""
    if "ratings" in standings.insight:
        shown = "each player's rating after each play she sat at with others"
    else:
        shown = "each player's wins so far after each play she sat at"
    caption = f"The season: {shown}, a line per player, her name at its end."
    if any(play.date is None for play in standings.in_order):
        caption += " Undated plays come last, in the band marked \u201cundated\u201d."
    return caption
