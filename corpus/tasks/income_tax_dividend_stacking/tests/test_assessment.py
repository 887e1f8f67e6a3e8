import pytest
from assessment import assess, marginal_rate, personal_allowance


def test_basic_and_higher_rate_salaries():
    assert assess(30_000).total == 3486.0
    assert assess(60_000).total == 11432.0
    assert assess(12_000).total == 0.0


def test_allowance_tapers_by_one_for_every_two_above_the_threshold():
    assert personal_allowance(100_000) == 12_570
    assert personal_allowance(110_000) == 7_570
    assert personal_allowance(140_000) == 0
    assert assess(110_000).total == 33432.0


def test_pension_contributions_restore_the_allowance():
    result = assess(110_000, pension=10_000)
    assert result.allowance == 12_570
    assert result.total == 27432.0


def test_leftover_allowance_covers_dividends():
    result = assess(8_000, dividends=10_000)
    assert (result.salary_taxable, result.dividends_taxable) == (0, 4_930)
    assert result.dividend_tax == 431.38


def test_dividends_stack_on_top_of_salary():
    result = assess(45_000, dividends=6_000)
    assert result.income_tax == 6486.0
    assert result.dividend_tax == 663.75


def test_marginal_rates_across_the_bands():
    rates = [marginal_rate(x) for x in (10_000, 45_000, 80_000, 110_000, 130_000)]
    assert rates == pytest.approx([0.0, 0.20, 0.40, 0.60, 0.45])


def test_inputs_are_checked():
    with pytest.raises(ValueError, match="must not be negative"):
        assess(-1)
    with pytest.raises(ValueError, match="cannot exceed salary"):
        assess(10_000, pension=20_000)


def test_the_taper_takes_a_pound_for_every_two_whole_pounds_over_the_start():
    assert personal_allowance(100_001) == 12_570
    assert personal_allowance(100_001.6) == 12_570
    assert personal_allowance(100_003) == 12_569
    assert marginal_rate(100_000) == pytest.approx(0.6)


def test_dividends_count_towards_the_taper():
    assert assess(90_000, dividends=20_000).allowance == 7_570
