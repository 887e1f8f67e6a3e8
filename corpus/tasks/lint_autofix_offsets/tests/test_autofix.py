from autofix import autofix, summary

MESSY = """def check(x):
\tif x == None:  
\t\treturn 'none'
\treturn x != None
"""


def test_a_messy_file_comes_out_clean():
    report = autofix(MESSY)
    assert report.text == 'def check(x):\n    if x is None:\n        return "none"\n    return x is not None\n'
    assert report.remaining == []
    assert report.passes == 2
    assert summary(report) == "fixed 1 double-quotes, 3 no-tabs, 2 none-compare, 1 trailing-space"


def test_nothing_to_do():
    report = autofix("x = 1\n")
    assert (report.text, report.passes, summary(report)) == ("x = 1\n", 1, "fixed nothing")
