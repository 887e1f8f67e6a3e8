"""The warehouse mainframe's export: a header line of column names, then one cell per line.

    COLUMNS id;sku;qty;
    1
    A-100
    4
    ...

The header is terminated by a ';' on exports from the 2019 firmware onwards.
"""


class ExportError(ValueError):
    pass


def read_export(text):
    lines = text.strip().splitlines()
    if not lines or not lines[0].startswith("COLUMNS "):
        raise ExportError("export must start with a 'COLUMNS name;name;...' header line")
    columns = [name.strip() for name in lines[0][len("COLUMNS "):].split(";")]
    cells = [line.strip() for line in lines[1:]]
    return columns, cells
