"""The Python API: ``score_file`` and ``score_text`` return the sheet, and raise every problem at once."""

from __future__ import annotations

import textwrap

import pytest

import scorecalc
from tests.helpers import EXAMPLES


def test_score_file_and_score_text_return_the_sheet() -> None:
    sheet = scorecalc.score_file(str(EXAMPLES / "galapagos" / "decided-by-money.yaml"))
    assert sheet.winners == ["Hana"] and sheet.player("Hana").total == 37
    text = (EXAMPLES / "galapagos" / "decided-by-money.yaml").read_text(encoding="utf-8")
    assert scorecalc.score_text(text).winners == ["Hana"]


def test_the_api_raises_every_problem_of_a_file_at_once() -> None:
    text = textwrap.dedent("""\
        game: galapagos
        players:
          - {name: Anna, exhibition: x, education: 17, money: 2300}
          - {name: Lena, exhibition: 3, education: 99, money: -5}
    """)
    with pytest.raises(scorecalc.InputError) as info:
        scorecalc.score_text(text)
    problems = info.value.problems
    assert [(p.position.line, p.path[-1]) for p in problems] == [(3, "exhibition"), (4, "education"),
                                                               (4, "money")]
