"""Every feature file under features/, run through pytest-bdd: the same module a simulator's
project imports (see :mod:`duelspec.pytest_suite`)."""
from duelspec.pytest_suite import *  # noqa: F401,F403
