"""Ticket endpoints."""

from core import notify, store, validation
from core.pagination import page_params, paginate


def list_tickets(query, body):
    status = query.get("status")
    if status is not None and not validation.valid_status(status):
        return 400, {"error": f"unknown status {status!r}"}
    page, per_page = page_params(query)
    rows = store.tickets(status=status)
    return 200, paginate(rows, page, per_page)


def create_ticket(query, body):
    problems = validation.ticket_problems(body)
    if problems:
        return 422, {"errors": problems}
    ticket = store.add_ticket(
        title=body["title"].strip(),
        author=validation.normalize_email(body["author"]),
        priority=body.get("priority", "normal"),
    )
    return 201, ticket


def get_ticket(query, body, ticket_id):
    ticket = store.ticket(ticket_id)
    if ticket is None:
        return 404, {"error": f"no ticket {ticket_id}"}
    return 200, ticket


def close_ticket(query, body, ticket_id):
    ticket = store.ticket(ticket_id)
    if ticket is None:
        return 404, {"error": f"no ticket {ticket_id}"}
    if ticket["status"] == "closed":
        return 409, {"error": "already closed"}
    ticket = store.update_ticket(ticket_id, status="closed")
    notify.ticket_closed(ticket)
    return 200, ticket
