from dataclasses import dataclass, field

THEMES = {
    "light": {"background": "#ffffff", "ink": "#222222", "accent": "#1f77b4"},
    "dark": {"background": "#111111", "ink": "#eeeeee", "accent": "#ff7f0e"},
}


class OptionsError(ValueError):
    pass


@dataclass(frozen=True)
class ChartOptions:
    theme: str = "light"
    width: int = 40
    colors: tuple = ()

    def palette(self):
        if self.theme not in THEMES:
            raise OptionsError(f"unknown theme {self.theme!r}; use one of {', '.join(THEMES)}")
        merged = dict(THEMES[self.theme])
        unknown = sorted(set(dict(self.colors)) - set(merged))
        if unknown:
            raise OptionsError(f"cannot override {', '.join(unknown)}; known colours: {', '.join(merged)}")
        merged.update(dict(self.colors))
        return merged


def options_from_request(params):
    colors = {key[6:]: value for key, value in params.items() if key.startswith("color.")}
    return ChartOptions(params.get("theme", "light"), int(params.get("width", 40)), tuple(sorted(colors.items())))
