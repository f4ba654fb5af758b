"""What the pad shows, apart from how it is served: its templates, its scripts and style, the score
page, and a reply as a phone gets it. No HTTP here (no Starlette): the server (``app.py``) and the
app in the phone's browser (``local.py``, under Pyodide) present the same pad with them.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Any

import jinja2

from .pad import Pad
from .reply import Reply
from .views import View


@cache
def templates() -> jinja2.Environment:
    """The pad's templates (``web/templates``), then the html format's (``output/templates``: the
    board's rules the pad's style includes), in the one environment (``output.templating``)."""
    from ..output.templating import environment

    return environment("scorecalc.web", "scorecalc.output")


@cache
def static(name: str) -> bytes:
    """A file the pad serves: its scripts as the package holds them; its style drawn from
    ``templates/pad.css.j2``, which includes the html format's board rules (``board.css.j2``)
    said of the pad's drawing (``svg.sketch``: a ``.board`` here is the whole board's entry)."""
    if name == "pad.css":
        return templates().get_template("pad.css.j2").render().encode()
    return resources.files("scorecalc.web").joinpath("static", name).read_bytes()


def score_page(pad: Pad) -> str:
    """The html format's score page of FILE as written (``--format html``), naming FILE by its
    own name as the pad's header does: where it lies on the server is not the phones' business."""
    from ..output.html import render_html
    from ..pipeline import score_file

    # with its game and state (a Caracas board is drawn), FILE's name in the heading and warnings
    return render_html([score_file(pad.name, pad.game.name, shown=os.path.basename(pad.name))])


def phones_reply(pad: Pad, reply: Reply) -> dict[str, Any]:
    """A reply as a phone gets it: FILE named by its own name, as the pad's header names it, never
    by the path given on the server's command line (``/home/ana/games/tonight.yaml``)."""
    sent = reply.json()
    shown = os.path.basename(pad.name)
    if shown != pad.name and isinstance(sent["message"], str):
        sent["message"] = sent["message"].replace(pad.name, shown)
    return sent


def well_formed(sent: Any) -> bool:
    """``{place, seen, value}``: texts, ``seen`` ``null`` where the phone saw no answer; ``remove:
    true`` takes away the list entry at ``place`` (``value`` then ``""``)."""
    if not isinstance(sent, dict):
        return False
    return (isinstance(sent.get("place"), str) and isinstance(sent.get("value"), str)
            and (sent.get("seen") is None or isinstance(sent.get("seen"), str))
            and isinstance(sent.get("remove", False), bool))


def pad_html(pad: Pad, view: View) -> str:
    """The pad's whole page (``/TOKEN/``), FILE named by its own name."""
    return templates().get_template("pad.html.j2").render(view=view, title=pad.game.title,
                                                          file=os.path.basename(pad.name))


def form_html(view: View) -> str:
    """The form a phone fetches after a change (``/TOKEN/form``)."""
    return templates().get_template("form.html.j2").render(view=view)


# --- what a request asks, the same for the server and the app -------------------------------------

Call = tuple[Callable[..., Reply], tuple[Any, ...]]
"""The pad's method a request asks for, and its arguments (the server runs it under the pad's
lock, off the event loop when busy; the app calls it)."""

PHONE_MOST = 64
"""The longest phone id taken (a page makes 16 characters)."""


def answer_call(pad: Pad, sent: Any) -> Call | str:
    """``POST answer``: ``{place, seen, value}`` (``remove: true`` takes the list entry at
    ``place`` away): the pad's call, or what the refusal says."""
    if not well_formed(sent):
        return "not an answer: send JSON {place, seen, value}"
    if sent.get("remove") is True:  # a list's last entry taken away
        return pad.remove, (sent["place"], sent.get("seen"))
    return pad.answer, (sent["place"], sent.get("seen"), sent["value"])


def score_call(sent: Any) -> bool | str:
    """``POST score``: ``{anyway}`` (``{}``: not anyway): whether anyway, or what the refusal says."""
    if not isinstance(sent, dict) or not isinstance(sent.get("anyway", False), bool):
        return "send JSON {anyway: true|false}"
    return bool(sent.get("anyway", False))


def placing_call(pad: Pad, sent: Any) -> Call | str:
    """``POST placing``: ``{board, placing, phone}`` (a phone's tile editor holds an unplaced tile
    on a board, or no more; any phone may drop another's): the pad's call, or the refusal."""
    if not (isinstance(sent, dict) and isinstance(sent.get("board"), str)
            and isinstance(sent.get("placing"), bool) and isinstance(sent.get("phone", ""), str)
            and len(sent.get("phone", "")) <= PHONE_MOST):
        return "send JSON {board, placing, phone}"
    return pad.place, (sent.get("phone", ""), sent["board"], sent["placing"])


def part_call(pad: Pad, sent: Any) -> Call | str:
    """``POST part``: ``{text}``, a player's part as her phone shows it ("Send my part"), pasted:
    the call that applies it (``parts.take_text``: each answer through the pad's compare-and-set,
    the part refused when made for a table other than this pad's, ``Pad.ident``), or the refusal."""
    from .parts import take_text

    if not (isinstance(sent, dict) and isinstance(sent.get("text"), str)):
        return "send JSON {text}"
    return take_text, (pad, sent["text"], pad.ident)
