"""The compact grid form of a Caracas board: one line per row, one token per square.

```yaml
grid: |
  # ✻          ▢           ◎          ▲
  JuHoHo~NS    SwIbPi~NES  .          SaJa
  JuJa~NS      SwPi~NW     SaCp~ES    .
```

A token is ``.`` for an empty square, or a land code, up to two animal codes and, for
each river, ``~`` followed by its sides: ``SwIbPi~NES`` is a swamp tile showing an ibis
and a piranha with one river on its north, east and south sides; ``Ju~NW~ES`` a jungle
tile with two separate rivers (a side belongs to at most one). Codes are two
letters, matched in any case. Lines that are blank or only a ``#`` comment are skipped;
``#`` starts a comment anywhere. The full grammar is in ``docs/rules/caracas.md``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import yaml

from ...errors import InputError, Path
from ...reading.scalars import STR
from ...reading.words import did_you_mean
from ...spec import Spec
from .animals import ANIMALS, name
from .board import COLUMNS, SIDES, Tile

if TYPE_CHECKING:
    from ...spec.context import Context

LAND_CODES = {"ju": "jungle", "sa": "savannah", "sw": "swamp"}
ANIMAL_CODES = {
    "ja": "jaguar", "cp": "capybara", "ho": "howler_monkey", "pi": "piranha", "ib": "ibis",
    "sl": "sloth", "an": "anaconda", "at": "anteater", "ta": "tarantula", "fr": "poison_frog",
    "ki": "kinkajou", "sh": "shrimp", "sq": "squirrel_monkey", "bu": "butterfly", "gu": "guppy",
    "cm": "caiman", "so": "sotalia", "ee": "electric_eel", "fl": "flamingo", "sn": "snake",
}
CODE_OF_ANIMAL = {animal: code for code, animal in ANIMAL_CODES.items()}
CODE_OF_LAND = {land: code for code, land in LAND_CODES.items()}
EMPTY = "."
RIVER_MARK = "~"
MAX_GRID_CHARS = 20_000
MAX_ROWS = 73
"""As for ``row`` in the explicit form: no board is longer than the box has tiles."""

assert set(ANIMAL_CODES.values()) == set(ANIMALS)

_TOKEN = re.compile(r"\S+")


class GridError(Exception):
    """A token (or row) that cannot be read: ``line`` is the index of the line in the
    grid text, ``offset`` the index of the character where the problem starts."""

    def __init__(self, line: int, offset: int, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.line = line
        self.offset = offset
        self.message = message
        self.hint = hint


@dataclass(frozen=True)
class GridTile:
    """A tile read from the grid and where its token stands in the grid text."""

    tile: Tile
    line: int
    offset: int


def grid_codes() -> str:
    """Every code of the compact grid form, for ``scorecalc caracas --help`` or a codes
    view: lands, animals, sides and rivers, at most 80 columns wide."""
    entries = [f"{code.title()} {name(animal)}" for code, animal in ANIMAL_CODES.items()]
    width = max(map(len, entries)) + 2
    per_line = 4
    animals = ["".join(entry.ljust(width) for entry in entries[at:at + per_line]).rstrip()
               for at in range(0, len(entries), per_line)]
    lines = [
        "Caracas grid: one line per row (row 1 under the SEA), four tokens per line,",
        "'.' for an empty square. Token: land, 0-2 animals, then each river's sides",
        "after '~': SwIbPi~NES; a tile with two separate rivers: Ju~NW~ES.",
        "Lands:   " + "  ".join(f"{code.title()} {land}" for code, land in LAND_CODES.items()),
        *(("Animals: " if index == 0 else " " * 9) + line for index, line in enumerate(animals)),
        "Sides:   N north (the SEA side of row 1)  E east  S south  W west",
        "Rivers:  ~ starts a river; ~NES is one river, ~NW~ES two; a side in one only",
        "Comments: '#' to the end of a line. Write the grid as a block: 'grid: |'",
    ]
    return "\n".join(lines) + "\n"


def nearest_codes(code: str, codes: list[str]) -> str | None:
    """``did you mean 'Cm'?`` for a two-letter code one letter away from known codes (``Cn``);
    ``None`` when none is (difflib finds no two-letter word near enough)."""
    near = [known for known in codes if len(known) == len(code)
            and sum(a != b for a, b in zip(known, code, strict=True)) == 1]
    if not near:
        return did_you_mean(code, codes)

    def likelihood(known: str) -> tuple[bool, bool]:
        """A slip of the finger first (a key next to the one meant), then the first letter kept."""
        typed, meant = next((a, b) for a, b in zip(code, known, strict=True) if a != b)
        return (not _neighbours(typed, meant), typed != code[0] or meant != known[0])

    best = min(map(likelihood, near))
    if best == (True, True):  # another letter altogether: no better a guess than the list
        return did_you_mean(code, codes)
    near = [known for known in near if likelihood(known) == best]
    named = [f"{known.title()!r} ({name(ANIMAL_CODES[known])})" if known in ANIMAL_CODES
             else repr(known.title()) for known in near[:3]]
    return "did you mean " + " or ".join(named) + "?"


_KEYBOARD = ("qwertyuiop", "asdfghjkl", "zxcvbnm")


def _neighbours(one: str, other: str) -> bool:
    """Whether two letters are side by side on a QWERTY keyboard (``n`` and ``m``)."""
    for row in _KEYBOARD:
        if one in row and other in row:
            return abs(row.index(one) - row.index(other)) == 1
    return False


def code_table() -> str:
    return ", ".join(f"{code.title()} {name(animal)}" for code, animal in ANIMAL_CODES.items())


def read_token(token: str, row: int, col: int, line: int, offset: int) -> Tile | None:
    """One token -> a ``Tile`` (``None`` for an empty square)."""
    if token == EMPTY:
        return None

    def fail(message: str, at: int = 0, hint: str | None = None) -> GridError:
        return GridError(line, offset + at, f"token {token!r}: {message}", hint)

    body, mark, _ = token.partition(RIVER_MARK)
    if not re.fullmatch(r"[A-Za-z]*", body):
        bad = next(i for i, char in enumerate(body) if not char.isascii() or not char.isalpha())
        raise fail(f"unexpected {body[bad]!r}; a token is letters, then '~' and river sides",
                   bad, hint="write '.' for an empty square")
    land_code = body[:2].lower()
    if land_code not in LAND_CODES:
        raise fail(f"{body[:2]!r} is not a land; a token starts with Ju (jungle), Sa (savannah) or "
                   "Sw (swamp)", 0, hint=did_you_mean(land_code, list(LAND_CODES)))
    animal_text = body[2:]
    if len(animal_text) % 2:
        raise fail("animal codes have two letters each; one letter is left over", len(body) - 1,
                   hint=f"codes: {code_table()}")
    animals: list[str] = []
    for at in range(2, len(body), 2):
        code = body[at:at + 2].lower()
        if code not in ANIMAL_CODES:
            raise fail(f"unknown animal code {body[at:at + 2]!r}", at,
                       hint=nearest_codes(code, list(ANIMAL_CODES)) or f"codes: {code_table()}")
        animal = ANIMAL_CODES[code]
        if animal in animals:
            raise fail(f"shows the {name(animal)} twice; a tile shows different animals", at)
        animals.append(animal)
    if len(animals) > 2:
        raise fail(f"{len(animals)} animals; a tile shows at most 2", 6)
    return Tile(row, col, LAND_CODES[land_code], tuple(animals),
                read_rivers(token, len(body), fail) if mark else ())


def read_rivers(token: str, start: int, fail: Callable[..., GridError]) -> tuple[frozenset[str], ...]:
    """``~NW~ES`` (from ``token[start]``) -> two rivers: each ``~`` starts a river, and a
    side belongs to at most one river."""
    rivers: list[frozenset[str]] = []
    seen: set[str] = set()
    at = start
    for text in token[start + 1:].split(RIVER_MARK):
        if not text:
            raise fail("'~' must be followed by river sides (N, E, S, W)", at)
        river: set[str] = set()
        for offset, char in enumerate(text, start=at + 1):
            side = char.upper()
            if side not in SIDES:
                raise fail(f"{char!r} is not a river side (N, E, S, W)", offset)
            if side in river:
                raise fail(f"river side {side} given twice", offset)
            if side in seen:
                raise fail(f"river side {side} is in two rivers; a side belongs to at most one", offset)
            river.add(side)
        seen |= river
        rivers.append(frozenset(river))
        at += len(text) + 1
    return tuple(rivers)


def parse_grid(text: str) -> list[GridTile]:
    """Grid text -> tiles. Row 1 is the first line that holds tokens."""
    tiles = []
    row = 0
    for line_index, line in enumerate(text.split("\n")):
        content = line.split("#", 1)[0]
        tokens = [(match.group(), match.start()) for match in _TOKEN.finditer(content)]
        if not tokens:
            continue
        row += 1
        if row > MAX_ROWS:
            raise GridError(line_index, tokens[0][1], f"row {row}: a board has at most {MAX_ROWS} rows "
                            "(the box holds 73 tiles)")
        if len(tokens) > len(COLUMNS):
            raise too_many(tokens, row, line_index)
        if len(tokens) < len(COLUMNS):
            raise GridError(line_index, len(content.rstrip()), f"row {row} has "
                            f"{plural_squares(len(tokens))}; a row has {len(COLUMNS)}",
                            hint="write '.' for an empty square")
        for col, (token, offset) in enumerate(tokens, start=1):
            tile = read_token(token, row, col, line_index, offset)
            if tile is not None:
                tiles.append(GridTile(tile, line_index, offset))
    return tiles


def too_many(tokens: list[tuple[str, int]], row: int, line_index: int) -> GridError:
    """A row of more than four tokens, naming the token that does not belong: a river typed
    apart from its tile (``SwGu ~NE``), else the tokens after the fourth."""
    for index, (token, offset) in enumerate(tokens):
        if token.startswith(RIVER_MARK) and index > 0:
            joined = tokens[index - 1][0] + token
            return GridError(line_index, offset, f"row {row} has {plural_squares(len(tokens))}: {token!r} "
                             f"stands apart from its tile", hint=f"write {joined!r}, without the space")
    extra = [token for token, _ in tokens[len(COLUMNS):]]
    listed = ", ".join(repr(token) for token in extra)
    return GridError(line_index, tokens[len(COLUMNS)][1], f"row {row} has {plural_squares(len(tokens))}: "
                     f"{listed} after the fourth; a row has {len(COLUMNS)}",
                     hint="one token per square, '.' for an empty square")


def plural_squares(count: int) -> str:
    return f"{count} square{'s' if count != 1 else ''}"


def token_of(tile: Tile) -> str:
    """The canonical token: ``SwIbPi~NES`` (codes capitalised, sides in N E S W order; a
    tile with two rivers ``Ju~NW~ES``, rivers in the order of their first side)."""
    text = CODE_OF_LAND[tile.land].title() + "".join(CODE_OF_ANIMAL[a].title() for a in tile.animals)
    for river in tile.rivers:
        text += RIVER_MARK + "".join(side for side in SIDES if side in river)
    return text


def render_grid(tiles: list[Tile]) -> str:
    """Tiles -> grid text, one line per row from 1 to the last row, columns aligned."""
    by_square = {tile.square: tile for tile in tiles}
    rows = max((tile.row for tile in tiles), default=0)
    cells = [[token_of(by_square[(r, c)]) if (r, c) in by_square else EMPTY for c in COLUMNS]
             for r in range(1, rows + 1)]
    widths = [max((len(line[c]) for line in cells), default=1) for c in range(len(COLUMNS))]
    return "".join(
        "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip() + "\n"
        for line in cells
    )


def folded_squares(node: yaml.Node) -> int:
    """How many squares a grid's rows make once YAML folded them into one line (0: not
    folded). A grid written without ``|`` (plain, quoted or ``>``) over several lines
    reaches us as one long line; a row has 4 squares, so a longer line tells."""
    if not isinstance(node, yaml.ScalarNode) or node.style == "|" or \
            (node.style != ">" and node.end_mark.line == node.start_mark.line):
        return 0
    longest = max(len(_TOKEN.findall(line.split("#", 1)[0])) for line in str(node.value).split("\n"))
    return longest if longest > len(COLUMNS) else 0


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class GridText(Spec):
    """The grid as a (block) scalar, kept exactly as written so tokens can be located."""

    doc: str = field(default="the board in the compact grid form (docs/rules/caracas.md)", init=False)
    kind: str = field(default="text (the grid, best written as a block: 'grid: |')", init=False)

    def accepts(self, node: yaml.Node) -> bool:
        return isinstance(node, yaml.ScalarNode) and node.tag == STR

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> str:
        ctx.visit(node, path)
        if not self.accepts(node):
            raise self.wrong_type(node, path)
        if len(node.value) > MAX_GRID_CHARS:
            raise InputError(path, f"longer than {MAX_GRID_CHARS:,} characters; no board is that big")
        folded = folded_squares(node)
        if folded:
            raise InputError(path, f"the rows were read as one line of {plural_squares(folded)}: YAML joins "
                             "the lines of a grid not written as a literal block",
                             hint="write 'grid: |' and then one row per line, indented below it")
        return str(node.value)

    def json_schema(self) -> dict[str, Any]:
        return {"type": "string", "maxLength": MAX_GRID_CHARS}

    def template_example(self) -> str:
        return ". . . .\n"

    def answer_syntax(self) -> str:
        """What a row's token is made of, with every code (``?`` at a board row in tally)."""
        lands = ", ".join(f"{code.title()} {land}" for code, land in LAND_CODES.items())
        animals = ", ".join(f"{code.title()} {name(animal)}" for code, animal in ANIMAL_CODES.items())
        return (f"per square, a land ({lands}), 0-2 animals ({animals}), then '~' and a river's sides "
                "N E S W (N: the SEA side of row 1; '~NW~ES': two rivers); '.' for an empty square")
