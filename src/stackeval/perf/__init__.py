"""Pure serving-performance math: statistics, per-request metrics, per-level summaries,
speculative-decoding statistics and CUDA-graph padding checks. No network, disk or clock."""
