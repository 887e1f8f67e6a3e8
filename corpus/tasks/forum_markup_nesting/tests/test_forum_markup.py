from markup import parse
from render import notification, plain_text, to_html


def test_nested_formatting():
    assert to_html(parse("[b]bold [i]both[/i][/b] plain")) == "<strong>bold <em>both</em></strong> plain"


def test_quote_with_author_and_link():
    post = "[quote=ann]see [url=https://example.org/a?x=1&y=2]this[/url][/quote]agreed"
    assert to_html(parse(post)) == (
        '<blockquote><cite>ann wrote:</cite>see <a href="https://example.org/a?x=1&amp;y=2" '
        'rel="nofollow">this</a></blockquote>agreed')


def test_unknown_tags_and_stray_closers_stay_visible():
    assert to_html(parse("[size=9]tiny[/size] [/b]ok <script>")) == "[size=9]tiny[/size] [/b]ok &lt;script&gt;"


def test_unclosed_tag_ends_with_its_parent():
    post = "[quote=ann]I [b]really mean it[/quote] Not so sure, Ann."
    assert to_html(parse(post)) == (
        "<blockquote><cite>ann wrote:</cite>I <strong>really mean it</strong></blockquote> Not so sure, Ann.")


def test_reply_notification_previews_the_authors_own_words():
    post = "[quote=ann]Ship it [i]today[/quote]Not before the tests pass. [quote=raj]ok[/quote]"
    assert notification(post, "kim") == {
        "author": "kim", "preview": "Not before the tests pass.", "notify": ["ann", "raj"]}


def test_mistyped_closer_inside_bold_is_shown_as_typed():
    assert to_html(parse("[b]fast [/i]and loud[/b]!")) == "<strong>fast [/i]and loud</strong>!"


def test_javascript_links_are_not_linked():
    assert to_html(parse("[url=javascript:alert(1)]click[/url]")) == "click"
    assert to_html(parse("[url]https://example.org[/url]")) == (
        '<a href="https://example.org" rel="nofollow">https://example.org</a>')


def test_plain_text_of_a_post():
    nodes = parse("[quote]a [b]b[/b][/quote] c [code]x = [1][/code]")
    assert plain_text(nodes) == "a b c x = [1]"
    assert plain_text(nodes, skip_quotes=True) == " c x = [1]"


def test_moderation_accepts_an_ordinary_reply():
    from moderation import review

    assert review("[quote=ann][quote=raj]v2?[/quote]yes[/quote][b]Great[/b], thanks for the update!") == []


def test_moderation_flags_quote_pyramids_and_link_spam():
    from moderation import review

    pyramid = "[quote][quote][quote]old[/quote]older[/quote]reply[/quote]me too"
    assert review(pyramid) == ["quotes nested 3 deep; trim the older replies"]
    spam = " ".join(f"[url=https://x.test/{i}]deal {i}[/url]" for i in range(4))
    assert review(spam) == ["too many links (4, at most 3)"]


def test_moderation_counts_bold_after_an_unclosed_italic():
    from moderation import bold_share

    nodes = parse("[b]Read [i]this[/b] before posting in this forum please")
    assert round(bold_share(nodes), 2) == 0.2
