"""Reading a table file: the one reader of the format, for every command that reads a table and
for tally.

A table file is a YAML mapping: ``game:`` (which game, else the command's), the game's
declared keys, and, while ``scorecalc tally`` has not finished it, a ``tally:`` block::

    tally:
      declined: [date, players[0].exhibitions]   # optional parts the player declined
      open: [players, players[1].grid]           # lists (and a Caracas grid) still taking entries

- ``read_table`` is how the scoring commands read it (``pipeline.load``): the node tree
  (``reading/loading.py``), its game (``choose_game``), the players' names as written
  (``player_names``); ``check_finished`` refuses a ``tally:`` block.
- ``load`` is how tally reads FILE back: the ``tally:`` block checked (``read_progress``), and
  a file tally did not write (no ``tally:`` block) read leniently, each value checked on its
  own (``read_record``): a value it cannot take (out of range, an unknown word, a key given
  twice or misspelt) is never dropped but ``Held``, its place asked again with the file's text
  shown; an absent optional part counts as declined.

``layout.py`` writes the text this reads; ``keeping.py`` writes it safely.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from ..errors import MAX_PROBLEMS, FileError, InputError, Path, UsageError, format_error, quoted
from ..games import REGISTRY, Game, State, get_game
from ..reading.loading import Source, check_key, compose, position_of, read_source, scalar_value
from ..reading.scalars import STR
from ..reading.words import closest, did_you_mean, normalise_word
from ..spec import MISSING, Record, Spec, fields_asked
from ..spec.checking import check_alone

__all__ = ["Held", "Holding", "Loaded", "Progress", "Source", "as_source", "check_finished", "choose_game",
           "load", "player_names", "read_data", "read_progress", "read_record", "read_source",
           "read_table"]


FIX_AND_RUN_AGAIN = "fix it (or move it away) and run 'scorecalc tally' again"
"""What the terminal says after a file tally cannot read at all (the fix is in the file); the
app, which runs no command, says it in a phone's words instead (``web/local.py``)."""


@dataclass(frozen=True)
class Progress:
    """What the file does not show by itself: parts declined, and lists (or grids) still open."""

    declined: frozenset[Path] = frozenset()
    open: frozenset[Path] = frozenset()


# --- the format, as every command reads it --------------------------------------------------------


def read_table(source: Source, wanted: str | None = None) -> tuple[Game[Any], yaml.MappingNode]:
    """The node tree of a table and its game: the file's ``game:``, which must be ``wanted`` (the
    command's) when given; ``wanted`` when the file has none."""
    top = compose(source)
    return get_game(choose_game(top, wanted)), top


def key_entry(mapping: yaml.MappingNode, name: str) -> tuple[yaml.Node, yaml.Node] | None:
    """The first ``name: value`` of a mapping, as its key's node and its value's."""
    for key, value in mapping.value:
        if isinstance(key, yaml.ScalarNode) and key.value == name:
            return key, value
    return None


def key_node(mapping: yaml.MappingNode, name: str) -> yaml.Node | None:
    entry = key_entry(mapping, name)
    return entry[1] if entry is not None else None


def choose_game(top: yaml.MappingNode, wanted: str | None) -> str:
    """The game of a document: its ``game:`` key, which must match ``wanted`` if given."""
    node = key_node(top, "game")
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
    """Players' names as written, by index: the one reading of them every message uses
    (``players[1] (Lena)``), from the nodes, so a file the declaration refuses has them too."""
    names: dict[int, str] = {}
    players = key_node(top, "players")
    if not isinstance(players, yaml.SequenceNode):
        return names
    for index, player in enumerate(players.value):
        node = key_node(player, "name") if isinstance(player, yaml.MappingNode) else None
        if isinstance(node, yaml.ScalarNode) and node.tag == STR and node.value.strip():
            names[index] = node.value.strip()
    return names


def check_finished(top: yaml.MappingNode, game: Game[State], source: Source) -> None:
    """A file with a ``tally:`` block is a table 'scorecalc tally' has not finished."""
    entry = key_entry(top, "tally")
    if entry is not None:
        raise InputError(("tally",), f"this table is unfinished; run 'scorecalc tally {game.name} "
                         f"{source.name if source.name != '-' else 'FILE'}' to finish it",
                         position=position_of(entry[0]))


