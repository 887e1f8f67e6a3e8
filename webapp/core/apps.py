from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "webapp.core"
    label = "core"
    verbose_name = "Stepwise core"

    def ready(self):
        from django.urls import register_converter

        from webapp.core.ids import IdConverter

        # <id:...> in every URL pattern and websocket route: an id too large for a key is a 404.
        register_converter(IdConverter, "id")
