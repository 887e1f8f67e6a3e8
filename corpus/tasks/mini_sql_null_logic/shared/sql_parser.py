"""Recursive-descent parser: OR < AND < NOT < comparison < additive < multiplicative < unary."""

from sql_ast import Between, Binary, Call, Column, InList, IsNull, Literal, Select, Star, Unary
from sql_lexer import SqlSyntaxError, tokenize

COMPARISONS = ("=", "<>", "<", "<=", ">", ">=")


class Parser:
    def __init__(self, sql):
        self.tokens = tokenize(sql)
        self.i = 0

    @property
    def token(self):
        return self.tokens[self.i]

    def accept(self, kind, value=None):
        token = self.token
        if token.kind == kind and (value is None or token.value == value):
            self.i += 1
            return token
        return None

    def expect(self, kind, value=None):
        token = self.accept(kind, value)
        if token is None:
            wanted = value or kind
            found = self.token.value if self.token.kind != "end" else "end of query"
            raise SqlSyntaxError(f"expected {wanted} at position {self.token.pos}, found {found!r}")
        return token

    def select(self):
        self.expect("keyword", "SELECT")
        columns = [self.column_item()]
        while self.accept("op", ","):
            columns.append(self.column_item())
        self.expect("keyword", "FROM")
        query = Select(columns, self.expect("name").value)
        if self.accept("keyword", "WHERE"):
            query.where = self.expression()
        if self.accept("keyword", "ORDER"):
            self.expect("keyword", "BY")
            query.order_by.append(self.order_item())
            while self.accept("op", ","):
                query.order_by.append(self.order_item())
        if self.accept("keyword", "LIMIT"):
            query.limit = self.expect("number").value
        self.expect("end")
        return query

    def column_item(self):
        if self.accept("op", "*"):
            return (Star(), "*")
        expr = self.expression()
        if self.accept("keyword", "AS"):
            return (expr, self.expect("name").value)
        return (expr, expr.name if isinstance(expr, Column) else f"col{self.i}")

    def order_item(self):
        expr = self.expression()
        if self.accept("keyword", "DESC"):
            return (expr, True)
        self.accept("keyword", "ASC")
        return (expr, False)

    def expression(self):
        left = self.conjunction()
        while self.accept("keyword", "OR"):
            left = Binary("OR", left, self.conjunction())
        return left

    def conjunction(self):
        left = self.negation()
        while self.accept("keyword", "AND"):
            left = Binary("AND", left, self.negation())
        return left

    def negation(self):
        if self.accept("keyword", "NOT"):
            return Unary("NOT", self.negation())
        return self.comparison()

    def comparison(self):
        left = self.additive()
        if self.token.kind == "op" and self.token.value in COMPARISONS:
            op = self.token.value
            self.i += 1
            return Binary(op, left, self.additive())
        if self.accept("keyword", "IS"):
            negated = bool(self.accept("keyword", "NOT"))
            self.expect("keyword", "NULL")
            return IsNull(left, negated)
        negated = bool(self.accept("keyword", "NOT"))
        if self.accept("keyword", "IN"):
            self.expect("op", "(")
            options = [self.additive()]
            while self.accept("op", ","):
                options.append(self.additive())
            self.expect("op", ")")
            return InList(left, tuple(options), negated)
        if self.accept("keyword", "BETWEEN"):
            low = self.additive()
            self.expect("keyword", "AND")
            node = Between(left, low, self.additive())
            return Unary("NOT", node) if negated else node
        if self.accept("keyword", "LIKE"):
            node = Binary("LIKE", left, self.additive())
            return Unary("NOT", node) if negated else node
        if negated:
            raise SqlSyntaxError(f"expected IN, BETWEEN or LIKE after NOT at position {self.token.pos}")
        return left

    def additive(self):
        left = self.multiplicative()
        while self.token.kind == "op" and self.token.value in ("+", "-"):
            op = self.token.value
            self.i += 1
            left = Binary(op, left, self.multiplicative())
        return left

    def multiplicative(self):
        left = self.unary()
        while self.token.kind == "op" and self.token.value in ("*", "/", "%"):
            op = self.token.value
            self.i += 1
            left = Binary(op, left, self.unary())
        return left

    def unary(self):
        if self.accept("op", "-"):
            return Unary("-", self.unary())
        return self.primary()

    def primary(self):
        token = self.token
        if self.accept("number") or self.accept("string"):
            return Literal(token.value)
        if self.accept("keyword", "NULL"):
            return Literal(None)
        if self.accept("keyword", "TRUE") or self.accept("keyword", "FALSE"):
            return Literal(token.value == "TRUE")
        if self.accept("op", "("):
            inner = self.expression()
            self.expect("op", ")")
            return inner
        if self.accept("name"):
            if self.accept("op", "("):
                if self.accept("op", "*"):
                    args = (Star(),)
                else:
                    args = (self.expression(),)
                self.expect("op", ")")
                return Call(token.value.upper(), args)
            return Column(token.value)
        found = token.value if token.kind != "end" else "end of query"
        raise SqlSyntaxError(f"unexpected {found!r} at position {token.pos}")


def parse(sql):
    return Parser(sql).select()
