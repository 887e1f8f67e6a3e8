import operator
from dataclasses import dataclass

from grammar import parse_rules
from preprocess import clean

OPS = {">": operator.gt, "<": operator.lt, ">=": operator.ge, "<=": operator.le,
       "==": operator.eq, "!=": operator.ne}


@dataclass
class Alert:
    rule: str
    action: str
    message: str


class RuleEngine:
    def __init__(self, source):
        text = clean(source)
        self.rules = list(parse_rules(text))

    def _matches(self, rule, metrics):
        for cond in rule.conditions:
            value = metrics.get(cond.field)
            if value is None or not OPS[cond.op](value, cond.value):
                return False
        return True

    def evaluate(self, metrics):
        alerts = []
        for rule in self.rules:
            if self._matches(rule, metrics):
                alerts.append(Alert(rule.name, rule.action.name, rule.action.get("argument", "")))
        return alerts
