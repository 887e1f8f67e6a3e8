import jmespath

from loaders import from_csv, from_json


class Directory:
    def __init__(self):
        self.document = {"people": []}

    def load(self, json_text=None, csv_text=None):
        if json_text:
            self.document["people"].extend(from_json(json_text))
        if csv_text:
            self.document["people"].extend(from_csv(csv_text))
        return self

    def search(self, expression):
        return jmespath.search(expression, self.document)

    def names_in(self, team):
        return sorted(self.search(f"people[?team == '{team}'].name"))

    def oldest(self):
        return self.search("max_by(people, &age).name")

    def by_age(self):
        return self.search("sort_by(people, &age)[].name")

    def payroll(self, team=None):
        selector = f"people[?team == '{team}']" if team else "people"
        return self.search(f"sum({selector}[].salary)")
