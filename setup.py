"""Builds the optional C helpers of a position's JSON (``atout._speedups``, see ``atout/compiled.py``);
everything else about the package is in ``pyproject.toml``. Without a C compiler the build goes on
without them and the pure-Python functions run."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("atout._speedups", ["src/atout/_speedups.c"], optional=True)])
