"""How a charge shows up for the customer and for the support team."""

CURRENCY_SIGNS = {"EUR": "€", "GBP": "£", "USD": "$"}


def money(cents, currency="EUR"):
    if cents < 0:
        raise ValueError(f"cannot show a negative amount ({cents} cents)")
    sign = CURRENCY_SIGNS.get(currency)
    amount = f"{cents // 100:,}.{cents % 100:02d}"
    return f"{sign}{amount}" if sign else f"{amount} {currency}"


def customer_line(receipt, currency="EUR"):
    return f"Charged {money(receipt.amount_cents, currency)} (reference {receipt.charge_id})"


def support_note(client, receipt=None):
    """One line for the support dashboard: outcome, attempts and the time the customer waited."""
    attempts = len(client.failures) + (1 if receipt is not None else 0)
    if receipt is None:
        last = client.failures[-1] if client.failures else "no attempt made"
        return f"failed after {attempts} attempt(s); last error: {last}"
    waited = client.durations[-1] if client.durations else 0.0
    return f"{receipt.charge_id}: ok after {attempts} attempt(s), customer waited {waited:.1f}s"
