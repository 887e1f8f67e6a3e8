"""Small programs the session and debugger tests debug, each written into a fresh workspace.

Line numbers matter: tests set breakpoints on them, so each program notes the lines it is used by.
"""

from __future__ import annotations

from pathlib import Path

PROGRAMS: dict[str, dict[str, str]] = {
    # A wrong value visible only in a local four frames below the test (rate=15 instead of 0.15).
    "deep_local": {
        "pricing.py": (
            "def apply_discount(price, rate):\n"            # 1
            "    discounted = price * (1 - rate)\n"         # 2  <- the local that goes wrong
            "    return round(discounted, 2)\n"             # 3
            "\n"                                            # 4
            "\n"                                            # 5
            "def line_total(item):\n"                       # 6
            "    rate = item.get('discount', 0)\n"          # 7
            "    return apply_discount(item['price'] * item['qty'], rate)\n"  # 8
            "\n"                                            # 9
            "\n"                                            # 10
            "def order_total(items):\n"                     # 11
            "    # sum the lines\n"                         # 12
            "    return sum(line_total(i) for i in items)\n"  # 13
            "\n"                                            # 14
            "\n"                                            # 15
            "def checkout(cart):\n"                         # 16
            "    \"\"\"The cart's total.\"\"\"\n"           # 17
            "    return order_total(cart['items'])\n"       # 18
        ),
        "test_pricing.py": (
            "from pricing import checkout\n"
            "\n"
            "\n"
            "def test_checkout():\n"
            "    cart = {'items': [{'price': 10.0, 'qty': 2}, {'price': 5.0, 'qty': 1, 'discount': 15}]}\n"
            "    assert checkout(cart) == 24.25\n"
        ),
    },
    "recursive": {
        "tree.py": (
            "def depth(node):\n"                            # 1
            "    if node is None:\n"                        # 2
            "        return 0\n"                            # 3
            "    left = depth(node.get('left'))\n"          # 4
            "    right = depth(node.get('right'))\n"        # 5
            "    return max(left, right)\n"                 # 6  <- forgets the + 1
        ),
        "test_tree.py": (
            "from tree import depth\n"
            "\n"
            "\n"
            "def test_depth():\n"
            "    tree = {'name': 'root', 'left': {'name': 'a', 'left': {'name': 'b'}}}\n"
            "    assert depth(tree) == 3\n"
        ),
    },
    # Two threads take two locks in opposite orders; the main thread waits on them forever.
    "deadlock": {
        "bank.py": (
            "import threading\n"                            # 1
            "\n"                                            # 2
            "\n"                                            # 3
            "class Account:\n"                              # 4
            "    def __init__(self, balance):\n"            # 5
            "        self.balance = balance\n"              # 6
            "        self.lock = threading.Lock()\n"        # 7
            "\n"                                            # 8
            "\n"                                            # 9
            "def transfer(source, target, amount, barrier):\n"  # 10
            "    with source.lock:\n"                       # 11
            "        barrier.wait()\n"                      # 12
            "        with target.lock:\n"                   # 13 <- both threads wait here
            "            source.balance -= amount\n"        # 14
            "            target.balance += amount\n"        # 15
            "\n"                                            # 16
            "\n"                                            # 17
            "def settle():\n"                               # 18
            "    alice, bob = Account(100), Account(100)\n"  # 19
            "    barrier = threading.Barrier(2)\n"          # 20
            "    first = threading.Thread(target=transfer, args=(alice, bob, 10, barrier), daemon=True)\n"  # 21
            "    second = threading.Thread(target=transfer, args=(bob, alice, 5, barrier), daemon=True)\n"  # 22
            "    first.start()\n"                           # 23
            "    second.start()\n"                          # 24
            "    first.join()\n"                            # 25 <- the main thread waits here
            "    second.join()\n"                           # 26
            "    return alice.balance, bob.balance\n"       # 27
        ),
        "test_bank.py": (
            "from bank import settle\n"
            "\n"
            "\n"
            "def test_settle():\n"
            "    assert settle() == (95, 105)\n"
        ),
    },
    # The exception is raised inside the library, called from the test.
    "library_exception": {
        "config_parser.py": (
            "def parse_config(text):\n"                     # 1
            "    result = {}\n"                             # 2
            "    for line in text.splitlines():\n"          # 3
            "        key, value = line.split('=')\n"        # 4 <- ValueError on the blank line
            "        result[key.strip()] = value.strip()\n"  # 5
            "    return result\n"                           # 6
        ),
        "test_config_parser.py": (
            "from config_parser import parse_config\n"
            "\n"
            "\n"
            "def test_blank_lines_are_skipped():\n"
            "    assert parse_config('a = 1\\n\\nb = 2') == {'a': '1', 'b': '2'}\n"
        ),
    },
    "huge_repr": {
        "blob.py": (
            "class Blob:\n"                                 # 1
            "    def __init__(self, size):\n"               # 2
            "        self.data = list(range(size))\n"       # 3
            "\n"                                            # 4
            "    def __repr__(self):\n"                     # 5
            "        return f'Blob({self.data})'\n"         # 6
            "\n"                                            # 7
            "\n"                                            # 8
            "blob = Blob(50000)\n"                          # 9
            "count = len(blob.data)\n"                      # 10
            "names = {f'name_{i}': i for i in range(40)}\n"  # 11
            "print('made', count)\n"                        # 12
        ),
    },
    # The library is only defined, never called, when run as a script: breakpoints there never fire.
    "never_called": {
        "inventory.py": (
            "def restock(levels, item, amount):\n"          # 1
            "    levels[item] = levels.get(item, 0) - amount\n"  # 2 <- sign bug
            "    return levels\n"                           # 3
        ),
        "test_inventory.py": (
            "from inventory import restock\n"
            "\n"
            "LEVELS = {'apple': 1}\n"
            "\n"
            "\n"
            "def test_restock():\n"
            "    assert restock(dict(LEVELS), 'apple', 2) == {'apple': 3}\n"
        ),
    },
    # The main thread blocks SIGINT and then waits forever: only faulthandler can say where it is.
    "stuck_in_native_code": {
        "stuck.py": (
            "import signal\n"                               # 1
            "import threading\n"                            # 2
            "\n"                                            # 3
            "\n"                                            # 4
            "def wait_forever():\n"                         # 5
            "    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})\n"  # 6
            "    threading.Event().wait()\n"                # 7
            "\n"                                            # 8
            "\n"                                            # 9
            "wait_forever()\n"                              # 10
        ),
    },
}


def write_files(dest: Path, files: dict[str, str]) -> Path:
    """``files`` (relative path -> text) written under ``dest``, folders made as needed; ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    for filename, text in files.items():
        (dest / filename).parent.mkdir(parents=True, exist_ok=True)
        (dest / filename).write_text(text)
    return dest


def write_program(name: str, dest: Path) -> Path:
    return write_files(dest, PROGRAMS[name])
