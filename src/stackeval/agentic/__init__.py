"""Agentic tasks: multi-turn tool loops over a simulated filesystem or a code-repair workspace.

``run_agent(task, model, tools, guard)`` drives one run; ``model`` is any ``ModelFn`` (the real client
adapted with ``ModelReply.from_chat``, or a scripted agent from ``stackeval.agentic.scripted``), and
``tools`` comes from ``make_toolset(task, executor)``. ``ManualModel`` is a ``ModelFn`` played by an outside agent
through files; ``agentic.timing`` projects a run's wall time onto other deployments.
"""

from stackeval.agentic.fs import FsToolSet, SimFs, grade_location
from stackeval.agentic.loop import Guard, ModelFn, run_agent
from stackeval.agentic.manual import ManualModel
from stackeval.agentic.records import AgentLimits, AgentOutcome, AgentTask, ModelReply, Turn, Verdict
from stackeval.agentic.repair import RepairWorkspace
from stackeval.agentic.tasks import list_tasks, load_task, make_toolset
from stackeval.agentic.timing import DeploymentTiming, TaskProjection, compare, crossover, project
from stackeval.agentic.tools import ToolSet

__all__ = [
    "AgentLimits",
    "AgentOutcome",
    "AgentTask",
    "DeploymentTiming",
    "FsToolSet",
    "Guard",
    "ModelFn",
    "ManualModel",
    "ModelReply",
    "RepairWorkspace",
    "SimFs",
    "TaskProjection",
    "ToolSet",
    "Turn",
    "Verdict",
    "compare",
    "crossover",
    "grade_location",
    "list_tasks",
    "load_task",
    "make_toolset",
    "project",
    "run_agent",
]
