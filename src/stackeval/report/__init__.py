"""Summaries, comparisons and renderers. Pure functions of stored records, plus thin renderers."""
