from dataclasses import dataclass, field


@dataclass(frozen=True)
class Literal:
    value: object


@dataclass(frozen=True)
class Column:
    name: str


@dataclass(frozen=True)
class Star:
    pass


@dataclass(frozen=True)
class Unary:
    op: str  # "NOT" or "-"
    operand: object


@dataclass(frozen=True)
class Binary:
    op: str
    left: object
    right: object


@dataclass(frozen=True)
class IsNull:
    operand: object
    negated: bool = False


@dataclass(frozen=True)
class InList:
    operand: object
    options: tuple
    negated: bool = False


@dataclass(frozen=True)
class Between:
    operand: object
    low: object
    high: object


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple


@dataclass
class Select:
    columns: list
    table: str
    where: object = None
    order_by: list = field(default_factory=list)  # (expression, descending)
    limit: int = None
