"""Tally checks a table from its data (``tablefile/nodes.py``) as ``scorecalc GAME FILE`` checks
the file tally writes: the same node tree, so the same errors and warnings, in the same order,
at the same positions. The old route (the file written and read back, then scored) is kept
here only, as the oracle."""

from __future__ import annotations

import copy
import dataclasses
import datetime
import random
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorecalc.errors import InputError, Path
from scorecalc.games import Game, get_game
from scorecalc.pipeline import score_source
from scorecalc.reading.loading import compose
from scorecalc.tablefile.layout import render
from scorecalc.tablefile.nodes import table_nodes
from scorecalc.tablefile.reader import as_source
from scorecalc.tally import model as tally_model
from scorecalc.tally.model import CHECKS_KEPT, Tally
from tests.helpers import EXAMPLES, GAMES, examples
from tests.support.mutate import _get, _walk, mutate_data

NOW = datetime.datetime(2026, 12, 2, 20, 0)
Checked = tuple[list[InputError], list[tuple[Path, str]]]


def oracle(game: Game[Any], data: dict[str, Any]) -> Checked:
    """The check as it was: FILE's text written, read back and scored."""
    text = render(game, dict(data), None)
    try:
        scored = score_source(as_source("table", text), game.name)
    except InputError as error:
        return error.problems, []
    except Exception:
        return [], []
    return [], [(issue.path, issue.message) for issue in scored.document.warnings]


def shown(checked: Checked) -> tuple[list[tuple[Any, ...]], list[tuple[Path, str]]]:
    errors, warnings = checked
    return [(e.path, e.message, e.hint, e.position, e.at_key, e.also) for e in errors], warnings


def tables() -> list[tuple[str, dict[str, Any]]]:
    """Every example as tally holds it (plain data, no ``game:``), and each game's own example
    table for 2 to 4 players."""
    found = []
    for path in sorted(EXAMPLES.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("game") in GAMES:
            name = data.pop("game")
            data.pop("expect", None)
            found.append((name, data))
    for name in GAMES:
        game = get_game(name)
        assert game.example is not None
        for count in (2, 3, 4):
            found.append((name, copy.deepcopy(dict(game.example(count)))))
    return found


TABLES = tables()


def at(mark: yaml.Mark) -> tuple[int, int]:
    return mark.line, mark.column


def same_tree(built: yaml.Node, read: yaml.Node, path: tuple[Any, ...] = ()) -> None:
    """Node for node: kind, tag, value, style and where each starts (and where a scalar or a
    flow collection ends: the checks compare lines)."""
    assert type(built) is type(read), path
    assert built.tag == read.tag, path
    assert at(built.start_mark) == at(read.start_mark), path
    if isinstance(read, yaml.ScalarNode):
        assert (built.value, built.style or None) == (read.value, read.style or None), path
        if read.style != "|":
            assert at(built.end_mark) == at(read.end_mark), path
        return
    assert bool(built.flow_style) == bool(read.flow_style), path
    if read.flow_style:
        assert at(built.end_mark) == at(read.end_mark), path
    assert len(built.value) == len(read.value), path
    if isinstance(read, yaml.MappingNode):
        pairs = zip(built.value, read.value, strict=True)
        for index, ((key, value), (read_key, read_value)) in enumerate(pairs):
            same_tree(key, read_key, (*path, index, "key"))
            same_tree(value, read_value, (*path, index))
    else:
        for index, (entry, read_entry) in enumerate(zip(built.value, read.value, strict=True)):
            same_tree(entry, read_entry, (*path, index))


def same_lines(built: str, written: str) -> None:
    """Each character of the lines the builder gives (what a check reads back: the scalars,
    the ``|`` blocks) stands where the written file has it."""
    lines = written.split("\n")
    for number, line in enumerate(built.split("\n")):
        for column, char in enumerate(line):
            if char != " ":
                assert lines[number][column] == char, (number, column, line, lines[number])


@pytest.mark.parametrize(("name", "data"), TABLES, ids=[f"{name}-{i}" for i, (name, _) in enumerate(TABLES)])
def test_every_example_is_built_as_its_file_reads(name: str, data: dict[str, Any]) -> None:
    game = get_game(name)
    built = table_nodes(game, data)
    assert built is not None
    text = render(game, data, None)
    same_tree(built[0], compose(as_source("table", text)))
    same_lines(built[1], text)
    assert shown(Tally(game, NOW).check_plain(data)) == shown(oracle(game, data))


TRICKY = ["", " ", "a b", "true", "No", "null", "~", "12", "-3", "1.5", "1e3", ".inf", "nan", "x: y", "a #b",
          "#c", "'q'", '"q"', "é", "Zoë", "\t", "\x07", "\x7f", "\x85", "\u2028", "\u2029", "\ufeff",
          "\ufffe", "\r", "\r\n", "\n", "a\n", "a\nb", "\nb", " a\nb", "a\n b", "a\n\n\nb\n\n", "a\t\nb",
          "SwJa~ES\nSaAt\n", "x" * 1100, "{a: 1}", "[1, 2]", "- a", "? x", "| y", "& *", "!!int 3"]
texts = st.one_of(st.text(max_size=20), st.sampled_from(TRICKY),
                  st.lists(st.sampled_from(TRICKY), max_size=4).map("".join))


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.integers(0, len(TABLES) - 1), seed=st.integers(0, 2**32 - 1), text=texts,
       mutations=st.integers(0, 3))
