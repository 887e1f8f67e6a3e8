import pytest
from headcount import budget, headcount, span_report
from orgchart import OrgChart, OrgChartError

CHART = """
name,title,managers
vera,VP,
ana,Director,vera
ben,Director,vera
cal,Engineer,ana
dot,Engineer,ana|ben
eli,Designer,ben
fay,Intern,dot|eli
"""


def test_dotted_lines_count_people_once():
    chart = OrgChart.from_csv(CHART)
    assert headcount(chart, "vera") == 6
    assert span_report(chart, ["ana", "ben"]) == {"ana": (2, 3), "ben": (2, 3)}


def test_leaf_has_nobody_below():
    assert headcount(OrgChart.from_csv(CHART), "fay") == 0


def test_simple_chain():
    assert headcount(OrgChart.from_csv(CHART), "eli") == 1


def test_acting_manager_loop_terminates():
    chart = OrgChart.from_csv("name,title,managers\nx,Lead,z\ny,Dev,x\nz,Acting lead,y")
    assert headcount(chart, "x") == 2


def test_bad_charts_are_reported():
    with pytest.raises(OrgChartError, match="listed twice"):
        OrgChart.from_csv("name,title,managers\na,A,\na,B,")
    with pytest.raises(OrgChartError, match="not in the chart: zed"):
        OrgChart.from_csv("name,title,managers\na,A,zed")


def test_budget_for_the_whole_org():
    assert budget(OrgChart.from_csv(CHART), "vera", 1000) == 6000
