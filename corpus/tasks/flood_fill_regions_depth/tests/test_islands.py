import pytest
from grid import GridError
from islands import islands, largest, render_labels

SMALL = """
##..#
#...#
..#..
"""


def test_continent_sized_region():
    continent = "\n".join(["#" * 60] * 60)
    regions = islands(continent)
    assert [(r.cells, r.bottom, r.right) for r in regions] == [(3600, 59, 59)]


def test_small_map_labels():
    assert render_labels(SMALL) == ["11..2", "1...2", "..3.."]


def test_region_sizes_and_boxes():
    regions = islands(SMALL)
    assert [(r.label, r.cells, r.top, r.left, r.bottom, r.right) for r in regions] == [
        (1, 3, 0, 0, 1, 1), (2, 2, 0, 4, 1, 4), (3, 1, 2, 2, 2, 2)]


def test_min_cells_filter_and_largest():
    assert [r.label for r in islands(SMALL, min_cells=2)] == [1, 2]
    assert largest(SMALL).label == 1
    assert largest("...\n...") is None


def test_bad_grids_are_reported():
    with pytest.raises(GridError, match="row 2 has 2 cells, expected 3"):
        islands("###\n##")
    with pytest.raises(GridError, match="unknown cells 'x'"):
        islands("#x#")


def test_long_winding_coastline():
    rows = []
    for r in range(60):
        if r % 2 == 0:
            rows.append("#" * 40)
        else:
            rows.append(("#" + "." * 39) if r % 4 == 3 else ("." * 39 + "#"))
    regions = islands("\n".join(rows))
    assert len(regions) == 1 and regions[0].cells == 30 * 40 + 30
