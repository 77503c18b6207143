"""Builds the optional C helpers of a position's JSON (``atout._speedups``, see ``atout/compiled.py``);
everything else about the package is in ``pyproject.toml``. Without a C compiler the build goes on
without them and the pure-Python functions run."""

import sys

from setuptools import Extension, setup

# On Linux the helpers call into Python through its table of addresses, not through a stub each: fewer lines
# of instructions on the hot paths (docs/observation.md).
FLAGS = ["-fno-plt"] if sys.platform.startswith("linux") else []

setup(ext_modules=[Extension("atout._speedups", ["src/atout/_speedups.c"], optional=True, extra_compile_args=FLAGS)])
