"""A thin layer over sqlite3."""

import sqlite3

from app import config

_conn = None


def connection():
    global _conn
    if _conn is None:
        _conn = sqlite3.connect(config.DB_PATH)
        _conn.row_factory = sqlite3.Row
    return _conn


def fetch_one(sql, *params):
    return connection().execute(sql, params).fetchone()


def fetch_all(sql, *params):
    return connection().execute(sql, params).fetchall()


def execute(sql, *params):
    conn = connection()
    with conn:
        cur = conn.execute(sql, params)
    return cur.lastrowid
