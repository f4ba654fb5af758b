"""Every numeric range is stated, published and checked alike.

For each game the declaration is walked and every whole-number field yields its range.
Then: a value just inside the range scores, a value just outside is refused (the JSON
Schema of ``scorecalc schema GAME`` agrees on both); every range written in a field's
comment (the template's comments are the fields' docs) and in the YAML of the game's
page in ``docs/rules/`` is the range the declaration enforces; and the limits the pages
document as warnings warn just above them and not at them.
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest
import yaml

from scorecalc.errors import InputError
from scorecalc.games import get_game
from scorecalc.games.caribe.specs import KeyedMap
from scorecalc.games.galapagos.money import Money
from scorecalc.pipeline import score_source
from scorecalc.reading.loading import Source
from scorecalc.schema import json_schema
from scorecalc.spec import MAX_COUNT, Either, Int, ListOf, MapOf, Record, Spec
from scorecalc.template import player_range, render_template
from tests.helpers import GAMES, ROOT

KEY = "<key>"
"""In a pattern: the mapping's keys themselves (``progression: {2: 1}``) rather than its values."""

FULL: dict[str, list[dict[str, Any]]] = {
    "galapagos": [{
        "game": "galapagos", "bgg_id": 169, "players": [
            {"name": "Ana", "exhibition": 30, "education": 12, "animals": 3, "money": 1500},
            {"name": "Ben", "exhibition": 18, "education": 9, "animals": {"sea_lion": 1, "crab": 2},
             "money": 2300, "exhibitions": [
                 {"animals": ["sea_lion", "iguana", "tortoise", "booby", "penguin", "crab"], "bonus": 6}]},
        ],
    }],
    "caribe": [
        {"game": "caribe", "bgg_id": 1, "university_cards": {"coimbra": "fauna", "london": "forest",
                                                             "paris": "turtle"},
         "players": [
             {"name": "Inês", "score": 70, "knowledge": {"fauna": 3, "geology": 4, "flora": 2},
              "universities": {"coimbra": 2, "london": 1, "paris": 1},
              "board": {"turtle": 3, "dolphin": 2, "flamingo": 1, "volcano": 1, "forest": 2, "coastline": 3},
              "books": [{"fauna": 2, "geology": 1}],
              "leftover": {"animals": 1, "scientists": 2, "coins": 2, "compass": 1}},
             {"name": "Afonso", "score": 60, "knowledge": {"fauna": 1, "geology": 1, "flora": 1},
              "board": {}},
         ]},
        {"game": "caribe", "university_cards": {"coimbra": "fauna", "london": "forest", "paris": "turtle"},
         "solo": {"mode": "percy", "difficulty": "normal", "goals_completed": 1},
         "percy": {"score": 60, "knowledge": {"fauna": 4, "geology": 3, "flora": 3},
                   "universities": {"coimbra": 1, "london": 1, "paris": 1},
                   "board": {"turtle": 2, "dolphin": 3, "flamingo": 2, "volcano": 2, "forest": 3,
                             "coastline": 2},
                   "half_icons": {"fauna": 6, "geology": 5, "flora": 4}, "coins": 3, "compass": 1},
         "players": [{"name": "Joana", "score": 70, "knowledge": {"fauna": 3, "geology": 4, "flora": 2},
                      "board": {}}]},
    ],
    "caracas": [{
        "game": "caracas", "bgg_id": 1,
        "rules": {"caiman_ties": "count", "flamingo_min_run": 5, "snake_min_types": 5, "snake_around": 8,
                  "forks": "sides"},
        "players": [  # examples/caracas/rulebook-alex.yaml, columns by number
            {"name": "Alex", "tiles": [
                {"row": 1, "col": 1, "land": "jungle", "animals": ["howler_monkey", "kinkajou"],
                 "river": ["N", "E", "S"]},
                {"row": 1, "col": 2, "land": "jungle", "animals": ["howler_monkey", "flamingo"],
                 "river": ["N", "S", "W"]},
                {"row": 1, "col": 3, "land": "swamp", "animals": ["capybara", "piranha"],
                 "river": ["N", "S"]},
                {"row": 1, "col": 4, "land": "savannah", "animals": ["jaguar", "snake"], "river": ["N", "S"]},
                {"row": 2, "col": 1, "land": "swamp", "animals": ["piranha"], "river": ["N", "S"]},
                {"row": 2, "col": 2, "land": "swamp", "animals": ["capybara", "piranha"],
                 "river": ["N", "E", "S"]},
                {"row": 2, "col": 3, "land": "savannah", "animals": ["capybara"],
                 "rivers": [["S", "W"], ["N", "E"]]},
                {"row": 2, "col": 4, "land": "jungle", "animals": ["sloth", "ibis"],
                 "river": ["N", "S", "W"]},
                {"row": 3, "col": 1, "land": "jungle", "animals": ["jaguar"], "river": ["N", "E"]},
                {"row": 3, "col": 2, "land": "swamp", "animals": ["caiman", "capybara"],
                 "river": ["N", "E", "S"]},
                {"row": 3, "col": 4, "land": "swamp", "animals": ["ibis", "howler_monkey"],
                 "river": ["N", "S"]},
                {"row": 4, "col": 1, "land": "jungle", "animals": ["jaguar", "piranha"], "river": ["S", "W"]},
                {"row": 4, "col": 2, "land": "jungle", "animals": ["jaguar", "poison_frog"],
                 "river": ["N", "E", "S"]},
                {"row": 4, "col": 4, "land": "savannah", "animals": ["capybara"], "river": ["E", "S"]},
                {"row": 5, "col": 1, "land": "swamp", "animals": ["tarantula"], "river": ["N", "E"]},
            ]},
            {"name": "Bea",
             "landscape": {"biggest_jungle": 5, "savannah_areas": 4, "swamp_areas": 2, "forks": 3}},
            {"name": "Cleo",
             "landscape": {"biggest_jungle": 6, "savannah_areas": 3, "swamp_areas": 3, "forks": 4}},
            {"name": "Dan",
             "landscape": {"biggest_jungle": 4, "savannah_areas": 3, "swamp_areas": 5, "forks": 2}},
        ],
    }],
    "origin": [{
        "game": "origin", "bgg_id": 1, "objective": "plymouth", "variant": "standard",
        "board": [
            {"species": "Giant Tortoise", "level": 4},
            {"species": "Sea Lion", "level": 3, "habitats": ["water", "water", "land"],
             "cubes": {"Rachel": 2, "Ezra": 1}},
        ],
        "players": [
            {"name": "Rachel", "score": 38, "books": {"land": 4, "water": 8, "air": 2}, "tiles": 2},
            {"name": "Ezra", "score": 41, "books": {"land": 2, "air": 0}, "tiles": ["Sea Snail"]},
        ],
    }, {
        "game": "origin", "objective": "cape_town", "progression": {5: 4, 2: 1, 4: 3, 8: 7}, "board": [],
        "players": [{"name": "Rachel", "score": 38, "books": {"land": 4, "water": 8, "air": 2}},
                    {"name": "Ezra", "score": 41}],
    }],
}
"""Tables that score without a problem and hold a value at every whole-number field."""

