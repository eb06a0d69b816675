"""Deployment settings."""

PORT = 9000
DEFAULT_PER_PAGE = 20
MAX_PER_PAGE = 100
STATUSES = ("open", "pending", "closed")
PRIORITIES = ("low", "normal", "high", "urgent")
NOTIFY_FROM = "desk@example.invalid"
