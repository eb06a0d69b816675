"""The shopping cart of the current session."""

import json

from app import db, pricing, sessions
from app.handlers.catalog import _book
from app.models import Cart, Voucher

_carts = {}


def _session(environ):
    token = environ.get("HTTP_X_SESSION", "")
    return sessions.lookup(token)


def _body(environ):
    size = int(environ.get("CONTENT_LENGTH") or 0)
    return json.loads(environ["wsgi.input"].read(size) or b"{}")


def show_cart(environ):
    session = _session(environ)
    if session is None:
        return "401 Unauthorized", {"error": "login required"}
    cart = _carts.get(session.user_id, Cart())
    return "200 OK", pricing.breakdown(cart)


def add_to_cart(environ):
    session = _session(environ)
    if session is None:
        return "401 Unauthorized", {"error": "login required"}
    data = _body(environ)
    row = db.fetch_one("SELECT * FROM books WHERE isbn = ?", data["isbn"])
    if row is None:
        return "404 Not Found", {"error": "no such book"}
    cart = _carts.setdefault(session.user_id, Cart())
    cart.add(_book(row), int(data.get("quantity", 1)))
    return "200 OK", pricing.breakdown(cart)


def apply_voucher_code(environ):
    session = _session(environ)
    if session is None:
        return "401 Unauthorized", {"error": "login required"}
    code = _body(environ).get("code", "").strip().upper()
    row = db.fetch_one("SELECT * FROM vouchers WHERE code = ? AND used = 0", code)
    if row is None:
        return "400 Bad Request", {"error": "unknown or used voucher"}
    cart = _carts.setdefault(session.user_id, Cart())
    cart.voucher = Voucher(row["code"], row["percent"], bool(row["single_use"]))
    return "200 OK", pricing.breakdown(cart)
