"""Maps (method, path) to a handler function."""

import re

from api import tickets, users

_ROUTES = [
    ("GET", re.compile(r"^/tickets$"), tickets.list_tickets),
    ("POST", re.compile(r"^/tickets$"), tickets.create_ticket),
    ("GET", re.compile(r"^/tickets/(?P<ticket_id>\d+)$"), tickets.get_ticket),
    ("POST", re.compile(r"^/tickets/(?P<ticket_id>\d+)/close$"), tickets.close_ticket),
    ("GET", re.compile(r"^/users$"), users.list_users),
]


def dispatch(method, path, query, body):
    for m, pattern, handler in _ROUTES:
        match = pattern.match(path)
        if m == method and match:
            kwargs = {k: int(v) for k, v in match.groupdict().items()}
            return handler(query, body, **kwargs)
    return 404, {"error": f"no route for {method} {path}"}
