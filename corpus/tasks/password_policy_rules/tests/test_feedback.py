from feedback import estimate_bits, feedback, label_for
from policy import Violation


def test_bits_grow_with_length_and_alphabet():
    assert estimate_bits("", {"lower"}) == 0
    assert estimate_bits("abcdefgh", {"lower"}) == 37
    assert estimate_bits("abcdefgh", {"lower", "upper", "digit", "symbol"}) == 52


def test_labels_by_threshold():
    assert [label_for(b) for b in (0, 39, 40, 79, 80, 200)] == [
        "very weak", "very weak", "weak", "fair", "strong", "very strong"]


def test_breached_passwords_never_look_strong():
    shown = feedback("Sh@d0wSh@d0w!!", [Violation("breached", "choose another")],
                     {"lower", "upper", "digit", "symbol"})
    assert (shown.bits, shown.label, shown.messages) == (10, "very weak", ("choose another",))
