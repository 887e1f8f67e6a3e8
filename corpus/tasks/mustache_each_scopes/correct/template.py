"""A tiny template language: {{name}}, {{#each list}}...{{/each}}, {{#if flag}}...{{/if}}."""

from dataclasses import dataclass

from tokenizer import TemplateSyntaxError, tokenize


@dataclass
class Block:
    kind: str
    arg: str
    body: list


def parse(tokens, pos=0, closing=None):
    nodes = []
    while pos < len(tokens):
        token = tokens[pos]
        if token.kind == "close":
            if token.value != closing:
                raise TemplateSyntaxError(f"unexpected {{{{/{token.value}}}}} at {token.pos}")
            return nodes, pos + 1
        if token.kind == "open":
            if token.value not in ("each", "if"):
                raise TemplateSyntaxError(f"unknown block {token.value!r} at {token.pos}")
            body, pos = parse(tokens, pos + 1, token.value)
            nodes.append(Block(token.value, token.arg, body))
            continue
        nodes.append(token)
        pos += 1
    if closing is not None:
        raise TemplateSyntaxError(f"{{{{#{closing}}}}} is never closed")
    return nodes, pos


def lookup(name, scopes):
    for scope in reversed(scopes):
        value = scope
        for part in name.split("."):
            if isinstance(value, dict) and part in value:
                value = value[part]
            else:
                break
        else:
            return value
    return ""


def render_nodes(nodes, scopes):
    out = []
    for node in nodes:
        if isinstance(node, Block):
            value = lookup(node.arg, scopes)
            if node.kind == "if":
                if value:
                    out.append(render_nodes(node.body, scopes))
                continue
            for item in value or []:
                scopes.append(item if isinstance(item, dict) else {"this": item})
                try:
                    out.append(render_nodes(node.body, scopes))
                finally:
                    scopes.pop()
        elif node.kind == "var":
            out.append(str(lookup(node.value, scopes)))
        else:
            out.append(node.value)
    return "".join(out)


def render(source, context):
    nodes, _ = parse(tokenize(source))
    return render_nodes(nodes, [context])
