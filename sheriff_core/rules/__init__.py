"""Rules as data: variants loaded from TOML and the pure card rules."""

from sheriff_core.rules.cards import Inspection, build_deck, check_declaration, inspect_bag
from sheriff_core.rules.variants import Bonus, Good, Variant, load_variant, variant_names

__all__ = [
    "Bonus",
    "Good",
    "Inspection",
    "Variant",
    "build_deck",
    "check_declaration",
    "inspect_bag",
    "load_variant",
    "variant_names",
]
