"""stackeval: measure an LLM deployment (model + serving stack) for quality and speed."""

from stackeval._version import __version__

__all__ = ["__version__"]
