"""Every scenario as a pytest item named by its scenario id (duelspec.pytest_scenarios, what a
simulator's project imports), run here against the reference engine: the items path is tested
on the real suite, beside the pytest-bdd path of tests/test_features.py."""
from duelspec.pytest_scenarios import *  # noqa: F401,F403
