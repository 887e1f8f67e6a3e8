"""Loading controller configs exported by the vendor's console (cattrs). Console v2 exports name the
limits 'min'/'max' and the vent count 'vent_count'; v1 exports use our own names."""

import json

from cattrs import Converter

from model import Site


def make_converter(console_version):
    if console_version not in (1, 2):
        raise ValueError(f"unsupported console version {console_version}; expected 1 or 2")
    return Converter()


def load_site(text):
    document = json.loads(text)
    version = document.pop("console_version", 1)
    converter = make_converter(version)
    return converter.structure(document, Site)


def dump_site(site):
    return json.dumps(Converter().unstructure(site), sort_keys=True)
