import pytest
from audit import AuditLog
from context import using_tenant
from reports import Report
from sharing import NotAllowed, can_see, export_csv

STOCK = Report("Stock", (("bolts", 5000), ("nuts", 20)))
PAYROLL = Report("Payroll", (("staff", 12),))


def test_owner_and_shared_tenants_can_see():
    assert can_see("acme", STOCK) and can_see("globex", STOCK)
    assert not can_see("acme", PAYROLL)
    assert not can_see(None, STOCK)


def test_export_is_audited_for_the_exporting_tenant():
    audit = AuditLog()
    with using_tenant("globex"):
        text = export_csv(STOCK, audit)
    assert text == "label,value\nbolts,5000\nnuts,20\n"
    assert audit.for_tenant("globex") == [("exported", "Stock")]


def test_export_of_a_foreign_report_is_refused():
    with using_tenant("acme"), pytest.raises(NotAllowed):
        export_csv(PAYROLL, AuditLog())
