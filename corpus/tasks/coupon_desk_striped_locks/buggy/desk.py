"""Coupon desk: redeems campaign codes at checkout, from many request threads at once."""

from codes import Campaign, normalize
from stripes import StripedLocks


class CouponExhausted(Exception):
    pass


class CouponDesk:
    def __init__(self, stripes=16, monitor=None, on_checked=None):
        self._campaigns = {}
        self._locks = StripedLocks(stripes, monitor)
        self._on_checked = on_checked
        self.log = []

    def launch(self, code, uses, per_customer=1, discount_pct=10):
        campaign = Campaign(code, uses, per_customer, discount_pct)
        self._campaigns[campaign.code] = campaign
        return campaign

    def campaign(self, code):
        try:
            return self._campaigns[normalize(code)]
        except KeyError:
            raise KeyError(f"no campaign for code {code!r}") from None

    def redeem(self, code, customer, basket_total):
        with self._locks.hold(code):
            campaign = self.campaign(code)
            if campaign.uses_left <= 0:
                raise CouponExhausted(f"{campaign.code} has no uses left")
            if campaign.times_used_by(customer) >= campaign.per_customer:
                raise CouponExhausted(f"{customer} already used {campaign.code}")
            if self._on_checked is not None:
                self._on_checked(campaign.code, customer)
            campaign.uses_left -= 1
            campaign.redeemed_by[customer] = campaign.times_used_by(customer) + 1
            discount = round(basket_total * campaign.discount_pct / 100, 2)
            self.log.append((code, customer, discount))
            return discount
