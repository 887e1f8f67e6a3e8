import pytest
from config import load_config
from parser import loads
from scanner import ConfigSyntaxError


def test_escaped_newline_in_top_level_string():
    assert loads('{motd: "hi\\nthere", n: 1}') == {"motd": "hi\nthere", "n": 1}


def test_scalars_and_literals():
    assert loads('[1, -2.5, 3e2, true, false, null, "x"]') == [1, -2.5, 300.0, True, False, None, "x"]


def test_comments_bare_keys_and_trailing_commas():
    text = """
    // service settings
    {
      name: "billing",   // shown in logs
      port: 9000,
      routes: [{path: "/a"}, {path: "/b",},],
    }
    """
    config = load_config(text)
    assert (config["name"], config["port"], config["debug"]) == ("billing", 9000, False)
    assert [r["path"] for r in config["routes"]] == ["/a", "/b"]


def test_errors_point_at_line_and_column():
    with pytest.raises(ConfigSyntaxError, match="line 2, column 8"):
        loads('{a: 1,\n  b: 2 3}')


def test_route_without_path_is_reported():
    with pytest.raises(ValueError, match=r"routes\[1\] has no 'path'"):
        load_config('{routes: [{path: "/"}, {name: "x"}]}')


def test_escaped_quotes_in_nested_values():
    text = """
    {
      routes: [
        {path: "/search", match: {query: "q=\\"term\\"", flags: ["i"]}},
        {path: "/files\\\\raw", match: {}},
      ],
    }
    """
    config = load_config(text)
    assert config["routes"][0]["match"] == {"query": 'q="term"', "flags": ["i"]}
    assert config["routes"][1]["path"] == "/files\\raw"
