"""The pytest-bdd hook of duelspec's pytest plugin, registered only where pytest-bdd is installed
(:func:`duelspec.pytest_plugin.pytest_configure`): a hook of a plugin that is absent is an
error in pytest, and installing duelspec must not break a project's own test run."""


def pytest_bdd_apply_tag(tag, function):
    """duelspec's own tags (``@game:``, ``@id:``, ``@ruling:``, ``@rule:``, ``@in-force-from:``,
    ``@in-force-until:``) are not pytest marks: they are read by the compiler (select scenarios
    with ``duelspec run --ruling ...`` or ``-k``)."""
    if tag.startswith(("game:", "id:", "ruling:", "rule:", "in-force-from:", "in-force-until:")):
        return True
    return None
