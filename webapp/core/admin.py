"""The admin's user list shows each user's role (groups prefetched: no query per row)."""

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from webapp.core.roles import role_of

User = get_user_model()


class UserWithRoleAdmin(UserAdmin):
    list_display = ("username", "role", "email", "is_active", "is_staff", "last_login")
    list_filter = ("groups", "is_staff", "is_superuser", "is_active")

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("groups")

    @admin.display(description="role")
    def role(self, user) -> str:
        return role_of(user)


if admin.site.is_registered(User):
    admin.site.unregister(User)
admin.site.register(User, UserWithRoleAdmin)
