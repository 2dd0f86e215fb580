"""The one compiled part: Akari's small-board rules in C (models/akari/_fast.c).

It is optional: without a C compiler the build goes on and cpsolve runs the same rules
in plain Python (models/akari/small.py), which the tests hold the C to.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("cpsolve.models.akari._fast", ["models/akari/_fast.c"],
                             optional=True, extra_compile_args=["-O2"])])
