"""Shared fixtures for the engine tests (helpers live in engine_helpers.py)."""

from __future__ import annotations

import pytest

import sheriff_core as sc


@pytest.fixture
def classic() -> sc.Variant:
    return sc.load_variant("classic")
