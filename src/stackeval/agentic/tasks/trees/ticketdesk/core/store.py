"""In-memory storage; a real deployment swaps this module for a database-backed one."""

import itertools
import time

_ids = itertools.count(1)
_tickets = {}
_users = {}


def add_ticket(title, author, priority):
    ticket_id = next(_ids)
    _tickets[ticket_id] = {
        "id": ticket_id,
        "title": title,
        "author": author,
        "priority": priority,
        "status": "open",
        "opened_at": time.time(),
    }
    return dict(_tickets[ticket_id])


def ticket(ticket_id):
    row = _tickets.get(ticket_id)
    return dict(row) if row else None


def tickets(status=None):
    rows = sorted(_tickets.values(), key=lambda t: t["id"])
    return [dict(t) for t in rows if status is None or t["status"] == status]


def update_ticket(ticket_id, **changes):
    _tickets[ticket_id].update(changes)
    return dict(_tickets[ticket_id])


def add_user(email, name):
    user_id = len(_users) + 1
    _users[user_id] = {"id": user_id, "email": email, "name": name}
    return dict(_users[user_id])


def users():
    return [dict(u) for _, u in sorted(_users.items())]
