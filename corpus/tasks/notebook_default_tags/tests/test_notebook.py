import pytest
from notebook import Notebook


def test_search_matches_title_and_body():
    book = Notebook()
    book.add("Groceries", "milk, eggs")
    book.add("Trip", "buy eggs for the road")
    assert book.search("EGGS") == ["Groceries", "Trip"]
    assert book.search("grocer") == ["Groceries"]


def test_duplicate_titles_are_refused():
    book = Notebook()
    book.add("a")
    with pytest.raises(KeyError, match="already exists"):
        book.add("a")


def test_tags_given_up_front_are_kept():
    book = Notebook()
    book.add("x", tags=["work"])
    book.add("y", tags=["home"])
    assert book.tagged("work") == ["x"]


def test_tagging_one_note_leaves_the_others_alone():
    book = Notebook()
    ideas = book.add("Ideas")
    todo = book.add("Errands")
    ideas.tag("Garden", " plans ")
    todo.tag("shopping")
    counts = book.tag_counts()
    assert ideas.tags == ["garden", "plans"]
    assert book.tagged("garden") == ["Ideas"]
    assert counts == {"garden": 1, "plans": 1, "shopping": 1}


def test_untag_removes_only_that_label():
    book = Notebook()
    note = book.add("n", tags=["a", "b"])
    note.untag("a")
    note.untag("missing")
    assert note.tags == ["b"]
