"""Start the command line: ``python -m scorecalc`` and the ``scorecalc`` console script.

The cyclic garbage collector is paused while the command line is imported (Typer, Click
and scorecalc's command layer: tens of thousands of objects that live until the process
ends), and those objects are then frozen out of every later collection, the one at exit
included (``gc.freeze``): no start pays for collections that would find nothing to free
(bench/RESULTS.md, "What start-up's choices spare"). Everything allocated after, while a
command runs, is collected as usual.
"""

import gc


def main() -> None:
    gc.disable()
    try:
        from .cli import main as run
    finally:
        gc.freeze()
        gc.enable()
    run()


if __name__ == "__main__":
    main()
