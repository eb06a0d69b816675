"""Domain logic, independent of HTTP."""
