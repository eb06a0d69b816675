"""Typed records that cross module, process and disk boundaries. Imports nothing else of stackeval."""
