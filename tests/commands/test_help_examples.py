"""Every question's ``?`` help is true (SPEC 7, "Tally for a tired player"): each example the help
shows, typed as the answer, is accepted and saved as the help says.

Every question of every game is reached by planning the shipped examples (all settings: solo
modes, Cape Town, Tahiti, Advanced, Family), the game's starter template (so a game without
examples yet is covered too) and a table still being typed (the questions that start lists);
its help is the text ``?`` prints. The answer forms are read from the help itself: a pairs
example is saved as those pairs, a list as its entries, a date as written, a choice by its word
or its number, numbers at their stated bounds, values "in this order" under those keys.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from scorecalc.games import get_game
from scorecalc.games.caracas.declaration import LANDSCAPE
from scorecalc.games.caracas.interview import BoardRows
from scorecalc.reading.words import normalise_word
from scorecalc.spec import MISSING
from scorecalc.tally.answers import BadAnswer, check
from scorecalc.tally.prompt import Terminal
from scorecalc.tally.questions import Question
from scorecalc.tally.session import Session
from scorecalc.template import render_template
from tests.helpers import GAMES, ROOT

PLACEHOLDERS = {"name value", "left icons / right icons", "none"}
"""Quoted words in the help that name a form rather than show an answer."""
PAIRS = r"[\w ]+ \w+(, [\w ]+ \w+)*"
"""A pairs example: 'sea_lion 2, crab 1', 'coimbra fauna, london coastline, paris turtle'."""


def questions(game: str, tmp_path: Path) -> list[tuple[Session, Question, str]]:
    """Every distinct question of ``game`` (by label and section kind) with its help."""
    found: dict[tuple[str, str], tuple[Session, Question, str]] = {}
    starter = tmp_path / f"{game}-template.yaml"
    starter.write_text(render_template(get_game(game), 2), encoding="utf-8")
    sources = [*sorted((ROOT / "examples" / game).glob("*.yaml")), starter]
    for index, source in enumerate(sources):
        target = tmp_path / f"{game}-{index}.yaml"
        shutil.copy(source, target)
        session = Session(get_game(game), str(target), terminal=Terminal())
        for question in session.plan():
            label = re.sub(r"\d+", "N", question.label)
            found.setdefault((label, question.kind.name), (session, question, session.help(question)))
    return list(found.values())


def answer_line(help_text: str) -> str:
    return next(line for line in help_text.split("\n") if line.startswith("  answer: "))[len("  answer: "):]


def plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {normalise_word(str(key)) if isinstance(key, str) else key: plain(item)
                for key, item in value.items()}
    if isinstance(value, str):
        return normalise_word(value)
    return value


def pairs(example: str) -> dict[Any, Any]:
    """'sea_lion 2, crab 1' -> {sea_lion: 2, crab: 1}; '2 1, 4 3' -> {2: 1, 4: 3}."""
    out: dict[Any, Any] = {}
    for part in example.split(","):
        *name, value = part.split()
        key: Any = " ".join(name)
        out[int(key) if key.isdigit() else key] = int(value) if value.isdigit() else value
    return out


def typed(session: Session, question: Question, text: str) -> Any:
    """What the answer ``text`` saves (``BadAnswer`` if refused)."""
    return check(question.spec, text, question.path)


def examples_of(syntax: str) -> list[tuple[str, Any]]:
    """(what to type, what the help says is saved; ``MISSING``: only that it is accepted)."""
    shown: list[tuple[str, Any]] = []
    for part in re.split(r" — or — ", syntax):
        quoted: list[str] = []
        if m := re.match(r"a whole number, (\d+) to (\d+)", part):
            shown += [(m.group(1), int(m.group(1))), (m.group(2), int(m.group(2)))]
        elif m := re.match(r"a whole number, (\d+) or more", part):
            shown += [(m.group(1), int(m.group(1))), ("7", 7)]
        if "(£1,900 is fine)" in part:
            shown.append(("£1,900", 1900))
        if m := re.match(r"a date: (\S+) or (\S+ \S+)", part):
            shown += [(m.group(1), m.group(1)), (m.group(2), m.group(2))]
        if m := re.match(r"a list, separated by commas: (.*) \('none' for an empty list\)", part):
            shown += [(m.group(1), m.group(1).split(", ")), ("none", [])]
        if part.startswith("its entries are asked one at a time"):
            shown.append(("none", []))
        if m := re.match(r"one of (.*) \(the word or its number", part):
            for number, word in re.findall(r"(\d+) (\w+)", m.group(1)):
                shown += [(word, word), (number, word)]  # a number the help offers means its word
        elif m := re.match(r"one of (.*) \(the word;", part):  # a bare number is another answer's
            shown += [(word, word) for word in m.group(1).split(", ")]
        if part.startswith("y or n"):
            shown += [("y", True), ("n", False)]
        if part.startswith("text on one line"):
            shown.append(("Sea Lion", "Sea Lion"))
        quoted = [q for q in re.findall(r"'([^']+)'", part) if q not in PLACEHOLDERS]
        for example in quoted:
            if re.fullmatch(PAIRS, example):
                shown.append((example, pairs(example)))
            else:
                shown.append((example, MISSING))
        if m := re.search(r"only the (?:values|words) in this order: ((?:\w+ ?)+)", part):
            keys = m.group(1).split()
            named = pairs(quoted[0]) if quoted and re.fullmatch(PAIRS, quoted[0]) else {}
            if named and set(named) <= set(keys) and not all(isinstance(v, int) for v in named.values()):
                continue  # a record's values in order: the pairs example's values, where they go
            shown.append((" ".join("1" for _ in keys), None if "words" in part else dict.fromkeys(keys, 1)))
    return shown


@pytest.mark.parametrize("game", GAMES)
def test_every_example_the_help_shows_is_saved_as_it_says(game: str, tmp_path: Path) -> None:
    checked = 0
    for session, question, help_text in questions(game, tmp_path):
        if question.form is not None:
            continue  # the Caracas board: below
        syntax = answer_line(help_text)
        if question.rarely:  # a setting rarely changed: its values in the order its readings are listed
            example = re.search(r"the values in this order, e\.g\. '([^']+)'", syntax)
            assert example is not None, syntax
            value = typed(session, question, example.group(1))
            assert [str(item) for item in value.values()] == example.group(1).split()
            checked += 1
            continue
        shown = examples_of(syntax)
        assert shown, f"{game} {question.label}: no example found in {syntax!r}"
        for text, saved in shown:
            if saved is None:  # words in order: only checked to be refused as numbers (below)
                continue
            try:
                value = typed(session, question, text)
            except BadAnswer as error:
                raise AssertionError(f"{game} {question.label}: the help's {text!r} is refused: "
                                     f"{error.message}") from None
            if saved is not MISSING:
                got, want = plain(value), plain(saved)
                if isinstance(got, dict) and isinstance(want, dict):
                    got = {key: item for key, item in got.items() if key in want}  # defaults fill the rest
                assert got == want, f"{game} {question.label}: {text!r} is saved as {value!r}"
            checked += 1
    assert checked > 3


def test_caracas_row_help_examples_are_read_as_it_says() -> None:
    """The row's help: 'JuJa~ES SwPi~NW . SaAt' (four squares, the third empty) and, at row 1,
    '6 4 2 3' (the four landscape figures in the order named)."""
    from scorecalc.games.caracas.interview import FIRST_ROW_DOC

    grid, figures = re.findall(r"e\.g\. '([^']+)'", FIRST_ROW_DOC)
    tiles = BoardRows.read([], grid)
    squares = [(tile.tile.col, tile.tile.land) for tile in tiles]
    assert squares == [(1, "jungle"), (2, "swamp"), (4, "savannah")]
    names = re.search(r"comparison-only explorer: ([^']+), e\.g\.", FIRST_ROW_DOC)
    assert names is not None
    words = names.group(1).split(", ")  # in words: 'biggest jungle', never 'biggest_jungle'
    fields = list(LANDSCAPE.fields)
    assert all(word.startswith(field.replace("_", " ")) for word, field in zip(words, fields, strict=True))
    saved = check(LANDSCAPE, figures, ("players", 0, "landscape"))
    assert saved == dict(zip(fields, map(int, figures.split()), strict=True))


def test_caribe_university_cards_take_the_pairs_the_help_shows_and_refuse_numbers(tmp_path: Path) -> None:
    """The issue's answer 'coimbra 2, london 1, paris 1' could mean list positions or counts: it is
    refused (asked again), never guessed."""
    for session, question, help_text in questions("caribe", tmp_path):
        if question.label == "university cards":
            example = re.search(r"'(coimbra [^']+)'", answer_line(help_text))
            assert example is not None
            assert typed(session, question, example.group(1)) == pairs(example.group(1))
            for ambiguous in ("coimbra 2, london 1, paris 1", "2 1 1"):
                with pytest.raises(BadAnswer):
                    typed(session, question, ambiguous)
            return
    pytest.fail("no university cards question")
