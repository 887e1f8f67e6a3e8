"""Retention of nightly archives: the last 7 dailies, one per ISO week for 4 weeks, one per month for
12 months; everything else may be pruned."""

from datetime import date, timedelta


def keep(archive_dates, today, daily=7, weekly=4, monthly=12):
    """The dates to keep, newest first."""
    dates = sorted({d for d in archive_dates if d <= today}, reverse=True)
    kept, weeks, months = [], set(), set()
    for d in dates:
        age = (today - d).days
        week = d.isocalendar()[:2]
        month = (d.year, d.month)
        if age < daily:
            kept.append(d)
        elif week not in weeks and len(weeks) < weekly and age < daily + 7 * weekly:
            kept.append(d)
        elif month not in months and len(months) < monthly:
            kept.append(d)
        else:
            continue
        weeks.add(week)
        months.add(month)
    return kept


def prune(archive_dates, today, **policy):
    kept = set(keep(archive_dates, today, **policy))
    return sorted(d for d in archive_dates if d not in kept)


def nightly(start, days):
    return [start + timedelta(days=n) for n in range(days)]


def report(manifest, day):
    lines = [f"archive {day.isoformat()}: {len(manifest['files'])} files, "
             f"{manifest['bytes_in']} -> {manifest['bytes_out']} bytes"]
    lines += [f"  FAILED {name}" for name in manifest["failed"]]
    return lines
