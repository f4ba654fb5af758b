"""Tally keeps the player's file safe (issue 20, items 1-5 and the tally halves of 6 and 13).

Every case runs the command's entry point in a scratch folder; after a refusal FILE is
byte-identical and the folder holds no temporary or backup file.
"""

from __future__ import annotations

import datetime
import fcntl
import os
import stat
import subprocess
from pathlib import Path

import pytest

from tests.helpers import ROOT, run_scorecalc, start_scorecalc, timeout
from tests.support.tally_run import run_tally

HAND_WRITTEN = b"""# our game on Friday
game: galapagos
players:
  - name: Anna   # she won
    exhibition: 41
    education: 17
    animals: 3
  - name: Ben
    exhibition: 35
    education: 12
    animals: 3
    money: 1900
"""
"""A hand-written Galapagos table complete but for Anna's money."""


def listing(folder: Path) -> list[str]:
    return sorted(os.listdir(folder))


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767643200")
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path


def tally(*args: str, lines: list[bytes] | None = None, **kwargs: object) -> object:
    return run_tally(["tally", *args], lines or [], **kwargs)  # type: ignore[arg-type]


# --- item 1: FILE~ is never overwritten, never followed ------------------------------------------


def test_the_players_own_backup_is_kept_and_the_next_free_name_taken(folder: Path) -> None:
    (folder / "m.yaml").write_bytes(HAND_WRITTEN)
    (folder / "m.yaml~").write_bytes(b"my editor's backup\n")
    result = run_tally(["tally", "galapagos", "m.yaml"], [b"2300"])
    assert result.code == 0, result.stderr
    assert (folder / "m.yaml~").read_bytes() == b"my editor's backup\n"
    assert (folder / "m.yaml~1").read_bytes() == HAND_WRITTEN
    assert "kept as m.yaml~1" in result.stderr
    assert listing(folder) == ["m.yaml", "m.yaml~", "m.yaml~1"]


def test_a_second_tally_of_a_finished_file_leaves_the_first_backup_alone(folder: Path) -> None:
    (folder / "m.yaml").write_bytes(HAND_WRITTEN)
    assert run_tally(["tally", "galapagos", "m.yaml"], [b"2300"]).code == 0
    finished = (folder / "m.yaml").read_bytes()
    again = run_tally(["tally", "galapagos", "m.yaml"], [])
    assert again.code == 0, again.stderr
    assert (folder / "m.yaml~").read_bytes() == HAND_WRITTEN  # the original, with its comments
    assert (folder / "m.yaml").read_bytes() == finished
    assert listing(folder) == ["m.yaml", "m.yaml~"]


def test_a_planted_backup_symlink_is_never_followed(folder: Path) -> None:
    (folder / "m.yaml").write_bytes(HAND_WRITTEN)
    (folder / "victim.txt").write_bytes(b"someone else's file\n")
    os.symlink("victim.txt", folder / "m.yaml~")
    os.symlink("missing.txt", folder / "m.yaml~1")  # dangling: created through, it would make missing.txt
    result = run_tally(["tally", "galapagos", "m.yaml"], [b"2300"])
    assert result.code == 0, result.stderr
    assert (folder / "victim.txt").read_bytes() == b"someone else's file\n"
    assert os.readlink(folder / "m.yaml~") == "victim.txt"
    assert not (folder / "missing.txt").exists()
    assert (folder / "m.yaml~2").read_bytes() == HAND_WRITTEN
    assert not (folder / "m.yaml~2").is_symlink()


