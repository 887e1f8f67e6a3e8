"""Assertions decided on plain data: no comparison, truth, length, hash or membership test of an
assertion in the task's tests runs a method the code under test defines.

``plain(x)`` copies a value into builtin data through the C methods of the builtin types, never through
the value's own methods: an ``int``/``str``/``list``/``dict``/... subclass becomes the exact builtin
value it holds (whatever its ``__eq__``, ``__iter__`` or ``__getitem__`` say), containers are copied
element by element, a few C value types (``Decimal``, ``datetime``, ``range``, ...) stay as they are,
and any other object becomes a tuple that names its class by identity and holds its fields (its
``__dict__`` and slots, read through the real descriptors): a class compared by identity (its ``__eq__``
is ``object``'s) stays identity. An object of a class the task ships, whole and as the task (or its
published fix) wrote it, whose ``__eq__`` is kept (``configure``) and whose state holds only such objects and
builtin data, stays in the copy itself, as ``(KEPT, object)``: compared and hashed by that kept rule
(Python's own dispatch on the object) wherever it sits,
so a set of the task's objects compares as the task's ``__eq__``/``__hash__`` say, as one such object
alone already did (``_by_own_rule``). The model's classes, and a shipped one holding a model's object,
never do. ``compare``, ``truth`` and the guarded builtins then work on those
copies, so the decision runs in C on exact builtin types. What cannot be decided that way (an order
between objects, the truth or length of an object whose class defines ``__bool__``/``__len__``) fails
the assertion with a message that says so.

The functions here are called by the assertions ``harness.verdict.rewrite`` rewrote; the names they use
are bound when this module is imported (the plugin imports it before any test module), so a later
change to ``builtins`` does not reach them. Stdlib only, and it imports on Python 3.6 and later (it
runs in a repository task's own old interpreter): no annotation here is evaluated at run time.
"""

import builtins
import collections
import datetime
import decimal
import fractions
import sys
import types
from typing import Any

# Taken now, before the code under test can replace any of them.
_type, _id, _len, _isinstance, _issubclass = type, id, len, isinstance, issubclass
_sys_modules = sys.modules
_object_eq = object.__dict__["__eq__"]
_int, _float, _str = int.__int__, float.__float__, str.__str__
_real, _imag = complex.__dict__["real"].__get__, complex.__dict__["imag"].__get__
_bytes_items = bytes.__getitem__


def _complex(x: complex) -> complex:  # complex.__complex__ is Python 3.11's: the C members instead
    return complex(_real(x), _imag(x))


def _bytes(x: bytes) -> bytes:  # bytes.__bytes__ is Python 3.11's: a whole slice is an exact bytes
    return _bytes_items(x, slice(None))


_list_copy, _dict_copy, _set_copy, _frozen_copy, _bytearray_copy = (list.copy, dict.copy, set.copy, frozenset.copy,
                                                                     bytearray.copy)
_tuple_items = tuple.__getitem__
_dict_items, _list_iter = dict.items, list.__iter__
_mro = type.__dict__["__mro__"].__get__
_type_dict = type.__dict__["__dict__"].__get__
_qualname = type.__dict__["__qualname__"].__get__
_GETSET, _MEMBER = types.GetSetDescriptorType, types.MemberDescriptorType
_builtin = {name: getattr(builtins, name) for name in ("len", "isinstance", "issubclass", "sorted", "list", "set",
                                                       "tuple", "dict", "frozenset", "all", "any", "sum", "min",
                                                       "max", "bool", "hasattr", "callable", "abs", "round")}
_all, _any, _sorted, _hasattr = _builtin["all"], _builtin["any"], _builtin["sorted"], _builtin["hasattr"]

SCALARS = frozenset({int, float, complex, str, bytes, bool, type(None), type(Ellipsis), type(NotImplemented)})
# C value types compared by their own C code on values they hold (not subclasses: those are objects).
VALUES = frozenset({decimal.Decimal, datetime.date, datetime.datetime, datetime.time, datetime.timedelta,
                    datetime.timezone, range, slice})
# (base, C copy to the exact base): a subclass's value, whatever its own methods say.
BASES = ((bool, bool.__bool__), (int, _int), (float, _float), (complex, _complex), (str, _str), (bytes, _bytes),
         (bytearray, _bytearray_copy), (list, _list_copy), (tuple, None), (dict, _dict_copy), (set, _set_copy),
         (frozenset, _frozen_copy))
