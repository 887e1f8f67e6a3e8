import pytest
from evaluator import LispError, run
from reader import ReadError, read_all


def test_closure_called_inside_a_let_keeps_its_own_variable():
    program = """
    (define make-adder (lambda (n) (lambda (x) (+ x n))))
    (let ((n 100)) ((make-adder 5) 1))
    """
    assert run(program) == 6


def test_reader_nests_lists_and_quotes():
    assert read_all("(a (b 'c) \"s t\") ; note\n42") == [["a", ["b", ["quote", "c"]], "s t"], 42]


def test_arithmetic_and_if():
    assert run("(if (< 1 2) (* 3 (+ 1 1 1)) 0)") == 9


def test_recursive_function():
    program = """
    (define len (lambda (xs) (if (null? xs) 0 (+ 1 (len (cdr xs))))))
    (len '(a b c d))
    """
    assert run(program) == 4


def test_let_shadows_and_restores():
    assert run("(define x 1) (list (let ((x 2)) x) x)") == [2, 1]


def test_counter_factory_closures_are_independent():
    program = """
    (define scale (lambda (k) (lambda (v) (* k v))))
    (define double (scale 2))
    (define triple (scale 3))
    (let ((k 10) (v 7)) (list (double 4) (triple 4)))
    """
    assert run(program) == [8, 12]


def test_errors_are_reported():
    with pytest.raises(ReadError, match="never closed"):
        read_all("(a (b)")
    with pytest.raises(LispError, match="unbound symbol 'zz'"):
        run("(+ zz 1)")
    with pytest.raises(LispError, match="expected 1 arguments, got 2"):
        run("((lambda (a) a) 1 2)")
