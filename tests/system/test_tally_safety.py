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
from typing import Any

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


# --- no accepted answer lost to an editor (SPEC section 7: however many rewrites an editor's open
# file spans, and whether it appends or saves an old buffer by rename) ---------------------------

EDIT = "notes: added by hand\n"
NAMES = [b"Anna", b"Ben", b"Cleo"]


class Editor:
    """A program editing FILE while tally writes it: ``hold`` opens it for appending (``cat >>
    FILE`` typed while answers go on), ``append`` writes through that descriptor; ``read`` takes
    FILE into a buffer, ``save`` writes that buffer back as vim does (a new file renamed over it)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.held: Any = None
        self.buffer = ""

    def hold(self) -> None:
        self.held = open(self.path, "a", encoding="utf-8")  # closed by append

    def append(self) -> None:
        self.held.write(EDIT)
        self.held.close()

    def read(self) -> None:
        self.buffer = self.path.read_text(encoding="utf-8")

    def save(self) -> None:
        beside = self.path.with_name(self.path.name + ".swp")
        beside.write_text(self.buffer + EDIT, encoding="utf-8")
        os.replace(beside, self.path)


def given_back(stderr: str) -> list[str]:
    """The lines tally printed to give it again (after "... not saved, as the lines ...")."""
    lines = stderr.splitlines()
    start = next(i for i, line in enumerate(lines) if "not saved, as the lines to give" in line)
    return lines[start + 1:]


@pytest.mark.parametrize("rewrites", [2, 3])
def test_an_append_held_open_across_rewrites_is_kept_and_the_answers_after_it_given_back(
        folder: Path, rewrites: int) -> None:
    path = folder / "t.yaml"
    editor = Editor(path)
    answers = [b"Home", *NAMES][:rewrites]  # each answer a rewrite while the editor holds FILE open
    result = run_tally(["tally", "galapagos", "t.yaml"],
                       [b"2026-01-05 20:00", editor.hold, *answers, editor.append, b"Dora", b""])
    assert result.code == 2, result.stderr
    text = path.read_text()
    assert text.endswith(EDIT) and "2026-01-05 20:00" in text  # the edit kept, in what it was made to
    assert "was edited as tally replaced it" in result.stderr
    assert given_back(result.stderr) == [line.decode() for line in [*answers, b"Dora"]]
    assert f"{rewrites + 1} answers not saved" in result.stderr
    assert listing(folder) == ["t.yaml"]


def test_a_file_held_open_for_writing_stays_watched_however_many_rewrites(folder: Path) -> None:
    """``Keeper`` holds every file it replaced while a program can still write into it, and lets
    each go once none can: an append after twenty rewrites is put back, a writer that closed
    without writing costs nothing more."""
    from scorecalc.tablefile.keeping import Changed, Keeper

    keeper = Keeper(str(folder / "t.yaml"))
    keeper.start()
    keeper.write("a: 0\n")
    appending = open(folder / "t.yaml", "a", encoding="utf-8")  # closed below
    for n in range(1, 21):
        keeper.write(f"a: {n}\n")
        if n == 5:
            quiet = open(folder / "t.yaml", "a", encoding="utf-8")  # closed below, unwritten
    assert len(keeper.watched) == 3  # the two held open, and the last one replaced
    quiet.close()
    keeper.write("a: 21\n")
    assert len(keeper.watched) == 2  # the one closed unwritten let go
    appending.write(EDIT)
    appending.close()
    with pytest.raises(Changed, match="was edited as tally replaced it"):
        keeper.write("a: 22\n")
    assert (folder / "t.yaml").read_text() == "a: 0\n" + EDIT
    assert keeper.watched == []
    keeper.close()


def test_an_old_buffer_saved_by_rename_gives_back_every_answer_it_lacks(folder: Path) -> None:
    path = folder / "t.yaml"
    editor = Editor(path)
    result = run_tally(["tally", "galapagos", "t.yaml"],
                       [b"2026-01-05 20:00", editor.read, b"Home", b"Anna", b"Ben", editor.save, b"Cleo"])
    assert result.code == 2, result.stderr
    assert path.read_text().endswith(EDIT) and "Anna" not in path.read_text()
    assert "it no longer holds 3 answers saved before:" in result.stderr
    assert "  location: Home" in result.stderr.splitlines()
    assert given_back(result.stderr) == ["Home", "Anna", "Ben", "Cleo"]  # as a pipe gives them
    again = run_tally(["tally", "galapagos", "t.yaml"], [b"Home", b"Anna", b"Ben", b"Cleo"])
    text = path.read_text()
    assert again.code == 2, again.stderr  # the input ends before the players' parts
    assert EDIT in text and "name: Cleo" in text and "location: Home" in text


def test_a_part_declined_is_given_back_as_the_empty_line_it_was(folder: Path) -> None:
    editor = Editor(folder / "t.yaml")
    result = run_tally(["tally", "galapagos", "t.yaml"],
                       [b"2026-01-05 20:00", editor.read, b"", b"Anna", editor.save, b"Ben"])
    assert result.code == 2, result.stderr
    assert "  location: (skipped)" in result.stderr.splitlines()
    assert given_back(result.stderr) == ["", "Anna", "Ben"]


def test_a_list_closed_is_given_back_with_its_entries(folder: Path) -> None:
    """The empty answer that ended the players' names is given back when FILE lacks the list, and
    not when FILE still has it closed."""
    editor = Editor(folder / "t.yaml")
    result = run_tally(["tally", "galapagos", "t.yaml"],
                       [b"2026-01-05 20:00", b"Home", editor.read, b"Anna", b"Ben", b"", b"30", editor.save,
                        b"12"])
    assert result.code == 2, result.stderr
    assert given_back(result.stderr) == ["Anna", "Ben", "", "30", "12"]
    editor = Editor(folder / "u.yaml")
    result = run_tally(["tally", "galapagos", "u.yaml"],
                       [b"2026-01-05 20:00", b"Home", b"Anna", b"Ben", b"", editor.read, b"30", editor.save,
                        b"12"])
    assert result.code == 2, result.stderr
    assert given_back(result.stderr) == ["30", "12"]


def test_an_answer_given_again_is_given_back_once(folder: Path) -> None:
    editor = Editor(folder / "t.yaml")
    result = run_tally(["tally", "galapagos", "t.yaml"],
                       [b"2026-01-05 20:00", editor.read, b"Pub", b"<", b"Home", b"Anna", editor.save,
                        b"Ben"])
    assert result.code == 2, result.stderr
    assert given_back(result.stderr) == ["Home", "Anna", "Ben"]


def test_every_earlier_answer_is_saved_is_said_only_when_it_is(folder: Path) -> None:
    path = folder / "t.yaml"
    editor = Editor(path)
    result = run_tally(["tally", "galapagos", "t.yaml"],
                       [b"2026-01-05 20:00", editor.read, b"Home", editor.save])
    assert result.code == 2, result.stderr
    assert "every earlier answer is saved" not in result.stderr
    assert "but the file was changed meanwhile" in result.stderr
    assert path.read_text().endswith(EDIT)
    assert given_back(result.stderr) == ["Home"]
    kept = run_tally(["tally", "galapagos", "t.yaml"], [b"Home"])
    assert "every earlier answer is saved" in kept.stderr, kept.stderr


def test_ctrl_c_says_every_answer_is_kept_only_when_it_is(folder: Path) -> None:
    editor = Editor(folder / "t.yaml")

    def ctrl_c() -> None:
        raise KeyboardInterrupt

    result = run_tally(["tally", "galapagos", "t.yaml"],
                       [b"2026-01-05 20:00", editor.read, b"Home", editor.save, ctrl_c])
    assert result.code == 130, result.stderr
    assert "keeps every answer so far" not in result.stderr
    assert "Stopped. t.yaml was changed meanwhile, not every answer is in it" in result.stderr
    assert given_back(result.stderr) == ["Home"]
    kept = run_tally(["tally", "galapagos", "t.yaml"], [b"Home", ctrl_c])
    assert kept.code == 130 and "Stopped. t.yaml keeps every answer so far" in kept.stderr, kept.stderr


class PadAnswers:
    """The pad in this process: answers as phones give them, and what its terminal said."""

    def __init__(self, path: Path) -> None:
        from scorecalc.games import get_game
        from scorecalc.web.pad import Pad

        self.said: list[str] = []
        self.pad = Pad(get_game("galapagos"), str(path), datetime.datetime(2026, 1, 5, 20, 0),
                       say=self.said.append)
        self.accepted: dict[str, str] = {}

    def answer(self, place: str, value: str) -> str:
        reply = self.pad.answer(place, None, value)
        if reply.status == "saved":
            self.accepted[place] = value
        return reply.status

    def close(self) -> None:
        self.pad.file.close()

    def unaccounted(self, path: Path) -> list[str]:
        """The answers the pad said "saved" that FILE does not hold and its terminal did not name."""
        import yaml

        data = yaml.safe_load(path.read_text())
        given = {line for said in self.said for line in said.splitlines()}  # not the "✓" lines
        missing = []
        for place, value in self.accepted.items():
            index, field = int(place[8]), place.split(".")[1]
            player = data["players"][index] if index < len(data.get("players", [])) else {}
            named = f"  {self.accepted[f'players[{index}].name']}'s {field}: {value}"
            if str(player.get(field)) != value and named not in given and field != "name":
                missing.append(f"{place} {value}")
        return missing


ANNA = {"players[0].money": "2300", "players[0].education": "17", "players[0].animals": "2"}


def test_the_pad_gives_back_every_saved_answer_an_old_buffer_lacks(folder: Path) -> None:
    path = folder / "t.yaml"
    editor = Editor(path)
    pad = PadAnswers(path)
    try:
        assert pad.answer("players[0].name", "Ana") == pad.answer("players[1].name", "Ben") == "saved"
        editor.read()
        for place, value in ANNA.items():
            assert pad.answer(place, value) == "saved"
        editor.save()
        assert pad.answer("players[1].money", "900") == "failed"
    finally:
        pad.close()
    assert path.read_text().endswith(EDIT)
    said = "\n".join(pad.said)
    assert "it no longer holds 3 answers saved before:" in said
    for line in ("Ana's money: 2300", "Ana's education: 17", "Ana's animals: 2"):
        assert line in said, said
    assert "the answer not saved: Ben's money: 900" in said, said
    assert pad.unaccounted(path) == []


@pytest.mark.parametrize("rewrites", [1, 2, 3])
def test_the_pad_keeps_an_append_held_open_across_rewrites(folder: Path, rewrites: int) -> None:
    path = folder / "t.yaml"
    editor = Editor(path)
    pad = PadAnswers(path)
    try:
        assert pad.answer("players[0].name", "Ana") == pad.answer("players[1].name", "Ben") == "saved"
        editor.hold()
        for place, value in list(ANNA.items())[:rewrites]:
            assert pad.answer(place, value) == "saved"
        editor.append()
        assert pad.answer("players[1].money", "900") == "failed"
    finally:
        pad.close()
    assert path.read_text().endswith(EDIT) and "name: Ben" in path.read_text()
    assert "was edited as tally replaced it" in "\n".join(pad.said)
    assert pad.unaccounted(path) == []


@pytest.mark.slow  # a pad server in a process of its own
def test_the_pad_stopped_says_every_answer_is_kept_only_when_it_is(folder: Path) -> None:
    import signal

    from tests.support.web_pad import Served

    path = folder / "t.yaml"
    editor = Editor(path)
    pad = Served("galapagos", path)
    try:
        assert pad.answer("players[0].name", "Ana")[1]["status"] == "saved"
        editor.read()
        assert pad.answer("players[0].money", "2300")[1]["status"] == "saved"
        editor.save()
        pad.process.send_signal(signal.SIGINT)
        code, _, said = pad.finish()
    finally:
        pad.stop()
    assert code == 130, said
    assert "keeps every answer saved so far" not in said
    assert "it no longer holds 1 answer saved before:\n  Ana's money: 2300\n" in said, said
    assert f"Stopped. {path} was changed meanwhile (see above)" in said
    assert path.read_text().endswith(EDIT)