OBJECT, REF, DEQUE, CYCLE = "\x00stepwise:object", "\x00stepwise:ref", "\x00stepwise:deque", "\x00stepwise:cycle"
KEPT = "\x00stepwise:kept"  # (KEPT, the object): compared and hashed by its class's kept rule (``_kept``)
MARKED = ((OBJECT,), (REF,), (KEPT,))  # the heads of a plain copy that stands for an object
MAX_NODES = 200_000
MAX_DEPTH = 200
ORDERS = {"Lt": lambda a, b: a < b, "LtE": lambda a, b: a <= b, "Gt": lambda a, b: a > b,
          "GtE": lambda a, b: a >= b}


# Set once by ``configure``, then read only: immutable (a frozenset, read-only views), so the code under
# test cannot add to them in place (rebinding the names is a change to this module the plugin notices).
_trusted_methods: "frozenset[str]" = frozenset()  # "file:qualname:line" (harness.verdict.trust)
_trusted_classes: "types.MappingProxyType[type, types.MappingProxyType]" = types.MappingProxyType({})
_root = "/"
REFLECTED = {"__eq__": "__eq__", "__ne__": "__ne__", "__lt__": "__gt__", "__gt__": "__lt__", "__le__": "__ge__",
             "__ge__": "__le__"}
DUNDERS = {"Eq": "__eq__", "NotEq": "__ne__", "Lt": "__lt__", "LtE": "__le__", "Gt": "__gt__", "GtE": "__ge__"}


def configure(root: str, methods: "list[str]", classes: "tuple[type, ...] | list[type]" = ()) -> None:
    """The workspace root, the task's own comparison methods the model left as they were, and classes
    from outside the workspace (pytest's ``approx``) whose comparisons are kept (as they are now)."""
    global _root, _trusted_methods, _trusted_classes
    _root = root.rstrip("/") + "/"
    _trusted_methods = frozenset(methods)
    _trusted_classes = types.MappingProxyType({base: types.MappingProxyType(dict(_type_dict(base)))
                                               for cls in (fractions.Fraction, *classes) for base in _mro(cls)
                                               if base is not object})


def _own(x: Any, name: str):
    """The method ``name`` of ``x``'s class when the verdict may call it (see ``configure``), else None."""
    cls = _type(x)
    owner = _defines(cls, name)
    if owner is None or owner is object:
        return None
    method = _type_dict(owner)[name]
    kept = _trusted_classes.get(owner)
    if kept is not None:
        return method if _all([_same(_type_dict(b), _trusted_classes.get(b, {})) for b in _mro(cls) if b is not object]) \
            else None
    if _type(method) is not types.FunctionType:
        return None
    code = method.__code__
    filename = code.co_filename
    if filename.startswith("<"):  # generated for the class (attrs, dataclasses): kept with the class
        return method if _class_key(owner) in _trusted_methods else None
    if not filename.startswith(_root):
        return None
    # Before Python 3.11 the code has no qualified name: the function's (its first line still ties it
    # to the one unchanged definition the host trusted at that line).
    qualname = getattr(code, "co_qualname", None) or method.__qualname__
    key = f"{filename[_len(_root):]}:{qualname}:{code.co_firstlineno}"
    if key not in _trusted_methods:
        return None
    # The method of the class that defines it, as its module holds it: not one borrowed by a class of
    # the model's (whose own attributes would answer the method's questions).
    return method if qualname == f"{_qualname(owner)}.{name}" and _defined_there(owner) else None


def _by_own_rule(left: Any, op: str, right: Any):
    """``left OP right`` by a kept method of either side (reflected for the right), else None."""
    name = DUNDERS[op]
    for first, second, method_name in ((left, right, name), (right, left, REFLECTED[name])):
        if _type(first) in SCALARS:
            continue
        method = _own(first, method_name)
        if method is None:
            continue
        other = plain(second) if _type(second) not in SCALARS and _plain_value(second) else second
        result = method(first, other)
        if result is not NotImplemented:
            return truth(result)
    return None


def _plain_value(x: Any) -> bool:
    copier = _Copier()
    copier.copy(x)
    return not copier.objects


_object_hash = object.__hash__
_flags = type.__dict__["__flags__"].__get__
HEAP_TYPE = 1 << 9  # Py_TPFLAGS_HEAPTYPE: made by a class statement (or type()), not a C type of Python's
_module_dict = _type_dict(types.ModuleType)["__dict__"].__get__


