import pytest
from audit import AuditLog
from context import current_tenant, using_tenant
from reports import Report, ReportService

SALES = Report("Sales", (("north", 120), ("south", 80)))
STOCK = Report("Stock", (("bolts", 5000),))


def test_batch_rendering_is_audited_for_the_tenant():
    audit = AuditLog()
    with using_tenant("acme"):
        pages = ReportService(audit).render_all([SALES, STOCK])
    assert pages[1].startswith("Stock\n=====")
    assert sorted(audit.for_tenant("acme")) == [("rendered", "Sales"), ("rendered", "Stock")]
    assert audit.for_tenant("public") == []


def test_single_render_layout():
    page = ReportService(AuditLog()).render(SALES)
    assert page.splitlines() == ["Sales", "=====", "north       120", "south        80"]


def test_rendering_outside_a_request_is_refused():
    with pytest.raises(PermissionError):
        ReportService(AuditLog()).render_all([SALES])


def test_tenant_context_is_restored():
    with using_tenant("acme"):
        with using_tenant("globex"):
            assert current_tenant() == "globex"
        assert current_tenant() == "acme"
    assert current_tenant() is None
