import threading

import pytest

from lock_table import LockTable

from market import TREASURY, pay_streaks, streak_bonus, trade
from wallets import InsufficientCoins, Wallets


def economy(**balances):
    wallets = Wallets()
    wallets.open(TREASURY, 10_000)
    for player, coins in balances.items():
        wallets.open(player, coins)
    return wallets


def test_transfer_between_players():
    wallets = economy(orc_slayer=500, kraken=20)
    assert wallets.transfer("orc_slayer", "kraken", 120, memo="sword") == 380
    assert wallets.balance("kraken") == 140
    assert wallets.journal == [("orc_slayer", "kraken", 120, "sword")]


def test_transfers_are_checked():
    wallets = economy(orc_slayer=50, kraken=0)
    with pytest.raises(InsufficientCoins, match="orc_slayer has 50 coins, needs 51"):
        wallets.transfer("orc_slayer", "kraken", 51)
    with pytest.raises(ValueError, match="positive amount"):
        wallets.transfer("orc_slayer", "kraken", 0)
    with pytest.raises(ValueError, match="already has a wallet"):
        wallets.open("kraken")
    assert wallets.total() == 10_050


def test_guild_gift_is_all_or_nothing():
    wallets = economy(sol=100, kraken=0, tarn=0, ryn=0)
    assert wallets.gift_all("sol", ["kraken", "tarn", "ryn", "kraken"], 30) == 3
    assert [wallets.balance(p) for p in ("sol", "kraken", "tarn", "ryn")] == [10, 30, 30, 30]
    with pytest.raises(InsufficientCoins):
        wallets.gift_all("sol", ["kraken", "tarn"], 6)
    assert wallets.balance("sol") == 10


def test_streak_bonus_is_capped():
    assert [streak_bonus(d) for d in (0, 1, 3, 7, 30)] == [0, 10, 30, 70, 70]


def test_trade_pays_seller_and_house():
    wallets = economy(orc_slayer=300, kraken=0)
    assert trade(wallets, "orc_slayer", "kraken", 200) == 190
    assert (wallets.balance("kraken"), wallets.balance(TREASURY)) == (190, 10_010)


def test_trade_between_any_two_players():
    wallets = economy(moon_elf=80, pixel_pete=5)
    assert trade(wallets, "moon_elf", "pixel_pete", 40) == 38
    assert wallets.balance("pixel_pete") == 43 and wallets.total() == 10_085


def test_daily_streak_rewards():
    wallets = economy(kraken=0, tarn=0, sol=0, vex=0)
    paid = pay_streaks(wallets, {"kraken": 3, "tarn": 3, "sol": 9, "vex": 0})
    assert paid == {"kraken": 30, "tarn": 30, "sol": 70}
    assert wallets.balance(TREASURY) == 10_000 - 130


def test_opposite_transfers_at_the_same_time():
    wallets = economy(orc_slayer=1_000, kraken=1_000)
    start = threading.Barrier(2)

    def shuttle(sender, receiver):
        start.wait()
        for _ in range(300):
            wallets.transfer(sender, receiver, 2)

    threads = [threading.Thread(target=shuttle, args=pair) for pair in
               (("orc_slayer", "kraken"), ("kraken", "orc_slayer"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert (wallets.balance("orc_slayer"), wallets.balance("kraken")) == (1_000, 1_000)
    assert len(wallets.journal) == 600


def test_lock_table_slots_are_stable():
    table = LockTable(8)
    assert [table.slot(p) for p in ("orc_slayer", "kraken", "sol")] == [4, 5, 7]
    assert table.held() == []
    with pytest.raises(ValueError):
        LockTable(0)
