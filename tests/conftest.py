"""Session-wide test setup."""

from __future__ import annotations

import signal


def pytest_configure() -> None:
    # A shell started in the background (`cmd &` without job control, as CI wrappers and `nohup` do) hands its
    # children SIGINT ignored, and an ignored signal stays ignored across exec: the Ctrl-C tests would then
    # interrupt nothing. Handling it here (Python's own handler) means every child starts with the default
    # disposition again, as it does from a terminal.
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
