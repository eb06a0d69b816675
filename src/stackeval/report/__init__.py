"""Reports: pure functions of stored records into typed documents, and one renderer per output format.

Documents (typed, versioned, in ``stackeval.records``): ``SuiteReport`` (``suite_report.build_report``),
``BenchDocument`` (stored by ``stackeval bench``), ``Comparison`` (``compare.compare``) and the exported
``RunDocument`` (``summary.run_document``). Statistics: ``stats`` (Wilson, exact McNemar, t and Welch
intervals); pass counts and summaries: ``summary``.

Rendering: a document becomes a page of blocks (``run_page``, ``compare_page``; ``blocks``), written by
the Markdown writer (``blocks.to_markdown``) or the HTML writer (``html.to_html``, charts from
``charts``); ``render`` picks the writer per format (term, md, html, json). Sections added by other
features: ``truncation`` (token budget), ``resources`` (memory), ``agentic_report`` (agentic tasks).
"""
