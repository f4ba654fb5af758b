"""Starter YAML for a game, written from its declaration and an example table.

The declaration gives the order of the keys and the comments (each field's ``doc``
says where the number is found on the physical table); the game's ``example(n)``
gives plausible values for ``n`` players, so the template scores without edits.
"""

from __future__ import annotations

from .games import Game, State
from .tablefile.layout import emit_mapping


def player_range(game: Game[State]) -> tuple[int, int]:
    """How many players the declaration admits (``players:`` list bounds)."""
    return game.declaration.fields["players"].spec.list_bounds() or (1, 6)


def render_template(game: Game[State], players: int) -> str:
    if game.example is None:
        raise ValueError(f"{game.name} has no example table")
    data = {"game": game.name, **game.example(players)}
    lines = [
        f"# yaml-language-server: $schema={game.name}.schema.json",
        f"#   (for editors: scorecalc schema {game.name} > {game.name}.schema.json)",
        f"# A finished {game.title} table for {players} player{'s' if players != 1 else ''}.",
        "# Replace the example values with what your table shows, then run:",
        f"#   scorecalc {game.name} THIS_FILE",
        "",
    ]
    emit_mapping(game.declaration, data, 0, lines, True, None)
    return "\n".join(lines) + "\n"
