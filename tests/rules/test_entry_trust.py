"""Entry you can trust (SPEC section 8), in-process over the model and the pad (no server; a real
FILE in a temporary folder): nothing scored that nobody entered, "Score it anyway" after the
warnings, the date beside "Score it", a tile half built on a phone, declined as an answer.
The browser and the pseudo-terminal sides are ``tests/system/test_entry_*.py`` and
``tests/system/test_tally_entry.py``."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
import yaml

from scorecalc.games import get_game
from scorecalc.tally.draft import Draft
from scorecalc.tally.model import Tally
from scorecalc.web import pad as pad_module
from scorecalc.web.pad import Pad

NOW = datetime.datetime(2026, 12, 2, 20, 0)
ROWS = ["JuJa~ES JuSlSo~NESW JuHo~SW SaAt"]  # Alex's first row: 4 tiles
FIGURES = {"Bea": "5 4 2 3", "Cid": "6 3 3 4", "Dee": "4 3 5 2"}
BOARD = "players[0].grid"


class Clock:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def saved(pad: Pad, place: str, value: str, seen: str | None = None) -> None:
    reply = pad.answer(place, seen, value)
    assert reply.status == "saved", (place, value, reply)


def caracas(file: Path, clock: Clock | None = None, said: list[str] | None = None) -> Pad:
    """Four explorers: Alex's board open with one row (4 tiles), the others' four figures in."""
    pad = Pad(get_game("caracas"), str(file), NOW, clock=clock or Clock(),
              say=said.append if said is not None else lambda line: None)
    for i, name in enumerate(("Alex", *FIGURES)):
        saved(pad, f"players[{i}].name", name)
    saved(pad, "players[0].grid.row1", ROWS[0])
    for i, figures in enumerate(FIGURES.values(), start=1):
        saved(pad, f"players[{i}].grid.row1", figures)
    return pad


def test_score_it_never_finishes_a_board_nobody_finished(tmp_path: Path) -> None:
    """On main (e31c357) "Score it" answered Alex's open board with an empty row, which finished
    it, and scored the table (Winner: Bea)."""
    pad = caracas(tmp_path / "t.yaml")
    try:
        review = pad.review()
        assert review.waiting == ("Alex's board is not finished",) and not review.ready
        view = pad.view()
        assert not view.ready and view.waiting == ["Alex's board is not finished"]
        before = (tmp_path / "t.yaml").read_text()
        refused = pad.score()
        assert (refused.status, refused.code) == ("refused", 422)
        assert refused.message == "Alex's board is not finished"
        assert (tmp_path / "t.yaml").read_text() == before and not pad.scored
        assert "players[0].grid" in yaml.safe_load(before)["tally"]["open"]  # still open in FILE
        saved(pad, BOARD, "done", seen="open")  # a person finishes it: "Finish Alex's board"
        assert pad.review().waiting == () and pad.review().ready
        assert pad.score().status == "warned"
    finally:
        pad.close()


def test_other_open_lists_are_closed_by_score_it_and_the_date_shown_is_taken(tmp_path: Path) -> None:
    pad = Pad(get_game("galapagos"), str(tmp_path / "t.yaml"), NOW)
    try:
        saved(pad, "players[0].name", "Ana")  # the players list open; location, date untouched
        for field, value in (("exhibition", "0"), ("education", "17"), ("animals", "0"), ("money", "2300")):
            saved(pad, f"players[0].{field}", value)
        view = pad.view()
        assert view.ready and view.date == "played today, 20:00"
        assert pad.score().status == "saved"
        data = yaml.safe_load((tmp_path / "t.yaml").read_text())
        assert "tally" not in data and [p["name"] for p in data["players"]] == ["Ana"]
        assert data["date"] == "2026-12-02 20:00" and "location" not in data
    finally:
        pad.close()
    again = Pad(get_game("galapagos"), str(tmp_path / "u.yaml"), NOW)
    try:
        saved(again, "date", "2026-11-28 19:00")
        assert again.view().date == ""  # given: nothing to show beside "Score it"
    finally:
        again.close()


def test_score_it_anyway_takes_a_second_tap_after_the_warnings(tmp_path: Path) -> None:
    pad = caracas(tmp_path / "t.yaml")
    try:
        saved(pad, BOARD, "done", seen="open")
        assert pad.view().ready and pad.view().warnings == []  # nothing shown before the first tap
        first = pad.score()
        assert (first.status, first.code) == ("warned", 200)
        assert first.warnings == ("Alex has 4 tiles; in a game of 4 explorers each explorer places 15",)
        assert pad.view().warnings == list(first.warnings)  # every phone shows them, with "anyway"
        assert not pad.scored
        saved(pad, "location", "Home")  # an answer between the taps: the warnings are shown again
        assert pad.view().warnings == []
        assert pad.score(anyway=True).status == "warned"
        assert pad.score(anyway=True).status == "saved"
        assert "tally" not in yaml.safe_load((tmp_path / "t.yaml").read_text())
    finally:
        pad.close()


def test_a_tile_half_built_on_a_phone_holds_score_it_until_dropped(tmp_path: Path) -> None:
    clock = Clock()
    pad = caracas(tmp_path / "t.yaml", clock)
    try:
        saved(pad, BOARD, "done", seen="open")
        pad.opened("alex-phone")
        assert pad.place("alex-phone", BOARD, True).status == "saved"
        review = pad.review()
        assert review.placing == ("Alex's phone is placing a tile",) and not review.ready
        held = pad.score()
        assert (held.status, held.code) == ("placing", 409)
        assert held.message == "Alex's phone is placing a tile: score anyway?"
        assert [p.message for p in pad.view().placing] == ["Alex's phone is placing a tile"]
        assert pad.place("alex-phone", "players[9].grid", True).status == "gone"
        # the phone placed its tile: no more flag
        assert pad.place("alex-phone", BOARD, False).status == "saved" and pad.review().placing == ()
        # again, and another phone drops it: "score anyway"
        pad.place("alex-phone", BOARD, True)
        assert pad.place("bea-phone", BOARD, False).status == "saved"
        assert pad.review().placing == ()
        # a page loaded afresh takes back what its phone said, and only that
        pad.place("alex-phone", BOARD, True)
        assert pad.place("bea-phone", "", False).status == "saved" and pad.review().placing
        assert pad.place("alex-phone", "", False).status == "saved" and pad.review().placing == ()
        assert pad.score().status == "warned"
    finally:
        pad.close()


def test_the_flag_ends_when_the_phones_stream_has_been_gone_long_enough(tmp_path: Path) -> None:
    clock = Clock()
    pad = caracas(tmp_path / "t.yaml", clock)
    try:
        saved(pad, BOARD, "done", seen="open")
        pad.opened("alex-phone")
        pad.place("alex-phone", BOARD, True)
        clock.now += 60
        assert not pad.expire() and pad.review().placing  # its stream is open: it is still there
        pad.closed("alex-phone")
        clock.now += pad_module.GONE - 0.5
        assert not pad.expire() and pad.review().placing
        pad.opened("alex-phone")  # back (a reload): the flag holds
        clock.now += 60
        assert not pad.expire()
        pad.closed("alex-phone")
        clock.now += pad_module.GONE
        version = pad.version
        assert pad.expire() and pad.review().placing == () and pad.version > version
        assert pad.score().status == "warned"
    finally:
        pad.close()


def test_the_gone_time_is_a_constant_a_test_can_shorten(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pad_module, "GONE", 0.0)
    pad = caracas(tmp_path / "t.yaml")
    try:
        pad.place("phone", BOARD, True)  # a phone that never opened a stream
        assert pad.expire() and pad.review().placing == ()
    finally:
        pad.close()


def test_the_pads_terminal_enter_twice_drops_a_tile_then_scores_past_the_warnings(tmp_path: Path) -> None:
    pad = caracas(tmp_path / "t.yaml")
    try:
        saved(pad, BOARD, "done", seen="open")
        pad.opened("alex-phone")
        pad.place("alex-phone", BOARD, True)
        first = pad.enter()
        assert first.status == "placing" and "Alex's phone is placing a tile: score anyway?" in first.message
        second = pad.enter()  # drops the tile; the warnings come next
        assert second.status == "warned" and second.warnings and pad.review().placing == ()
        assert pad.enter().status == "saved" and pad.scored
    finally:
        pad.close()


def test_a_place_declined_on_another_phone_is_an_answer_a_blind_write_is_stale(tmp_path: Path) -> None:
    pad = Pad(get_game("galapagos"), str(tmp_path / "t.yaml"), NOW)
    try:
        saved(pad, "players[0].name", "Ana")
        saved(pad, "location", "")  # one phone declines it
        stale = pad.answer("location", None, "Home")  # another never saw that
        assert (stale.status, stale.code, stale.current) == ("stale", 409, "")
        assert "location" not in yaml.safe_load((tmp_path / "t.yaml").read_text())
        saved(pad, "location", "Home", seen="")  # one that saw it declined changes it
    finally:
        pad.close()


def test_the_models_review_decides_from_the_plan_without_replaying_answers() -> None:
    """Readiness costs one plan a round and one check of the table, not an answer per open list."""
    model = Tally(get_game("galapagos"), NOW)
    calls: list[int] = []
    original = model.check_table

    def counted(data: dict[str, object]) -> object:
        calls.append(1)
        return original(data)

    model.check_table = counted  # type: ignore[method-assign,assignment]
    data = {"players": [{"name": n, "exhibition": 0, "education": 17, "animals": 0, "money": 2300}
                        for n in ("A", "B", "C")]}
    review = model.review(Draft(data))
    assert review.ready and len(calls) == 1
    assert review.closed.data["date"] == "2026-12-02 20:00" and review.date == "2026-12-02 20:00"


def test_the_pads_terminal_is_told_what_holds_score_it(tmp_path: Path) -> None:
    said: list[str] = []
    pad = caracas(tmp_path / "t.yaml", said=said)
    try:
        saved(pad, BOARD, "done", seen="open")
        pad.settle()
        assert said[-1] == "Every question is answered: 'Score it' on a phone, or Enter here."
        pad.place("alex-phone", BOARD, True)
        pad.settle()
        assert said[-1] == ("Alex's phone is placing a tile: 'Score it' waits for it (Enter here twice "
                            "scores anyway)")
        pad.place("alex-phone", BOARD, False)
        pad.settle()
        assert said.count("Every question is answered: 'Score it' on a phone, or Enter here.") == 2
    finally:
        pad.close()


def test_score_it_declines_an_untouched_default_rather_than_writing_it(tmp_path: Path) -> None:
    """A default becomes an answer only by a person's act (SPEC section 8): "Score it" on a
    Galapagos table whose animals nobody entered leaves ``animals`` out of FILE (declined: the
    game reads it as none), where it used to write ``animals: 0`` for every player."""
    file = tmp_path / "g.yaml"
    pad = Pad(get_game("galapagos"), str(file), NOW)
    try:
        for i, (name, exhibition, education, money) in enumerate((("Ana", "40", "10", "2000"),
                                                                  ("Ben", "30", "12", "1500"))):
            saved(pad, f"players[{i}].name", name)
            saved(pad, f"players[{i}].exhibition", exhibition)
            saved(pad, f"players[{i}].education", education)
            saved(pad, f"players[{i}].money", money)
        review = pad.review()
        assert review.ready, review
        assert pad.score(anyway=True).status == "saved"
    finally:
        pad.close()
    written = yaml.safe_load(file.read_text(encoding="utf-8"))
    assert [player["name"] for player in written["players"]] == ["Ana", "Ben"]
    assert all("animals" not in player for player in written["players"])
    assert written["date"] == "2026-12-02 20:00"
