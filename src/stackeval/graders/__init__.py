"""Pure graders. Each module registers its kind with ``stackeval.graders.base.register``."""

from stackeval.graders.base import GradeContext, get_grader, grade, known_kinds, register

__all__ = ["GradeContext", "get_grader", "grade", "known_kinds", "register"]
