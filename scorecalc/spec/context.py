"""What one validation pass collects (``Context``): positions, problems, and the budgets
against hostile files; ``Stop`` (a budget exceeded: reading goes no further) and ``Reported``
(a container's parts already reported). Every spec's ``check`` takes a ``Context``; this
module imports no spec, so the specs and ``checking`` (which runs a spec) do not import each
other.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import yaml

from ..errors import MAX_PROBLEMS, InputError, Path, Positions, Problems
from ..reading.loading import MAX_DEPTH, MAX_NODES, check_node, position_of


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