EXTREMES: dict[str, list[dict[str, Any]]] = {
    "caracas": [{"game": "caracas", "players": [{"name": "Alex", "tiles": [
        {"row": 1, "col": 1, "land": "jungle"},
        *({"row": row, "col": 2, "land": "swamp"} for row in range(1, 74))]}]}],
}
"""Tables (warned about, never refused) whose first value at a field may take either end of its
range where a full table's could not: beside Caracas' first tile a column of 73 tiles, so that
the tile is linked to the SEA on ✻73 as on ▲1."""


def full_tables(game: str) -> list[dict[str, Any]]:
    """The game's tables of ``FULL``; a game it lacks has its template's table (its ``example``),
    with a BoardGameGeek id."""
    if game in FULL:
        return FULL[game]
    _, high = player_range(get_game(game))
    example = get_game(game).example
    assert example is not None, f"{game} has no example table: add one to FULL"
    return [{"game": game, "bgg_id": 1, **example(min(high, 5))}]


def numeric_fields(spec: Spec, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Int]]:
    """Every whole-number spec under ``spec``, with its pattern (``*`` = any index or key)."""
    if isinstance(spec, Int):
        yield path, spec
    elif isinstance(spec, Record):
        for name, field in spec.fields.items():
            yield from numeric_fields(field.spec, (*path, name))
    elif isinstance(spec, KeyedMap):
        for name, sub in spec.specs.items():
            yield from numeric_fields(sub, (*path, name))
    elif isinstance(spec, MapOf):
        if isinstance(spec.key, Int):
            yield (*path, KEY), spec.key
        yield from numeric_fields(spec.value, (*path, "*"))
    elif isinstance(spec, ListOf):
        yield from numeric_fields(spec.item, (*path, "*"))
    elif isinstance(spec, Either):
        for option in spec.options:
            yield from numeric_fields(option, path)
    else:  # a game's own spec (a Caribe book): the specs it is made of
        for part in spec.parts():
            yield from numeric_fields(part, path)


