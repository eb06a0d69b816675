"""The programs the ``code`` grader runs inside the sandbox (standard library only, never imported here).

``judge.py`` runs the hidden tests and writes the verdict; ``host.py`` runs the solution in a separate
process and answers the judge's calls; ``_wire.py`` is the plain-data format between them. The grader
ships them as files (``_run_tests.py``, ``_host.py``, ``_wire.py``).
"""
