from django.contrib import admin
from django.db import models

from webapp.endpoints.models import ModelEndpoint


@admin.register(ModelEndpoint)
class ModelEndpointAdmin(admin.ModelAdmin):
    """Admins register the model servers jobs may use; the key stays in the workers' environment."""

    list_display = ["name", "model", "base_url", "api_key_env", "max_tokens", "max_concurrent_requests",
                    "timeout_s", "enabled"]
    list_filter = ["enabled"]
    search_fields = ["name", "model", "base_url"]
    readonly_fields = ["created_at", "updated_at"]
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}
