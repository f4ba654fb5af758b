"""File -> document -> state -> score sheet: the one path every command takes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from .declare import Context, did_you_mean, normalise_word
from .errors import FileError, InputError, Issue, format_path
from .games import REGISTRY, Game, get_game
from .loading import Document, Source, compose, position_of, read_source, scalar_value
from .sheet import ScoreSheet


@dataclass
class Scored:
    """A file that scored, with the parsed document for ``verify``."""

    game: Game
    document: Document
    state: Any
    sheet: ScoreSheet


def _game_node(top: yaml.MappingNode) -> yaml.Node | None:
    for key, value in top.value:
        if isinstance(key, yaml.ScalarNode) and key.value == "game":
            return value
    return None


def choose_game(top: yaml.MappingNode, wanted: str | None) -> str:
    """The game of a document: its ``game:`` key, which must match ``wanted`` if given."""
    node = _game_node(top)
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
        raise InputError(("game",), f"unknown game {node.value if value is not None else value!r}",
                         hint=hint, position=position_of(node))
    if wanted is not None and name != wanted:
        raise InputError(
            ("game",), f"this file is a {name} table, not {wanted}",
            hint=f"run 'scorecalc {name} FILE' or 'scorecalc score FILE'", position=position_of(node),
        )
    return name


def load(source: Source, wanted: str | None = None) -> tuple[Game, Document]:
    """Parse and validate ``source`` against its game's declaration.

    Every ``InputError`` leaving this function carries a position.
    """
    top = compose(source)
    game = get_game(choose_game(top, wanted))
    ctx = Context()
    try:
        data = game.declaration.check(top, (), ctx)
    except InputError as error:
        if error.position is None:
            table = ctx.key_positions if error.at_key else ctx.value_positions
            probe = error.path
            while probe and probe not in table:
                probe = probe[:-1]
            error.position = table.get(probe) or position_of(top)
        raise
    document = Document(source, data, ctx.value_positions, ctx.key_positions)
    try:
        check_player_names(document)
    except InputError as error:
        error.position = document.position(error.path)
        raise
    return game, document


def check_player_names(document: Document) -> None:
    """Each player has a unique name (compared ignoring case and spacing)."""
    seen: dict[str, int] = {}
    for index, player in enumerate(document.data.get("players") or []):
        if not isinstance(player, dict) or "name" not in player:
            continue
        key = " ".join(player["name"].casefold().split())
        if key in seen:
            raise InputError(
                ("players", index, "name"),
                f"two players are called {player['name']!r} (players[{seen[key]}] too); names must differ",
            )
        seen[key] = index


def score_source(source: Source, wanted: str | None = None) -> Scored:
    """Load, parse and score one source; ``InputError`` s carry positions."""
    game, document = load(source, wanted)
    try:
        state = game.parse(document)
    except InputError as error:
        if error.position is None:
            error.position = document.position(error.path, at_key=error.at_key)
        raise
    sheet = game.score(state)
    sheet.file = source.name
    sheet.bgg_id = document.data.get("bgg_id")
    sheet.warnings = [format_warning(document, issue) for issue in document.warnings]
    return Scored(game, document, state, sheet)


def score_file(name: str, wanted: str | None = None) -> Scored:
    return score_source(read_source(name), wanted)


def format_error(name: str, error: InputError | FileError) -> str:
    """``FILE:LINE:COL: path: message`` (or ``FILE: message`` with no position)."""
    if isinstance(error, FileError) or error.position is None:
        return f"{name}: {error}"
    return f"{name}:{error.position.line}:{error.position.column}: {error.describe()}"


def format_warning(document: Document, issue: Issue) -> str:
    position = document.position(issue.path)
    return (f"{document.source.name}:{position.line}:{position.column}: warning: "
            f"{format_path(issue.path)}: {issue.message}")


def warning_as_error(document: Document, issue: Issue) -> InputError:
    return InputError(issue.path, issue.message + " (an error under --strict)",
                      position=document.position(issue.path))
