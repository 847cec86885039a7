"""The TOML reader for every Python duelspec supports: the standard library's ``tomllib``
(Python 3.11 and later), else its backport ``tomli`` (Python 3.10; a dependency there)."""
try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

__all__ = ["tomllib"]
