"""Account statements: the journal entries of one wallet with the balance after each."""


def euros(cents):
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def statement(ledger, account, opening):
    """Lines for the monthly statement e-mail; amounts in euros, columns aligned."""
    balance = opening
    lines = [f"{'opening balance':<22}{euros(balance):>10}"]
    for entry in ledger.journal.entries:
        if entry.account != account:
            continue
        balance += entry.cents
        change = ("+" if entry.cents > 0 else "") + euros(entry.cents)
        lines.append(f"{entry.reference:<12}{change:>10}{euros(balance):>10}")
    if balance != ledger.balance(account):
        raise ValueError(f"journal and balance disagree for {account}: {balance} vs {ledger.balance(account)}")
    return lines
