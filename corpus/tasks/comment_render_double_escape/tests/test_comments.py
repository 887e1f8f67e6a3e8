import pytest
from ingest import CommentError, accept
from render import render, render_thread


def test_comparison_signs_show_once_escaped():
    comment = accept("ann", "use a < b && b > c")
    assert render(comment) == "<p><b>ann</b>: use a &lt; b &amp;&amp; b &gt; c</p>"


def test_mentions_and_links():
    comment = accept("bo", "thanks @ann, see https://example.org/x?a=1")
    assert render(comment) == ('<p><b>bo</b>: thanks <a class="mention" href="/u/ann">@ann</a>, see '
                               '<a href="https://example.org/x?a=1" rel="nofollow">https://example.org/x?a=1</a></p>')


def test_script_tags_are_neutralised():
    html_out = render(accept("eve", "<script>alert(1)</script>"))
    assert "<script>" not in html_out
    assert html_out == "<p><b>eve</b>: &lt;script&gt;alert(1)&lt;/script&gt;</p>"


def test_ingest_rules():
    assert accept(" ann ", "  hi\x07 there ").text == "hi there"
    with pytest.raises(CommentError, match="cannot be empty"):
        accept("ann", " \x00 ")
    with pytest.raises(CommentError, match="limited to 500"):
        accept("ann", "x" * 501)


def test_thread_renders_in_order():
    thread = render_thread([accept("a", "one"), accept("b", "two")])
    assert thread == "<p><b>a</b>: one</p>\n<p><b>b</b>: two</p>"
