"""Business-day arithmetic for support-ticket deadlines.

* Business days are Monday to Friday, minus observed holidays.
* A holiday on a Saturday is observed on the Friday before; on a Sunday, on the Monday after.
  If the Monday is itself a holiday (Boxing Day after a Sunday Christmas), it moves to Tuesday.
* business_days_between(a, b) counts the days after a, up to and including b (b before a: negative).
* add_business_days(d, n) is the n-th business day after d (before d when n < 0); n = 0 gives d.
"""

from datetime import timedelta

from holidays import holidays_for

ONE_DAY = timedelta(days=1)


def observed_holidays(year):
    observed = set()
    for actual in sorted(holidays_for(year).values()):
        day = actual
        while day.weekday() >= 5:
            day += ONE_DAY
        if day in observed:
            day += ONE_DAY
        observed.add(day)
    return observed


class Calendar:
    def __init__(self):
        self._years = {}

    def holidays(self, year):
        if year not in self._years:
            self._years[year] = observed_holidays(year)
        return self._years[year]

    def is_business_day(self, day):
        # New Year's Day on a Saturday is observed on the last day of the year before.
        return day.weekday() < 5 and day not in self.holidays(day.year) | self.holidays(day.year + 1)

    def business_days_between(self, start, end):
        if end < start:
            return -self.business_days_between(end, start)
        count, day = 0, start
        while day < end:
            if self.is_business_day(day):
                count += 1
            day += ONE_DAY
        return count

    def add_business_days(self, start, n):
        day, remaining = start, abs(n)
        while remaining:
            day += ONE_DAY
            if self.is_business_day(day):
                remaining -= 1
        return day
