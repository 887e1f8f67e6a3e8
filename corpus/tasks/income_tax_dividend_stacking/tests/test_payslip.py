from payslip import monthly_payslip, national_insurance, year_to_date


def test_national_insurance_bands():
    assert national_insurance(12_000) == 0
    assert round(national_insurance(30_000), 2) == 1394.4
    assert round(national_insurance(60_000), 2) == 3210.6


def test_a_basic_rate_payslip():
    slip = monthly_payslip(30_000, pension_percent=5, student_loan=True)
    assert (slip.gross, slip.pension, slip.income_tax) == (2500.0, 125.0, 265.5)
    assert (slip.national_insurance, slip.student_loan) == (116.2, 20.29)
    assert slip.net == 1973.01
    assert slip.marginal_rate == 0.2


def test_salary_sacrifice_keeps_a_high_earner_below_the_taper():
    slip = monthly_payslip(104_000, pension_percent=4)
    assert (slip.gross, slip.pension) == (8666.67, 346.67)
    assert slip.income_tax == 2280.67
    assert slip.marginal_rate == 0.4


def test_year_to_date_totals():
    slips = [monthly_payslip(30_000, pension_percent=5, student_loan=True)] * 3
    totals = year_to_date(slips)
    assert totals["months"] == 3
    assert totals["income_tax"] == 796.5
    assert totals["net"] == 5919.03
    assert year_to_date([]) == {"gross": 0, "pension": 0, "income_tax": 0, "national_insurance": 0,
                                "student_loan": 0, "net": 0, "months": 0}
