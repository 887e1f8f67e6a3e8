from catalogue import canonical_isbn, merge_feeds


def test_canonical_form_is_isbn13():
    assert canonical_isbn("0-306-40615-2") == "9780306406157"
    assert canonical_isbn("978-0-306-40615-7") == "9780306406157"


def test_copies_add_up_across_spellings_and_suppliers():
    feeds = {
        "north": [{"isbn": "0-306-40615-2", "title": "Data Structures", "copies": 2},
                  {"isbn": "0-306-40615-9", "title": "Misprint", "copies": 1}],
        "south": [{"isbn": "978 0 306 40615 7", "title": "Data structures (2nd)", "copies": 3}],
    }
    report = merge_feeds(feeds)
    entry = report.entries["9780306406157"]
    assert (entry.title, entry.copies, entry.suppliers) == ("Data Structures", 5, ["north", "south"])
    assert [(s, n) for s, n, _ in report.rejected] == [("north", 2)]


def test_rejected_rows_say_which_supplier_and_why():
    report = merge_feeds({"east": [{"isbn": "12345", "title": "?", "copies": 1}]})
    assert report.entries == {}
    assert report.rejected == [("east", 1, "'12345' is not a valid ISBN-10 or ISBN-13")]
