"""Placeholder module where the bench/logs commands register themselves on ``app``."""
