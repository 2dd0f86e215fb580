"""Helpers the tests share: brute-force oracles (``*_brute``), running the command
line (:mod:`tests.support.cli`), random boards (:mod:`tests.support.boards`)."""
