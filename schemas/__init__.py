"""JSON Schemas of duelspec (data package). See CHANGELOG.md."""