# --- FILE as tally reads it back -----------------------------------------------------------------


@dataclass
class Loaded:
    """FILE as tally found it at the start."""

    data: dict[str, Any]
    progress: Progress
    started: bool
    """FILE holds a ``tally:`` block: tally wrote it (so no ``FILE~`` backup is due)."""
    exists: bool
    problems: list[str] = field(default_factory=list)
    """Values of FILE that failed their check, as messages in the players' words (they are asked
    again): ``A's exhibition: expected a whole number, found 30.5``."""
    held: list[Held] = field(default_factory=list)
    """The places of those values, each asked again with the file's text (``Held``)."""


@dataclass(frozen=True)
class Held:
    """A value of FILE the lenient read could not take, kept as a question (SPEC section 8, "A read
    never drops a value"): its place in the table (what tally asks again), the file's text of it
    (``exhibition: 30; exhibition: 45`` for a key given twice) and why it was not taken."""

    path: Path
    text: str
    reason: str
    within: str = ""
    """The list entry it is part of, as the file has it, when that is written on one line and
    short (a Caracas tile: ``{row: 3, col: asterisk, land: jungle, ...}``), to find it by."""


QUOTED = 160
"""The longest text of FILE quoted: a longer one is cut (a thousand aliases are not shown)."""
WITHIN = 120
"""The longest list entry quoted around a value held (a player's whole block is not)."""


@dataclass
class Holding:
    """The values held while reading one FILE, and its text (to quote them); ``entries``: the
    list entries being read, innermost last, with their places."""

    source: str
    held: list[Held] = field(default_factory=list)
    keys: list[InputError] = field(default_factory=list)
    """Keys with a wrong tag (``!!int game:``): no question holds a key, so tally refuses FILE."""
    entries: list[tuple[Path, yaml.Node]] = field(default_factory=list)

    def quote(self, first: yaml.Node, last: yaml.Node) -> str:
        """The file's text from ``first`` to ``last`` (a key and its value), on one line."""
        start, end = first.start_mark.index, last.end_mark.index
        if 0 <= start < end <= len(self.source):
            text = " ".join(self.source[start:end].split())
            return text if len(text) <= QUOTED else text[:QUOTED - 1] + "…"
        if first is last:  # empty, or written elsewhere (an alias)
            return str(first.value) if isinstance(first, yaml.ScalarNode) else ""
        return f"{self.quote(first, first)}: {self.quote(last, last)}"

    def hold(self, path: Path, text: str, reason: str) -> None:
        for i, each in enumerate(self.held):
            if each.path == path:  # the same place held twice (misspelt, and given as well): both shown
                why = each.reason if reason in each.reason.split("; ") else f"{each.reason}; {reason}"
                self.held[i] = Held(path, f"{each.text}; {text}", why)
                return
        around = [self.quote(node, node) for at, node in self.entries if path[:len(at)] == at
                  and len(at) < len(path) and getattr(node, "flow_style", False)]
        within = around[-1] if around and len(around[-1]) <= WITHIN else ""
        self.held.append(Held(path, text, reason, within))


def parse_path(text: str) -> Path:
    parts: list[str | int] = []
    for name, index in re.findall(r"([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]", text):
        parts.append(int(index) if index else name)
    return tuple(parts)


