"""What pyproject.toml cannot say: the packages, found in cpsolve/ and models/ (which
installs as cpsolve.models), and the one compiled part, Akari's small-board rules in C
(models/akari/_fast.c).

The C is optional: without a C compiler the build goes on and cpsolve runs the same
rules in plain Python (models/akari/small.py), which the tests hold the C to.
"""

from setuptools import Extension, find_packages, setup

PACKAGES = [*find_packages(include=["cpsolve", "cpsolve.*"]), "cpsolve.models",
            *(f"cpsolve.models.{name}" for name in find_packages("models"))]

setup(packages=PACKAGES,
      ext_modules=[Extension("cpsolve.models.akari._fast", ["models/akari/_fast.c"],
                             optional=True, extra_compile_args=["-O2"])])
