"""The floor for start-up benchmarks: the least a Typer command can do with a file.

One command that loads the YAML with the same loader scorecalc uses (PyYAML's C
loader when present) and prints it as JSON. Whatever scorecalc costs beyond this is
ours; what this costs is the stack's.
"""

import json
from typing import Annotated

import typer
import yaml

app = typer.Typer(add_completion=False, rich_markup_mode=None, pretty_exceptions_enable=False)
"""The fastest plain Typer app: Typer's default help imports and draws with rich (about 70 ms
more for ``--help`` here), which a floor must not carry; scorecalc does not use rich either."""

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@app.command()
def load(file: Annotated[str, typer.Argument()]) -> None:
    """Load FILE and print it as JSON."""
    with open(file, encoding="utf-8") as handle:
        print(json.dumps(yaml.load(handle, Loader=Loader), default=str))


if __name__ == "__main__":
    app()
