"""The test suite. Its processes keep compiled bytecode whatever ``PYTHONDONTWRITEBYTECODE``
says: pytest compiles each test module anew (its asserts rewritten) unless it may keep the result,
and without it every worker of every run compiled the whole suite again (CONTRIBUTING.md, "What
the checks cost"). Only these processes: a program the tests start keeps the environment's
setting."""

import sys

sys.dont_write_bytecode = False
