"""A Caracas board tile by tile on the pad, in-process (``scorecalc/web/pad.py`` and ``forms.py``
through Caracas' ``BoardRows.cells``/``set_cell``): a tile is the place ``players[0].grid.r3c2``,
its value the grid token; the four figures of a comparison-only explorer are places too. The
browser side is ``tests/system/test_web_taps.py``."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from scorecalc.games import get_game
from scorecalc.web.pad import Pad

NOW = datetime.datetime(2026, 12, 2, 20, 0)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Pad]:
    pad = Pad(get_game("caracas"), str(tmp_path / "t.yaml"), NOW)
    try:
        for i, name in enumerate(("Ana", "Bea")):
            assert pad.answer(f"players[{i}].name", None, name).status == "saved"
        yield pad
    finally:
        pad.close()


def grid(pad: Pad, player: int = 0) -> list[list[str]]:
    data = yaml.safe_load(Path(pad.name).read_text(encoding="utf-8"))
    text = data["players"][player].get("grid", "")
    return [line.split() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def board_of(pad: Pad, player: int):  # type: ignore[no-untyped-def]
    section = next(s for s in pad.view().sections if s.player == player and s.board is not None)
    return section.board


def test_a_tile_is_set_changed_and_cleared_by_its_place(table: Pad) -> None:
    reply = table.answer("players[0].grid.r1c1", None, "juja~es")
    assert (reply.status, reply.current) == ("saved", "JuJa~ES")  # the token as the board reads it
    assert grid(table) == [["JuJa~ES", ".", ".", "."]]
    assert table.answer("players[0].grid.r2c1", "", "SwPiGu~NE").status == "saved"
    assert table.answer("players[0].grid.r1c2", ".", "Ju~NW~ES").status == "saved"
    assert grid(table) == [["JuJa~ES", "Ju~NW~ES", ".", "."], ["SwPiGu~NE", ".", ".", "."]]
    changed = table.answer("players[0].grid.r1c1", "JuJa~ES", "SaAt")
    assert (changed.status, changed.current) == ("saved", "SaAt")
    cleared = table.answer("players[0].grid.r2c1", "SwPiGu~NE", "")
    assert (cleared.status, cleared.current) == ("saved", "")
    assert grid(table) == [["SaAt", "Ju~NW~ES", ".", "."]]  # the empty row at the end is gone
    board = board_of(table, 0)
    assert board.cells["grid.r1c1"].value == "SaAt"
    assert board.cells["grid.r1c3"].start == "~W"  # ▢1's river leads east into ◎1
    assert board.cells["grid.r2c2"].start == "~N"  # and south into ▢2
    assert board.cells["grid.r2c1"].start == ""
    assert sorted(board.cells) == [f"grid.r{r}c{c}" for r in (1, 2) for c in (1, 2, 3, 4)]
    assert board.sketch is not None
    keys = [group.key for group in board.sketch.groups if group.key]
    assert sorted(keys) == sorted(board.cells)  # every cell drawn, tiles and free squares
    assert [group.css for group in board.sketch.groups if group.key == "grid.r1c2"] == ["tile"]
    assert [group.css for group in board.sketch.groups if group.key == "grid.r2c4"] == ["free"]


def test_a_stale_tile_is_refused_with_the_current_token(table: Pad) -> None:
    assert table.answer("players[0].grid.r1c1", None, "JuJa~ES").status == "saved"
    before = Path(table.name).read_bytes()
    stale = table.answer("players[0].grid.r1c1", "", "SwIb")  # this phone saw the square free
    assert (stale.status, stale.code, stale.current) == ("stale", 409, "JuJa~ES")
    stale = table.answer("players[0].grid.r1c1", "JuHo", "")
    assert (stale.status, stale.current) == ("stale", "JuJa~ES")
    assert Path(table.name).read_bytes() == before


def test_a_resend_is_saved_once(table: Pad) -> None:
    assert table.answer("players[0].grid.r1c1", None, "JuJa~ES").status == "saved"
    before, version = Path(table.name).read_bytes(), table.version
    again = table.answer("players[0].grid.r1c1", None, "JuJa~ES")  # the reply was lost: sent again
    assert (again.status, again.current) == ("saved", "JuJa~ES")
    again = table.answer("players[0].grid.r1c1", "", "juja~es")  # as typed, and seen free
    assert again.status == "saved"
    assert Path(table.name).read_bytes() == before and table.version == version
    assert table.answer("players[0].grid.r1c2", "", "").status == "saved"  # a free square cleared: nothing
    assert Path(table.name).read_bytes() == before


def test_a_tile_is_refused_as_a_grid_row_refuses_it(table: Pad) -> None:
    reason = "'Xx' is not a land; a token starts with Ju (jungle), Sa (savannah) or Sw (swamp)"
    tile = table.answer("players[0].grid.r1c1", None, "Xx")
    row = table.answer("players[0].grid.row1", None, "Xx . . .")
    # the same reason; a tile built by taps named by its square, a row typed by the token typed
    assert (tile.status, tile.code, tile.message) == ("refused", 422, f"the tile on ✻1: {reason}")
    assert row.message == f"token 'Xx': {reason}"
    twice = table.answer("players[0].grid.r1c1", None, "JuJaJa")
    assert twice.message == "the tile on ✻1: shows the jaguar twice; a tile shows different animals"
    off = table.answer("players[0].grid.r3c1", None, "Ju")
    assert off.message == "row 3, column 1 is off the board (rows 1 to 1, columns 1 to 4)"
    assert table.answer("players[0].grid.r1c1", None, "Ju Sa").status == "refused"
    assert table.answer("players[0].grid.r1c9", None, "Ju").message.startswith("row 1, column 9 is off")
    nowhere = table.answer("players[0].grid.rXc1", None, "Ju")
    assert nowhere.message == "no square of her board (rows 1 to 1, ✻ ▢ ◎ ▲) and no figure of hers"
    assert not Path(table.name).exists() or grid(table) == []


def test_a_finished_board_changed_by_a_tile_opens_again(table: Pad) -> None:
    assert table.answer("players[0].grid.r1c1", None, "JuJa~ES").status == "saved"
    assert table.answer("players[0].grid", "open", "done").status == "saved"
    assert board_of(table, 0).done
    assert "grid.r2c1" not in board_of(table, 0).cells  # a finished board offers no free square
    assert table.answer("players[0].grid.r1c1", "JuJa~ES", "JuJa~E").status == "saved"
    assert not board_of(table, 0).done  # "Finish" again: the game's checks on the board changed
    assert grid(table) == [["JuJa~E", ".", ".", "."]]


def test_the_four_figures_are_changed_and_cleared_from_a_phone(table: Pad) -> None:
    assert table.answer("players[1].grid.row1", None, "6 4 2 3").status == "saved"
    board = board_of(table, 1)
    assert [(f.place, f.value) for f in board.fields] == [
        ("players[1].landscape.biggest_jungle", "6"), ("players[1].landscape.savannah_areas", "4"),
        ("players[1].landscape.swamp_areas", "2"), ("players[1].landscape.forks", "3")]
    assert board.fields[0].label == "Bea's biggest jungle" and board.fields[0].number
    assert table.answer("players[1].landscape.forks", "3", "5").status == "saved"
    stale = table.answer("players[1].landscape.forks", "3", "4")
    assert (stale.status, stale.current) == ("stale", "5")
    assert table.answer("players[1].landscape.swamp_areas", "2", "two").status == "refused"
    data = yaml.safe_load(Path(table.name).read_text(encoding="utf-8"))
    assert data["players"][1]["landscape"] == {"biggest_jungle": 6, "savannah_areas": 4, "swamp_areas": 2,
                                               "forks": 5}
    refused = table.answer("players[1].grid.r1c1", "", "Ju")
    assert refused.message == "her four figures are given instead of a board: clear them first"
    assert table.answer("players[1].landscape.savannah_areas", "4", "").status == "saved"  # cleared
    data = yaml.safe_load(Path(table.name).read_text(encoding="utf-8"))
    assert "landscape" not in data["players"][1]
    assert sorted(board_of(table, 1).cells) == [f"grid.r1c{c}" for c in (1, 2, 3, 4)]  # her board, by tiles
    assert table.answer("players[1].grid.r1c2", "", "SaAt").status == "saved"
    assert grid(table, 1) == [[".", "SaAt", ".", "."]]


def test_a_board_by_tiles_scores_as_the_same_board_by_rows(tmp_path: Path) -> None:
    rows = ["JuJa~ES JuSlSo~NESW JuHo~SW SaAt", "JuKi~NE SwPiGu~NESW SwAn~NW SaIb"]
    scored = []
    for way in ("rows", "tiles"):
        pad = Pad(get_game("caracas"), str(tmp_path / f"{way}.yaml"), NOW)
        try:
            pad.answer("players[0].name", None, "Ana")
            pad.answer("players[1].name", None, "Bea")
            for r, row in enumerate(rows, start=1):
                if way == "rows":
                    assert pad.answer(f"players[0].grid.row{r}", None, row).status == "saved"
                    continue
                for c, token in enumerate(row.split(), start=1):
                    assert pad.answer(f"players[0].grid.r{r}c{c}", "", token).status == "saved"
            assert pad.answer("players[0].grid", "open", "done").status == "saved"
            assert pad.answer("players[1].grid.row1", None, "6 4 2 3").status == "saved"
            assert pad.score().status == "warned"  # Ana's 8 tiles of 17: shown, then scored anyway
            assert pad.score(anyway=True).status == "saved"
        finally:
            pad.close()
        data = yaml.safe_load((tmp_path / f"{way}.yaml").read_text(encoding="utf-8"))
        scored.append(data["players"])
    assert scored[0] == scored[1]


def test_a_form_without_cells_keeps_its_parts_typed(tmp_path: Path) -> None:
    """The toy's beads (an entry form that leaves out a ``BoardForm``'s tap methods: no cells, no
    drawing, no palette) stay typed fields, not folded away under "Type the rows instead"; a tap
    sent to it is refused in the players' words."""
    from scorecalc.spec.interview import BoardForm
    from scorecalc.web.pages import templates
    from tests.support.toy_game import GAME, Beads

    assert not isinstance(Beads(), BoardForm) and isinstance(get_game("caracas").interview.form("players"),
                                                             BoardForm)
    pad = Pad(GAME, str(tmp_path / "t.yaml"), NOW)
    try:
        assert pad.answer("players[0].name", None, "Ana").status == "saved"
        assert pad.answer("players[0].points", None, "7").status == "saved"
        assert pad.answer("players[0].beads.row1", None, "red").status == "saved"
        tapped = pad.answer("players[0].beads.bead1", None, "red")  # no cells: typed
        assert (tapped.status, tapped.message) == ("refused", "Ana's beads: typed one answer at a time, "
                                                              "nothing here is tapped")
        board = board_of(pad, 0)
        assert board.cells == {} and board.sketch is None and board.palette is None
        page = templates().get_template("form.html.j2").render(view=pad.view())
        assert 'data-place="players[0].beads.row1" data-seen="red"' in page
        assert 'data-place="players[0].beads.row2"' in page and "details class=\"rows\"" not in page
        assert "<svg" not in page
        assert "Finish Ana&#39;s beads (every row is in)" in page  # no palette: no game's word for a cell
    finally:
        pad.close()


