"""Input checks. Each returns plain values; the API layer turns them into responses."""

import re

import settings

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def normalize_email(email):
    return email.strip().lower()


def valid_status(status):
    return status in settings.STATUSES


def ticket_problems(body):
    problems = []
    title = body.get("title", "")
    if not isinstance(title, str) or not title.strip():
        problems.append("title is required")
    elif len(title) > 200:
        problems.append("title is longer than 200 characters")
    if not _EMAIL.match(str(body.get("author", ""))):
        problems.append("author must be an email address")
    if body.get("priority", "normal") not in settings.PRIORITIES:
        problems.append(f"priority must be one of {', '.join(settings.PRIORITIES)}")
    return problems
