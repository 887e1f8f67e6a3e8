"""Fleiss' kappa (generalised to any number of raters per item) and the label in force."""

import pytest

from webapp.catalog.label_state import resolve_preference
from webapp.core.agreement import fleiss_kappa, pair_agreement


def test_fleiss_kappa_matches_the_worked_example_of_fleiss_1971():
    # The 10 subjects x 5 categories, 14 raters each, table of Fleiss (1971) as reproduced on
    # Wikipedia's "Fleiss' kappa" page: P-bar = 0.378, P_e = 0.213, kappa = 0.210.
    table = [[0, 0, 0, 0, 14], [0, 2, 6, 4, 2], [0, 0, 3, 5, 6], [0, 3, 9, 2, 0], [2, 2, 8, 1, 1],
             [7, 7, 0, 0, 0], [3, 2, 6, 3, 0], [2, 5, 3, 2, 2], [6, 5, 2, 1, 0], [0, 2, 2, 3, 7]]
    ratings = []
    for item, counts in enumerate(table):
        rater = 0
        for category, count in enumerate(counts):
            for _ in range(count):
                ratings.append((item, rater, f"c{category}"))
                rater += 1

    agreement = fleiss_kappa(ratings)

    assert (agreement.items, agreement.raters) == (10, 14)
    assert agreement.observed == pytest.approx(0.378, abs=5e-4)
    assert agreement.kappa == pytest.approx(0.210, abs=5e-4)


def test_a_raters_newest_rating_replaces_the_earlier_one():
    agreement = fleiss_kappa([("t1", "ann", "avoid"), ("t1", "bob", "optional"), ("t1", "ann", "optional"),
                              ("t2", "ann", "avoid"), ("t2", "bob", "recommended")])

    assert (agreement.items, agreement.raters, agreement.observed) == (2, 2, 0.5)


def test_items_with_one_rating_are_not_compared_and_one_category_everywhere_has_no_kappa():
    assert fleiss_kappa([("t1", "ann", "avoid")]).items == 0
    everyone_agrees = fleiss_kappa([("t1", "ann", "avoid"), ("t1", "bob", "avoid")])
    assert (everyone_agrees.observed, everyone_agrees.kappa) == (1.0, None)
    assert pair_agreement({"avoid": 2, "optional": 1}) == pytest.approx(1 / 3)


@pytest.mark.parametrize(("labels", "adjudicated", "expected"), [
    ([], None, ("optional", "unlabelled")),
    (["avoid", "avoid"], None, ("avoid", "agreed")),
    (["avoid", "recommended"], None, ("optional", "disputed")),
    (["avoid", "recommended"], "recommended", ("recommended", "adjudicated")),
])
def test_the_preference_in_force(labels, adjudicated, expected):
    assert resolve_preference(meta_preference="optional", annotator_labels=labels, adjudicated=adjudicated) == expected
