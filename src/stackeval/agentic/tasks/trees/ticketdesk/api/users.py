"""User listing, paged by cursor (the last id seen) rather than by page number."""

import settings
from core import store


def list_users(query, body):
    cursor = int(query.get("cursor", 0))
    limit = min(int(query.get("limit", settings.DEFAULT_PER_PAGE)), settings.MAX_PER_PAGE)
    rows = [u for u in store.users() if u["id"] > cursor][:limit]
    next_cursor = rows[-1]["id"] if len(rows) == limit else None
    return 200, {"users": rows, "next_cursor": next_cursor}
