"""The serving stack as a recorded variable."""
