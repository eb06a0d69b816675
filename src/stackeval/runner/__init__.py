"""Runs suites and benchmarks with bounded concurrency and writes each result as it completes."""
