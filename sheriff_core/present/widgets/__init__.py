"""ipywidgets builders for the notebooks: each returns a widget tree and calls the library.

Import the module you need, e.g. ``from sheriff_core.present.widgets.bag import bag_builder``.
Builders never re-implement a rule: every check goes through the engine.
"""
