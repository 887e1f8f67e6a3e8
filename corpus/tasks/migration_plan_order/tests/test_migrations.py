import pytest
from app_migrations import registry
from registry import MigrationRegistry
from runner import MigrationFailed, MigrationRunner
from schema import Schema


def test_migrate_to_a_target_stops_there():
    runner = MigrationRunner(registry, Schema())
    assert runner.migrate(target="5") == ["1", "2", "3", "4", "5"]
    assert runner.schema.tables["orders"] == ["id", "customer_id", "total", "status"]


def test_full_migration_builds_the_whole_schema():
    schema = Schema()
    runner = MigrationRunner(registry, schema)
    runner.migrate()
    assert schema.tables["order_lines"] == ["order_id", "product_id", "qty", "unit_price_cents"]
    assert schema.tables["customers"] == ["id", "name", "email", "phone"]
    assert schema.indexes == {"products.sku", "orders.status"}


def test_second_run_has_nothing_to_do():
    runner = MigrationRunner(registry, Schema())
    runner.migrate()
    assert runner.plan() == []
    assert runner.migrate() == []


def test_resuming_after_a_partial_migration():
    runner = MigrationRunner(registry, Schema())
    runner.migrate(target="7")
    assert runner.migrate() == ["8", "9", "10", "11"]


def test_failure_names_the_migration():
    reg = MigrationRegistry()
    reg.migration("1", "bad")(lambda schema: schema.add_column("nope", "x"))
    with pytest.raises(MigrationFailed, match="migration 1 failed: no table nope"):
        MigrationRunner(reg, Schema()).migrate()


def test_ids_must_be_numbers():
    with pytest.raises(ValueError, match="must be a number"):
        MigrationRegistry().migration("v1", "x")
