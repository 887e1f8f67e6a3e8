"""Notification templates per event: the fixed parts of each push/e-mail payload."""

TEMPLATES = {
    "order_shipped": {"channel": "email", "template_id": "tpl-ship-3",
                      "recipient": {"locale": "en"}, "data": {"carrier": "DHL"}, "meta": {"priority": 5}},
    "password_reset": {"channel": "email", "template_id": "tpl-reset-1",
                       "recipient": {"locale": "en"}, "data": {}, "meta": {"priority": 1}},
    "sale_started": {"channel": "push", "template_id": "tpl-sale-7",
                     "recipient": {"locale": "en"}, "data": {"banner": "spring"}, "meta": {"priority": 9}},
}


class TemplateBook:
    def __init__(self, templates=None):
        import copy
        self._templates = copy.deepcopy(templates or TEMPLATES)

    def template(self, event):
        try:
            return self._templates[event]
        except KeyError:
            raise KeyError(f"no template for event {event!r}; known: {', '.join(sorted(self._templates))}") from None

    def priority(self, event):
        return self.template(event)["meta"]["priority"]
