from clone import deep_clone
from nodes import Node


def dialog(name, title):
    box = Node("dialog", name, title=title)
    body = box.add(Node("text", "body", text=f"{title}?"))
    ok = box.add(Node("button", "ok", label="OK"))
    box.add(Node("button", "cancel", label="Cancel"))
    ok.link("describedby", body)
    return box


def build_app():
    app = Node("window", "app", title="Editor")
    app.add(dialog("confirm", "Discard changes"))
    app.add(dialog("settings", "Apply settings"))
    return app


def themed_copy(app, theme):
    copy = deep_clone(app)
    for node in copy.walk():
        if node.kind == "button":
            node.attrs["theme"] = theme
    return copy


def summary(tree):
    return [(node.path(), node.kind) for node in tree.walk()]
