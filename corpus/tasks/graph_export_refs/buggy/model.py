"""Project model objects that reference each other (owners, dependencies, back links)."""


class Entity:
    kind = "entity"

    def __init__(self, name, **fields):
        self.name = name
        self.fields = fields

    def references(self):
        """(field name, referenced entity or list of them) for every link-valued field."""
        for key, value in self.fields.items():
            if isinstance(value, Entity) or (isinstance(value, list) and value and isinstance(value[0], Entity)):
                yield key, value

    def scalars(self):
        return {k: v for k, v in self.fields.items() if not isinstance(v, (Entity, list)) or v == []}


class Person(Entity):
    kind = "person"


class Project(Entity):
    kind = "project"


class Team(Entity):
    kind = "team"
