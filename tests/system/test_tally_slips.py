"""Tally at a terminal, on a real pseudo-terminal at 80 and 60 columns, read as the
screen shows them (pexpect and pyte, ``tests/support/screen.py``):

- after ``house rules? y``, ``<`` goes back to ``house rules?`` and ``n`` keeps the rulebook's
  readings (never "this is the first question" nor an unknown reading 'n');
- Galapagos' bonus help offers a number only where the number means what it says (``3`` is bonus
  tile 3; the animals are offered by their words);
- Caribe's knowledge and board questions show the order of the values before any ``?``;
- Caribe's leftover prompt leaves room to type at 60 columns;
- resuming, "Joana so far:" gives her score with the rest;
- at 60 columns a Caracas board that shortens names to codes gives their key.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pexpect")
pytest.importorskip("pyte")
pytestmark = pytest.mark.slow

from scorecalc.wrapping import display_width  # noqa: E402
from tests.support.screen import tally_rows as tally  # noqa: E402
from tests.support.screen import words_whole  # noqa: E402

WIDTHS = [80, 60]


@pytest.mark.parametrize("columns", WIDTHS)
def test_house_rules_back_and_no(columns: int, tmp_path: Path) -> None:
    rows = tally("caracas", ["y", "<", "y", "n", "^C"], columns, tmp_path)
    gates = [row for row in rows if row.startswith("› house rules? [no]")]
    assert len(gates) == 2  # '<' after 'y': the yes-or-no question again
    assert not [row for row in rows if "first question" in row or "✗" in row]
    assert rows.index(gates[1]) < next(i for i, row in enumerate(rows) if row.startswith("› date"))
    text = (tmp_path / "caracas-night.yaml").read_text(encoding="utf-8")
    assert "rules:" not in text  # 'n': the rulebook's readings, and FILE holds none of them


GALAPAGOS_TO_BONUS = ["", "", "Anna", "Ben", "", "41", "17", "", "2300", "sea lion, tortoise"]


@pytest.mark.parametrize("columns", WIDTHS)
def test_galapagos_bonus_help_offers_what_a_number_means(columns: int, tmp_path: Path) -> None:
    rows = tally("galapagos", [*GALAPAGOS_TO_BONUS, "?", "3", "^C"], columns, tmp_path)
    screen = " ".join(" ".join(rows).split())
    assert "a whole number, 1 to 6 — or — one of sea_lion, iguana, tortoise, booby, penguin, crab (the " \
           "word; Tab completes)" in screen
    assert "its number" not in screen
    text = (tmp_path / "galapagos-night.yaml").read_text(encoding="utf-8")
    assert "bonus: 3" in text  # the number is bonus tile 3, as the help says


@pytest.mark.parametrize("columns", WIDTHS)
def test_caribe_order_of_values_shown_and_leftover_room_and_her_score_so_far(columns: int,
                                                                             tmp_path: Path) -> None:
    answers = ["fauna coastline turtle", "", "", "", "Joana", "Jo", "", "70", "3 4 2", "", "5 0 0 0 0 3",
               "fauna 2", "fauna 1", "geology 2", "geology 1", "fauna 1", "flora 2", "", "^C"]
    rows = tally("caribe", answers, columns, tmp_path)
    knowledge = next(i for i, row in enumerate(rows) if row.startswith("› knowledge"))
    board = next(i for i, row in enumerate(rows) if row.startswith("› board"))
    assert not [row for row in rows[:board] if row.strip() == "?" or row.endswith(": ?")]
    assert words_whole(rows[knowledge - 3:knowledge], "in this order: fauna geology flora")
    order = "in this order: turtle dolphin flamingo volcano forest coastline"
    assert words_whole(rows[board - 4:board], order)
    leftover = [row for row in rows if row.startswith("› leftover")][-1]
    assert display_width(leftover) <= 25  # room to type "2 2 2 1" at 60 columns
    again = tally("caribe", ["^C"], columns, tmp_path)
    so_far = next(i for i, row in enumerate(again) if "Joana so far:" in row)
    shown = " ".join(row.strip() for row in again[so_far:so_far + 6])
    assert "Joana so far: score 70; knowledge fauna 3, geology 4, flora 2" in shown
    assert "book 6 flora 2" in shown


@pytest.mark.parametrize("columns", WIDTHS)
def test_caracas_codes_have_a_key_where_names_are_shortened(columns: int, tmp_path: Path) -> None:
    row = "JuHoKi~NES JuHoFl~NSW SwCpPi~NS SaJaSn~NS"
    rows = tally("caracas", ["", "", "", "Alex", "Bea", "", row, "^C"], columns, tmp_path)
    if columns < 80:
        assert " Ho " in " ".join(rows)
        assert "Key: Fr poison frog, Ho howler monkey" not in rows  # no frog on this row
        assert "Key: Ho howler monkey" in rows
    else:
        assert "howler monkey" in " ".join(rows) and not [row for row in rows if row.startswith("Key: ")]
