"""The one Jinja2 environment scorecalc draws with: the html format's page (``output/html.py``) and
the web pad's pages and style (``web/pages.py``) alike.

Autoescaped (every template is HTML or CSS, whatever its name ends with: a text from a table is
written as text), an undefined name an error, block tags on their own lines leaving no blank
line, the file's last newline kept. Imported only where a page is drawn.
"""

from __future__ import annotations

import jinja2


def environment(*packages: str) -> jinja2.Environment:
    """An environment over the ``templates`` folders of ``packages``, the first that has a name
    giving it (so the pad's style can include the html format's board rules)."""
    loader = jinja2.ChoiceLoader([jinja2.PackageLoader(package, "templates") for package in packages])
    return jinja2.Environment(loader=loader, autoescape=True, undefined=jinja2.StrictUndefined,
                              trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
