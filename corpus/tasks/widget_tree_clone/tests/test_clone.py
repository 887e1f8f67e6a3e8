from clone import deep_clone
from nodes import Node
from screens import build_app, summary, themed_copy


def test_clone_has_same_layout():
    app = build_app()
    assert summary(deep_clone(app)) == summary(app)


def test_clone_is_independent_of_original():
    app = build_app()
    copy = deep_clone(app)
    copy.find("app/confirm/ok").attrs["label"] = "Yes"
    assert app.find("app/confirm/ok").attrs["label"] == "OK"


def test_links_point_inside_the_copy():
    app = build_app()
    copy = deep_clone(app)
    ok = copy.find("app/confirm/ok")
    assert ok.links["describedby"] is copy.find("app/confirm/body")


def test_parents_of_second_dialog_buttons():
    copy = deep_clone(build_app())
    settings = copy.find("app/settings")
    assert [child.parent is settings for child in settings.children] == [True, True, True]


def test_theming_a_copy_touches_every_button_once():
    app = build_app()
    copy = themed_copy(app, "dark")
    buttons = [n for n in copy.walk() if n.kind == "button"]
    assert len({id(b) for b in buttons}) == 4
    assert all(n.attrs.get("theme") is None for n in app.walk())


def test_equal_widgets_compare_equal():
    assert Node("button", "ok", label="OK") == Node("button", "ok", label="OK")


def test_layout_diff_against_original():
    from layout_diff import describe, diff
    from nodes import Node

    app = build_app()
    edited = build_app()
    edited.find("app/confirm/ok").attrs["label"] = "Discard"
    edited.find("app/settings").add(Node("button", "help", label="?"))
    assert describe(diff(app, edited)) == ["+ app/settings/help", "~ app/confirm/ok: label 'OK' -> 'Discard'"]


def test_identical_layouts_have_no_diff():
    from layout_diff import diff

    assert diff(build_app(), build_app()) == []
