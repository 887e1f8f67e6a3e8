import pytest
from invitations import InvitationError, accept, invite
from models import Project, User


def test_owner_invites_a_viewer_who_accepts():
    project = Project("docs", owner="carol")
    invitation = invite(User("carol", "commenter"), project, "Dan@Example.org", "viewer")
    assert invitation.email == "dan@example.org"
    assert accept(invitation, User("dan", "editor")) == {"dan": "viewer"}


def test_invitation_is_single_use():
    project = Project("docs", owner="carol")
    invitation = invite(User("carol", "viewer"), project, "x@example.org", "editor")
    accept(invitation, User("x", "viewer"))
    with pytest.raises(InvitationError, match="already used by x"):
        accept(invitation, User("y", "viewer"))


def test_plain_members_cannot_invite():
    with pytest.raises(InvitationError, match="may not invite"):
        invite(User("erin", "commenter"), Project("docs", owner="carol"), "z@example.org", "viewer")


def test_unknown_role_is_refused():
    with pytest.raises(InvitationError, match="roles are admin"):
        invite(User("carol", "admin"), Project("docs", owner="carol"), "z@example.org", "owner")
