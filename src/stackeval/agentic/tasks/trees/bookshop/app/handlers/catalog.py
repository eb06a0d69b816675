"""Browsing the catalogue."""

from app import db
from app.models import Book


def _book(row):
    return Book(row["isbn"], row["title"], row["author"], row["price_cents"], row["stock"])


def list_books(environ):
    rows = db.fetch_all("SELECT * FROM books WHERE stock > 0 ORDER BY title")
    return "200 OK", [vars(_book(r)) for r in rows]


def show_book(environ, isbn):
    row = db.fetch_one("SELECT * FROM books WHERE isbn = ?", isbn)
    if row is None:
        return "404 Not Found", {"error": f"no book {isbn}"}
    return "200 OK", vars(_book(row))