def _same(own: Any, kept: "Any") -> bool:
    """A class's dict holds exactly the objects ``kept`` holds (by identity: nothing of theirs compares)."""
    return _len(own) == _len(kept) and _all([k in own and own[k] is v for k, v in _dict_items(dict(kept))])


def _module_of(cls: type) -> "types.ModuleType | None":
    name = _type_dict(cls).get("__module__")
    module = _sys_modules.get(name) if _type(name) is str else None
    return module if _type(module) is types.ModuleType else None


def _file_of(cls: type) -> "str | None":
    """The workspace file ``cls``'s module was loaded from, else None."""
    module = _module_of(cls)
    where = _module_dict(module).get("__file__") if module is not None else None
    return where if _type(where) is str and where.startswith(_root) else None


def _class_key(cls: type) -> "str | None":
    """``file:qualname:class`` of a class defined in a workspace file, else None."""
    where = _file_of(cls)
    return None if where is None else f"{where[_len(_root):]}:{_qualname(cls)}:class"


def _defined_there(cls: type) -> bool:
    """``cls`` is the class its module holds under its qualified name: a class that claims another's
    module and name (to pass for it, or to borrow its methods) is not. A class made inside a function
    (``<locals>``) cannot be looked up, and counts as defined there."""
    qualname = _qualname(cls)
    if "<locals>" in qualname:
        return True
    value: Any = _module_of(cls)
    for part in qualname.split("."):
        if _type(value) is types.ModuleType:
            value = _module_dict(value).get(part)
        elif value is not None and _issubclass(_type(value), type):
            value = _type_dict(value).get(part)
        else:
            return False
    return value is cls


_UNWRAP = {staticmethod: lambda v: [v.__func__], classmethod: lambda v: [v.__func__],
           property: lambda v: [v.fget, v.fset, v.fdel]}


def _intact(cls: type, where: str) -> bool:
    """Every workspace function in ``cls``'s own dict (a method, or behind a property, static or class
    method) is one its class statement in ``where`` made, not one the model set on the class at run time
    (library functions, such as ``functools.total_ordering``'s, stay), and every descriptor of a workspace
    class it holds is of a class the task ships (a ``__get__`` of the model's would answer for the
    attributes the kept methods read)."""
    prefix = _qualname(cls) + "."
    for value in list(_type_dict(cls).values()):
        unwrap = _UNWRAP.get(_type(value))
        for function in unwrap(value) if unwrap is not None else [value]:
            kind = _type(function)
            if kind is types.FunctionType:
                code = function.__code__
                if not code.co_filename.startswith(_root):
                    continue
                qualname = getattr(code, "co_qualname", None) or function.__qualname__
                if code.co_filename != where or _type(qualname) is not str or not qualname.startswith(prefix):
                    return False
            elif _flags(kind) & HEAP_TYPE and _defines(kind, "__get__") is not None:
                getter = _type_dict(_defines(kind, "__get__"))["__get__"]
                ours = _file_of(kind) is not None or (_type(getter) is types.FunctionType and
                                                      getter.__code__.co_filename.startswith(_root))
                key = _class_key(kind)
                if ours and (key is None or key not in _trusted_methods or not _defined_there(kind)):
                    return False
    return True


# What a kept comparison method may call on the objects it compares: a class from outside the workspace
# that defines any of these is not known to answer as it shipped.
ANSWERING = frozenset({"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__", "__bool__",
                       "__len__", "__contains__", "__iter__", "__getitem__", "__getattr__", "__getattribute__"})


def _shipped(cls: type) -> bool:
    """Every class in ``cls``'s MRO is as the task shipped it: a builtin, a class the task (or the
    published fix) defines exactly as the model left it (``trust``: the whole class), one kept by
    ``configure``, or a class from outside the workspace that answers no comparison, truth, length,
    iteration or attribute lookup by its own code."""
    for base in _mro(cls):
        own = _type_dict(base)
        if not _flags(base) & HEAP_TYPE:
            continue  # a C type: its methods are Python's own, and cannot be replaced
        kept = _trusted_classes.get(base)
        if kept is not None:
            if _same(own, kept):
                continue
            return False
        where = _file_of(base)
        if where is not None:
            key = f"{where[_len(_root):]}:{_qualname(base)}:class"
            if key not in _trusted_methods or not _defined_there(base) or not _intact(base, where):
                return False
            continue
        if _any([name in own for name in ANSWERING]):
            return False
    return True


