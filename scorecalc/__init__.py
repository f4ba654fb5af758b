"""scorecalc: end-of-game scoring for Caracas, Caribe, Galapagos and On the Origin of Species.

Use it from Python::

    import scorecalc

    sheet = scorecalc.score_file("examples/galapagos/decided-by-money.yaml")
    sheet.winners                      # ['Hana']
    sheet.player("Hana").total         # 37

    scored = scorecalc.score_table("examples/galapagos/decided-by-money.yaml")
    print(scorecalc.render(scored, "markdown"))        # any --format: table, json, csv, html...
    scorecalc.to_json(scored)["winners"]               # ['Hana'] (a TableJSON)

    season = scorecalc.standings(["examples/league"])  # folders and files, as the command takes
    print(scorecalc.render_standings(season, "csv"))

Bad input raises ``scorecalc.InputError`` (a ``Problems`` holds every problem of the
file, each with ``.position`` and ``.path``); an unreadable file raises ``FileError``.
``TableJSON`` and ``StandingsJSON`` are the JSON that ``--format json`` prints, as types.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.2.0"

if TYPE_CHECKING:
    import datetime
    from collections.abc import Iterable

    from .errors import FileError, InputError, Problems
    from .league.records import Standings
    from .output.contract import StandingsJSON, TableJSON
    from .sheet import Scored, ScoreSheet

__all__ = ["FileError", "InputError", "Problems", "ScoreSheet", "Scored", "Standings", "StandingsJSON",
           "TableJSON", "__version__", "render", "render_standings", "score_file", "score_table",
           "score_text", "standings", "to_json"]

# Every command imports this package: what the functions below need is imported when they are
# called, so a command loads only what it runs.


def score_file(path: str, game: str | None = None) -> ScoreSheet:
    """Score the YAML table at ``path`` (``-`` reads standard input).

    ``game`` insists on a game (as ``scorecalc GAME FILE`` does); without it the file's
    ``game:`` key decides (as ``scorecalc score FILE``).
    """
    return score_table(path, game).sheet


def score_text(text: str, game: str | None = None, name: str = "<text>") -> ScoreSheet:
    """Score a YAML table given as text; ``name`` is the file name messages and JSON show."""
    from .pipeline import score_source
    from .reading.loading import Source

    return score_source(Source(name, text), game).sheet


def score_table(path: str, game: str | None = None) -> Scored:
    """Score the YAML table at ``path`` as ``score_file`` does, and keep the play's details
    beside the sheet (``.info``: file, date, location, warnings): what ``render`` and
    ``to_json`` take, and what every format shows."""
    from .pipeline import score_file as score

    return score(path, game)


def render(scored: Scored | Iterable[Scored], format: str = "table", *, width: int | None = 80,
           summary: bool = False) -> str:
    """The text ``scorecalc score FILE... --format FORMAT`` prints for these scored tables (one, or
    several in order): ``table``, ``markdown``, ``json``, ``csv``, ``bgstats``, ``bgsplay`` or
    ``html``. ``width``: the columns a table fits (``None``: no limit, as ``--wide``);
    ``summary``: the summary alone, as ``--summary``. ``ValueError`` for an unknown format."""
    from .output.formats import RenderOptions, format_named
    from .output.formats import render as render_format
    from .sheet import Scored

    tables = [scored] if isinstance(scored, Scored) else list(scored)
    options = RenderOptions(format_named(format), summary=summary, wide=width is None, width=width,
                            terminal=False)
    return render_format(tables, options)


def to_json(scored: Scored, *, items: bool = True) -> TableJSON:
    """One scored table as ``--format json`` prints it, as a dictionary (``items=False``: as
    ``--summary`` prints it); a game's own keys come after the ones ``TableJSON`` names."""
    from .output.formats import to_json_object

    found: Any = to_json_object(scored, items)
    return found  # type: ignore[no-any-return]


def standings(paths: Iterable[str], *, since: datetime.date | None = None, until: datetime.date | None = None,
              game: str | None = None, figures: Iterable[str] = ()) -> Standings:
    """The league standings over the tables under ``paths`` (files, and folders searched for
    ``*.yaml`` as ``scorecalc standings PATH...`` searches them), counting the plays dated from
    ``since`` to ``until`` (both included; an undated play is then left out) of ``game`` (every
    game when ``None``). ``figures`` asks for the insight options' figures by name (``ratings``,
    ``versus``, ``streaks``...); ``ValueError`` for an unknown game or figure. A file that cannot
    be scored raises its ``InputError`` or ``FileError``: a library's caller decides what to leave
    out."""
    from .games import REGISTRY
    from .league.figures import listed
    from .league.records import Filters, Insight
    from .league.standings import compute
    from .paths import expand_paths
    from .pipeline import score_file as score
    from .sheet import Scored as Kept
    from .sheet import for_the_season

    if game is not None and game not in REGISTRY:
        raise ValueError(f"{game!r} is not one of {', '.join(map(repr, REGISTRY))}")
    known = [figure.name for figure in listed()]
    for name in figures:
        if name not in known:
            raise ValueError(f"{name!r} is not one of {', '.join(map(repr, known))}")
    found = expand_paths(list(paths))
    if found.unreadable:
        from .errors import FileError

        raise FileError(found.unreadable[0])
    results = []
    for path in found.files:
        scored = score(path)
        results.append(Kept(for_the_season(scored.sheet), scored.info))
    return compute(results, Filters(since, until, game), files=len(found.files), game_order=list(REGISTRY),
                   insight=Insight(frozenset(figures)))


def render_standings(season: Standings, format: str = "table", *, width: int | None = 80) -> str:
    """The text ``scorecalc standings --format FORMAT`` prints for these standings: ``table``,
    ``markdown``, ``json``, ``csv`` or ``html``. ``ValueError`` for a format that has no standings
    (``bgstats``; ``bgsplay`` writes plays, not standings)."""
    from .output.formats import RenderOptions, format_named, renderer

    fmt = format_named(format)
    if fmt.standings is None:
        raise ValueError(f"{format!r} has no standings")
    text: str = renderer(fmt.standings)(season, RenderOptions(fmt, wide=width is None, width=width,
                                                               terminal=False))
    return text


def __getattr__(name: str) -> object:
    """The error, sheet and standings types, imported when first asked for (every command
    imports this package)."""
    if name in ("FileError", "InputError", "Problems"):
        from . import errors

        return getattr(errors, name)
    if name in ("ScoreSheet", "Scored"):
        from . import sheet

        return getattr(sheet, name)
    if name == "Standings":
        from .league.records import Standings

        return Standings
    if name in ("TableJSON", "StandingsJSON"):
        from .output import contract

        return getattr(contract, name)
    raise AttributeError(f"module 'scorecalc' has no attribute {name!r}")
