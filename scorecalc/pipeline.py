"""File -> document -> state -> score sheet: the one path every command takes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import yaml

from .errors import InputError, Issue, Problems, format_path, quoted
from .games import REGISTRY, Game, get_game
from .names import name_key
from .reading.document import Document
from .reading.loading import Source, compose, position_of, read_source, scalar_value
from .reading.scalars import STR
from .reading.words import did_you_mean, normalise_word
from .sheet import PlayInfo, Scored
from .spec.checking import Context, Stop, salvage

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class ScoredFile(Scored):
    """A file that scored: its sheet and the play's details (what outputs read), with the game,
    the parsed document (for ``verify`` and ``--strict``) and the game's state (for its views)."""

    game: Game
    document: Document
    state: Any


def _key_node(mapping: yaml.MappingNode, name: str) -> yaml.Node | None:
    for key, value in mapping.value:
        if isinstance(key, yaml.ScalarNode) and key.value == name:
            found: yaml.Node = value
            return found
    return None


def choose_game(top: yaml.MappingNode, wanted: str | None) -> str:
    """The game of a document: its ``game:`` key, which must match ``wanted`` if given."""
    node = _key_node(top, "game")
    if node is None:
        if wanted is None:
            raise InputError(
                (), "missing 'game:'; 'score' and 'verify' need it to know which game to score",
                hint="add a line such as 'game: " + next(iter(REGISTRY)) + "'",
                position=position_of(top),
            )
        return wanted
    value = scalar_value(node) if isinstance(node, yaml.ScalarNode) else None
    name = normalise_word(value) if isinstance(value, str) else None
    if name not in REGISTRY:
        hint = did_you_mean(name or "", list(REGISTRY)) or ("known games: " + ", ".join(REGISTRY))
        shown = quoted(node.value) if value is not None else repr(value)
        raise InputError(("game",), f"unknown game {shown}", hint=hint, position=position_of(node))
    if wanted is not None and name != wanted:
        raise InputError(
            ("game",), f"this file is a {name} table, not {wanted}",
            hint=f"run 'scorecalc {name} FILE' or 'scorecalc score FILE'", position=position_of(node),
        )
    return name


def player_names(top: yaml.MappingNode) -> dict[int, str]:
    """Players' names as written, by index, for messages (read before validation)."""
    names: dict[int, str] = {}
    players = _key_node(top, "players")
    if not isinstance(players, yaml.SequenceNode):
        return names
    for index, player in enumerate(players.value):
        node = _key_node(player, "name") if isinstance(player, yaml.MappingNode) else None
        if isinstance(node, yaml.ScalarNode) and node.tag == STR and node.value.strip():
            names[index] = node.value.strip()
    return names


def load(source: Source, wanted: str | None = None) -> tuple[Game, Document]:
    """Parse and validate ``source`` against its game's declaration.

    Every problem found is reported together (``Problems``), each with a position.
    """
    top = compose(source)
    names = player_names(top)
    game = get_game(with_names(lambda: choose_game(top, wanted), names))
    check_finished(top, game, source)
    ctx = Context()
    try:
        data = game.declaration.check(top, (), ctx)
    except Stop as error:
        raise with_names_error(Problems([*ctx.problems, ctx.positions.locate(error)], ctx.more), names) \
            from None
    except InputError as error:
        ctx.report(error)
    document = Document(source, data if not ctx.problems else {}, ctx.positions)
    check_player_names(top, ctx)
    if ctx.count:
        problems = ctx.problems + (partial_checks(game, source, top, ctx) if game.checks_partial else [])
        raise with_names_error(Problems(problems, ctx.more), names)
    return game, document


def check_finished(top: yaml.MappingNode, game: Game, source: Source) -> None:
    """A file with a ``tally:`` block is a table 'scorecalc tally' has not finished."""
    for key, _ in top.value:
        if isinstance(key, yaml.ScalarNode) and key.value == "tally":
            raise InputError(("tally",), f"this table is unfinished; run 'scorecalc tally {game.name} "
                             f"{source.name if source.name != '-' else 'FILE'}' to finish it",
                             position=position_of(key))


def partial_checks(game: Game, source: Source, top: yaml.MappingNode, ctx: Context) -> list[InputError]:
    """The game's own checks over the parts of a table the declaration accepted, so a file
    with both kinds of problem lists them all in one run."""
    data, dropped = salvage(game.declaration, top, ctx.positions)
    document = Document(source, data, ctx.positions)
    try:
        game.parse(document)
    except InputError as error:
        document.problems.append(error)
    except Exception:  # best effort over a partly read table: the file is bad input
        pass           # already, and its declaration problems are reported whatever happens here

    def about_a_part_left_out(problem: InputError) -> bool:
        """'missing objective' when the objective was given but wrong: already said better."""
        return any(problem.path[:len(part)] == part or part[:len(problem.path)] == problem.path
                   for part in dropped)

    return [ctx.positions.locate(problem) for problem in document.problems
            if not about_a_part_left_out(problem)]


def with_names(step: Callable[[], T], names: dict[int, str]) -> T:
    try:
        return step()
    except InputError as error:
        raise with_names_error(error, names) from None


def with_names_error(error: InputError, names: dict[int, str]) -> InputError:
    error.names = names
    return error


def check_player_names(top: yaml.MappingNode, ctx: Context) -> None:
    """Each player has a unique name, compared as player names are (``name_key``)."""
    seen: dict[str, int] = {}
    for index, name in player_names(top).items():
        key = name_key(name)
        if not key:
            continue
        if key in seen:
            ctx.report(InputError(
                ("players", index, "name"),
                f"two players are called {quoted(name)} (players[{seen[key]}] too); names must differ",
            ))
        seen[key] = index


def score_source(source: Source, wanted: str | None = None) -> ScoredFile:
    """Load, parse and score one source; ``InputError`` s carry positions (and players' names)."""
    game, document = load(source, wanted)
    try:
        state = game.parse(document)
    except InputError as error:
        document.problems.append(error)
    if document.problems:
        located = [document.positions.locate(problem) for problem in document.problems]
        raise with_names_error(Problems(located), player_names_of(document))
    return ScoredFile(game.score(state), play_info(game, document), game, document, state)


def play_info(game: Game, document: Document) -> PlayInfo:
    """What the table says about its play and its file, beside the sheet."""
    data, source = document.data, document.source
    return PlayInfo(file=source.name, title=game.title, date=data.get("date"), location=data.get("location"),
                    notes=data.get("notes"), bgg_id=data.get("bgg_id"), file_time=source.modified,
                    warnings=tuple(format_warning(document, issue) for issue in document.warnings))


def player_names_of(document: Document) -> dict[int, str]:
    return {i: player["name"] for i, player in enumerate(document.data.get("players") or [])
            if isinstance(player, dict) and isinstance(player.get("name"), str)}


def score_file(name: str, wanted: str | None = None) -> ScoredFile:
    return score_source(read_source(name), wanted)


def format_warning(document: Document, issue: Issue) -> str:
    position = document.position(issue.path)
    return (f"{document.source.name}:{position.line}:{position.column}: warning: "
            f"{format_path(issue.path, player_names_of(document))}: {issue.message}")


def warning_as_error(document: Document, issue: Issue) -> InputError:
    error = InputError(issue.path, issue.message + " (an error under --strict)",
                       position=document.position(issue.path))
    return with_names_error(error, player_names_of(document))
