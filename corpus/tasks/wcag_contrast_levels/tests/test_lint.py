import pytest
from lint import Finding, lint
from tokens import TokenError, resolve

TOKENS = {
    "grey": {"100": "#f5f5f5", "500": "#999999", "800": "#333333"},
    "text": {"body": "{grey.800}", "muted": "{grey.500}"},
    "surface": {"page": "#ffffff", "card": "{grey.100}"},
}


def test_references_resolve_and_cycles_are_named():
    assert resolve(TOKENS)["text.muted"] == "#999999"
    with pytest.raises(TokenError, match="a -> b -> a"):
        resolve({"a": "{b}", "b": "{a}"})
    with pytest.raises(TokenError, match="refers to 'grey.900'"):
        resolve({"x": "{grey.900}"})


def test_only_failing_components_are_reported_with_a_fix():
    components = {"article": ("text.body", "surface.page", 16, False),
                  "caption": ("text.muted", "surface.page", 14, False),
                  "card-title": ("text.body", "surface.card", 20, True)}
    assert lint(TOKENS, components) == [Finding("caption", 2.85, "#737373")]
