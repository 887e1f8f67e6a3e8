"""Plugins shipped with the application."""


class Plugin:
    capabilities = ()

    def __init__(self, name):
        self.name = name


class CsvExport(Plugin):
    capabilities = ("export",)


class PdfExport(Plugin):
    capabilities = ("export", "print")


class SpellCheck(Plugin):
    capabilities = ("lint",)
