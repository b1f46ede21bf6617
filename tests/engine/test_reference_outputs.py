"""The engine's outputs are those of the engine before its step machine was rewritten.

The digests below were printed by ``tests/engine/fingerprint.py`` run on commit
1dbb855 (the last commit before issue 15's rewrite); the same script run on this
checkout must print them again: simulate() frames and every intermediate save of
random-bot games, for every bundled variant at its smallest and largest table.
A deliberate change of the rules' outputs updates this table in the same commit and
bumps ``sheriff_core.engine.saves.RULES_VERSION`` (and :data:`REFERENCE_RULES_VERSION`),
the version frames carry (or, for a change of the players, not the rules:
``SEAT_VIEW`` below).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import sheriff_core as sc
from sheriff_core.engine.saves import RULES_VERSION

sys.path.insert(0, str(Path(__file__).parent))
from fingerprint import cases, digest  # noqa: E402

#: The rules version these digests belong to (``engine.saves.RULES_VERSION``).
REFERENCE_RULES_VERSION = 1

REFERENCE = dict(
    [
        (
            ("frame", "classic", 3, 40),
            "0ca475960992ac78deb77e4aaa0d6274761562b95514d4797ff0572a2ef415bc",
        ),
        (
            ("saves", "classic", 3, 3),
            "37a57a42b802539004e1c6dbf58bfe4dfd72403ea69f6d5773e9c7dea4842811",
        ),
        (
            ("frame", "classic", 5, 40),
            "65203f8f032ec4921253d5893c033b89eac16ae562ecad401ea3c7d47a5561ac",
        ),
        (
            ("saves", "classic", 5, 3),
            "6adc2bd47706cd01ca4afc1e3af9de7c7e0fb790b5ee7cc778fb610550dd760f",
        ),
        (
            ("frame", "classic-royal", 3, 40),
            "fdad640ac8c40a41472260273e336a078f6f32a02f51ba40a793a61f2e172d6d",
        ),
        (
            ("saves", "classic-royal", 3, 3),
            "85c91a470b2e5508210da12e6caf38b8f0fde5e71010cad0412f7dbaf8a17fa0",
        ),
        (
            ("frame", "classic-royal", 5, 40),
            "eefa80f111e92af5d068f489d3faa84314fa8ea0e075ce59f4401db6d112ee82",
        ),
        (
            ("saves", "classic-royal", 5, 3),
            "67fc442cd9bb75e8da343cba394ea202e6921b52663e767e3415b1cadff041b2",
        ),
        (
            ("frame", "deputies", 6, 40),
            "5cb9f57b822e7cd5c6c2fb33f8b76fdff116dc3f57f434865c0c31c8c8ec4082",
        ),
        (
            ("saves", "deputies", 6, 3),
            "ba133efb77e4149dd723b5f71366ad630c7faf0f85856b7c11055e6357b71ebf",
        ),
        (
            ("frame", "disney", 3, 40),
            "323271218401bacda416e8b6d45b53a3032a4a8171eb6c2fcfafbf7d638bb960",
        ),
        (
            ("saves", "disney", 3, 3),
            "bdadc15af9e79e9a4ffb5f3afe3ea54fc228929783e88b33733ed9c5c9fdf7f4",
        ),
        (
            ("frame", "disney", 5, 40),
            "51ac89febed78ac6b4532433f95525ffbed67b8682414eb4e252fdf74badaf24",
        ),
        (
            ("saves", "disney", 5, 3),
            "3c2d89f42ee549e59a5f05333fd2c9429342c6d8bf0f2dd626d227753f75c663",
        ),
        (
            ("frame", "second-edition", 3, 40),
            "3f59bc66583815dfae361ffe650fd7836eb33624be7f34b525d99bd0a70b4829",
        ),
        (
            ("saves", "second-edition", 3, 3),
            "371aaba5bf696517a34c9c7b8177137385a7c7ba77a5687edddcff6da3b72288",
        ),
        (
            ("frame", "second-edition", 5, 40),
            "89e1917568cc44b29bc070b083004c0036ce0d96bbb255cd524bde58a5fb7f5a",
        ),
        (
            ("saves", "second-edition", 5, 3),
            "7793692a0473babd0a1922e82c0243dc9510073d20aa4319cee88f610af8f330",
        ),
        (
            ("frame", "summary-sheet", 3, 40),
            "be500c643416a5db91bc57263a7950c41f18617df258de6817c0c2ba2af3e192",
        ),
        (
            ("saves", "summary-sheet", 3, 3),
            "2d89ad032322b004af61966d2234710cfaf9dbe9f8f5adfc86b2a93cc38ec76a",
        ),
        (
            ("frame", "summary-sheet", 5, 40),
            "947011310a63a8e9f23bd8eacb7f6819bdace985b79ffbb64772290bfd734e29",
        ),
        (
            ("saves", "summary-sheet", 5, 3),
            "c872b526e6346f5499baa868790ac405be1732d94d638dc600fb2dadbed098eb",
        ),
    ]
)

#: The random bot's saves since bots read a seat's view (issue 30): as the Sheriff, its
#: demand no longer names face-down contraband of the merchant's stand, which the
#: Sheriff cannot see (it drops such a card from the demand; the draws are the same).
#: Every other output is unchanged: test_only_the_hidden_stand_changed shows that the
#: REFERENCE digests come back when the bot is shown the merchant's real stand.
SEAT_VIEW = {
    ("saves", "classic", 3, 3): "f3f1499bc27d879af90c6f5a1ebe313061ee8adf556d6209312aa07c67d851ee",
    ("saves", "classic", 5, 3): "03765bafa7e66b919a7babf0108a27b6cd7d6c901f161cb63848c1e83de6c300",
    ("saves", "classic-royal", 3, 3): (
        "75e6ba20e98acd685e3580fd7e3d183395110de4f4223e299d767b46f80b620a"
    ),
    ("saves", "classic-royal", 5, 3): (
        "a5b4a767c97fbcc9f214d07116e8bfb7b95612abc0bb916446c12f21f5644d16"
    ),
    ("saves", "deputies", 6, 3): "2d9cbeffa252f78f5b837cd6ccd17130784ad3a8207cdded1b436362091e1273",
    ("saves", "disney", 3, 3): "08b207a92e223b47070b247ad71ace23a5136ad20fe56fb63180791665304712",
    ("saves", "disney", 5, 3): "8a0478e480253d6ddcad40c41f02e6d3a488c3f86a3093ce51585606579dd622",
    ("saves", "second-edition", 3, 3): (
        "5dc067b157d994cb6e3aeaffadf601962e4f44c54ccb7819efefbc7de188002f"
    ),
    ("saves", "second-edition", 5, 3): (
        "24595d344b49b1c95f56313bd4abec7de7be6db40e0ac3b4ece3f9080df856d9"
    ),
    ("saves", "summary-sheet", 3, 3): (
        "b713db7b165528a55d50a30e8367157ccb8b14ca07cba3dea56ca3143dd6c3e3"
    ),
    ("saves", "summary-sheet", 5, 3): (
        "c9ae361903d948ddd8253ee280be1cda14796366bafcc1354ddcd2a23f7c20dc"
    ),
}


def test_the_reference_covers_every_case():
    assert sorted(REFERENCE) == sorted(cases())


@pytest.mark.parametrize("case", sorted(REFERENCE), ids=lambda c: "-".join(map(str, c)))
def test_outputs_match_the_reference(case):
    assert digest(*case) == SEAT_VIEW.get(case, REFERENCE[case])


@pytest.mark.parametrize(
    "case", sorted(c for c in REFERENCE if c[0] == "frame"), ids=lambda c: "-".join(map(str, c))
)
def test_the_compiled_simulator_s_frames_match_the_reference_too(case):
    """The same reference digests hold for ``engine="fast"`` (issue 27)."""
    assert digest(*case, engine="fast") == SEAT_VIEW.get(case, REFERENCE[case])


def test_the_rules_version_is_the_reference_s_and_frames_carry_it():
    assert RULES_VERSION == REFERENCE_RULES_VERSION
    df = sc.simulate("classic", players=3, games=2, seed=0, progress=False, workers=1)
    bags = sc.simulate_bags("classic", players=3, games=2, seed=0, progress=False, workers=1)
    assert df.attrs["rules_version"] == bags.attrs["rules_version"] == RULES_VERSION


def test_only_the_hidden_stand_changed(real_stands):
    """Shown the merchant's real stand (face-down cards included), the random bot plays
    the old games again: the view changed nothing else."""
    for case in SEAT_VIEW:
        assert digest(*case) == REFERENCE[case], case
