"""Login, logout and password reset."""

import hashlib
import json
import secrets
import time

from app import config, db, sessions


def _body(environ):
    size = int(environ.get("CONTENT_LENGTH") or 0)
    return json.loads(environ["wsgi.input"].read(size) or b"{}")


def _hash(password, salt):
    return hashlib.pbkdf2_hmac("sha256", password.encode(), salt, 200_000).hex()


def login(environ):
    data = _body(environ)
    row = db.fetch_one("SELECT * FROM users WHERE email = ?", data.get("email", "").lower())
    if row is None or _hash(data.get("password", ""), row["salt"]) != row["password_hash"]:
        return "403 Forbidden", {"error": "wrong email or password"}
    return "200 OK", {"session": sessions.create(row["id"])}


def logout(environ):
    sessions.destroy(environ.get("HTTP_X_SESSION", ""))
    return "200 OK", {}


def request_reset(environ):
    email = _body(environ).get("email", "").lower()
    row = db.fetch_one("SELECT id FROM users WHERE email = ?", email)
    if row is not None:
        token = secrets.token_urlsafe(32)
        db.execute("INSERT INTO resets (token, user_id, issued_at) VALUES (?, ?, ?)", token, row["id"], time.time())
    # Same answer either way, so the endpoint does not reveal which emails exist.
    return "200 OK", {"sent": True}


def reset_expired(issued_at, now):
    return issued_at + config.RESET_TOKEN_TTL_S < now


def complete_reset(environ, token):
    row = db.fetch_one("SELECT * FROM resets WHERE token = ?", token)
    if row is None or reset_expired(row["issued_at"], time.time()):
        return "400 Bad Request", {"error": "invalid or expired link"}
    salt = secrets.token_bytes(16)
    password = _body(environ)["password"]
    db.execute("UPDATE users SET salt = ?, password_hash = ? WHERE id = ?", salt, _hash(password, salt), row["user_id"])
    db.execute("DELETE FROM resets WHERE token = ?", token)
    return "200 OK", {}
