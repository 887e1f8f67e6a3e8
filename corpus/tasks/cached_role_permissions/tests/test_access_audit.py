from access import can
from audit import AccessAudit
from users import User


def test_audit_records_every_decision():
    audit = AccessAudit(can)
    vic, ed = User("vic", "viewer"), User("ed", "editor")
    audit.check(vic, "article.read")
    audit.check(vic, "article.write")
    audit.check(ed, "comment.moderate")
    assert audit.denials() == [("vic", "article.write")]
    assert audit.summary() == {"ed": (1, 0), "vic": (1, 1)}


def test_a_fresh_author_has_exactly_the_author_permissions():
    audit = AccessAudit(can)
    amy = User("amy", "author")
    for permission in ("article.read", "article.write", "article.publish", "user.manage"):
        audit.check(amy, permission)
    assert audit.denials() == [("amy", "article.publish"), ("amy", "user.manage")]


def test_admins_may_do_everything_editors_may():
    audit = AccessAudit(can)
    root = User("root", "admin")
    assert all(audit.check(root, p) for p in ("article.publish", "comment.moderate", "user.manage"))