def test_the_words_for_a_cell_come_from_the_games_palette(table: Pad) -> None:
    """web/ names no game: "tile" is Caracas's word, which its palette gives the editor and the
    finishing button."""
    from scorecalc.web.pages import templates

    page = templates().get_template("form.html.j2").render(view=table.view())
    assert 'data-piece="tile"' in page and 'aria-label="Ana&#39;s board: a tile"' in page
    assert "Finish Ana&#39;s board (every tile is in)" in page


def test_the_phones_score_page_names_file_by_its_own_name_in_its_warnings_too(tmp_path: Path) -> None:
    """Where FILE lies on the server is not the phones' business: neither the heading nor a
    warning's location shows it (a warning showed /tmp/pytest-.../tonight.yaml in a screenshot)."""
    from scorecalc.web.pages import score_page

    pad = Pad(get_game("caracas"), str(tmp_path / "tonight.yaml"), NOW)
    try:
        pad.answer("players[0].name", None, "Ana")
        pad.answer("players[1].name", None, "Bea")
        assert pad.answer("players[0].grid.row1", None, "JuJa~ES JuSlSo~NESW JuHo~SW SaAt").status == "saved"
        assert pad.answer("players[0].grid", "open", "done").status == "saved"
        assert pad.answer("players[1].grid.row1", None, "6 4 2 3").status == "saved"
        assert pad.score().status == "warned"
        assert pad.score(anyway=True).status == "saved"
        page = score_page(pad)
    finally:
        pad.close()
    assert "tonight.yaml" in page  # the heading names FILE by its own name
    assert "Warning: Ana&#39;s board: Ana has 4 tiles; in a game of 2 explorers" in page  # players' words
    assert "tonight.yaml:" not in page and "players[" not in page  # no position, no path
    assert str(tmp_path) not in page


def test_a_tile_sent_again_to_a_finished_board_is_saved_and_leaves_it_finished(table: Pad) -> None:
    """SPEC section 8: a place that holds the new value already answers "saved" (a resend changes
    nothing twice), a finished board's square too: setting it again would reopen the board."""
    assert table.answer("players[0].grid.r1c1", "", "juja~es").status == "saved"
    assert table.answer("players[0].grid", "open", "done").status == "saved"
    assert board_of(table, 0).done
    again = table.answer("players[0].grid.r1c1", "", "JuJa~ES")  # sent again, as seen before the first
    assert (again.status, again.current) == ("saved", "JuJa~ES")
    assert board_of(table, 0).done
    other = table.answer("players[0].grid.r1c1", "", "SaAt")  # another tile, from a phone that saw none
    assert (other.status, other.current) == ("stale", "JuJa~ES")
