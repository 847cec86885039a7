"""The specification (data package ``duelspec.features``): feature files, ruling and card catalogues."""
