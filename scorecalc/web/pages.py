"""What the pad shows, apart from how it is served: its templates, its scripts and style, the score
page, and a reply as a phone gets it. No HTTP here (no Starlette): the server (``app.py``) and the
app in the phone's browser (``local.py``, under Pyodide) present the same pad with them.
"""

from __future__ import annotations

import json
import os
from functools import cache, lru_cache
from importlib import resources
from typing import Any

import jinja2
from markupsafe import Markup, escape

from ..pictures import Shape
from .pad import Pad
from .reply import Reply, Status
from .views import SectionView, View

ANSWER_MOST = 10_000
"""The most characters a phone's text field takes (its ``maxlength``; a longer paste is refused in
words at once): an answer carries its value and the value it last saw, at up to three bytes a
character in JSON, and the pad takes a request of at most ``app.LIMIT`` bytes."""


@cache
def templates() -> jinja2.Environment:
    """The pad's templates (``web/templates``), then the html format's (``output/templates``: the
    board's rules the pad's style includes), in the one environment (``output.templating``);
    the form draws each section through ``section_html``; ``most`` is ``ANSWER_MOST``."""
    from ..output.templating import environment

    found = environment("scorecalc.web", "scorecalc.output")
    found.globals["section_html"] = section_html
    found.globals["shapes_html"] = shapes_html
    found.globals["most"] = ANSWER_MOST
    return found


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


def pad_html(pad: Pad, view: View) -> str:
    """The pad's whole page (``/TOKEN/``), FILE named by its own name, with the replies' status
    names its scripts compare against (``statuses``)."""
    return templates().get_template("pad.html.j2").render(view=view, title=pad.game.title,
                                                          file=os.path.basename(pad.name),
                                                          statuses=statuses())


def body_html(pad: Pad) -> str:
    """The pad's page (``pad_html``) with its ``<body>``'s content only: what the app's frame, which
    has the head, shows (the app's build draws each game's new table with it, the worker any table)."""
    page = pad_html(pad, pad.view())
    return page[page.index("<body>") + len("<body>"):page.rindex("</body>")]


@cache
def statuses() -> str:
    """The replies' statuses by name, as JSON the page carries (``<script type="application/json"
    id="statuses">``): ``pad.js`` and ``board.js`` compare a reply's status against these, never
    against words of their own. ``<`` escaped: the block cannot close its element."""
    return json.dumps({status.name.lower(): status.value for status in Status}).replace("<", "\\u003c")


def form_html(view: View) -> str:
    """The form a phone fetches after a change (``/TOKEN/form``), and an answer's reply carries."""
    return templates().get_template("form.html.j2").render(view=view)


DRAWN: dict[tuple[str, int | None], tuple[SectionView, Markup]] = {}
"""Each section as last drawn, by its title and player: drawn again only when its view differs
(an answer changes one section or two; a 60-tile table's form is mostly its boards)."""


@lru_cache(maxsize=4096)
def shapes_html(shapes: tuple[Shape, ...]) -> Markup:
    """A group's shapes as SVG, a line each, as the template would write them (escaped alike):
    the most of a board's section, drawn once per group of shapes."""
    return Markup("".join(shape_html(shape) for shape in shapes))


def shape_html(shape: Shape) -> str:
    attrs = "".join(f' {key}="{escape(value)}"' for key, value in shape.attrs)
    return f"<{shape.tag}{attrs}>{escape(shape.text)}</{shape.tag}>\n"


def section_html(section: SectionView) -> Markup:
    """One section of the form (``templates/section.html.j2``), a function of its view alone."""
    key = (section.title, section.player)
    kept = DRAWN.get(key)
    if kept is not None and kept[0] == section:
        return kept[1]
    drawn = Markup(templates().get_template("section.html.j2").render(section=section))
    DRAWN[key] = (section, drawn)
    return drawn