def load(game: Game[State], name: str) -> Loaded:
    """FILE read back for tally (absent or empty: an empty table); ``UsageError`` when it cannot be
    read, is not YAML, is another game's table, or its ``tally:`` block is broken."""
    if not os.path.exists(name):
        return Loaded({}, Progress(), started=False, exists=False)
    try:
        source = read_source(name)
    except FileError as error:
        raise UsageError(f"{name}: {error}") from None
    except InputError as error:
        raise UsageError("\n".join(format_error(name, error))) from None
    if not source.text.strip():
        return Loaded({}, Progress(), started=False, exists=True)
    try:
        top = compose(source)
    except InputError as error:
        raise UsageError("\n".join(format_error(name, error))
                         + f"\n{name}: {FIX_AND_RUN_AGAIN}") from None
    problems: list[InputError] = []
    holding = Holding(source.text)
    data = read_record(game.declaration, top, (), problems, holding)
    if holding.keys:  # the fix is in the file, as for a YAML syntax error: every one, located
        lines = [line for error in sorted(holding.keys, key=lambda error: error.position or (0, 0))
                 for line in format_error(name, error)]
        raise UsageError("\n".join(lines) + f"\n{name}: {FIX_AND_RUN_AGAIN}")
    written = data.pop("game", game.name)
    if written != game.name:
        raise UsageError(f"{name}: this file is a {written} table, not {game.name}; run "
                         f"'scorecalc tally {written} {name}'")
    raw_progress = data.pop("tally", MISSING)
    started = raw_progress is not MISSING
    progress = read_progress(game, top, name) if started else Progress()
    return Loaded(data, progress, started=started, exists=True, problems=worded(game, top, problems),
                  held=holding.held)


def read_data(game: Game[State], name: str, raw: bytes) -> tuple[dict[str, Any], Progress] | None:
    """The values ``raw`` (FILE's bytes at some moment) holds as tally reads them (leniently, as
    ``load``), without ``game:`` and the ``tally:`` block, and what that block says (declined,
    open); ``None`` when it cannot be read at all (not UTF-8, not YAML, not a mapping): what a
    run compares with what it wrote."""
    try:
        source = Source(name, raw.decode("utf-8-sig"))
        top = compose(source)
    except (UnicodeDecodeError, InputError, yaml.YAMLError, RecursionError):
        return None
    data = read_record(game.declaration, top, (), [], Holding(source.text))
    data.pop("game", None)
    progress = Progress()
    if data.pop("tally", MISSING) is not MISSING:
        try:
            progress = read_progress(game, top, name)
        except UsageError:
            pass  # a broken block: nothing declined, nothing open
    return data, progress


def worded(game: Game[State], top: yaml.MappingNode, problems: list[InputError]) -> list[str]:
    """The values of FILE a lenient read could not take, as a player's screen says them (tally,
    the pad): each place in the players' words (``A's exhibition: expected a whole number, found
    30.5``), worded over the file as written (a refused entry keeps its place, so the names and
    tiles a place names are the file's); in the file's order, never a ``FILE:LINE:COL`` or a
    ``players[0]``."""
    from ..places import problem_words

    written = plain(top, [WORDING_BUDGET])
    table = written if isinstance(written, dict) else {}
    single = [each for problem in problems for each in problem.problems]
    ordered = sorted(single, key=lambda problem: problem.position or (0, 0))
    said = [problem_words(problem, table, game.interview) for problem in ordered[:MAX_PROBLEMS]]
    more = len(ordered) - MAX_PROBLEMS
    return said + ([f"… and {more} more value{'s' if more != 1 else ''} of the file"] if more > 0 else [])


WORDING_BUDGET = 5000
"""Nodes of FILE read as plain data to word its problems: a names and tiles' worth (a file of
aliases repeated over and over stops there)."""


def plain(node: yaml.Node, budget: list[int]) -> Any:
    """A node as plain data, for wording places only: mappings (first key wins), lists, scalars
    as the YAML types them; ``None`` past the budget."""
    budget[0] -= 1
    if budget[0] < 0:
        return None
    if isinstance(node, yaml.MappingNode):
        found: dict[str, Any] = {}
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.value not in found:
                found[key.value] = plain(value, budget)
        return found
    if isinstance(node, yaml.SequenceNode):
        return [plain(child, budget) for child in node.value]
    return scalar_value(node) if isinstance(node, yaml.ScalarNode) else None


PATH_TEXT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d{1,4}\])*")
"""A place in the table as the ``tally:`` block writes it: ``players[0].exhibitions``."""
PROGRESS_KEYS = ("declined", "open")


