import pytest
from template import render
from tokenizer import TemplateSyntaxError


def test_variables_and_dotted_names():
    assert render("Hi {{user.name}} ({{missing}})", {"user": {"name": "Ada"}}) == "Hi Ada ()"


def test_each_over_plain_values():
    assert render("{{#each tags}}[{{this}}]{{/each}}", {"tags": ["a", "b"]}) == "[a][b]"


def test_if_block():
    template = "{{#if admin}}admin {{/if}}{{name}}"
    assert render(template, {"admin": True, "name": "x"}) == "admin x"
    assert render(template, {"admin": False, "name": "y"}) == "y"


def test_unclosed_and_mismatched_blocks():
    with pytest.raises(TemplateSyntaxError, match="never closed"):
        render("{{#each items}}x", {})
    with pytest.raises(TemplateSyntaxError, match="unexpected"):
        render("{{#each items}}x{{/if}}", {})


def test_outer_names_visible_inside_loop():
    template = "{{#each people}}{{name}}@{{team}};{{/each}}"
    context = {"team": "core", "people": [{"name": "ann"}, {"name": "bo"}]}
    assert render(template, context) == "ann@core;bo@core;"


def test_nested_loops_fall_back_to_their_own_parent():
    template = ("{{#each teams}}"
                "{{#each members}}{{name}}/{{role}} {{/each}}"
                "({{name}}, lead {{lead}});{{/each}}")
    context = {"lead": "nobody", "teams": [
        {"name": "web", "role": "dev", "lead": "wu",
         "members": [{"name": "ann"}, {"name": "bo", "role": "qa"}]},
        {"name": "ops", "role": "sre",
         "members": [{"name": "cy"}, {"name": "di", "lead": "di"}]},
    ]}
    assert render(template, context) == (
        "ann/dev bo/qa (web, lead wu);cy/sre di/sre (ops, lead nobody);")
