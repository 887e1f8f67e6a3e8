"""Characters built from a class preset; each owns its equipment."""

from presets import preset


class Character:
    def __init__(self, name, class_name):
        base = preset(class_name)
        self.name = name
        self.class_name = class_name
        self.hp = base["hp"]
        self.items = [dict(item) for item in base["items"]]

    def item(self, kind):
        return next((i for i in self.items if i["kind"] == kind and i["durability"] > 0), None)

    def wear(self, item, amount=1):
        item["durability"] = max(0, item["durability"] - amount)
        if item["durability"] == 0:
            self.items.remove(item)

    @property
    def alive(self):
        return self.hp > 0