def test_a_backup_that_cannot_be_written_whole_is_removed_and_the_run_refused(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scorecalc.tablefile import keeping

    (folder / "m.yaml").write_bytes(HAND_WRITTEN)
    real_write = os.write

    def full_disk(fd: int, data: bytes) -> int:
        if os.readlink(f"/proc/self/fd/{fd}").endswith("m.yaml~"):
            real_write(fd, bytes(data[:10]))
            raise OSError(28, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(keeping.os, "write", full_disk)
    result = run_tally(["tally", "galapagos", "m.yaml"], [b"2300"])
    assert result.code == 2, result.stderr
    assert "cannot keep a backup as m.yaml~" in result.stderr and "No space left on device" in result.stderr
    assert (folder / "m.yaml").read_bytes() == HAND_WRITTEN
    assert listing(folder) == ["m.yaml"]
    assert result.stderr.rstrip().endswith("2300")  # the answer it could not save, to give again


# --- item 2: an edit made meanwhile is never reverted; one tally per file ------------------------


def test_an_edit_between_two_answers_stops_the_run_and_is_kept(folder: Path) -> None:
    path = folder / "t.yaml"

    def edit() -> None:
        path.write_text(path.read_text() + "notes: added in an editor\n")

    result = run_tally(["tally", "galapagos", "t.yaml"], [b"2026-01-05 20:00", edit, b"Home", b"Anna"])
    assert result.code == 2, result.stderr
    assert "was changed since tally last read or wrote it" in result.stderr
    text = path.read_text()
    assert "notes: added in an editor" in text and "Home" not in text
    assert result.stderr.splitlines()[-1] == "Home"  # the answer not saved, as a pipe gives it
    assert "1 answer not saved" in result.stderr
    assert listing(folder) == ["t.yaml"]
    again = run_tally(["tally", "galapagos", "t.yaml"], [b"Home"])
    assert "Home" in path.read_text() and "notes: added in an editor" in path.read_text(), again.stderr


def test_a_second_tally_on_the_same_file_is_refused_at_start(folder: Path) -> None:
    path = folder / "t.yaml"
    assert run_tally(["tally", "galapagos", "t.yaml"], [b"2026-01-05 20:00"]).code == 2
    before = path.read_bytes()
    with open(path, "rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)  # as another tally holds it
        result = run_tally(["tally", "galapagos", "t.yaml"], [b"Home"])
    assert result.code == 2
    assert "another 'scorecalc tally' is writing this file" in result.stderr
    assert result.reads == 0 and "›" not in result.stderr
    assert path.read_bytes() == before and listing(folder) == ["t.yaml"]


def test_the_lock_stays_on_the_file_across_every_rewrite(folder: Path) -> None:
    path = folder / "t.yaml"
    seen: list[bool] = []

    def try_lock() -> None:
        with open(path, "rb") as other:
            try:
                fcntl.flock(other.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                seen.append(True)
            else:
                seen.append(False)

    result = run_tally(["tally", "galapagos", "t.yaml"], [b"2026-01-05 20:00", try_lock, b"Home", try_lock])
    assert result.code == 2
    assert seen == [True, True]


@pytest.mark.slow
def test_two_tally_processes_on_one_file_the_second_is_refused(folder: Path) -> None:
    (folder / "t.yaml").write_bytes(b"")
    first = start_scorecalc("tally", "galapagos", "t.yaml", cwd=folder, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert first.stdin is not None and first.stderr is not None
    first.stdin.write(b"2026-01-05 20:00\n")
    first.stdin.flush()
    shown = b""
    while b"where you played" not in shown:  # the first answer is saved: FILE was replaced
        chunk = first.stderr.read1(4096)
        assert chunk, shown
        shown += chunk
    second = run_scorecalc("tally", "galapagos", "t.yaml", cwd=folder, input=b"Home\n", text=False)
    first.stdin.close()
    first.wait(timeout=timeout(60))
    assert second.returncode == 2
    assert b"another 'scorecalc tally' is writing this file" in second.stderr
    assert b"Home" not in (folder / "t.yaml").read_bytes()


# --- item 3: a hand-edited tally: block ----------------------------------------------------------


@pytest.mark.parametrize(("block", "where"), [
    ("{declined: 5}", "t.yaml:2:19: tally.declined: should be a list"),
    ("{open: true}", "t.yaml:2:15: tally.open: should be a list"),
    ("5", "t.yaml:2:8: tally: should be a mapping"),
    ("{declined: [3, '[x']}", "t.yaml:2:23: tally.declined[1]: '[x' is not a place in the table"),
    ("{declined: [nowhere]}", "t.yaml:2:20: tally.declined[0]: 'nowhere': the table has no such part"),
    ("{later: []}", "t.yaml:2:9: tally.later: unknown or repeated key 'later'"),
])
def test_a_hand_edited_tally_block_is_a_located_error(folder: Path, block: str, where: str) -> None:
    text = f"game: galapagos\ntally: {block}\n".encode()
    (folder / "t.yaml").write_bytes(text)
    result = run_tally(["tally", "galapagos", "t.yaml"], [])
    assert result.code == 2, result.stderr
    assert where in result.stderr, result.stderr
    assert "fix it, or remove it" in result.stderr
    assert (folder / "t.yaml").read_bytes() == text and listing(folder) == ["t.yaml"]


# --- item 4: answers that are not UTF-8 ----------------------------------------------------------


def test_a_piped_answer_that_is_not_utf8_exits_2(folder: Path) -> None:
    result = run_tally(["tally", "galapagos", "new.yaml"], raw=b"\nCaf\xe9\n")
    assert result.code == 2, result.stderr
    assert "location: this answer is not valid UTF-8 text (byte 0xe9)" in result.stderr
    assert "stopped with" in result.stderr
    text = (folder / "new.yaml").read_text(encoding="utf-8")
    assert 'date: "2026-01-05 20:00"' in text and "location:" not in text


def test_an_answer_that_is_not_utf8_on_a_terminal_is_asked_again(folder: Path) -> None:
    result = run_tally(["tally", "galapagos", "new.yaml"], raw=b"\nCaf\xe9\nCaf\xc3\xa9\n", tty=True)
    assert "this answer is not valid UTF-8 text (byte 0xe9)" in result.stderr
    assert result.code == 2  # the input then ends
    assert "not valid UTF-8" in result.stderr
    assert 'location: "Café"' in (folder / "new.yaml").read_text(encoding="utf-8")


# --- item 5: every Origin file state the declaration allows goes on -------------------------------

ORIGIN_HEAD = "game: origin\nobjective: sydney\nvariant: standard\n"
ORIGIN_PLAYERS = ("players:\n  - {name: Ann, score: 30, books: {land: 1}, tiles: 2}\n"
                  "  - {name: Bob, score: 28, books: {water: 2}, tiles: 1}\n")
ORIGIN_TILE = [b"Sea Lion", b"3", b"Ann 2, Bob 1", b""]  # Sydney: no starting, no habitats asked


def test_origin_a_board_entry_without_a_species_is_asked_not_a_crash(folder: Path) -> None:
    (folder / "f.yaml").write_text(ORIGIN_HEAD + "board:\n  - {name: Rachel}\n")
    refused = run_tally(["tally", "origin", "f.yaml"], [b"Ann"])  # 'name' no question holds: never dropped
    assert refused.code == 2 and "tile 1 name: the file has “name: Rachel”" in refused.stderr, refused.stderr
    assert (folder / "f.yaml").read_text() == ORIGIN_HEAD + "board:\n  - {name: Rachel}\n"
    (folder / "f.yaml").write_text(ORIGIN_HEAD + "board:\n  - {}\n")
    first = run_tally(["tally", "origin", "f.yaml"], [b"Ann"])
    assert first.code == 2, first.stderr
    assert "input ended" in first.stderr
    rest = [b"Bob", b"", b"30", b"1 0 0", b"2", b"28", b"0 2 0", b"1", b"Sea Lion", b"3", b""]
    second = run_tally(["tally", "origin", "f.yaml"], rest)
    assert second.code == 0, second.stderr
    assert "tally:" not in (folder / "f.yaml").read_text()


def test_origin_players_without_a_board_are_asked_for_the_tiles(folder: Path) -> None:
    (folder / "g.yaml").write_text(ORIGIN_HEAD + ORIGIN_PLAYERS)
    result = run_tally(["tally", "origin", "g.yaml"], ORIGIN_TILE)
    assert result.code == 0, result.stderr
    assert "0 questions left" not in result.stderr
    assert "species: Sea Lion" in (folder / "g.yaml").read_text()


def test_origin_without_a_board_on_a_terminal_asks_the_tiles_not_the_variant(folder: Path) -> None:
    (folder / "g.yaml").write_text(ORIGIN_HEAD + ORIGIN_PLAYERS)
    result = run_tally(["tally", "origin", "g.yaml"], [b""] * 30, tty=True)
    assert "› tile 1 species" in result.stderr
    assert "› variant" not in result.stderr


def test_a_declined_required_part_in_the_tally_block_is_asked(folder: Path) -> None:
    block = "tally: {declined: [board, date, location], open: []}\n"
    (folder / "g.yaml").write_text(ORIGIN_HEAD + ORIGIN_PLAYERS + block)
    result = run_tally(["tally", "origin", "g.yaml"], ORIGIN_TILE)
    assert result.code == 0, result.stderr


def test_a_problem_no_answer_fixes_is_refused_not_asked_forever(folder: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole table refused at the end for a reason its answers do not change (as Origin's
    missing board once was): the question that could fix it asked once, kept as it was, then
    refused with the located message."""
    from scorecalc.errors import InputError
    from scorecalc.tally.model import Tally as Session

    (folder / "g.yaml").write_text(ORIGIN_HEAD + ORIGIN_PLAYERS + "board: []\n")
    monkeypatch.setattr(Session, "check_table",
                        lambda self, data: ([InputError(("variant",), "not this one, whatever it is")], []))
    result = run_tally(["tally", "origin", "g.yaml"], [b""] * 200, tty=True)
    assert result.code == 2, result.stderr
    assert result.reads == 1
    assert "g.yaml: variant: not this one, whatever it is" in result.stderr
    assert "fix it in the file" in result.stderr
    problems = InputError((), "missing required key 'board'")
    monkeypatch.setattr(Session, "check_table", lambda self, data: ([problems], []))
    result = run_tally(["tally", "origin", "g.yaml"], [b""] * 200, tty=True)
    assert result.code == 2 and result.reads == 0, result.stderr
    assert "missing required key 'board'" in result.stderr


# --- items 6 and 13: standard input closed; FILE that cannot be written -------------------------


def test_tally_from_a_closed_standard_input_exits_2_before_any_file(folder: Path) -> None:
    result = run_tally(["tally", "galapagos", "x.yaml"], closed_stdin=True)
    assert result.code == 2, result.stderr
    assert "x.yaml: cannot read the answers: standard input is closed" in result.stderr
    assert listing(folder) == []


@pytest.mark.slow
def test_tally_with_file_descriptor_0_closed_in_a_real_process(folder: Path) -> None:
    done = run_scorecalc("tally", "galapagos", "x.yaml", cwd=folder, preexec_fn=lambda: os.close(0),
                         text=False)
    assert done.returncode == 2, done.stderr
    assert b"standard input is closed" in done.stderr
    assert listing(folder) == []


def test_a_complete_read_only_file_is_simply_scored(folder: Path) -> None:
    path = folder / "done.yaml"
    path.write_bytes((ROOT / "examples" / "galapagos" / "shared-victory.yaml").read_bytes())
    before = path.read_bytes()
    path.chmod(0o444)
    result = run_tally(["tally", "galapagos", "done.yaml", "-f", "json"], [])
    assert result.code == 0, result.stderr
    assert '"players"' in result.stdout
    assert path.read_bytes() == before and listing(folder) == ["done.yaml"]


def test_a_complete_read_only_file_is_scored_even_with_standard_input_closed(folder: Path) -> None:
    path = folder / "done.yaml"
    path.write_bytes((ROOT / "examples" / "galapagos" / "shared-victory.yaml").read_bytes())
    path.chmod(0o444)
    assert run_tally(["tally", "galapagos", "done.yaml"], closed_stdin=True).code == 0


def test_an_unfinished_read_only_file_is_refused_before_the_first_question(folder: Path) -> None:
    path = folder / "m.yaml"
    path.write_bytes(HAND_WRITTEN)
    path.chmod(0o444)
    result = run_tally(["tally", "galapagos", "m.yaml"], [b"2300"])
    assert result.code == 2, result.stderr
    assert "m.yaml: is read-only (mode 0444): tally writes every answer to it" in result.stderr
    assert result.reads == 0 and "›" not in result.stderr
    assert "every earlier answer is saved" not in result.stderr
    assert path.read_bytes() == HAND_WRITTEN and listing(folder) == ["m.yaml"]
    assert stat.S_IMODE(path.stat().st_mode) == 0o444


@pytest.mark.parametrize(("target", "message"), [
    ("/dev/null", "/dev/null: is not a regular file (a device or a pipe)"),
    ("sub", "sub: is a folder; tally writes a file"),
    ("nowhere/t.yaml", "nowhere/t.yaml: is in a folder that does not exist"),
])
def test_what_tally_cannot_write_is_refused_before_the_first_question(folder: Path, target: str,
                                                                     message: str) -> None:
    (folder / "sub").mkdir()
    stray = os.path.lexists("/dev/null~")  # left by another program: not this test's to judge
    result = run_tally(["tally", "galapagos", target], [b"2026-01-05 20:00"])
    assert result.code == 2, result.stderr
    assert message in result.stderr
    assert result.reads == 0 and "›" not in result.stderr
    assert "every earlier answer is saved" not in result.stderr
    assert listing(folder) == ["sub"] and listing(folder / "sub") == []
    assert os.path.lexists("/dev/null~") == stray


@pytest.mark.parametrize("target", ["loop.yaml", "nowhere/t.yaml", "m.yaml"])
def test_tally_and_output_judge_a_path_with_one_preflight(folder: Path, target: str) -> None:
    """``Keeper.start`` and ``--output`` go through the same ``writing.examine_target``: what both
    refuse, both refuse in the same words (but for the option's name)."""
    from scorecalc.errors import UsageError
    from scorecalc.tablefile.keeping import Keeper
    from scorecalc.writing import check_output_target

    os.symlink("loop.yaml", folder / "loop.yaml")
    (folder / "m.yaml").write_bytes(HAND_WRITTEN)
    (folder / "m.yaml").chmod(0o444)
    with pytest.raises(UsageError) as output:
        check_output_target(target, [])
    keeper = Keeper(target)
    try:
        keeper.start()
        said = f"{target}: {keeper.read_only}"  # tally reads a read-only FILE, and says it cannot write
    except UsageError as error:
        said = str(error)
    finally:
        keeper.close()
    assert str(output.value).startswith(said.replace(f"{target}: ", f"{target}: --output ", 1))


def test_the_input_ending_before_any_answer_claims_nothing_was_saved(folder: Path) -> None:
    result = run_tally(["tally", "galapagos", "new.yaml"], [])
    assert result.code == 2
    assert "(nothing was written)" in result.stderr and "every earlier answer" not in result.stderr
    assert listing(folder) == []


# --- the date's default: four-digit years -------------------------------------------------------


def test_the_dates_default_is_written_with_four_digit_years(folder: Path) -> None:
    from scorecalc.games import get_game
    from scorecalc.tally.session import Session

    session = Session(get_game("galapagos"), "t.yaml", now=datetime.datetime(999, 12, 31, 10, 0))
    try:
        question = session.plan()[0]
        assert question.path == ("date",)
        assert session.default_text(question) == "0999-12-31 10:00"
        session.answer(question, "")
    finally:
        session.keeper.close()
    assert 'date: "0999-12-31 10:00"' in (folder / "t.yaml").read_text()
