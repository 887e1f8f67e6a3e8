"""The SFT export's automatic split (its default): the corpus's splits, balanced so that human and
synthetic examples are on both sides; a lone task split by episode; never an empty side when it can be
avoided. Always by task otherwise, so no task is in both."""

from training.export.splits import HUMAN, SYNTHETIC, balance_splits, validation_episodes


def test_human_demonstrations_all_on_validation_tasks_get_one_task_into_train():
    splits = {"a": "validation", "b": "validation", "c": "train", "d": "train"}
    strata = {"a": {HUMAN}, "b": {HUMAN}, "c": {SYNTHETIC}, "d": {SYNTHETIC}}

    balanced, moved = balance_splits(splits, strata)

    human_sides = {balanced[t] for t in ("a", "b")}
    synthetic_sides = {balanced[t] for t in ("c", "d")}
    assert human_sides == synthetic_sides == {"train", "validation"}
    assert len(moved) == 2 and all("on both sides" in why for why in moved.values())


def test_a_stratum_of_one_task_stays_where_the_corpus_put_it():
    splits = {"a": "train", "b": "train", "c": "validation"}

    balanced, moved = balance_splits(splits, {"a": {HUMAN}, "b": {SYNTHETIC}, "c": {SYNTHETIC}})

    assert balanced == splits and moved == {}


def test_the_choice_is_stable_whatever_the_order_given():
    strata = {name: {SYNTHETIC} for name in ("t1", "t2", "t3", "t4")}
    first, _ = balance_splits(dict.fromkeys(strata, "train"), strata)
    second, _ = balance_splits(dict.fromkeys(reversed(list(strata)), "train"), dict(reversed(list(strata.items()))))

    assert first == second and sorted(first.values()) == ["train", "train", "train", "validation"]


def test_one_task_is_split_by_episode_never_leaving_a_side_empty():
    assert validation_episodes(["only"]) == set()
    assert len(validation_episodes(["e1", "e2"])) == 1
    picked = validation_episodes([f"e{n}" for n in range(10)])
    assert len(picked) == 2 and picked == validation_episodes([f"e{n}" for n in reversed(range(10))])
