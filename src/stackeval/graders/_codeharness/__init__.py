"""The programs the ``code`` grader runs inside the sandbox (standard library only, never imported here).

``judge.py`` runs the hidden tests and writes the verdict, with its parts ``_judge_*.py`` (process
hygiene, comparisons, the proxy to the host, the assert rewriting); ``host.py`` runs the solution in a
separate process and answers the judge's calls; ``_wire.py`` is the plain-data format between them. The
grader ships them as files (``_run_tests.py``, ``_judge_*.py``, ``_host.py``, ``_wire.py``).
"""
