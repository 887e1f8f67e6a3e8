"""How banks in each country write dates on their CSV statements."""

DATE_STYLES = {
    "GB": {"dayfirst": True, "decimal": "."},
    "DE": {"dayfirst": True, "decimal": ","},
    "FR": {"dayfirst": True, "decimal": ","},
    "US": {"dayfirst": False, "decimal": "."},
}
DEFAULT_STYLE = {"dayfirst": False, "decimal": "."}


def style_for(country):
    return DATE_STYLES.get(country, DEFAULT_STYLE)
