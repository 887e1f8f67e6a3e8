from django.contrib import admin
from django.urls import include, path

from webapp.core import views as core_views

urlpatterns = [
    path("healthz", core_views.healthz, name="healthz"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("admin/", admin.site.urls),
    path("", include("webapp.catalog.urls")),
]
