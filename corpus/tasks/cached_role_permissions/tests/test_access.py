import pytest
from access import PermissionDenied, can, check, effective_permissions
from roles import UnknownRole, permissions_for
from users import User


def test_revoking_from_one_editor_leaves_other_editors_alone():
    carol = User("carol", "editor", revoked=["article.publish"])
    dave = User("dave", "editor")
    assert "article.publish" not in effective_permissions(carol)
    assert check(dave, "article.publish")


def test_roles_inherit_their_parents_grants():
    assert permissions_for("editor") == [
        "article.read", "comment.read", "article.write", "comment.write",
        "article.publish", "comment.moderate"]
    assert "user.manage" in permissions_for("admin")


def test_denial_names_user_role_and_permission():
    with pytest.raises(PermissionDenied, match=r"vic \(viewer\) may not article.write"):
        check(User("vic", "viewer"), "article.write")


def test_a_grant_for_one_author_is_personal():
    ann = User("ann", "author", granted=["article.publish"])
    ben = User("ben", "author")
    assert can(ann, "article.publish")
    assert not can(ben, "article.publish")
    assert effective_permissions(ben) == [
        "article.read", "comment.read", "article.write", "comment.write"]


def test_unknown_roles_are_reported():
    with pytest.raises(UnknownRole, match="unknown role 'guest'"):
        permissions_for("guest")
