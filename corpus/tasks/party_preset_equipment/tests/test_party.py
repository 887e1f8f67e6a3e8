import pytest
from character import Character
from combat import duel, strike
from presets import PRESETS, UnknownClass


def test_a_fresh_recruit_gets_pristine_equipment_after_a_fight():
    veteran = Character("Bram", "warrior")
    target = Character("Dummy", "rogue")
    for _ in range(3):
        strike(veteran, target)
    recruit = Character("Cole", "warrior")
    assert recruit.item("weapon")["durability"] == 10
    assert veteran.item("weapon")["durability"] == 7


def test_strike_applies_armor():
    warrior, rogue = Character("W", "warrior"), Character("R", "rogue")
    assert strike(warrior, rogue) == 5
    assert rogue.hp == 17
    assert strike(rogue, warrior) == 2


def test_worn_out_items_are_dropped_and_fists_remain():
    rogue, warrior = Character("R", "rogue"), Character("W", "warrior")
    rogue.wear(rogue.item("weapon"), amount=6)
    assert rogue.item("weapon") is None
    assert strike(rogue, warrior) == 0


def test_duel_has_a_winner():
    assert duel(Character("W", "warrior"), Character("R", "rogue")) == "W"


def test_presets_are_not_changed_by_play():
    w = Character("W", "warrior")
    w.wear(w.item("armor"), amount=8)
    assert PRESETS["warrior"]["items"][1]["durability"] == 8
    assert len(PRESETS["warrior"]["items"]) == 2


def test_unknown_class_lists_the_choices():
    with pytest.raises(UnknownClass, match="choose one of warrior, rogue"):
        Character("X", "wizard")
