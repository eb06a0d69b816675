"""Thin typer commands: parse, call one asyncio.run, render."""
