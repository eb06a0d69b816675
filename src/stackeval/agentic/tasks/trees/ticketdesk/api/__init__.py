"""HTTP-facing layer: routing and request handlers."""
