"""The embedded default: a real llama.cpp server with a real small instruct model, both from PyPI."""

from stackeval.localserver.manager import LocalServer, LocalServerError, find_model, pick_build

__all__ = ["LocalServer", "LocalServerError", "find_model", "pick_build"]