def _kept(x: Any, cls: type, shipped: bool) -> bool:
    """``x`` (the task's own object, whose state holds only shipped objects) compares by its class's kept
    ``__eq__`` and hashes by its kept ``__hash__``, the class as the task shipped it (see ``_own``)."""
    if not shipped or _own(x, "__eq__") is None:
        return False
    owner = _defines(cls, "__hash__")
    method = _type_dict(owner)["__hash__"] if owner is not None else None
    return method is None or method is _object_hash or _own(x, "__hash__") is not None


class Undecidable(AssertionError):
    """The assertion cannot be decided on plain data: it fails, and says why."""

    def __init__(self, why: str):
        super().__init__(f"stepwise verdict: {why}")


def _class_name(cls: type) -> str:
    try:
        return f"{_type_dict(cls).get('__module__', '?')}.{_qualname(cls)}"
    except Exception:  # noqa: BLE001 - a name for a message, nothing more
        return "?"


def _defines(cls: type, name: str) -> "type | None":
    """The class in ``cls``'s real MRO whose own dict holds ``name`` (never ``__getattr__``)."""
    for base in _mro(cls):
        if name in _type_dict(base):
            return base
    return None


def _fields(x: Any, cls: type) -> "list[tuple[str, object]]":
    """An object's instance state, read through the descriptors ``type`` made (``__dict__``, slots)."""
    out = []
    for base in _mro(cls):
        own = _type_dict(base)
        descriptor = own.get("__dict__")
        if _type(descriptor) is _GETSET and base is not object:
            try:
                state = descriptor.__get__(x, cls)
            except (AttributeError, TypeError):
                state = None
            if _type(state) is dict:
                out += [(k, v) for k, v in _dict_items(state) if _type(k) is str]
            break
    for base in _mro(cls):
        for name, descriptor in _type_dict(base).items():  # a mappingproxy: its C items
            if _type(descriptor) is _MEMBER and _type(name) is str and name not in ("__weakref__", "__dict__"):
                try:
                    out.append((name, descriptor.__get__(x, cls)))
                except AttributeError:
                    continue
    return _sorted(out, key=lambda item: item[0])


class _Copier:
    def __init__(self) -> None:
        self.nodes = 0
        self.path: set[int] = set()
        self.objects = False  # a non-builtin object was met (orders are then undecidable)
        self.unshipped = 0  # objects met whose class is not as the task shipped it (``_shipped``)
        self.classes: dict[int, tuple[type, bool]] = {}  # _shipped by class, for this copy (by id: no hash)

    def copy(self, x: Any, depth: int = 0) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES or depth > MAX_DEPTH:
            raise Undecidable("a value in the assertion is too large or too deep to compare as plain data")
        cls = _type(x)
        if cls in SCALARS or cls in VALUES:
            return x
        key = _id(x)
        if key in self.path:
            return (CYCLE,)
        self.path.add(key)
        try:
            return self._copy(x, cls, depth + 1)
        finally:
            self.path.discard(key)

    def _copy(self, x: Any, cls: type, depth: int) -> Any:
        if cls is tuple and _len(x) == 2 and _type(_tuple_items(x, 0)) is str and _tuple_items(x, 0) == KEPT:
            return self.copy(_tuple_items(x, 1), depth)  # a kept object's copy, copied again: decided again
        if cls is list or cls is tuple:
            items = [self.copy(item, depth) for item in (_list_iter(x) if cls is list else _tuple_items(x, slice(None)))]
            return items if cls is list else tuple(items)
        if cls is dict:
            return {self._key(k, depth): self.copy(v, depth) for k, v in _dict_items(x)}
        if cls is set or cls is frozenset:
            return cls(self._key(item, depth) for item in _list_copy(list(_set_copy(x) if cls is set else _frozen_copy(x))))
        if cls is collections.deque:
            return (DEQUE, tuple(self.copy(item, depth) for item in list(x)))
        if cls is bytearray:
            return bytes(x)
        if not self.shipped(cls):
            self.unshipped += 1
        for base, to_base in BASES:
            if _issubclass(cls, base) and base is not bool:
                try:
                    value = to_base(x) if to_base is not None else _tuple_items(x, slice(None))
                except TypeError:
                    break  # a class claiming a base it does not have (a forged MRO): an object
                if _type(value) is not base and not (base is bytearray and _type(value) is bytearray):
                    break
                return self.copy(value, depth)
        if cls is types.GeneratorType or cls in (types.FunctionType, types.BuiltinFunctionType, types.MethodType,
                                                 types.ModuleType, type) or _issubclass(cls, type):
            self.objects = True
            return (REF, _id(x))
        self.objects = True
        if _defines(cls, "__eq__") is object:
            return (REF, _id(x))  # compared by identity, as Python would
        unshipped = self.unshipped
        fields = tuple((name, self.copy(value, depth)) for name, value in _fields(x, cls))
        # The task's own object keeps its class's rule inside containers too (a set of them compares
        # as the task's ``__eq__``/``__hash__`` say), when nothing it holds answers by the model's code.
        if self.unshipped == unshipped and _kept(x, cls, self.shipped(cls)):
            return (KEPT, x)
        return (OBJECT, _id(cls), fields)

    def shipped(self, cls: type) -> bool:
        known = self.classes.get(_id(cls))
        if known is None:
            known = self.classes[_id(cls)] = (cls, _shipped(cls))  # the class held: its id stays its own
        return known[1]

    def _key(self, x: Any, depth: int) -> Any:
        value = self.copy(x, depth)
        try:
            hash(value)
        except TypeError:
            raise Undecidable("a set or dict key in the assertion cannot be held as plain data") from None
        return value