def read_progress(game: Game[State], top: yaml.Node, name: str) -> Progress:
    """The ``tally:`` block, checked: a hand-edited or broken one is a located error (``UsageError``,
    exit 2), never a guess."""
    assert isinstance(top, yaml.MappingNode)
    node = key_node(top, "tally")
    assert node is not None
    problems: list[InputError] = []
    found: dict[str, frozenset[Path]] = {key: frozenset() for key in PROGRESS_KEYS}
    if not isinstance(node, yaml.MappingNode):
        problems.append(InputError(("tally",), "should be a mapping: {declined: [...], open: [...]}",
                                   position=position_of(node)))
    else:
        for key, value in node.value:
            word = key.value if isinstance(key, yaml.ScalarNode) else None
            if word not in PROGRESS_KEYS or found[str(word)]:
                problems.append(InputError(("tally", str(word)), f"unknown or repeated key {quoted(word)}",
                                           hint="the tally: block holds only declined: and open:",
                                           position=position_of(key)))
                continue
            assert isinstance(word, str)
            found[word] = read_paths(game, value, ("tally", word), problems)
    if problems:
        lines = [line for problem in problems for line in format_error(name, problem)]
        raise UsageError("\n".join(lines) + f"\n{name}: the tally: block records where 'scorecalc tally' is; "
                         "fix it, or remove it to be asked again for what the file lacks")
    return Progress(declined=found["declined"], open=found["open"])


def read_paths(game: Game[State], node: yaml.Node, where: Path,
               problems: list[InputError]) -> frozenset[Path]:
    """A list of places in the table (``[date, "players[0].exhibitions"]``), each one the
    declaration has."""
    from ..spec.interview import field_spec, key_of

    if not isinstance(node, yaml.SequenceNode):
        problems.append(InputError(where, 'should be a list of places in the table, like [date, '
                                   '"players[0].exhibitions"]', position=position_of(node)))
        return frozenset()
    paths = []
    for i, child in enumerate(node.value):
        text = child.value if isinstance(child, yaml.ScalarNode) else None
        if not isinstance(text, str) or not PATH_TEXT.fullmatch(text):
            problems.append(InputError((*where, i), f"{quoted(text if text is not None else '...')} is not a "
                                       "place in the table (like players[0].exhibitions)",
                                       position=position_of(child)))
            continue
        path = parse_path(text)
        try:
            field_spec(game.declaration, key_of(path))
        except ValueError:
            problems.append(InputError((*where, i), f"{quoted(text)}: the table has no such part",
                                       position=position_of(child)))
            continue
        paths.append(path)
    return frozenset(paths)


def read_record(record: Record, node: yaml.Node, path: Path, problems: list[InputError],
                holding: Holding | None = None) -> dict[str, Any]:
    """A record read field by field: what checks is kept; what does not is left out, reported, and
    (with ``holding``) held: a value that fails its check, a key given twice (each value: the
    player says which), a key misspelt (as the field it is nearest, quoted as written); a key
    near no field is held at its own place, which no question can hold."""
    if not isinstance(node, yaml.MappingNode):
        check_value(record, node, path, problems)  # says what is wrong with it
        if holding is not None:
            holding.hold(path, holding.quote(node, node), problems[-1].message if problems else "not taken")
        return {}
    result: dict[str, Any] = {}
    given: dict[str, tuple[yaml.Node, yaml.Node]] = {}
    names = [key.value for key, _ in node.value if isinstance(key, yaml.ScalarNode)]
    for key, value in node.value:
        name = key.value if isinstance(key, yaml.ScalarNode) else None
        if isinstance(key, yaml.ScalarNode) and key.tag != STR:
            try:  # a tagged key (``!!int game:``): tally refuses FILE (``load``), naming every one
                check_key(key, path)
            except InputError as error:
                (holding.keys if holding is not None else problems).append(error)
        spec_field = record.fields.get(name) if isinstance(name, str) else None
        if spec_field is None or name in given:
            left_out(record, key, value, path, given, names, result, problems, holding)
            continue
        assert isinstance(name, str)
        given[name] = (key, value)
        before = len(problems)
        read = read_value(spec_field.spec, value, (*path, name), problems, holding)
        if read is not MISSING:
            result[name] = read
        elif holding is not None:
            reason = "; ".join(problem.message + (f"; {problem.hint}" if problem.hint else "")
                               for problem in problems[before:before + 2]) or "not taken"
            holding.hold((*path, name), holding.quote(key, value), reason)
    if holding is not None:
        for held in holding.held:
            name = held.path[-1] if held.path[:-1] == path else None
            if isinstance(name, str) and name in result:
                result.pop(name)  # a place held is asked, never kept at what the read took first
                holding.hold(held.path, holding.quote(*given[name]), "given as well")
    return result


