"""File -> document -> state -> score sheet: the one path every command takes.

The file is read as every table is, through the table-file module (``tablefile/reader.py``:
the node tree, its game, the players' names, a ``tally:`` block refused); here its game's
declaration checks it, the game parses and scores it.

The path is typed from end to end in the game's state: ``score_document`` takes a
``Game[State]`` and its document and gives a ``ScoredFile[State]``; only the registry's
lookup by name (``games.get_game``) cannot say which game it found.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

import yaml

from .errors import InputError, Issue, Problems, format_path
from .games import Game
from .names import same_name_message, same_names
from .reading.document import Document
from .sheet import PlayInfo, Scored
from .spec.checking import salvage
from .spec.context import Context, Stop
from .tablefile.reader import Source, check_finished, player_names, read_source, read_table

State = TypeVar("State")


@dataclass(frozen=True, slots=True)
class ScoredFile(Scored, Generic[State]):
    """A file that scored: its sheet and the play's details (what outputs read), with the game,
    the parsed document (for ``verify`` and ``--strict``) and the game's state (for its views)."""

    game: Game[State]
    document: Document
    state: State


def load(source: Source, wanted: str | None = None) -> tuple[Game[Any], Document]:
    """Parse and validate ``source`` against its game's declaration.

    Every problem found is reported together (``Problems``), each with a position.
    """
    game, top = read_table(source, wanted)
    return game, check_document(game, source, top)


def check_document(game: Game[State], source: Source, top: yaml.MappingNode) -> Document:
    """The document of ``top`` as ``game``'s declaration reads it; ``Problems`` (named) when
    anything is wrong, the game's own problems over the parts that are right included."""
    names = player_names(top)
    check_finished(top, game, source)
    ctx = Context()
    try:
        data = game.declaration.check(top, (), ctx)
    except Stop as error:
        raise Problems([*ctx.problems, ctx.positions.locate(error)], ctx.more, names=names) from None
    except InputError as error:
        ctx.report(error)
        data = {}
    check_player_names(names, ctx)
    if ctx.count:
        found = partial_checks(game, source, top, ctx, names) if game.checks_partial else []
        raise Problems([*ctx.problems, *found], ctx.more, names=names)
    return Document(source, data, ctx.positions, names)


def partial_checks(game: Game[State], source: Source, top: yaml.MappingNode, ctx: Context,
                   names: Mapping[int, str]) -> list[InputError]:
    """The game's own checks over the parts of a table the declaration accepted, so a file
    with both kinds of problem lists them all in one run.

    A game with ``checks_partial`` reads a partial table (a refused player or tile is ``None``,
    a refused setting absent) and reports what it finds as over a whole one, raising nothing but
    ``InputError``: anything else is a bug in the game and shows as one, as it would in ``parse``
    over a whole table (bench/fuzz.py and bench/fuzz_structured.py run partial tables through
    every game)."""
    data, dropped = salvage(game.declaration, top, ctx.positions)
    document = Document(source, data, ctx.positions, names)
    try:
        game.parse(document)
    except InputError as error:
        document.problems.append(error)

    def about_a_part_left_out(problem: InputError) -> bool:
        """'missing objective' when the objective was given but wrong: already said better."""
        return any(problem.path[:len(part)] == part or part[:len(problem.path)] == problem.path
                   for part in dropped)

    return [ctx.positions.locate(problem) for problem in document.problems
            if not about_a_part_left_out(problem)]


def check_player_names(names: Mapping[int, str], ctx: Context) -> None:
    """Each player has a name no earlier player has (``names.same_names``, tally's rule too)."""
    for index, earlier in same_names(names):
        ctx.report(InputError(("players", index, "name"), same_name_message(earlier, names[earlier])))


def score_source(source: Source, wanted: str | None = None) -> ScoredFile[Any]:
    """Load, parse and score one source; ``InputError`` s carry positions (and players' names)."""
    game, document = load(source, wanted)
    return score_document(game, document)


def score_document(game: Game[State], document: Document) -> ScoredFile[State]:
    """The game's state of a checked document, and its sheet with the play's details beside it."""
    state = parse_document(game, document)
    return ScoredFile(sheet=game.score(state), info=play_info(game, document), game=game, document=document,
                      state=state)


def parse_document(game: Game[State], document: Document) -> State:
    """The game's state of a checked document (its warnings added to the document); ``Problems``,
    located, when the game's own checks find any. Scoring the state adds no problem and no
    warning: tally's check of a table stops here (``tally/model.py`` ``check_table``)."""
    try:
        state = game.parse(document)
    except InputError as error:
        document.problems.append(error)
    if document.problems:
        located = [document.positions.locate(problem) for problem in document.problems]
        raise Problems(located, names=document.names)
    return state


def play_info(game: Game[State], document: Document) -> PlayInfo:
    """What the table says about its play and its file, beside the sheet."""
    data, source = document.data, document.source
    return PlayInfo(file=source.name, title=game.title, date=data.get("date"), location=data.get("location"),
                    notes=data.get("notes"), bgg_id=data.get("bgg_id"), file_time=source.modified,
                    warnings=tuple(format_warning(document, issue) for issue in document.warnings))


def score_file(name: str, wanted: str | None = None, *, shown: str | None = None) -> ScoredFile[Any]:
    """Score the file at path ``name``; ``shown``: the name its outputs and warnings give it
    instead (the web pad's phones see FILE by its own name, not where it lies on the server)."""
    source = read_source(name)
    return score_source(source if shown is None else replace(source, name=shown), wanted)


def format_warning(document: Document, issue: Issue) -> str:
    position = document.position(issue.path)
    return (f"{document.source.name}:{position.line}:{position.column}: warning: "
            f"{format_path(issue.path, document.names)}: {issue.message}")


def warning_as_error(document: Document, issue: Issue) -> InputError:
    return InputError(issue.path, issue.message + " (an error under --strict)",
                      position=document.position(issue.path), names=document.names)
