from breached import is_breached, normalise
from policy import PasswordPolicy, character_classes, check, is_acceptable


def codes(password, **kwargs):
    return [v.code for v in check(password, **kwargs)]


def test_a_good_passphrase_is_accepted():
    assert codes("Copper-Kit Rain 42") == []
    assert is_acceptable("Quiet-pond 7 bay!")


def test_length_limits():
    assert codes("Sh0rt-pw") == ["too_short"]
    policy = PasswordPolicy(max_length=20, max_repeat=10)
    assert codes("Aa1!" * 6, policy=policy) == ["too_long"]
    assert codes("Aa1!x" * 4, policy=policy) == []


def test_digits_are_not_symbols():
    assert character_classes("harbour1984") == {"lower", "digit"}
    assert character_classes("Harbour-1984") == {"lower", "upper", "digit", "symbol"}
    assert codes("harbourlights1984") == ["too_simple"]


def test_only_back_to_back_repeats_count():
    assert codes("banana-Split-7a") == []
    assert codes("Boooking-Ref-27") == ["repeats"]


def test_sequences_in_either_direction():
    assert codes("Vault-abcd-Mx7!") == ["sequence"]
    assert codes("Vault-4321-Mx!z") == ["sequence"]
    assert codes("Vault-abc-Mx7!q") == []
    assert codes("Vault-ab-ba-Mx7!") == []


def test_user_name_in_any_case():
    assert codes("Sunny-ANA-house-9", username="ana") == ["contains_username"]
    assert codes("Sunny-ana-house-9", username="Ana") == ["contains_username"]
    assert codes("Sunny-an-house-9", username="an") == []


def test_breached_passwords_in_disguise():
    assert normalise("P@$$w0rd2024!") == "password"
    assert is_breached("MonkeyMonkey99")
    assert not is_breached("Copper-Kettle")
    assert codes("Sh@d0wSh@d0w!!") == ["breached"]


def test_several_problems_are_listed_in_form_order():
    assert codes("aaaa") == ["too_short", "too_simple", "repeats"]


def test_breach_check_can_be_switched_off():
    relaxed = PasswordPolicy(check_breached=False)
    assert codes("Sh@d0wSh@d0w!!", policy=relaxed) == []
    assert is_acceptable("Sh@d0wSh@d0w!!", policy=relaxed)


def test_runs_and_sequences_are_measured_exactly():
    from policy import longest_repeat, longest_sequence

    assert longest_repeat("") == 0
    # a symbol breaks a sequence; letters that do not step by one start none; a turn starts a new run
    assert [longest_sequence(s) for s in ("/012", "ax", "abab", "cdcba", "babcd")] == [3, 1, 2, 4, 4]


def test_a_user_name_that_is_not_in_the_password_is_no_problem():
    assert check("Tr0ub4dor&3xyz!", username="alice") == []
