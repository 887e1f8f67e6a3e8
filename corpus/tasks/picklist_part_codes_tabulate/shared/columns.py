"""The pick list's columns: which row key, which header, and whether it holds a quantity."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Column:
    key: str
    header: str
    numeric: bool = False


PICK_COLUMNS = (Column("bin", "Bin"), Column("part", "Part"), Column("description", "Description"),
                Column("qty", "Qty", numeric=True), Column("kg", "Weight kg", numeric=True))
