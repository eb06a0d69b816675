"""Server launching and parameter sweeps: plan points from a sweep recipe, start each point's server on a
point host (``launch.host``: a child process here, or a Ray actor through ``stackeval.distributed``), run
the workloads against it, store every point and run, resume where a sweep stopped."""

from stackeval.launch.plan import load_sweep_recipe, plan_points
from stackeval.launch.sweep import SweepOutcome, run_sweep

__all__ = ["SweepOutcome", "load_sweep_recipe", "plan_points", "run_sweep"]
