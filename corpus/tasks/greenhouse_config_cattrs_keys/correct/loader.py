"""Loading controller configs exported by the vendor's console (cattrs). Console v2 exports name the
limits 'min'/'max' and the vent count 'vent_count'; v1 exports use our own names."""

import json

from cattrs import Converter
from cattrs.gen import make_dict_structure_fn, override

from model import Limits, Site, Zone


def make_converter(console_version):
    if console_version not in (1, 2):
        raise ValueError(f"unsupported console version {console_version}; expected 1 or 2")
    # Unknown keys are an error: a renamed field must never fall back to its default unnoticed.
    converter = Converter(forbid_extra_keys=True)
    if console_version == 2:
        converter.register_structure_hook(Limits, make_dict_structure_fn(
            Limits, converter, low=override(rename="min"), high=override(rename="max")))
        converter.register_structure_hook(Zone, make_dict_structure_fn(
            Zone, converter, vents=override(rename="vent_count")))
    return converter


def load_site(text):
    document = json.loads(text)
    version = document.pop("console_version", 1)
    converter = make_converter(version)
    return converter.structure(document, Site)


def dump_site(site):
    return json.dumps(Converter().unstructure(site), sort_keys=True)
