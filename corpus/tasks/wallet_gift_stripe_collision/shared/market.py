"""Marketplace trades and daily streak rewards, paid through the wallets."""

TREASURY = "treasury"


def trade(wallets, buyer, seller, price, fee_pct=5):
    """The buyer pays the seller; the house keeps a fee (rounded down, at least 1 coin)."""
    if price < 1:
        raise ValueError("price must be at least 1 coin")
    fee = max(1, price * fee_pct // 100)
    wallets.transfer(buyer, seller, price, memo="trade")
    wallets.transfer(seller, TREASURY, fee, memo="fee")
    return price - fee


def streak_bonus(days):
    if days < 1:
        return 0
    return min(10 * days, 70)


def pay_streaks(wallets, streaks):
    """streaks: {player: consecutive login days}. Players with equal bonuses are paid together."""
    by_bonus = {}
    for player, days in sorted(streaks.items()):
        bonus = streak_bonus(days)
        if bonus:
            by_bonus.setdefault(bonus, []).append(player)
    paid = {}
    for bonus, players in sorted(by_bonus.items()):
        wallets.gift_all(TREASURY, players, bonus, memo=f"streak {bonus}")
        paid.update({player: bonus for player in players})
    return paid
