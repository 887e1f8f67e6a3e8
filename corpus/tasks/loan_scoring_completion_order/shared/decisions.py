"""Lending decisions from scores, and the letters sent to applicants."""

APPROVE_AT = 680
REFER_AT = 600


def decide(score):
    if score >= APPROVE_AT:
        return "approve"
    if score >= REFER_AT:
        return "refer"
    return "decline"


def decisions(scored):
    """{application id: (score, decision)} for scored applications."""
    return {app_id: (points, decide(points)) for app_id, points in scored.items()}


def letter(app, points):
    outcome = decide(points)
    if outcome == "approve":
        return f"Dear applicant {app.id}, your loan of {app.amount} is approved."
    if outcome == "refer":
        return f"Dear applicant {app.id}, an underwriter will review your application."
    return f"Dear applicant {app.id}, we cannot offer you a loan of {app.amount} at this time."
