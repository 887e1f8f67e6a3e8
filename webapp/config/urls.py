from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from webapp.core import views as core_views

# Only the account pages that work here: no password reset (no mail is configured to send the link).
account_patterns = [
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password_change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("password_change/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
]

urlpatterns = [
    path("healthz", core_views.healthz, name="healthz"),
    path("favicon.ico", core_views.favicon, name="favicon"),
    path("highlight.css", core_views.highlight_css, name="highlight_css"),
    path("docs/", core_views.docs_index, name="docs_index"),
    path("docs/<path:path>", core_views.docs_page, name="docs_page"),
    path("accounts/", include(account_patterns)),
    path("admin/", admin.site.urls),
    path("", include("webapp.trajectories.urls")),
    path("", include("webapp.annotation.urls")),
    path("", include("webapp.runs.urls")),
    path("", include("webapp.episodes.urls")),
]
