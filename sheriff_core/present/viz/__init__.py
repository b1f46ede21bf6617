"""Altair charts for the notebooks: tidy DataFrame in, ``alt.Chart`` out.

Import the module you need, e.g. ``from sheriff_core.present.viz.scoring import score_breakdown``.
"""
