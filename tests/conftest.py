"""The pytest-bdd bindings of features/ live in the installed package (duelspec.pytest_suite,
imported by tests/test_features.py) so that a simulator's own project can use them too; the
fixtures (--adapter, --expect-fail) come from the pytest plugin duelspec.pytest_plugin."""