def _is_object(value: Any) -> bool:
    """A plain copy that stands for an object of the code under test (not builtin data)."""
    return _type(value) is tuple and value[:1] in MARKED


def plain(x: Any) -> Any:
    """``x`` as plain builtin data (see the module's docstring)."""
    return _Copier().copy(x)


def _both(a: Any, b: Any) -> "tuple[Any, Any, bool]":
    copier = _Copier()
    left, right = copier.copy(a), copier.copy(b)
    return left, right, copier.objects


def compare(left: Any, op: str, right: Any) -> bool:
    """``left OP right`` for one comparison operator (its ``ast`` class name), on plain copies."""
    if op == "Is":
        return left is right
    if op == "IsNot":
        return left is not right
    a, b, objects = _both(left, right)
    if objects and op in DUNDERS:
        decided = _by_own_rule(left, op, right)
        if decided is not None:
            return decided
    if op == "Eq":
        return a == b
    if op == "NotEq":
        return a != b
    if op in ("In", "NotIn"):
        contains = _own(right, "__contains__") if _type(right) not in SCALARS else None
        if contains is not None:
            found = truth(contains(right, left))
            return found if op == "In" else not found
        if _type(b) not in (list, tuple, dict, set, frozenset, str, bytes) or (_type(b) is tuple and b[:1] in MARKED):
            raise Undecidable(f"membership in a {_class_name(_type(right))} is decided by its own code")
        if _type(b) is tuple and b[:1] == (DEQUE,):
            b = b[1]
        try:
            found = a in b
        except TypeError as exc:
            raise Undecidable(f"membership cannot be decided on plain data ({exc})") from None
        return found if op == "In" else not found
    if objects:
        raise Undecidable(f"an order between a {_class_name(_type(left))} and a {_class_name(_type(right))} is "
                          "decided by their own code")
    return ORDERS[op](a, b)


def _decider(op: str):
    def decide(left: Any, right: Any) -> bool:
        return compare(left, op, right)

    decide.__name__ = decide.__qualname__ = op
    return decide


# One function per operator (``Eq(a, b)`` is ``compare(a, "Eq", b)``): a rewritten comparison is one call
# of two operands, as many locals under pytest's own rewriting as the comparison (``harness.verdict.rewrite``).
COMPARISONS = ("Eq", "NotEq", "Lt", "LtE", "Gt", "GtE", "In", "NotIn", "Is", "IsNot")
Eq, NotEq, Lt, LtE, Gt, GtE, In, NotIn, Is, IsNot = (_decider(op) for op in COMPARISONS)


def chain(first: Any, *links: "tuple[str, Any]") -> bool:
    """A chained comparison ``a < b < c``: each link is (operator, thunk of the next operand)."""
    left = first
    for op, thunk in links:
        right = thunk()
        if not compare(left, op, right):
            return False
        left = right
    return True


def pick(is_and: bool, first: Any, *thunks) -> Any:
    """``a and b`` / ``a or b``: the operand Python would give, where to stop decided by ``truth``."""
    value = first
    for thunk in thunks:
        if truth(value) != is_and:
            return value
        value = thunk()
    return value


