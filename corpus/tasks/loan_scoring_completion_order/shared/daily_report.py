"""The credit desk's daily summary: decisions per band, money approved, letters to print."""

from decisions import decide, letter


def summary(apps, scored, failed):
    by_id = {app.id: app for app in apps}
    counts = {"approve": 0, "refer": 0, "decline": 0, "failed": len(failed)}
    approved_amount = 0
    for app_id, points in scored.items():
        outcome = decide(points)
        counts[outcome] += 1
        if outcome == "approve":
            approved_amount += by_id[app_id].amount
    return {"counts": counts, "approved_amount": approved_amount}


def letters(apps, scored):
    return [letter(app, scored[app.id]) for app in apps if app.id in scored]


def manual_review(apps, scored, failed):
    """Applications an underwriter must look at: referrals and failed bureau lookups."""
    return sorted([app.id for app in apps if app.id in failed
                   or (app.id in scored and decide(scored[app.id]) == "refer")])
