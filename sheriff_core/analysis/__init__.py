"""The analysis layer of sheriff_core (see docs/architecture.md)."""
