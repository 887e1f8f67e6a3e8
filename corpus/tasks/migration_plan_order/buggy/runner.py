"""Plan and apply the migrations that have not run yet, oldest first."""

from schema import SchemaError


class MigrationFailed(RuntimeError):
    def __init__(self, migration_id, cause):
        super().__init__(f"migration {migration_id} failed: {cause}")
        self.migration_id = migration_id


class MigrationRunner:
    def __init__(self, registry, schema):
        self.registry = registry
        self.schema = schema
        self.applied = []

    def plan(self):
        pending = [i for i in self.registry.ids() if i not in self.applied]
        return sorted(pending)

    def migrate(self, target=None):
        done = []
        for migration_id in self.plan():
            if target is not None and int(migration_id) > int(target):
                break
            migration = self.registry.get(migration_id)
            try:
                migration.apply(self.schema)
            except SchemaError as exc:
                raise MigrationFailed(migration_id, exc) from exc
            self.applied.append(migration_id)
            done.append(migration_id)
        return done
