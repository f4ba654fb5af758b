"""Mutations of valid score sheets, shared by the property tests and ``bench/fuzz.py``.

``outcome(text)`` runs a text through everything a command does — load, validate,
parse, score, render in every format — and says how it ended: ``"scored"``,
``"error"`` (a located message, as the CLI prints it) or it raises (a bug). A table
that scores must also satisfy ``check_invariants``.
"""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import yaml

from scorecalc.errors import FileError, InputError, format_error
from scorecalc.output.formats import FORMATS, RenderOptions, render
from scorecalc.pipeline import score_source
from scorecalc.reading.loading import Source
from scorecalc.sheet import ScoreSheet

LOCATED = re.compile(r"^fuzz\.yaml:(\d+:\d+: \S.*|\s.*)$", re.S)
JUNK_VALUES: list[Any] = ["x", "", "3", 3.5, True, False, -1, 0, 10**6, 10**30, [], {}, None, "É\x07", [1, 2],
                          {"k": 1}, "No", "asterisk", "sea_lion", "jungle"]
JUNK_TEXT = [":", "-", "[", "]", "{", "}", '"', "'", "\t", "&a", "*a", "!!python/object ", "#", "\n", " ",
             ",", "?", "|", ">", "%", "@", "`", "\x00", "\xff", "0", "-1", "~", "<<: ", "\r"]


def outcome(text: str) -> tuple[str, str]:
    """``("scored", "")`` or ``("error", message)``; anything else raises."""
    try:
        scored = score_source(Source("fuzz.yaml", text))
    except (InputError, FileError) as error:
        lines = format_error("fuzz.yaml", error)
        for message in lines:
            if not LOCATED.match(message):
                raise AssertionError(f"unlocated message: {message!r}") from None
        return "error", "\n".join(lines)
    check_invariants(scored.sheet)
    for fmt in FORMATS:
        render([scored], RenderOptions(fmt))
    return "scored", ""


def expected_winners(sheet: ScoreSheet) -> set[str]:
    """SPEC section 1's one winner rule, written out again here: with several people, rank 1;
    a solo game with a goal, the player when it was met (else the automa that beat them); a
    solo game without one, nobody."""
    people = [p for p in sheet.players if p.name not in sheet.automa]
    at_rank_1 = {p.name for p in sheet.players if p.rank == 1}
    if len(people) > 1:
        assert at_rank_1
        return at_rank_1
    if sheet.solo_goal is None:
        return set()
    return {people[0].name} if sheet.solo_goal else at_rank_1 & set(sheet.automa)


def check_invariants(sheet: ScoreSheet) -> None:
    """What holds for every scored table of every game."""
    names = [player.name for player in sheet.players]
    assert len(set(names)) == len(names), names
    assert set(sheet.winners) == expected_winners(sheet), (sheet.winners, sheet.solo_goal)
    for player in sheet.players:
        totals = player.category_totals(sheet.categories)
        assert list(totals)[: len(sheet.categories)] == list(sheet.categories)
        assert set(totals) == set(sheet.categories), (set(totals), sheet.categories)
        assert sum(totals.values()) == player.total
        for other in sheet.players:
            if other.total > player.total:
                assert other.rank < player.rank, (other.name, player.name)


def _walk(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    paths = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            paths += _walk(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            paths += _walk(value, (*path, index))
    return paths


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def mutate_data(data: Any, rng: random.Random) -> Any:
    """One structural mutation: drop a key, swap in a junk value, add a junk key, repeat an entry."""
    paths = [p for p in _walk(data) if p]
    if not paths:
        return data
    path = rng.choice(paths)
    parent = _get(data, path[:-1])
    kind = rng.randrange(5)
    if kind == 0:
        del parent[path[-1]]
    elif kind == 1:  # a copy: the junk lists and mappings are shared, and a table mutated later
        # could append to one, or put one inside itself (a cycle every later walk recursed into)
        parent[path[-1]] = copy.deepcopy(rng.choice(JUNK_VALUES))
    elif kind == 2 and isinstance(parent, dict):
        key = rng.choice(["extra", "Name", "nme", "row", "score", "books", "1"])
        parent[key] = copy.deepcopy(rng.choice(JUNK_VALUES))
    elif kind == 3 and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[path[-1]]))
    else:
        other = rng.choice(paths)
        if other[: len(path)] != path and path[: len(other)] != other:
            parent[path[-1]] = copy.deepcopy(_get(data, other))
    return data


def mutate_text(text: str, rng: random.Random) -> str:
    """One textual mutation: delete, insert junk, repeat or truncate."""
    if not text:
        return rng.choice(JUNK_TEXT)
    kind = rng.randrange(5)
    at = rng.randrange(len(text))
    if kind == 0:
        return text[:at] + text[at + rng.randint(1, 8):]
    if kind == 1:
        return text[:at] + rng.choice(JUNK_TEXT) + text[at:]
    if kind == 2:
        lines = text.splitlines(keepends=True)
        i = rng.randrange(len(lines))
        return "".join([*lines[: i + 1], lines[i], *lines[i + 1:]])
    if kind == 3:
        lines = text.splitlines(keepends=True)
        i = rng.randrange(len(lines))
        return "".join(lines[:i] + lines[i + 1:])
    return text[:at]


def mutate(text: str, rng: random.Random) -> str:
    """A random mix of 1-3 mutations of either kind."""
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.5:
            try:
                data = yaml.load(text, Loader=yaml.SafeLoader)
            except yaml.YAMLError:
                data = None
            if isinstance(data, dict):
                text = yaml.safe_dump(mutate_data(data, rng), allow_unicode=True, sort_keys=False)
                continue
        text = mutate_text(text, rng)
    return text
