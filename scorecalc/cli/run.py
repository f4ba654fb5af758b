"""Scoring files as every command that prints a score does: read, score, report, render, write.

The commands call these with their options; each file's outcome goes to the run's
``Report`` (which prints its messages), the text to standard output or ``--output``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import FileError, InputError, UsageError, format_error
from ..output.report import Report
from ..output.terminal import PipeClosed, console

if TYPE_CHECKING:
    from ..pipeline import ScoredFile
    from ..sheet import Scored
    from .options import ScoreOptions


def score_one(name: str, wanted: str | None, strict: bool, report: Report,
              worded: bool = False) -> ScoredFile[Any] | None:
    """Score one file, reporting its errors and warnings; ``None`` when it is bad input or crashed.
    ``worded``: its warnings in the players' words (tally's, whose player never saw the file's
    positions), not located."""
    from ..pipeline import score_file, warning_as_error

    try:
        scored = score_file(name, wanted)
    except (InputError, FileError) as error:
        report.skipped(format_error(name, error))
        return None
    except (KeyboardInterrupt, BrokenPipeError, PipeClosed):
        raise
    except Exception as error:  # a bug in one file of a batch: say so plainly and go on
        report.crashed(name, error)
        return None
    if worded:
        from ..places import warnings_words

        said = [f"{name}: warning: {text}" for text in warnings_words(scored.game, scored.document)]
        if strict and said:
            report.skipped([line + " (an error under --strict)" for line in said])
            return None
        report.scored(said)
        return scored
    if strict and scored.document.warnings:
        report.skipped([line for issue in scored.document.warnings
                        for line in format_error(name, warning_as_error(scored.document, issue))])
        return None
    report.scored(scored.info.warnings)
    return scored


def expand(paths: list[str], report: Report) -> list[str]:
    """Files named by PATH arguments; unreadable folders are reported as bad input."""
    from ..paths import expand_paths

    found = expand_paths(paths)
    for line in found.unreadable:
        report.skipped([line])
    if not found.files and not found.unreadable:
        raise UsageError(f"{', '.join(paths)}: no YAML files found")
    return found.files


def score_files(files: list[str], wanted: str | None, options: ScoreOptions,
                report: Report | None = None, *, worded: bool = False) -> int:
    """Score ``files`` (as game ``wanted``, else each file's ``game:``) and print or write the result
    (``worded``: warnings in the players' words, as tally says them)."""
    from ..sheet import Scored

    report = report or Report()
    if options.to_file:  # the writer is loaded only when there is a file to write
        from ..writing import check_output_target

        check_output_target(options.output, files)
    check_share(options, files)
    renderer = options.format
    results: list[Scored] = []
    shown: list[str] = []
    for name in files:
        scored = score_one(name, wanted, options.strict, report, worded)
        if scored is None:
            continue
        # what outputs read (not the file's document); the html page also draws the game's pictures
        # of the file's state
        results.append(scored if renderer.pictures else Scored(scored.sheet, scored.info))
        if renderer.pictures:
            continue  # the page draws the game already: a text view would only break it
        views = [scored.game.views[flag.view](scored.state, view_width(options, renderer.data))
                 for flag in options.flags]
        if renderer.data:  # data stays data: the drawing goes to the person, on standard error
            for view in views:
                for line in view.rstrip("\n").split("\n"):
                    console.err(line, wrap=False)  # fitted by the view itself
        else:
            shown.extend(views)
    if not results:
        return report.exit_code
    try:
        text = share_text(options, results)
        if text is None:
            from ..output.formats import RenderOptions, render

            text = render(results, RenderOptions(options.format, summary=options.summary, wide=options.wide,
                                                terminal=not options.to_file))
            text = "\n".join(shown) + "\n" + text if shown else text
        emit(text, options.output)
    except UsageError as error:  # unwritable output: counted with the files' outcomes (a crash's 3 wins)
        report.unwritable(str(error))
    return report.exit_code


def view_width(options: ScoreOptions, to_error: bool) -> int | None:
    """The columns a game's view (``--show-board``) fits: ``--wide``, none; on standard error (a
    data format's run), its terminal's, else the width rule's (``COLUMNS``, a terminal that
    standard output is, else 80); with the score, the score's."""
    from ..output.terminal import error_width, terminal_width

    if options.wide:
        return None
    if to_error:
        return error_width() or terminal_width(terminal=False)
    return terminal_width(terminal=not options.to_file)


def check_share(options: ScoreOptions, files: list[str]) -> None:
    """``--qr`` and ``--qr-file`` show one play; ``--qr-file`` names a PNG or SVG that is
    written as ``--output`` is (never an input file) and is not ``--output``'s file."""
    if (options.qr or options.qr_file) and len(files) > 1:
        what = "--qr" if options.qr else "--qr-file"
        raise UsageError(f"{what} shows one play; give one file (--bgstats-link prints one link per line)")
    if options.qr_file:
        from ..output.qr import check_qr_file
        from ..writing import check_output_target, same_target

        check_qr_file(options.qr_file)
        check_output_target(options.qr_file, files, "--qr-file")
        if options.to_file and options.output is not None and same_target(options.qr_file, options.output):
            raise UsageError(f"{options.qr_file}: --qr-file and --output name the same file; "
                             "give each its own path")


def share_text(options: ScoreOptions, results: list[Scored]) -> str | None:
    """What ``--bgstats-link`` or ``--qr`` prints instead of the score, after writing ``--qr-file``;
    ``None`` when the score is printed."""
    if not (options.bgstats_link or options.qr or options.qr_file):
        return None
    from ..output.bgstats import bgstats_link

    links = [bgstats_link(scored) for scored in results]
    if options.qr_file:
        from ..output.qr import qr_image

        save(options.qr_file, qr_image(links[0], options.qr_file))
    if options.bgstats_link:
        return "".join(link + "\n" for link in links)
    if options.qr:
        from ..output.qr import qr_text

        return qr_text(links[0], terminal=not options.to_file)
    return None


def emit(text: str, output: str | None) -> None:
    """``text`` to standard output, or to the ``--output`` file."""
    from ..output.formats import goes_to_file

    if output is None or not goes_to_file(output):
        console.out(text)
        return
    save(output, text)


def save(path: str, content: str | bytes) -> None:
    """Write a file as ``writing.write_output`` does; a failure is a usage error (exit 2)."""
    from .. import writing

    try:
        writing.write_output(path, content)
    except OSError as error:
        raise UsageError(f"{path}: cannot write: {error.strerror or error}") from None
