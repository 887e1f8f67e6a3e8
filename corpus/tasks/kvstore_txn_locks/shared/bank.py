"""A small bank on top of the database: accounts are keys ``acct:<name>`` holding cents."""

from txn import TransactionAborted


class InsufficientFunds(Exception):
    pass


def open_account(db, name, cents):
    if db.store.get(f"acct:{name}") is not None:
        raise ValueError(f"account {name} exists")
    with db.transaction() as txn:
        txn.write(f"acct:{name}", cents)


def balance(db, name):
    with db.transaction() as txn:
        return txn.read(f"acct:{name}", 0)


def deposit(db, name, cents):
    with db.transaction() as txn:
        txn.write(f"acct:{name}", txn.read(f"acct:{name}", 0) + cents)


def transfer(db, source, target, cents):
    with db.transaction() as txn:
        available = txn.read(f"acct:{source}", 0)
        if available < cents:
            raise InsufficientFunds(f"{source} has {available}, needs {cents}")
        txn.write(f"acct:{source}", available - cents)
        txn.write(f"acct:{target}", txn.read(f"acct:{target}", 0) + cents)


def total_deposits(db):
    with db.transaction() as txn:
        return sum(txn.scan("acct:").values())


def safe_transfer(db, source, target, cents, attempts=3):
    for _ in range(attempts):
        try:
            transfer(db, source, target, cents)
            return True
        except TransactionAborted:
            continue
    return False
