"""The shipping zone file as the logistics team maintains it (YAML)."""

ZONES_YAML = """
default_zone: world
zones:
  domestic:
    countries: [SE]
    bands: {1: 49, 5: 79, 20: 149}
    free_over: 499
  nordic:
    countries: [DK, NO, FI, IS]
    bands: {1: 99, 5: 159, 20: 299}
    free_over: 999
    remote: [IS]
  europe:
    countries: [DE, FR, NL, PL, ES, IT]
    bands: {1: 129, 5: 219, 20: 399}
    free_over: null
  world:
    countries: []
    bands: {1: 249, 5: 449, 20: 899}
    free_over: null
tracking_required: true
"""
