"""Settings, read once at start-up from the environment."""

import os

DB_PATH = os.environ.get("BOOKSHOP_DB", "bookshop.db")
PORT = int(os.environ.get("BOOKSHOP_PORT", "8080"))

# Logged-in sessions stay valid this long after login.
SESSION_TTL_S = 30 * 60
# Password-reset links are valid for one day.
RESET_TOKEN_TTL_S = 24 * 60 * 60

# VAT on books, as a fraction of the net price.
VAT_RATE = 0.07
# Orders at or above this net amount (in cents) ship for free.
FREE_SHIPPING_CENTS = 4_000
SHIPPING_CENTS = 450
