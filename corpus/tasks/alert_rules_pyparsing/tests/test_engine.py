from engine import RuleEngine
from preprocess import clean

SIMPLE = """
# capacity alerts
rule "cpu" when cpu > 80 then page("cpu high")
rule "disk" when disk >= 90 and inodes > 70 \\
    then ticket()   # low priority
"""

WITH_HASH = """
rule "queue" when depth > 100 then page("queue #1 backed up")  # on-call
rule "errors" when errors > 5 then ticket("see runbook #42")
"""


def test_clean_drops_comments_and_joins_lines():
    assert clean(SIMPLE).splitlines() == [
        'rule "cpu" when cpu > 80 then page("cpu high")',
        'rule "disk" when disk >= 90 and inodes > 70      then ticket()',
    ]


def test_messages_may_contain_hash_signs():
    alerts = RuleEngine(WITH_HASH).evaluate({"depth": 500, "errors": 9})
    assert [a.message for a in alerts] == ["queue #1 backed up", "see runbook #42"]


def test_an_escaped_quote_keeps_the_message_open():
    line = 'rule "q" when depth > 1 then page("say \\"hi\\" #2")  # on-call'
    assert clean(line) == 'rule "q" when depth > 1 then page("say \\"hi\\" #2")'


def test_simple_rules_fire():
    alerts = RuleEngine(SIMPLE).evaluate({"cpu": 93, "disk": 95, "inodes": 80})
    assert [(a.rule, a.action, a.message) for a in alerts] == [("cpu", "page", "cpu high"), ("disk", "ticket", "")]


def test_rule_needs_every_condition():
    assert RuleEngine(SIMPLE).evaluate({"cpu": 10, "disk": 95, "inodes": 10}) == []


def test_missing_metric_never_fires():
    assert RuleEngine(SIMPLE).evaluate({}) == []


def test_routing_and_quiet_time():
    from routing import Router

    engine = RuleEngine(SIMPLE)
    router = Router(quiet_seconds=60)
    metrics = {"cpu": 95, "disk": 99, "inodes": 90}
    assert router.deliver(engine.evaluate(metrics), now=0) == [("oncall-phone", "cpu: cpu high"), ("ops-queue", "disk")]
    assert router.deliver(engine.evaluate(metrics), now=30) == []
    assert len(router.deliver(engine.evaluate(metrics), now=90)) == 2


def test_unknown_action_is_reported():
    import pytest
    from routing import Router

    engine = RuleEngine('rule "x" when a > 1 then email("hi")')
    with pytest.raises(ValueError, match="unknown action 'email'"):
        Router().deliver(engine.evaluate({"a": 5}), now=0)
