"""A small bug folder with its tests laid out as public bug sets ship them (``test.py``,
``tests/test_x.py``, a unittest ``TestCase``): shared by the sandbox, session and episode tests."""

STACK = """class Stack:
    def __init__(self):
        self.items = []

    def push(self, value):
        self.items.append(value)

    def pop(self):
        return self.items.pop(0)
"""
FUNCTION_TESTS = """from stack import Stack


def test_pop_returns_the_last_value():
    stack = Stack()
    stack.push(1)
    stack.push(2)
    assert stack.pop() == 2


def test_push_keeps_the_value():
    stack = Stack()
    stack.push(3)
    assert stack.items == [3]
"""
UNITTEST_TESTS = """import unittest

from stack import Stack


class StackChecks(unittest.TestCase):
    def test_pop_returns_the_last_value(self):
        stack = Stack()
        stack.push(1)
        stack.push(2)
        self.assertEqual(stack.pop(), 2)
"""
# Line 9 of stack.py is ``return self.items.pop(0)``; line 6 is in push.
POP_LINE, PUSH_LINE = 9, 6
