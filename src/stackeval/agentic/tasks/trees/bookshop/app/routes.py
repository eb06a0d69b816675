"""URL routing: (method, path) -> handler."""

from app.handlers import account, cart, catalog

ROUTES = {
    ("GET", "/books"): catalog.list_books,
    ("GET", "/books/<isbn>"): catalog.show_book,
    ("GET", "/cart"): cart.show_cart,
    ("POST", "/cart/add"): cart.add_to_cart,
    ("POST", "/cart/voucher"): cart.apply_voucher_code,
    ("POST", "/login"): account.login,
    ("POST", "/logout"): account.logout,
    ("POST", "/password-reset"): account.request_reset,
    ("POST", "/password-reset/<token>"): account.complete_reset,
}


def match(method, path):
    """The handler and the path parameters for a request, or (None, {})."""
    parts = path.strip("/").split("/")
    for (m, pattern), handler in ROUTES.items():
        if m != method:
            continue
        pparts = pattern.strip("/").split("/")
        if len(pparts) != len(parts):
            continue
        params = {}
        for want, got in zip(pparts, parts):
            if want.startswith("<") and want.endswith(">"):
                params[want[1:-1]] = got
            elif want != got:
                break
        else:
            return handler, params
    return None, {}
