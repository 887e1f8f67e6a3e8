"""Admin behaviour shared by the apps: recorded data is shown, never edited in the admin."""


class ReadOnlyAdminMixin:
    """Rows that record what happened (trajectories, steps, labels, reviews): viewable, never added
    or edited here (the services are the only way in, with their checks); staff may delete where
    ``staff_may_delete`` is set."""

    staff_may_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return self.staff_may_delete and request.user.is_active and request.user.is_staff
