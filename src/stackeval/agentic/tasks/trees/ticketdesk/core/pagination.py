"""Page-number pagination. Pages are numbered from 1."""

import math

import settings


def page_params(query):
    """(page, per_page) from the query string, clamped to sane values."""
    page = max(1, int(query.get("page", 1)))
    per_page = int(query.get("per_page", settings.DEFAULT_PER_PAGE))
    per_page = min(max(1, per_page), settings.MAX_PER_PAGE)
    return page, per_page


def paginate(rows, page, per_page):
    total = len(rows)
    pages = max(1, math.ceil(total / per_page))
    start = page * per_page
    items = rows[start:start + per_page]
    return {
        "items": items,
        "page": page,
        "per_page": per_page,
        "pages": pages,
        "total": total,
    }
