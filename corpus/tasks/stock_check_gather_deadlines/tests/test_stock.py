import asyncio

from availability import Availability, availability, can_fulfil
from stock_check import StockReport, check_stock
from warehouses import Warehouse


def test_levels_from_every_warehouse():
    async def main():
        houses = [Warehouse("north", {"kettle": 4}), Warehouse("south", {"kettle": 9}), Warehouse("east", {})]
        return await check_stock(houses, "kettle")
    report = asyncio.run(main())
    assert report.levels == {"north": 4, "south": 9, "east": 0}
    assert report.unavailable == {}
    assert availability(report) == Availability("kettle", 13, "in stock", ("south", "north"))


def test_a_broken_warehouse_is_left_out():
    async def main():
        houses = [Warehouse("north", {"kettle": 4}), Warehouse("west", {}, failure=ConnectionError("reset by peer"))]
        return await check_stock(houses, "kettle")
    report = asyncio.run(main())
    assert report.levels == {"north": 4}
    assert report.unavailable == {"west": "ConnectionError: reset by peer"}
    assert availability(report).label == "only 4 left"


def test_orders_ship_from_the_fullest_warehouses_first():
    report = StockReport("mug", levels={"north": 2, "south": 5, "east": 0})
    assert can_fulfil(report, 6) == (True, [("south", 5), ("north", 1)])
    assert can_fulfil(report, 8) == (False, [("south", 5), ("north", 2)])


def test_labels_tell_sold_out_from_unknown():
    assert availability(StockReport("mug", levels={"north": 0})).label == "sold out"
    assert availability(StockReport("mug", unavailable={"north": "down"})).label == "unknown"


def test_a_slow_warehouse_is_cut_off_at_its_deadline():
    async def main():
        never = asyncio.Event()
        houses = [Warehouse("north", {"kettle": 4}), Warehouse("east", {"kettle": 30}, gate=never),
                  Warehouse("south", {"kettle": 3})]
        report = await check_stock(houses, "kettle", deadline_s=0.02)
        return report, availability(report), can_fulfil(report, 6)
    report, shown, plan = asyncio.run(main())
    assert report.unavailable == {"east": "no answer within 0.02s"}
    assert shown == Availability("kettle", 7, "in stock", ("north", "south"))
    assert plan == (True, [("north", 4), ("south", 2)])


def test_quick_answers_are_not_cut_off():
    async def main():
        gate = asyncio.Event()
        houses = [Warehouse("north", {"kettle": 4}, gate=gate)]
        checking = asyncio.ensure_future(check_stock(houses, "kettle", deadline_s=1.0))
        await asyncio.sleep(0)
        gate.set()
        return await checking
    report = asyncio.run(main())
    assert (report.levels, report.unavailable) == ({"north": 4}, {})


def test_a_basket_is_checked_line_by_line():
    from basket import BasketError, check_basket, shortfalls

    async def main():
        houses = [Warehouse("north", {"kettle": 1, "mug": 6}), Warehouse("south", {"kettle": 2})]
        verdicts = await check_basket(houses, {"kettle": 2, "mug": 8})
        try:
            await check_basket(houses, {"mug": 0})
        except BasketError as exc:
            return verdicts, str(exc)
    verdicts, error = asyncio.run(main())
    assert verdicts == {"kettle": (True, [("south", 2)]), "mug": (False, [("north", 6)])}
    assert shortfalls(verdicts) == ["mug"]
    assert error == "quantity of 'mug' must be a whole number of at least 1, got 0"


def test_a_level_that_is_not_a_count_is_reported_not_used():
    async def main():
        houses = [Warehouse("north", {"kettle": -1}), Warehouse("south", {"kettle": "9"}),
                  Warehouse("east", {"kettle": 2})]
        return await check_stock(houses, "kettle")
    report = asyncio.run(main())
    assert report.levels == {"east": 2}
    assert report.unavailable == {"north": "unreadable stock level -1", "south": "unreadable stock level '9'"}
