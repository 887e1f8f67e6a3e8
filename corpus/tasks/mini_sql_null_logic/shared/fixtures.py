"""The staff table used by the reports, loaded from a CSV-like text with NULL markers."""

STAFF = """
name|dept|salary|bonus|city
noor|NULL|4100|NULL|Leeds
ada|eng|5200|1500|York
bo|ops|3900|NULL|Leeds
cy|eng|6100|800|Hull
di|ops|4400|1200|York
eve|sales|3600|2500|NULL
"""


def parse_value(text):
    if text == "NULL":
        return None
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return text


def load(text=STAFF):
    lines = [line for line in text.strip().splitlines() if line.strip()]
    header = lines[0].split("|")
    return [dict(zip(header, (parse_value(cell) for cell in line.split("|")), strict=True)) for line in lines[1:]]
