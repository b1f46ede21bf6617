"""The lab's Holm adjustment is statsmodels' (the same numbers), without its gc.collect()."""

from __future__ import annotations

import gc

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from statsmodels.stats.multitest import multipletests

from sheriff_core.analysis.lab import holm_adjusted

_P = st.floats(0.0, 1.0, allow_nan=False)


@settings(max_examples=100, deadline=None)
@given(
    p=st.lists(st.one_of(_P, st.sampled_from([0.0, 0.01, 0.05, 0.5, 1.0])), min_size=1, max_size=60)
)
def test_holm_is_statsmodels(p):
    # ties (the sampled values) and p-values whose product with m passes 1
    want = multipletests(np.array(p), alpha=0.05, method="holm")[1]
    assert np.array_equal(holm_adjusted(np.array(p)), want)


def test_holm_runs_no_collection(monkeypatch):
    def refuse() -> int:
        raise AssertionError("a full garbage collection on every adjustment")

    monkeypatch.setattr(gc, "collect", refuse)
    assert holm_adjusted(np.array([0.2, 0.01])).tolist() == [0.2, 0.02]
