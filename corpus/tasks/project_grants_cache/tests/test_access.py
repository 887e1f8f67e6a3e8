import pytest
from access import audit_matrix, can, grants
from models import Project, User
from roles import UnknownRole, permissions_for

ALICE = User("alice", "editor")
BOB = User("bob", "editor")


def test_only_the_owner_may_delete():
    project = Project("roadmap", owner="alice")
    assert can(ALICE, project, "delete")
    assert not can(BOB, project, "delete")
    assert can(BOB, project, "edit")


def test_inherited_permissions():
    assert permissions_for("admin") == ["read", "comment", "edit", "manage_members", "delete"]


def test_project_role_overrides_the_global_role():
    project = Project("wiki", owner="carol", members={"bob": "viewer"})
    assert grants(BOB, project) == ["read"]


def test_archived_projects_are_read_only():
    project = Project("old", owner="carol", archived=True)
    assert sorted(grants(User("dave", "admin"), project)) == ["comment", "read"]


def test_suspended_users_get_nothing():
    assert grants(User("eve", "admin", suspended=True), Project("x", owner="eve")) == []


def test_audit_matrix_for_a_team():
    project = Project("site", owner="carol")
    team = [User("carol", "commenter"), User("dan", "commenter")]
    assert audit_matrix(team, project) == {"carol": ["comment", "delete", "read", "transfer"],
                                           "dan": ["comment", "read"]}


def test_unknown_role():
    with pytest.raises(UnknownRole):
        permissions_for("owner")
