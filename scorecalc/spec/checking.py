"""Collect-all validation: one pass over a document that reports every problem and goes on.

A spec's ``check`` raises ``InputError`` for a bad value; the container holding it
reports the error to the pass's ``Context`` and checks the rest, so a file's problems
all show in one run. Past ``MAX_PROBLEMS`` they are only counted; a ``Stop`` (a budget
against hostile files exceeded) ends the pass at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import yaml

from ..errors import MAX_PROBLEMS, InputError, Path, Positions, Problems
from ..reading.loading import MAX_DEPTH, MAX_NODES, check_node, position_of, scalar_value
from .base import MISSING

if TYPE_CHECKING:
    from .base import Spec
    from .record import Record


class Stop(InputError):
    """A problem after which reading goes no further (a budget exceeded)."""


class Reported(InputError):
    """A container had bad parts, already reported: the container is left out as a whole,
    so no spec built on it ever sees partial data."""

    def __init__(self) -> None:
        super().__init__((), "already reported")


class Context:
    """What one validation pass collects: positions, problems, and budgets against hostile files.

    Validation goes on past a bad value: each problem is reported here and the value
    left out, so a file's problems all show in one run. Past ``MAX_PROBLEMS`` they are
    only counted.
    """

    __slots__ = ("collect", "more", "nodes", "positions", "problems")

    def __init__(self) -> None:
        self.positions = Positions()
        self.nodes = 0
        self.problems: list[InputError] = []
        self.more = 0
        self.collect = True

    @contextmanager
    def strictly(self) -> Iterator[None]:
        """Within: the first problem is raised, not collected (a spec that retries another reading)."""
        before, self.collect = self.collect, False
        try:
            yield
        finally:
            self.collect = before

    def report(self, error: InputError) -> None:
        """Keep ``error`` (located from the positions seen so far) and go on; a ``Stop`` ends reading."""
        if isinstance(error, Stop) or not self.collect:
            raise error
        if isinstance(error, Reported):
            return
        if isinstance(error, Problems):
            for problem in error.problems:
                self.report(problem)
            self.more += error.more
            return
        if len(self.problems) >= MAX_PROBLEMS:
            self.more += 1
            return
        self.problems.append(self.positions.locate(error))

    def check_parts(self, before: int) -> None:
        """Raise ``Reported`` when problems were reported since ``before`` (a container's parts)."""
        if self.count > before:
            raise Reported()

    @property
    def count(self) -> int:
        return len(self.problems) + self.more

    def visit(self, node: yaml.Node, path: Path) -> None:
        """Count ``node`` against the budgets, check its tag, and note where it was written."""
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise Stop(
                path,
                f"the document expands to more than {MAX_NODES:,} values "
                "(aliases repeated over and over?); no score sheet is that large",
                position=position_of(node),
            )
        if len(path) > MAX_DEPTH:
            raise Stop(path, f"nested deeper than {MAX_DEPTH} levels", position=position_of(node))
        check_node(node, path)
        self.positions.values[path] = node.start_mark


def check_alone(spec: Spec, node: yaml.Node, path: Path,
                positions: Positions | None = None) -> tuple[Any, list[InputError]]:
    """``spec``'s value of ``node`` checked on its own, and its problems (located): the value is
    ``MISSING`` when there is any. ``positions`` collects where values were written."""
    ctx = Context()
    if positions is not None:
        ctx.positions = positions
    try:
        value = spec.check(node, path, ctx)
    except Stop as error:
        return MISSING, [*ctx.problems, ctx.positions.locate(error)]
    except InputError as error:
        ctx.report(error)
        value = MISSING
    return (MISSING, ctx.problems) if ctx.count else (value, [])


def salvage(record: Record, node: yaml.Node, positions: Positions) -> tuple[dict[str, Any], list[Path]]:
    """The parts of a document that are valid on their own, for a game's checks after the
    declaration found problems elsewhere (so a file's problems of both kinds show in one run),
    and the paths of the parts left out.

    Each top-level key is kept when its value checks without a problem; a top-level list
    (``players``, ``board``) is kept item by item, a bad item becoming ``None`` so indexes
    still match the file. A bad value elsewhere leaves its key out (defaults are filled in).
    """
    result: dict[str, Any] = {}
    dropped: list[Path] = []
    if not isinstance(node, yaml.MappingNode):
        return result, [()]
    for key, value in node.value:
        name = scalar_value(key) if isinstance(key, yaml.ScalarNode) else None
        spec_field = record.fields.get(name) if isinstance(name, str) else None
        if spec_field is None or not isinstance(name, str) or name in result:
            continue
        spec = spec_field.spec
        bounds, item = spec.list_bounds(), spec.item_spec()
        if bounds is not None and item is not None and isinstance(value, yaml.SequenceNode) \
                and len(value.value) <= bounds[1]:
            items = [check_alone(item, child, (name, i), positions)[0] for i, child in enumerate(value.value)]
            result[name] = [None if entry is MISSING else entry for entry in items]
            dropped.extend((name, i) for i, entry in enumerate(items) if entry is MISSING)
            continue
        checked, _ = check_alone(spec, value, (name,), positions)
        if checked is not MISSING:
            result[name] = checked
        else:
            dropped.append((name,))
    for name, spec_field in record.fields.items():
        if name not in result and spec_field.default is not MISSING:
            result[name] = spec_field.fresh_default()
    return result, dropped
