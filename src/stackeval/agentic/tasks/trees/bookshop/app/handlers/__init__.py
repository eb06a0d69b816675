"""Request handlers. Each takes the WSGI environ (and path parameters) and returns (status, body)."""
