"""FILE's contents: read back what it holds (its ``tally:`` block checked), and the text written
after every answer (``keeping.py`` writes it safely).

FILE is written in the template's layout (``template.emit_mapping``: keys in declaration
order, each with its ``doc`` as a comment) and, while the table is unfinished, ends with
a ``tally:`` block::

    tally:
      declined: [date, players[0].exhibitions]   # optional parts the player declined
      open: [players, players[1].grid]           # lists (and a Caracas grid) still taking entries

Any other command refuses a file with a ``tally:`` block (``pipeline.check_finished``).
A file tally did not write (no ``tally:`` block) is read leniently: each value is checked
on its own, a bad one is dropped (and asked again, with its message), and an absent
optional part counts as declined.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from ..errors import FileError, InputError, Path, UsageError, format_error, quoted
from ..games import Game, State
from ..pipeline import player_names
from ..reading.loading import Source, compose, position_of, read_source
from ..reading.words import did_you_mean
from ..spec import MISSING, Record, Spec
from ..spec.checking import check_alone
from .answers import as_written
from .questions import Progress


@dataclass
class Loaded:
    data: dict[str, Any]
    progress: Progress
    started: bool
    """FILE holds a ``tally:`` block: tally wrote it (so no ``FILE~`` backup is due)."""
    exists: bool
    problems: list[str] = field(default_factory=list)
    """Values of FILE that failed their check, as messages (they are asked again)."""


def path_text(path: Path) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def parse_path(text: str) -> Path:
    parts: list[str | int] = []
    for name, index in re.findall(r"([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]", text):
        parts.append(int(index) if index else name)
    return tuple(parts)


def load(game: Game[State], name: str) -> Loaded:
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
                         + f"\n{name}: fix it (or move it away) and run 'scorecalc tally' again") from None
    problems: list[InputError] = []
    data = read_record(game.declaration, top, (), problems)
    written = data.pop("game", game.name)
    if written != game.name:
        raise UsageError(f"{name}: this file is a {written} table, not {game.name}; run "
                         f"'scorecalc tally {written} {name}'")
    raw_progress = data.pop("tally", MISSING)
    started = raw_progress is not MISSING
    progress = read_progress(game, top, name) if started else Progress()
    messages = [line for problem in problems for line in format_error(name, problem, player_names(top))]
    return Loaded(data, progress, started=started, exists=True, problems=messages)


PATH_TEXT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d{1,4}\])*")
"""A place in the table as the ``tally:`` block writes it: ``players[0].exhibitions``."""
PROGRESS_KEYS = ("declined", "open")


def read_progress(game: Game[State], top: yaml.Node, name: str) -> Progress:
    """The ``tally:`` block, checked: a hand-edited or broken one is a located error (``UsageError``,
    exit 2), never a guess."""
    assert isinstance(top, yaml.MappingNode)
    node = next(value for key, value in top.value
                if isinstance(key, yaml.ScalarNode) and key.value == "tally")
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


def read_record(record: Record, node: yaml.Node, path: Path, problems: list[InputError]) -> dict[str, Any]:
    """A record read field by field: what checks is kept, what does not is left out (and reported)."""
    if not isinstance(node, yaml.MappingNode):
        check_value(record, node, path, problems)  # says what is wrong with it
        return {}
    result: dict[str, Any] = {}
    for key, value in node.value:
        name = key.value if isinstance(key, yaml.ScalarNode) else None
        spec_field = record.fields.get(name) if isinstance(name, str) else None
        if spec_field is None or name in result:
            what = "duplicate" if spec_field is not None else "unknown"
            hint = did_you_mean(str(name), list(record.fields)) if spec_field is None else None
            problems.append(InputError((*path, str(name)), f"{what} key {quoted(name)}; left out", hint=hint,
                                       position=position_of(key)))
            continue
        assert isinstance(name, str)
        read = read_value(spec_field.spec, value, (*path, name), problems)
        if read is not MISSING:
            result[name] = read
    return result


def read_value(spec: Spec, node: yaml.Node, path: Path, problems: list[InputError]) -> Any:
    """A value read as tally asks it: a record asked field by field, a list asked entry by entry,
    each part kept if it checks; anything else checked as a whole."""
    record = spec.asked_fields()
    if record is not None:
        return read_record(record, node, path, problems)
    item = spec.asked_entries()
    if item is not None and isinstance(node, yaml.SequenceNode):
        entries = []
        for i, child in enumerate(node.value):
            entry = read_value(item, child, (*path, i), problems)
            if entry is not MISSING:
                entries.append(entry)
        return entries
    return check_value(spec, node, path, problems)


def check_value(spec: Spec, node: yaml.Node, path: Path, problems: list[InputError]) -> Any:
    value, found = check_alone(spec, node, path)
    problems.extend(found)
    return MISSING if value is MISSING else as_written(spec, value)


def render(game: Game[State], data: dict[str, Any], progress: Progress | None) -> str:
    """FILE's text: the template's layout, and the ``tally:`` block while unfinished."""
    from ..template import emit_mapping

    lines = [f"# {game.title}: a table written by 'scorecalc tally {game.name}'."]
    if progress is not None:
        lines.append(f"# Unfinished: run 'scorecalc tally {game.name} THIS_FILE' to go on.")
    else:
        lines.append(f"# Score it with: scorecalc {game.name} THIS_FILE")
    lines.append("")
    emit_mapping(game.declaration, {"game": game.name, **data}, 0, lines, True, None)
    if progress is not None:
        lines.append("")
        lines.append("# where 'scorecalc tally' is: parts declined, lists still open (removed when complete)")
        lines.append("tally:")
        for key, paths in (("declined", progress.declined), ("open", progress.open)):
            texts = sorted(map(path_text, paths))
            lines.append(f"  {key}: [{', '.join(json.dumps(text) for text in texts)}]")
    return "\n".join(lines) + "\n"


def as_source(name: str, text: str) -> Source:
    return Source(name, text)
