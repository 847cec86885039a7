"""The reference rules engines (installed as ``duelspec.reference_engine``): ``ygo`` and ``dm``."""
