"""No edit ever lost (issue 36, item 1): FILE is replaced by an atomic exchange of names, then what
came out is checked; an edit that landed between tally's check and its replace is put back, the
run stops with exit 2 and prints the answers not saved. The edit is made deterministically
through ``writing.BEFORE_REPLACE``, the seam between the check and the replace, in both of an
editor's styles: an append in place, and a new file renamed over FILE. And FILE removed while
tally runs is written again, whole, and the run says so (item 6)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from scorecalc import writing
from scorecalc.tablefile.keeping import Changed, Keeper
from tests.support.tally_run import run_tally

EDIT = "notes: added in an editor\n"


def in_place(path: str) -> None:
    with open(path, "a", encoding="utf-8") as file:
        file.write(EDIT)


def write_then_rename(path: str) -> None:
    """What vim (backupcopy=no) and most editors do: a new file beside FILE, renamed over it."""
    with open(path, encoding="utf-8") as file:
        text = file.read()
    beside = path + ".swp-new"
    with open(beside, "w", encoding="utf-8") as file:
        file.write(text + EDIT)
    os.replace(beside, path)


STYLES = {"in place": in_place, "write then rename": write_then_rename}


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767643200")
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path


@pytest.fixture
def seam() -> Iterator[Callable[[Callable[[str], None]], None]]:
    """``seam(edit)``: ``edit(FILE)`` runs once, at the next replace, after tally's check."""
    hooks = writing.BEFORE_REPLACE

    def arm(edit: Callable[[str], None]) -> None:
        def once(path: str) -> None:
            hooks.remove(once)
            edit(path)

        hooks.append(once)

    yield arm
    hooks.clear()