def locate(data: Any, pattern: tuple[str, ...], at: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
    """The first concrete path in ``data`` matching ``pattern`` whose value is a whole number."""
    if not pattern:
        return at if isinstance(data, int) and not isinstance(data, bool) else None
    head, rest = pattern[0], pattern[1:]
    if head == KEY:
        keys = [key for key in data if isinstance(key, int)] if isinstance(data, dict) else []
        return (*at, KEY, keys[0]) if keys and not rest else None
    if isinstance(data, list) and head == "*":
        for i, item in enumerate(data):
            found = locate(item, rest, (*at, i))
            if found:
                return found
    if isinstance(data, dict):
        for key in (data if head == "*" else [head] if head in data else []):
            found = locate(data[key], rest, (*at, key))
            if found:
                return found
    return None


def put(doc: dict[str, Any], path: tuple[Any, ...], value: int) -> dict[str, Any]:
    """A copy of ``doc`` with ``value`` at ``path`` (for a ``KEY`` path: the key renamed)."""
    doc = copy.deepcopy(doc)
    target: Any = doc
    if KEY in path:
        *parents, _, old = path
        for part in parents:
            target = target[part]
        target[value] = target.pop(old)
        return doc
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    return doc


def outcome(doc: dict[str, Any]) -> tuple[str, list[str]]:
    text = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)
    try:
        return "scored", list(score_source(Source("t.yaml", text)).info.warnings)
    except InputError as error:
        return "refused", [str(error)]


@functools.cache
def validator(game: str) -> jsonschema.protocols.Validator:
    schema = json_schema(game)
    return jsonschema.validators.validator_for(schema)(schema)


def schema_accepts(game: str, doc: dict[str, Any]) -> bool:
    """The document, as an editor would check it (keys as JSON text), passes the game's schema."""
    try:
        validator(game).validate(_string_keys(doc))
    except jsonschema.ValidationError:
        return False
    return True


def _string_keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(key): _string_keys(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_string_keys(item) for item in value]
    return value


def cases() -> list[Any]:
    """Every whole-number field of every game; the first of each game in the quick loop, the others
    ``slow`` (the suite runs them)."""
    return [pytest.param(game, pattern, spec, id=f"{game}:{'.'.join(pattern)}",
                         marks=[pytest.mark.slow] if index else [])
            for game in GAMES
            for index, (pattern, spec) in enumerate(numeric_fields(get_game(game).declaration))]


@pytest.mark.parametrize("game", GAMES)
def test_full_tables_score_cleanly(game: str) -> None:
    for doc in full_tables(game):
        assert outcome(doc) == ("scored", []), doc
        assert schema_accepts(game, doc)


