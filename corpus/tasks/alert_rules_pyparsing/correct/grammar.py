import pyparsing as pp

IDENT = pp.Word(pp.alphas, pp.alphanums + "_")
NUMBER = pp.pyparsing_common.number
TEXT = pp.QuotedString('"', esc_char="\\")

COMPARISON = pp.Group(IDENT("field") + pp.one_of("> < >= <= == !=")("op") + NUMBER("value"))
CONDITIONS = pp.Group(COMPARISON + pp.ZeroOrMore(pp.Suppress(pp.Keyword("and")) + COMPARISON))
ACTION = pp.Group(IDENT("name") + pp.Suppress("(") + pp.Optional(TEXT)("argument") + pp.Suppress(")"))

RULE = pp.Group(
    pp.Suppress(pp.Keyword("rule")) + TEXT("name")
    + pp.Suppress(pp.Keyword("when")) + CONDITIONS("conditions")
    + pp.Suppress(pp.Keyword("then")) + ACTION("action")
)
RULES = pp.OneOrMore(RULE)


def parse_rules(text):
    return RULES.parse_string(text, parse_all=True)