def truth(x: Any) -> bool:
    """The truth of ``x``, from its plain copy; an object whose class decides its own truth is refused."""
    cls = _type(x)
    if cls is bool:
        return x
    value = plain(x)
    if _is_object(value):
        for name in ("__bool__", "__len__"):
            owner = _defines(cls, name)
            if owner is not None and owner is not object:
                method = _own(x, name)
                if method is None:
                    raise Undecidable(f"the truth of a {_class_name(cls)} is decided by its own {name}")
                answer = method(x)
                return truth(answer) if name == "__bool__" else _int(answer) != 0
        return True
    if _type(value) is tuple and value[:1] == (DEQUE,):
        return bool(value[1])
    return bool(value)


def negate(x: Any) -> bool:
    """``not x``, by ``truth``."""
    return not truth(x)


def _items(x: Any) -> list:
    """The items of an iterable as plain data: a builtin value's own items (whatever its ``__iter__``
    says), else what iterating it gives (a generator's values, like a function's return value)."""
    value = plain(x)
    if _type(value) in (list, tuple, set, frozenset, str, bytes, dict) and not (
            _type(value) is tuple and value[:1] in MARKED + ((DEQUE,),)):
        return list(value)
    if _type(value) is tuple and value[:1] == (DEQUE,):
        return list(value[1])
    return [plain(item) for item in x]


def _ordered(name: str, x: Any, key, **kwargs):
    """``sorted``/``min``/``max``: plain items are ordered in C; the order of the code under test's own
    objects (or by a key the test gives) is that code's answer, like a method's, and is then copied."""
    value = plain(x)
    if key is None and _type(value) in (list, tuple, set, frozenset, str, bytes, dict) and _plain_value(value) \
            and not (_type(value) is tuple and value[:1] in MARKED + ((DEQUE,),)):
        return plain(_builtin[name](list(value), **kwargs))
    if key is not None:
        kwargs["key"] = key
    return plain(_builtin[name](x, **kwargs))


def _isinstance_real(x: Any, classes: Any) -> bool:
    """``isinstance`` on the object's real type: no ``__class__`` property, no ``__instancecheck__``."""
    if _type(classes) is tuple:
        return _any([_isinstance_real(x, c) for c in _tuple_items(classes, slice(None))])
    if not _isinstance(classes, type):
        raise Undecidable("isinstance() in an assertion takes a class or a tuple of classes")
    if classes in _mro(_type(x)):
        return True
    meta = _type(classes)
    if meta is not type and _defines(meta, "__instancecheck__") not in (type, None):
        # An ABC (register(), __subclasshook__): its check on the real type, never the object's word.
        return bool(_builtin["issubclass"](_type(x), classes))
    return False


def call(name: str, *args, **kwargs):
    """A builtin called in an assertion (``len``, ``isinstance``, ``sorted``, ...), decided on plain copies."""
    if name == "isinstance" and _len(args) == 2 and not kwargs:
        return _isinstance_real(args[0], args[1])
    if name == "len" and _len(args) == 1 and not kwargs:
        value = plain(args[0])
        if _is_object(value):
            return _len(args[0])  # asked of the object, like any method the test calls: an exact int
        return _len(value[1]) if _type(value) is tuple and value[:1] == (DEQUE,) else _len(value)
    if name == "bool" and _len(args) == 1 and not kwargs:
        return truth(args[0])
    if name in ("all", "any") and _len(args) == 1 and not kwargs:
        results = [truth(item) for item in args[0]]
        return _all(results) if name == "all" else _any(results)
    if name in ("sorted", "min", "max") and _len(args) == 1:
        return _ordered(name, args[0], kwargs.pop("key", None), **kwargs)
    if name in ("list", "tuple", "set", "frozenset", "sum") and _len(args) >= 1:
        return _builtin[name](_items(args[0]), *[plain(a) for a in args[1:]], **kwargs)
    if name in ("hasattr", "callable", "issubclass", "dict"):
        return _builtin[name](*args, **kwargs)
    return _builtin[name](*[plain(a) for a in args], **kwargs)


GUARDED_CALLS = frozenset(_builtin)


def _caller(name: str):
    def decide(*args, **kwargs):
        return call(name, *args, **kwargs)

    decide.__name__ = decide.__qualname__ = name
    return decide


# One function per guarded builtin, ``call_len(x)`` for ``call("len", x)``: one call, as ``len(x)`` is (see
# ``COMPARISONS``); the rewrite imports them by these names.
globals().update({f"call_{name}": _caller(name) for name in GUARDED_CALLS})
