"""Moving money between two wallets: a debit leg and a credit leg, each journalled."""


async def transfer(ledger, source, target, cents, reference):
    if cents <= 0:
        raise ValueError(f"transfer amount must be positive, got {cents}")
    if reference in ledger.pending:
        raise ValueError(f"transfer {reference} is already in progress")
    ledger.require(source, cents)
    ledger.balance(target)
    ledger.pending[reference] = (source, target, cents)
    await ledger.debit(source, cents, reference)
    await ledger.credit(target, cents, reference)
    del ledger.pending[reference]
    return reference
