"""Player wallets of the game's coin economy. Transfers lock both wallets' slots, always in slot order,
so two opposite transfers cannot deadlock."""

from contextlib import ExitStack, contextmanager

from lock_table import LockTable


class InsufficientCoins(Exception):
    pass


class Wallets:
    def __init__(self, locks=None):
        self._locks = locks or LockTable()
        self._balances = {}
        self.journal = []

    def open(self, player, coins=0):
        with self._locks.lock_at(self._locks.slot(player)):
            if player in self._balances:
                raise ValueError(f"{player} already has a wallet")
            self._balances[player] = coins

    def balance(self, player):
        with self._locks.lock_at(self._locks.slot(player)):
            return self._balances[player]

    @contextmanager
    def _holding(self, *players):
        # Each slot once, in slot order: players can share a slot, and its lock is not re-entrant.
        slots = sorted({self._locks.slot(player) for player in players})
        with ExitStack() as stack:
            for slot in slots:
                stack.enter_context(self._locks.lock_at(slot))
            yield

    def transfer(self, sender, receiver, coins, memo=""):
        if coins <= 0:
            raise ValueError(f"transfer must move a positive amount, got {coins}")
        if sender == receiver:
            raise ValueError("cannot transfer to the same wallet")
        with self._holding(sender, receiver):
            if self._balances[sender] < coins:
                raise InsufficientCoins(f"{sender} has {self._balances[sender]} coins, needs {coins}")
            self._balances[sender] -= coins
            self._balances[receiver] += coins
            self.journal.append((sender, receiver, coins, memo))
        return self._balances[sender]

    def gift_all(self, sender, receivers, coins_each, memo="gift"):
        """One sender pays several players at once (guild rewards); all or nothing."""
        receivers = list(dict.fromkeys(receivers))
        if sender in receivers:
            raise ValueError("the sender cannot gift to themselves")
        with self._holding(sender, *receivers):
            needed = coins_each * len(receivers)
            if self._balances[sender] < needed:
                raise InsufficientCoins(f"{sender} has {self._balances[sender]} coins, needs {needed}")
            for receiver in receivers:
                self._balances[sender] -= coins_each
                self._balances[receiver] += coins_each
                self.journal.append((sender, receiver, coins_each, memo))
        return len(receivers)

    def total(self):
        return sum(self._balances.values())
