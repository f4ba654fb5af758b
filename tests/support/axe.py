"""axe-core in a page: the accessibility check of the browser tests (the pad, ``-f html`` pages,
standings pages). ``violations(page)`` injects ``node_modules/axe-core/axe.min.js`` (pinned in
``package.json``/``package-lock.json``; ``npm ci`` installs it) into a Playwright page and returns
what axe finds against WCAG 2.1 A and AA, one dict a rule broken.

The pad and the pages forbid scripts they did not ship (their Content-Security-Policy), so the
page's context must be opened with ``bypass_csp=True`` (``CONTEXT``) for axe to run in it; a page
whose policy blocked axe fails here, saying so. Without ``node_modules`` (``npm ci`` not run) the
test is skipped, saying so, unless ``CI`` is set: there it fails.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
"""WCAG 2.1 level A and AA: the rules axe runs."""
CONTEXT: dict[str, Any] = {"bypass_csp": True}
"""What ``browser.new_context(...)`` needs for axe to be injected into a page with a policy."""

RUN = """(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})
  .then((r) => r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    tags: v.tags, nodes: v.nodes.map((n) => ({target: n.target, html: n.html,
      summary: n.failureSummary}))})))"""


def violations(page: Any) -> list[dict[str, Any]]:
    """What axe-core finds on ``page`` as it is now against WCAG 2.1 A/AA (tags ``TAGS``): per
    rule broken ``{id, impact, help, helpUrl, tags, nodes: [{target, html, summary}]}``; ``[]``
    when none."""
    if not AXE.exists():
        if os.environ.get("CI"):
            pytest.fail(f"CI: no {AXE} (run npm ci at the repository's root)")
        pytest.skip(f"no {AXE.relative_to(AXE.parents[2])}: npm ci at the repository's root to run axe")
    if not page.evaluate("typeof window.axe === 'object'"):
        blocked = "open the page's context with browser.new_context(**tests.support.axe.CONTEXT)"
        try:
            page.add_script_tag(path=str(AXE))
        except Exception as error:  # Playwright's Error: the page's policy refused the script
            raise AssertionError(f"axe-core refused by the page: {str(error)[:200]}; {blocked}") from None
        if not page.evaluate("typeof window.axe === 'object'"):
            raise AssertionError(f"axe-core did not load in the page; {blocked}")
    found: list[dict[str, Any]] = page.evaluate(RUN, list(TAGS))
    return found


def described(found: list[dict[str, Any]]) -> str:
    """The violations in a few lines for an assertion's message: rule, impact, help, where."""
    lines = []
    for rule in found:
        lines.append(f"{rule['id']} ({rule['impact']}): {rule['help']}")
        lines.extend(f"    {node['target']}: {node['html'][:160]}\n      {node['summary']}"
                     for node in rule["nodes"][:6])
    return "\n".join(lines)
