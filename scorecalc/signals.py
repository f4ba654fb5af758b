"""Signals: SIGTERM and SIGHUP end a run as SIGINT does, by an exception that unwinds (exit
128 + the signal), and are held while a file is being replaced (``writing``), then handed to
the handler that was there before (``hand_on``): never raised in the middle of the writer's
caller by the writer itself, never left ignored.

Apart from ``writing`` because every run installs the handlers at its start, while only
``--output`` and tally write files: a table printed to the terminal need not load the
writer.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

_HELD_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class Interrupted(SystemExit):
    """The run was ended by a signal: exit 128 + the signal (130 SIGINT, 143 SIGTERM).

    A ``SystemExit``, so that ``except Exception`` (an internal-error guard) never
    swallows it, ``finally`` blocks still run, and the interpreter exits with its code
    without a traceback.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(128 + signum)
        self.signum = signum


def _raise_interrupted(signum: int, frame: FrameType | None) -> None:
    ignore_further_signals()
    raise Interrupted(signum)


def _raise_keyboard_interrupt(signum: int, frame: FrameType | None) -> None:
    ignore_further_signals()
    raise KeyboardInterrupt


def ignore_further_signals() -> None:
    """The first signal decides how the run ends: later ones are ignored while it unwinds (a
    second SIGTERM would otherwise interrupt the clean-up, or the interpreter's own shutdown)."""
    for signum in _HELD_SIGNALS:
        try:
            signal.signal(signum, signal.SIG_IGN)
        except ValueError:  # not the main thread
            return


def install_signal_handlers() -> None:
    """Make SIGTERM and SIGHUP end the run like SIGINT: by an exception that unwinds.

    For the command line to call once at start. SIGINT still raises ``KeyboardInterrupt``
    (which the command line turns into 130). A signal that is ignored (``nohup``) stays
    ignored. Does nothing outside the main thread.
    """
    for signum in _HELD_SIGNALS:
        if signal.getsignal(signum) == signal.SIG_IGN:
            continue
        handler = _raise_keyboard_interrupt if signum == signal.SIGINT else _raise_interrupted
        try:
            signal.signal(signum, handler)
        except ValueError:  # not the main thread
            return


@contextmanager
def signals_held(pending: list[int], saved: dict[int, Any] | None = None) -> Iterator[None]:
    """Note SIGINT/SIGTERM/SIGHUP in ``pending`` instead of acting on them; ``saved`` gets the
    handlers that were there (restored on leaving), for ``hand_on``."""

    def note(signum: int, frame: FrameType | None) -> None:
        pending.append(signum)

    if saved is None:
        saved = {}
    for signum in _HELD_SIGNALS:
        previous = signal.getsignal(signum)
        if previous == signal.SIG_IGN or previous is None:
            continue
        try:
            saved[signum] = signal.signal(signum, note)
        except ValueError:  # not the main thread: nothing can be held
            break
    try:
        yield
    finally:
        for signum, previous in saved.items():
            signal.signal(signum, previous)


def hand_on(signum: int, saved: dict[int, Any]) -> None:
    """A signal held by ``signals_held``, given now to the handler that was there: the command
    line's raises (the run ends with 128 + the signal), a server's notes it and stops serving;
    the default action is taken as the signal would have taken it."""
    handler = saved.get(signum, signal.getsignal(signum))
    if callable(handler):
        handler(signum, None)
    elif handler == signal.SIG_DFL:
        signal.raise_signal(signum)
