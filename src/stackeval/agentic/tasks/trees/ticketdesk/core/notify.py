"""Outgoing notifications (queued; a worker process sends them)."""

import settings

outbox = []


def _queue(to, subject, text):
    outbox.append({"from": settings.NOTIFY_FROM, "to": to, "subject": subject, "text": text})


def ticket_closed(ticket):
    _queue(
        ticket["author"],
        f"Ticket #{ticket['id']} closed",
        f"Your ticket \"{ticket['title']}\" was closed. Reply to this message to reopen it.",
    )
