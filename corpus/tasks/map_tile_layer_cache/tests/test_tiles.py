import pytest
from layers import UnknownLayer
from tiles import TileServer

STYLE = {"water": {"colour": "blue"}, "roads": {"colour": "white"}}


def test_labels_drawn_over_roads_when_listed_last():
    server = TileServer()
    assert server.top_feature(9, 2, 3, ["roads", "labels"]) == "label:2,3@grey"
    assert server.top_feature(9, 2, 3, ["labels", "roads"]) == "road:1@grey"


def test_render_paints_layers_in_order():
    tile = TileServer().tile(9, 4, 1, ["water", "roads", "labels"], STYLE)
    assert tile.ops == ("water:1@blue", "road:1@white", "label:4,1@grey")


def test_same_request_is_served_from_cache():
    server = TileServer()
    first = server.tile(5, 1, 1, ["water"], STYLE)
    second = server.tile(5, 1, 1, ["water"], {"water": {"colour": "blue"}, "roads": {"colour": "white"}})
    assert first is second
    assert (server.cache.hits, server.cache.misses) == (1, 1)


def test_style_change_renders_again():
    server = TileServer()
    server.tile(5, 1, 1, ["water"], STYLE)
    tile = server.tile(5, 1, 1, ["water"], {"water": {"colour": "navy"}})
    assert tile.ops == ("water:1@navy",)


def test_lru_evicts_oldest():
    server = TileServer(capacity=2)
    server.tile(3, 0, 0, ["water"])
    server.tile(3, 1, 0, ["water"])
    server.tile(3, 2, 0, ["water"])
    server.tile(3, 0, 0, ["water"])
    assert server.cache.misses == 4


def test_bad_requests_are_rejected():
    with pytest.raises(ValueError, match="zoom 19"):
        TileServer().tile(19, 0, 0, ["water"])
    with pytest.raises(UnknownLayer, match="known: buildings"):
        TileServer().tile(3, 0, 0, ["rivers"])


def test_tile_for_a_point():
    from tilemath import lonlat_to_tile

    assert lonlat_to_tile(0, 0, 1) == (1, 1)
    assert lonlat_to_tile(-0.1276, 51.5072, 10) == (511, 340)
    with pytest.raises(ValueError, match="longitude 200"):
        lonlat_to_tile(200, 0, 3)


def test_bbox_cover_and_parent():
    from tilemath import parent, tiles_for_bbox

    assert tiles_for_bbox(-1, -1, 1, 1, 1) == [(1, 0, 0), (1, 1, 0), (1, 0, 1), (1, 1, 1)]
    assert parent(10, 511, 340) == (9, 255, 170)
    with pytest.raises(ValueError, match="no parent"):
        parent(0, 0, 0)
