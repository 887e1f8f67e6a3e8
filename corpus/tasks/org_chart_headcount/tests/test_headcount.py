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


def test_managers_and_chain_of_command():
    from chain import chain_of_command, managers_of

    chart = OrgChart.from_csv(CHART)
    assert managers_of(chart, "fay") == ["dot", "eli"]
    assert chain_of_command(chart, "fay") == ["fay", "dot", "ana", "vera"]


def test_chain_stops_at_a_loop():
    from chain import chain_of_command

    chart = OrgChart.from_csv("name,title,managers\nx,Lead,z\ny,Dev,x\nz,Acting lead,y")
    assert chain_of_command(chart, "y") == ["y", "x", "z", "y (loop)"]


def test_titles_summary():
    from chain import titles_summary

    assert titles_summary(OrgChart.from_csv(CHART)) == {"Director": 2, "Engineer": 2, "Designer": 1,
                                                        "Intern": 1, "VP": 1}
