"""Launcher for the xllamacpp build: accepts the llama-server flags we use and runs its server.

Only used on CPUs without AVX-512, where the prebuilt llama-server cannot run.
"""

from __future__ import annotations

import argparse
import signal
import threading


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-m", dest="model", required=True)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("-c", dest="ctx", type=int, default=8192)
    ap.add_argument("-np", dest="parallel", type=int, default=4)
    ap.add_argument("-t", dest="threads", type=int, default=2)
    ap.add_argument("-a", dest="alias", default=None)
    ap.add_argument("--metrics", action="store_true")
    ap.add_argument("--jinja", action="store_true")
    ap.add_argument("--chat-template-file", default=None)
    a, _unknown = ap.parse_known_args()
    import xllamacpp  # type: ignore[import-not-found]

    p = xllamacpp.CommonParams()
    p.model.path = a.model
    p.hostnames = [a.host]
    p.port = a.port
    p.n_ctx = a.ctx
    p.n_parallel = a.parallel
    p.cpuparams.n_threads = a.threads
    p.endpoint_metrics = a.metrics
    if a.alias:
        p.model_alias = {a.alias}
    if a.chat_template_file:
        p.use_jinja = True
        with open(a.chat_template_file, encoding="utf-8") as f:
            p.chat_template = f.read()
    server = xllamacpp.Server(p)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    del server


if __name__ == "__main__":
    main()
