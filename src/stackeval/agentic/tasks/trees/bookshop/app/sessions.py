"""Login sessions, kept in memory and keyed by a random token."""

import secrets
import time

from app import config
from app.models import Session

_sessions = {}


def create(user_id, now=None):
    now = time.time() if now is None else now
    token = secrets.token_urlsafe(24)
    _sessions[token] = Session(token=token, user_id=user_id, created_at=now)
    return token


def is_expired(session, now):
    return session.created_at + config.SESSION_TTL_S > now


def lookup(token, now=None):
    """The live session for ``token``, or None (unknown or expired)."""
    now = time.time() if now is None else now
    session = _sessions.get(token)
    if session is None:
        return None
    if is_expired(session, now):
        del _sessions[token]
        return None
    return session


def destroy(token):
    _sessions.pop(token, None)
