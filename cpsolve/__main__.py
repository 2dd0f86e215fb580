"""``python -m cpsolve``: the same as the ``cpsolve`` command."""

from cpsolve.cli import main

main()
