"""Moving money between two wallets: a debit leg and a credit leg, each journalled."""

import asyncio


async def transfer(ledger, source, target, cents, reference):
    if cents <= 0:
        raise ValueError(f"transfer amount must be positive, got {cents}")
    if reference in ledger.pending:
        raise ValueError(f"transfer {reference} is already in progress")
    ledger.require(source, cents)
    ledger.balance(target)
    ledger.pending[reference] = (source, target, cents)
    try:
        await ledger.debit(source, cents, reference)
        try:
            await ledger.credit(target, cents, reference)
        except BaseException:
            # Stopped between the legs (a caller's timeout cancels us here): give the money back.
            await asyncio.shield(ledger.credit(source, cents, f"{reference}/reversal"))
            raise
    finally:
        del ledger.pending[reference]
    return reference