@pytest.mark.parametrize(("game", "pattern", "spec"), cases())
def test_inside_accepted_outside_refused_schema_agrees(game: str, pattern: tuple[str, ...],
                                                       spec: Int) -> None:
    tables = [*EXTREMES.get(game, []), *full_tables(game)]
    found = [(doc, path) for doc in tables if (path := locate(doc, pattern))]
    assert found, f"add a value at {'.'.join(pattern)} to FULL[{game!r}]"
    doc, path = found[0]
    _, baseline = outcome(doc)
    for inside in (spec.minimum, spec.maximum):
        changed = put(doc, path, inside)
        assert outcome(changed)[0] == "scored", (path, inside, outcome(changed))
        assert schema_accepts(game, changed), (path, inside)
    for outside in (spec.minimum - 1, spec.maximum + 1):
        changed = put(doc, path, outside)
        result, said = outcome(changed)
        assert result == "refused" or said != baseline, (path, outside)
        if result == "refused":
            assert schema_accepts(game, changed) is False or KEY in path, (path, outside)
    if isinstance(spec, Money) and spec.step > 1:
        assert outcome(put(doc, path, spec.step + spec.step // 2))[0] == "refused"
        assert not schema_accepts(game, put(doc, path, spec.step + spec.step // 2))


RANGE = re.compile(r"(?<![\d\-])(?<!Level )(\d{1,3})-(\d{1,3})(?![\d\-])")
"""A range written in prose (``0-25``, ``1-4``), not a date (``2026-11-28``) nor a name
(``Level 1-3 objectives``)."""


def list_lengths(spec: Spec) -> set[tuple[int, int]]:
    """How many entries ``spec``'s list (or a list alternative of it) may hold."""
    lists = [spec] if isinstance(spec, ListOf) else []
    lists += [option for option in getattr(spec, "options", ()) if isinstance(option, ListOf)]
    return {(listed.min_items, listed.max_items) for listed in lists}


def every_range_holds(spec: Spec, low: int, high: int) -> bool:
    """``low-high`` is the range of every whole number under ``spec``, or its list's length."""
    numbers = [(s.minimum, s.maximum) for _, s in numeric_fields(spec)]
    if numbers and all(pair == (low, high) for pair in numbers):
        return True
    return (low, high) in list_lengths(spec)


def fields_by_key(spec: Spec) -> Iterator[tuple[str, str, Spec]]:
    """(key, doc, spec) of every field of every record in a declaration."""
    if isinstance(spec, Record):
        for name, field in spec.fields.items():
            yield name, field.doc, field.spec
            yield from fields_by_key(field.spec)
    elif isinstance(spec, ListOf):
        yield from fields_by_key(spec.item)
    elif isinstance(spec, Either):
        for option in spec.options:
            yield from fields_by_key(option)
    elif isinstance(spec, MapOf):
        yield from fields_by_key(spec.value)
        for sub in getattr(spec, "specs", {}).values():
            yield from fields_by_key(sub)
    elif not isinstance(spec, Int):
        for part in spec.parts():
            yield from fields_by_key(part)


@pytest.mark.parametrize("game", GAMES)
def test_every_range_a_comment_states_is_the_enforced_range(game: str) -> None:
    declaration = get_game(game).declaration
    docs = list(fields_by_key(declaration))
    for key, doc, spec in docs:
        for low, high in RANGE.findall(doc):
            assert every_range_holds(spec, int(low), int(high)), (key, doc)
    comments = {line.strip()[2:] for line in render_template(get_game(game), 2).splitlines()
                if line.strip().startswith("# ")}
    field_docs = {doc for _, doc, _ in docs}
    assert {comment for comment in comments if RANGE.search(comment)} <= field_docs


@pytest.mark.parametrize("game", GAMES)
def test_every_range_in_the_rules_page_yaml_is_the_enforced_range(game: str) -> None:
    page_path = ROOT / "docs" / "rules" / f"{game}.md"
    assert page_path.exists(), f"{game} has no rules page: write docs/rules/{game}.md (CONTRIBUTING.md)"
    page = page_path.read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", page, re.S)
    specs: dict[str, list[Spec]] = {}
    for key, _, spec in fields_by_key(get_game(game).declaration):
        specs.setdefault(key, []).append(spec)
    checked = 0
    for block in blocks:
        for line in block.splitlines():
            key, _, comment = line.partition("#")
            match = re.match(r"\s*(?:-\s+)?\{?(\w+):", key)
            for low, high in RANGE.findall(comment):
                assert match and match.group(1) in specs, line
                candidates = specs[match.group(1)]
                assert any(every_range_holds(spec, int(low), int(high)) for spec in candidates), line
                checked += 1
    assert checked, f"docs/rules/{game}.md states no range in its YAML"


WARNED = [
    # (game, table index, path, the documented limit): the limit scores quietly, one more warns
    ("galapagos", 0, ("players", 1, "animals", "sea_lion"), 12),  # 13 in the box, 1 on the track
    ("caribe", 1, ("solo", "goals_completed"), 9),  # '9 Solo Campaign Cards'
    ("origin", 0, ("board", 1, "cubes", "Rachel"), 8),  # 8 Observation Cubes per colour
]


@pytest.mark.parametrize(("game", "index", "path", "limit"), WARNED)
def test_documented_warning_limits(game: str, index: int, path: tuple[Any, ...], limit: int) -> None:
    doc = FULL[game][index]
    assert outcome(put(doc, path, limit)) == ("scored", [])
    result, warnings = outcome(put(doc, path, limit + 1))
    assert result == "scored" and len(warnings) == 1, warnings


def test_money_as_players_write_it() -> None:
    doc = FULL["galapagos"][0]
    for written in ("£1,900", "1,900", "1900", "£1900"):
        changed = put(doc, ("players", 0, "money"), 0)
        changed["players"][0]["money"] = written
        scored = score_source(Source("t.yaml", yaml.safe_dump(changed, allow_unicode=True))).sheet
        assert scored.players[0].items[-1].detail.startswith("£1,900"), written
        assert schema_accepts("galapagos", changed)


def test_max_count_is_the_default_maximum() -> None:
    assert Int().maximum == MAX_COUNT
