"""The reference pages come from the code: changing a tool's argument or a rule's weight in code changes
the generated page, with no edit to any doc."""

from __future__ import annotations

import copy
import dataclasses

import pytest

import harness.tools  # noqa: F401 - registers every tool
from docs.gen import reference, screenshots
from harness.scoring import config as scoring
from harness.tools.registry import REGISTRY, Registry


def test_a_tools_new_argument_and_a_changed_description_show_on_the_tool_page():
    before = reference.tools_page()
    changed = Registry()
    for tool in REGISTRY.tools():
        if tool.name == "list_code":
            parameters = copy.deepcopy(tool.parameters)
            parameters.setdefault("properties", {})["context_lines"] = {
                "type": "integer", "description": "lines shown either side of the line"}
            parameters.setdefault("required", []).append("context_lines")
            tool = dataclasses.replace(tool, parameters=parameters, description="Show the source, now wider.")
        changed.add(tool)
    after = reference.tools_page(changed)
    assert "context_lines" not in before
    assert "| `context_lines` | integer | yes | lines shown either side of the line |" in after
    assert "Show the source, now wider." in after
    assert before.replace("list_code", "") != after.replace("list_code", "")


def test_a_rules_weight_and_a_new_rule_show_on_the_policy_page():
    shipped = scoring.load_policy_config()
    before = reference.policy_page()
    assert "| `repeated_call` | soft | 1 | 0.03 |" in before
    heavier = dataclasses.replace(shipped, soft_penalties={**shipped.soft_penalties, "repeated_call": 0.09})
    rules = {**scoring.RULES, "print_spam": ("soft", 1, "many prints where one inspection would do")}
    after = reference.policy_page(rules=rules, config=heavier)
    assert "| `repeated_call` | soft | 1 | 0.09 |" in after
    assert "| `print_spam` | soft | 1 |  | many prints where one inspection would do |" in after
    assert '"repeated_call": 0.09' in after


@pytest.mark.slow  # imports every command-line program for its --help
def test_every_page_is_written_with_the_generated_marker(tmp_path):
    written = [path for path in reference.write(tmp_path) if path.suffix == ".md"]  # and screenshots
    assert {path.name for path in written} == {"tools.md", "pdb-policy.md", "trajectory-schema.md",
                                               "cli-corpus.md", "cli-harness.md", "cli-training.md",
                                               "screenshots.md"}
    for path in written:
        text = path.read_text()
        header = screenshots.HEADER if path.name == "screenshots.md" else reference.HEADER.strip()
        assert header in text and text.startswith("# ")
    assert "usage: python -m harness eval" in (tmp_path / "cli-harness.md").read_text()
    assert '"stepwise.trajectory/1"' in (tmp_path / "trajectory-schema.md").read_text()
