from palette import audit, mix, suggest, to_hex


def test_hex_and_mixing():
    assert to_hex((26.4, 43, 300)) == "#1a2bff"
    assert mix("#ffffff", "#000000", 0.5) == "#808080"
    assert mix("#336699", "#336699", 0.7) == "#336699"


def test_a_failing_grey_is_darkened_just_enough():
    assert suggest("#767676", "#ffffff") == "#767676"
    assert suggest("#999999", "#ffffff") == "#737373"


def test_audit_lists_the_weakest_token_first():
    tokens = {"body": "#222222", "muted": "#8a8a8a", "link": "#0066cc"}
    assert [name for name, _ in audit(tokens, "#ffffff")] == ["muted", "link", "body"]
