from django.apps import AppConfig


class EndpointsConfig(AppConfig):
    name = "webapp.endpoints"
    label = "endpoints"
    verbose_name = "Model endpoints"
    default_auto_field = "django.db.models.BigAutoField"
