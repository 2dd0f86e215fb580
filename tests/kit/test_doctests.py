"""Every module's doctests, run under the module's installed name (the families live
in the folder ``models/`` but are the package ``cpsolve.models``)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest


def modules() -> list[str]:
    """Every module of cpsolve and of its families (which install as ``cpsolve.models``
    from another folder, so they are walked from their own package)."""
    import cpsolve.models

    found = {"cpsolve", "cpsolve.models"}
    for package in (cpsolve, cpsolve.models):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not info.name.endswith("__main__"):
                found.add(info.name)
    return sorted(found)


@pytest.mark.parametrize("name", modules())
def test_doctests(name):
    module = importlib.import_module(name)
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert failed == 0, f"{failed} doctest(s) failed in {name}"


def test_every_family_package_is_walked():
    names = modules()
    for family in ("akari", "sliding", "rotation"):
        assert f"cpsolve.models.{family}.check" in names
