"""Every feature file under features/, run through pytest-bdd (see conftest.py)."""
from pytest_bdd import scenarios

from duelspec.resources import features_dir

scenarios(str(features_dir()))