def left_out(record: Record, key: yaml.Node, value: yaml.Node, path: Path,
             given: dict[str, tuple[yaml.Node, yaml.Node]], names: list[Any], result: dict[str, Any],
             problems: list[InputError], holding: Holding | None) -> None:
    """A key of ``record`` given twice, or no field of it: reported (unless given twice alike),
    and with ``holding`` held: both values of a key given twice (neither taken), a misspelt key
    at the field it is nearest (that field, if also given, not taken either)."""
    name = key.value if isinstance(key, yaml.ScalarNode) else None
    spec_field = record.fields.get(name) if isinstance(name, str) else None
    what = "duplicate" if spec_field is not None else "unknown"
    near = closest(str(name), list(record.fields)) if spec_field is None else None
    hint = did_you_mean(str(name), list(record.fields)) if spec_field is None else None
    alike = spec_field is not None and same_text(given[str(name)][1], value)
    if not alike:
        problems.append(InputError((*path, str(name)), f"{what} key {quoted(name)}; left out",
                                   hint=hint, position=position_of(key)))
    if holding is None or alike:
        return
    if spec_field is not None:  # given twice: neither value is taken, both are shown
        first_key, first = given[str(name)]
        if not any(held.path == (*path, str(name)) for held in holding.held):
            holding.hold((*path, str(name)), holding.quote(first_key, first), "given twice")
        holding.hold((*path, str(name)), holding.quote(key, value), "given twice")
        result.pop(str(name), None)
        return
    place = near if near is not None and near in record.fields else str(name)
    reason = f"{quoted(name)} is no part of the table"
    reason += f"; did you mean {place!r}?" if place != name else ""
    holding.hold((*path, place), holding.quote(key, value), reason)
    if place in names:
        result.pop(place, None)


def same_text(one: yaml.Node, two: yaml.Node) -> bool:
    """Two values written alike (a key given twice with one value): nothing is lost taking one."""
    if isinstance(one, yaml.ScalarNode) and isinstance(two, yaml.ScalarNode):
        return bool(one.value == two.value and one.tag == two.tag)
    return False


def read_value(spec: Spec, node: yaml.Node, path: Path, problems: list[InputError],
               holding: Holding | None = None) -> Any:
    """A value read as tally asks it: a record asked field by field, a list asked entry by entry,
    each part kept if it checks; anything else checked as a whole (held by its record when it
    fails). A list's entry that fails is held at its own place (no question asks an entry again
    but its next one)."""
    record = fields_asked(spec)
    if record is not None:
        return read_record(record, node, path, problems, holding)
    item = spec.asked_entries()
    if item is not None and isinstance(node, yaml.SequenceNode):
        entries = []
        for i, child in enumerate(node.value):
            before = len(problems)
            if holding is not None:
                holding.entries.append(((*path, i), child))
            entry = read_value(item, child, (*path, i), problems, holding)
            if holding is not None:
                holding.entries.pop()
            if entry is not MISSING:
                entries.append(entry)
            elif holding is not None:
                why = "; ".join(problem.message for problem in problems[before:before + 2])
                holding.hold((*path, i), holding.quote(child, child), why or "not taken")
        return entries
    return check_value(spec, node, path, problems)


def check_value(spec: Spec, node: yaml.Node, path: Path, problems: list[InputError]) -> Any:
    value, found = check_alone(spec, node, path)
    problems.extend(found)
    return value if value is MISSING else spec.written(value)


def as_source(name: str, text: str) -> Source:
    return Source(name, text)