def test_the_system_exchanges_two_names_in_one_step(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    first.write_text("one")
    second.write_text("two")
    assert writing.exchange(str(first), str(second))  # Linux renameat2, macOS renamex_np
    assert (first.read_text(), second.read_text()) == ("two", "one")
    with pytest.raises(FileNotFoundError):
        writing.exchange(str(first), str(tmp_path / "gone"))
    assert (first.read_text(), second.read_text()) == ("two", "one")


@pytest.mark.parametrize("style", STYLES)
def test_an_edit_between_the_check_and_the_replace_is_kept(folder: Path, seam: Any, style: str) -> None:
    keeper = Keeper(str(folder / "t.yaml"))
    keeper.start()
    keeper.write("game: galapagos\n")
    seam(STYLES[style])
    with pytest.raises(Changed, match="was changed since tally last read or wrote it"):
        keeper.write("game: galapagos\nlocation: Home\n")
    assert (folder / "t.yaml").read_text() == "game: galapagos\n" + EDIT
    assert sorted(os.listdir(folder)) == ["t.yaml"]  # nothing left behind: no temporary file
    keeper.close()


@pytest.mark.parametrize("style", STYLES)
def test_tally_stops_keeps_the_edit_and_prints_the_answer_not_saved(folder: Path, seam: Any,
                                                                      style: str) -> None:
    path = folder / "t.yaml"
    result = run_tally(["tally", "galapagos", "t.yaml"],
                       [b"2026-01-05 20:00", lambda: seam(STYLES[style]), b"Home", b"Anna"])
    assert result.code == 2, result.stderr
    assert "was changed since tally last read or wrote it" in result.stderr
    text = path.read_text()
    assert text.endswith(EDIT) and "Home" not in text and "2026-01-05 20:00" in text
    assert "1 answer not saved" in result.stderr
    assert result.stderr.splitlines()[-1] == "Home"  # as a pipe gives it, to paste
    assert sorted(os.listdir(folder)) == ["t.yaml"]


def test_an_append_opened_before_the_replace_and_written_after_its_check_is_put_back(folder: Path) -> None:
    """The window the exchange cannot close (the 200-race stress run met it): ``echo >> FILE``
    opens FILE just before tally's replace and writes just after tally checked what came out,
    into the file no name reaches any more. The next write finds it changed, puts it back as
    FILE and stops: the edit is never lost."""
    path = folder / "t.yaml"
    keeper = Keeper(str(path))
    keeper.start()
    keeper.write("game: galapagos\n")
    with open(path, "a", encoding="utf-8") as appending:  # opened before the replace
        keeper.write("game: galapagos\nlocation: Home\n")  # replaced and checked: unchanged then
        appending.write(EDIT)  # lands in the file replaced
    assert path.read_text() == "game: galapagos\nlocation: Home\n"  # not in FILE yet
    with pytest.raises(Changed, match="was edited as tally replaced it"):
        keeper.write("game: galapagos\nlocation: Pub\n")
    assert path.read_text() == "game: galapagos\n" + EDIT  # the edit is FILE again
    assert sorted(os.listdir(folder)) == ["t.yaml"]
    keeper.close()


def test_a_replaced_file_left_alone_is_let_go_at_the_next_write(folder: Path) -> None:
    keeper = Keeper(str(folder / "t.yaml"))
    keeper.start()
    for text in ("a: 1\n", "a: 2\n", "a: 3\n"):
        keeper.write(text)
    [watched] = keeper.watched  # only the last one held: no program writes into the others
    held = watched.fd
    assert watched.digest != keeper.known
    keeper.close()
    assert keeper.watched == [] and keeper.lock_fd == -1
    with pytest.raises(OSError):
        os.fstat(held)  # closed


def test_without_an_exchange_the_check_comes_just_before_the_rename(folder: Path, seam: Any,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(writing, "exchange", lambda first, second: False)
    keeper = Keeper(str(folder / "t.yaml"))
    keeper.start()
    keeper.write("game: galapagos\n")
    keeper.write("game: galapagos\nlocation: Home\n")  # the plain rename writes
    assert (folder / "t.yaml").read_text() == "game: galapagos\nlocation: Home\n"
    seam(in_place)
    with pytest.raises(Changed):
        keeper.write("game: galapagos\nlocation: Pub\n")
    assert (folder / "t.yaml").read_text().endswith(EDIT)
    keeper.close()


def test_a_file_removed_while_tally_runs_is_written_again_and_it_says_so(folder: Path) -> None:
    path = folder / "t.yaml"
    result = run_tally(["tally", "galapagos", "t.yaml"],
                       [b"2026-01-05 20:00", path.unlink, b"Home", b"Anna"])
    assert "t.yaml was removed while tally ran: it is written again with every answer so far" in result.stderr
    data = yaml.safe_load(path.read_text())
    assert data["date"] == "2026-01-05 20:00" and data["location"] == "Home"
    assert data["players"][0]["name"] == "Anna"


def test_a_file_removed_between_the_check_and_the_replace_is_written_again(folder: Path, seam: Any) -> None:
    keeper = Keeper(str(folder / "t.yaml"))
    keeper.start()
    keeper.write("game: galapagos\n")
    seam(os.unlink)
    note = keeper.write("game: galapagos\nlocation: Home\n")
    assert "was removed while tally ran" in note
    assert (folder / "t.yaml").read_text() == "game: galapagos\nlocation: Home\n"
    assert keeper.write("game: galapagos\nlocation: Pub\n") == ""  # and on as before
    keeper.close()


def test_a_removed_file_that_cannot_be_written_again_gives_the_answers_back(folder: Path) -> None:
    sub = folder / "sub"
    sub.mkdir()
    path = sub / "t.yaml"

    def remove_all() -> None:
        path.unlink()
        sub.rmdir()

    result = run_tally(["tally", "galapagos", "sub/t.yaml"],
                       [b"2026-01-05 20:00", remove_all, b"Home", b"Anna"])
    assert result.code == 2, result.stderr
    assert "cannot write" in result.stderr
    assert result.stderr.splitlines()[-1] == "Home"  # every answer since the last save, to paste
