"""Running untrusted code: the local executor behind the ``Executor`` protocol of ``records.execution``."""

from stackeval.sandbox._probe import Capabilities, probe
from stackeval.sandbox.local import LocalExecutor

__all__ = ["Capabilities", "LocalExecutor", "probe"]
