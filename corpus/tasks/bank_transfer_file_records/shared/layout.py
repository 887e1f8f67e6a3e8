"""The bank's fixed-width transfer file: every record is exactly 80 characters.

  header  : 'H' + originator id (6) + file date YYMMDD (6) + serial (4, zero-padded) + spaces
  detail  : 'D' + sort code (6 digits) + account (8 digits, zero-padded on the left)
            + amount in pence (11 digits, zero-padded on the left) + payee name (18, upper case,
            left-aligned, space-padded, cut to 18) + reference (18, same rules) + spaces
  trailer : 'T' + record count of details (6, zero-padded) + total pence (13, zero-padded) + spaces
Names and references keep only A-Z, 0-9, space and . - / & ; anything else becomes a space.
"""

import re

RECORD_LENGTH = 80
DETAIL_FIELDS = (("kind", 0, 1), ("sort_code", 1, 7), ("account", 7, 15), ("pence", 15, 26),
                 ("name", 26, 44), ("reference", 44, 62))
ALLOWED = re.compile(r"[^A-Z0-9 .\-/&]")


def clean_text(text):
    return ALLOWED.sub(" ", text.upper())


def parse_detail(record):
    if len(record) != RECORD_LENGTH or record[0] != "D":
        raise ValueError(f"not an {RECORD_LENGTH}-character detail record: {record!r}")
    fields = {name: record[start:end] for name, start, end in DETAIL_FIELDS}
    fields["pence"] = int(fields["pence"])
    fields["name"] = fields["name"].rstrip()
    fields["reference"] = fields["reference"].rstrip()
    return fields


def parse_file(text):
    lines = text.split("\n")
    if not lines or not lines[0].startswith("H") or not lines[-1].startswith("T"):
        raise ValueError("a transfer file starts with a header record and ends with a trailer record")
    details = [parse_detail(line) for line in lines[1:-1]]
    count, total = int(lines[-1][1:7]), int(lines[-1][7:20])
    if count != len(details) or total != sum(d["pence"] for d in details):
        raise ValueError(f"trailer says {count} payments / {total}p, file holds {len(details)} / "
                         f"{sum(d['pence'] for d in details)}p")
    return {"originator": lines[0][1:7], "date": lines[0][7:13], "serial": int(lines[0][13:17]),
            "details": details}
