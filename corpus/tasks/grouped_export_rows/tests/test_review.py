import pytest
from deals import deals_per_rep, forecast, region_totals, rep_ranking, top_deals
from review import quarterly_review
from rows import RowError, read_rows

EXPORT = """region,rep,deal,amount,currency,stage,closed
North,Ada,Acme renewal,12000,,,2025-01-14
,,Borealis pilot,4500.50,USD,,2025-02-03
,Ben,Cobalt upgrade,30000,EUR,lost,2025-02-20
,,Dunmore support,8000,GBP,won,2025-03-01
South,Cy,Eastwind licences,15000,EUR,,2025-01-30
,,Fernhill add-on,2500,,,2025-03-12
"""

PIPELINE = """region,rep,deal,amount,currency,stage,closed
East,Dora,Gale kiosk,1000,,,2025-02-11
,,Harbor app,1000,USD,proposal,2025-03-02
,,Iris retainer,100,,,2025-03-20
West,Eli,Jetty audit,5000,,lost,2025-01-09
"""


def test_totals_per_region_stream_through():
    totals = region_totals(read_rows(EXPORT.splitlines()))
    assert totals == {"North": 1200000 + 414046 + 936000, "South": 1500000 + 250000}


def test_deals_per_rep_use_the_group_columns():
    assert deals_per_rep(read_rows(EXPORT.splitlines())) == {"Ada": 2, "Ben": 2, "Cy": 2}
    assert deals_per_rep(read_rows(PIPELINE.splitlines())) == {"Dora": 3, "Eli": 1}


def test_top_deals_are_distinct_and_ordered():
    top = top_deals(read_rows(EXPORT.splitlines()))
    assert [(row["deal"], row["rep"]) for row in top] == [
        ("Eastwind licences", "Cy"), ("Acme renewal", "Ada"), ("Dunmore support", "Ben")]


def test_forecast_weights_open_deals():
    rows = read_rows(PIPELINE.splitlines())
    assert forecast(rows) == {"East": 100000 + 46000 + 10000, "West": 0}


def test_empty_cells_take_the_defaults_not_the_row_above():
    totals = region_totals(read_rows(PIPELINE.splitlines()))
    assert totals == {"East": 110000}


def test_rep_ranking():
    assert rep_ranking(read_rows(EXPORT.splitlines())) == [("Cy", 1750000), ("Ada", 1614046), ("Ben", 936000)]


def test_quarterly_review():
    assert quarterly_review(EXPORT) == [
        "Won by region:", "  North: EUR 25,500.46", "  South: EUR 17,500.00",
        "Top deals:", "  Eastwind licences (Cy, South): EUR 15,000.00",
        "  Acme renewal (Ada, North): EUR 12,000.00", "  Dunmore support (Ben, North): EUR 9,360.00",
        "Biggest per region:", "  North: Acme renewal closed 14 Jan", "  South: Eastwind licences closed 30 Jan"]


def test_export_mistakes_name_the_line():
    with pytest.raises(RowError, match="line 2: region is empty but there is no row above"):
        list(read_rows(["region,rep,deal,amount", ",Ada,X,10"]))
    with pytest.raises(RowError, match="line 2: amount '12k' cannot be read"):
        list(read_rows(["region,rep,deal,amount", "N,Ada,X,12k"]))
    with pytest.raises(RowError, match="line 1: unknown column\\(s\\) owner"):
        list(read_rows(["region,owner"]))


def test_won_by_month():
    from review import won_by_month

    assert won_by_month(EXPORT) == {"2025-01": 2700000, "2025-02": 414046, "2025-03": 936000 + 250000}


def test_unknown_currency_or_stage_is_reported():
    export = "region,rep,deal,amount,currency,stage\nNorth,Ada,Kite,10,JPY,won\n"
    with pytest.raises(KeyError, match="deal Kite \\(line 2\\): no rate for JPY"):
        region_totals(read_rows(export.splitlines()))
    export = "region,rep,deal,amount,stage\nNorth,Ada,Kite,10,maybe\n"
    with pytest.raises(KeyError, match="unknown stage 'maybe'"):
        forecast(read_rows(export.splitlines()))
