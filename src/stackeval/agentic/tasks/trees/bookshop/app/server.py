"""A minimal WSGI entry point."""

import json
from wsgiref.simple_server import make_server

from app import config, routes


def application(environ, start_response):
    handler, params = routes.match(environ["REQUEST_METHOD"], environ.get("PATH_INFO", "/"))
    if handler is None:
        start_response("404 Not Found", [("Content-Type", "application/json")])
        return [b'{"error": "not found"}']
    status, body = handler(environ, **params)
    start_response(status, [("Content-Type", "application/json")])
    return [json.dumps(body).encode()]


if __name__ == "__main__":
    make_server("", config.PORT, application).serve_forever()
