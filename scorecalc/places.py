"""A place in the table in the players' words: the one wording every screen uses.

``Alex's tile ▢2``, ``Rachel's cubes on tile 5 (Sea Lion)``, ``A's exhibition 1``: tally's
questions and messages, the pad's labels and messages and the ``-f html`` page's warnings name
a place so (SPEC section 8, "Players' words on players' screens"). The file's own form
(``players[0].money``, written once by ``errors.path_text``: exact in the ``tally:`` block and
the pad's places, cut and escaped in messages by ``errors.format_path``) stays where a file is
read: ``scorecalc GAME FILE``, ``verify``, JSON's warnings, a file tally cannot read at all.

Where a place needs the game's knowledge (a Caracas tile's square, the cubes of an Origin tile),
the game says it through its interview (``Interview.words``); a tile built from taps is worded
from the form's ``Palette`` (``piece_words``). Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .errors import InputError, Issue, Path, shorten

if TYPE_CHECKING:
    from .games import Game
    from .reading.document import Document
    from .spec.interview import Interview, Palette

NAME_ROOM = 40
"""Characters of a player's name a place shows."""


def place_words(path: Path, table: Mapping[str, Any], interview: Interview) -> str:
    """A place in the table as the player sees its question: ``("players", 0, "money")`` ->
    ``Anna's money``; ``("board", 4, "cubes")`` -> ``tile 5 (Sea Lion) cubes``;
    ``("players", 2, "name")`` -> ``player 3's name``; a place the game words itself
    (``Interview.words``) as the game says it (``Alex's tile ▢2``)."""
    if not path:
        return "the table"
    if interview.words is not None:
        own = interview.words(path, table, lambda index: owner(table, index))
        if own:
            return own
    from .spec.interview import key_of

    words: list[str] = []
    value: Any = table
    for i, part in enumerate(path):
        if isinstance(part, int):
            entry = value[part] if isinstance(value, list) and 0 <= part < len(value) else None
            if path[:1] == ("players",) and i == 1:
                words = [owner(table, part) if path[2:] != ("name",) else f"player {part + 1}'s"]
            else:
                noun = interview.ask(key_of(path[:i])).noun
                if words and words[-1] == key_of(path[i - 1:i]).replace("_", " ") and noun != "entry":
                    words.pop()  # "exhibitions" + "exhibition 2" -> "exhibition 2"
                label = f"{noun} {part + 1}"
                first = first_text(entry)
                words.append(f"{label} ({first})" if first else label)
            value = entry
        else:
            words.append(shorten(part, NAME_ROOM).replace("_", " "))
            value = value.get(part) if isinstance(value, Mapping) else None
    return " ".join(words)


def owner(table: Mapping[str, Any], index: int) -> str:
    """``Alex's`` for the player at ``index``; ``player 2's`` while she has no name."""
    name = player_name(table, index)
    return f"{name}'s" if name else f"player {index + 1}'s"


def player_name(table: Mapping[str, Any], index: int) -> str:
    """The name of the player at ``index`` as written (shortened), or empty."""
    players = table.get("players")
    entry = players[index] if isinstance(players, list) and 0 <= index < len(players) else None
    name = entry.get("name") if isinstance(entry, Mapping) else None
    return shorten(name.strip(), NAME_ROOM) if isinstance(name, str) and name.strip() else ""


def first_text(entry: Any) -> str:
    """A list entry's first field when it is a short text (an Origin tile's species)."""
    if isinstance(entry, Mapping) and entry:
        first = next(iter(entry.values()))
        if isinstance(first, str) and 0 < len(first) <= 30:
            return first
    return ""


def subject_words(path: Path, table: Mapping[str, Any], interview: Interview) -> str:
    """What a message is about: a place (``place_words``), or a player herself (``Alex``, ``player
    2``) where ``place_words`` gives the owner of her questions (``Alex's``)."""
    if len(path) == 2 and path[0] == "players" and isinstance(path[1], int):
        return player_name(table, path[1]) or f"player {path[1] + 1}"
    return place_words(path, table, interview)


def problem_words(error: InputError, table: Mapping[str, Any], interview: Interview) -> str:
    """A problem as a player's screen says it: ``Alex's tile ▢2: message (hint)``."""
    text = f"{subject_words(error.path, table, interview)}: {error.message}"
    return text + f" ({error.hint})" if error.hint else text


def issue_words(issue: Issue, table: Mapping[str, Any], interview: Interview) -> str:
    """A warning as a player's screen says it: ``Alex's board: Alex has 16 tiles; …``."""
    return f"{subject_words(issue.path, table, interview)}: {issue.message}"


def warnings_words(game: Game[Any], document: Document) -> tuple[str, ...]:
    """A scored file's warnings in the players' words (the html page's, tally's), where
    ``PlayInfo.warnings`` keeps the file's positions (JSON, ``scorecalc GAME FILE``)."""
    interview = game.interview
    return tuple(issue_words(issue, document.data, interview) for issue in document.warnings)


def piece_words(palette: Palette, text: str) -> str:
    """A piece's text (a tile's token, ``SwHoPi~SW``) in the words its palette gives each code:
    ``Swamp, howler monkey, piranha, river S W``; the text as it is where the palette cannot
    read it all (then it is what a player typed)."""
    rest = text.strip()
    if not rest:
        return "nothing"
    words: list[str] = []
    head, _, lines = rest.partition(palette.mark) if palette.mark else (rest, "", "")
    for pick in palette.picks:
        taken = 0
        while head and taken < max(pick.most, 1):
            found = next(((code, word) for code, word in sorted(pick.options, key=lambda o: -len(o[0]))
                          if code and head.lower().startswith(code.lower())), None)
            if found is None:
                break
            words.append(found[1])
            head = head[len(found[0]):]
            taken += 1
    if head:
        return rest
    sides = dict((code.upper(), code) for code, _ in palette.sides)
    for river in (rest.split(palette.mark)[1:] if lines or palette.mark in rest else []):
        shown = [sides.get(side.upper()) for side in river.strip()]
        if not river.strip() or None in shown:
            return rest
        words.append(f"{palette.line} " + " ".join(side for side in shown if side))
    return ", ".join(words)


def listed(places: Iterable[Path], table: Mapping[str, Any], interview: Interview) -> str:
    """Several places in words, joined: ``Ana's money, Ana's exhibition 1``."""
    return ", ".join(place_words(path, table, interview) for path in places)