def test_random_tables_of_every_game_check_as_their_files(pick: int, seed: int, text: str,
                                                          mutations: int) -> None:
    """Random tables of every game (the examples, each mutated: a key dropped or added, a junk
    value, an entry repeated, and a random text put somewhere): the errors and warnings of the
    direct check are the file's, in order, at the same positions; the tree is the file's."""
    rng = random.Random(seed)
    name, data = TABLES[pick]
    game = get_game(name)
    data = copy.deepcopy(data)
    for _ in range(mutations):
        data = mutate_data(data, rng)
    paths = [path for path in _walk(data) if path]
    if paths:
        path = rng.choice(paths)
        parent = _get(data, path[:-1])
        parent[path[-1]] = text if rng.random() < 0.8 else {text: 1}
    built = table_nodes(game, data)
    if built is not None:
        text = render(game, data, None)
        same_tree(built[0], compose(as_source("table", text)))
        same_lines(built[1], text)
    before = copy.deepcopy(data)
    assert shown(Tally(game, NOW).check_plain(data)) == shown(oracle(game, data))
    assert data == before  # the check changes nothing (the trial hands it a shallow copy)


@pytest.mark.parametrize("text", ["a\u2028b", "x\x7f", "\ufeffx", "x\x85", " leading\nline", "a\r\nb", "\n\n",
                                  ["a list's text ending in a line break\n"]])
def test_a_text_that_would_not_read_back_takes_the_files_route(text: str | list[str]) -> None:
    game = get_game("galapagos")
    data = {"players": [{"name": "Ana", "money": 3}, {"name": "Ben"}], "location": text}
    assert table_nodes(game, data) is None
    assert shown(Tally(game, NOW).check_plain(data)) == shown(oracle(game, data))


def test_the_check_writes_no_text_reads_none_and_scores_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a table whose values all read back, neither layout's writer nor the YAML reader is
    called, nor the game's scoring: only the declaration's check and the game's parse."""
    import scorecalc.tablefile.layout as layout
    import scorecalc.tablefile.reader as reading

    def refused(*args: object, **kwargs: object) -> Any:
        raise AssertionError("called")

    monkeypatch.setattr(layout, "render", refused)
    monkeypatch.setattr(reading, "compose", refused)
    name, data = next((name, data) for name, data in TABLES if name == "caracas")
    data = copy.deepcopy(data)
    data["players"][0]["name"] = data["players"][1]["name"]
    game = dataclasses.replace(get_game(name), score=refused)
    errors, _ = Tally(game, NOW).check_table(data)
    assert [error.path for error in errors] == [("players", 1, "name")]
    assert "player 1 is already called" in errors[0].message


def test_a_table_checked_again_is_not_checked_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review closes the table with empty answers that leave its data as it was: the check of
    equal data is kept (the last ``CHECKS_KEPT`` tables), a changed table checked anew."""
    calls: list[str] = []
    real = Tally.check_plain

    def counted(self: Tally, data: dict[str, Any]) -> Checked:
        calls.append(repr(data))
        return real(self, data)

    monkeypatch.setattr(tally_model.Tally, "check_plain", counted)
    game = get_game("galapagos")
    tally = Tally(game, NOW)
    data = copy.deepcopy(next(data for name, data in TABLES if name == "galapagos"))
    data["players"][1]["name"] = data["players"][0]["name"].upper()
    first = tally.check_table(data)
    again = tally.check_table(copy.deepcopy(data))
    assert len(calls) == 1 and shown(first) == shown(again) == shown(oracle(game, data))
    assert [error.path for error in first[0]] == [("players", 1, "name")]
    first[0].clear()  # a caller's list is its own
    assert len(tally.check_table(data)[0]) == 1
    changed = copy.deepcopy(data)
    changed["players"][1]["name"] = "Someone Else"
    assert shown(tally.check_table(changed)) == shown(oracle(game, changed)) == ([], [])
    assert len(calls) == 2
    for count in range(CHECKS_KEPT + 1):
        tally.check_table({**changed, "location": f"table {count}"})
    assert len(tally.checked) == CHECKS_KEPT
    tally.check_table(data)  # long forgotten: checked again
    assert len(calls) == 2 + CHECKS_KEPT + 1 + 1
