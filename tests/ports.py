"""The one free-port helper of the tests and of the scripts that start servers (support.py and
tests/browser/conftest.py import it; so does scripts/lite_timeline.py, which puts tests/ on
sys.path). Only the standard library, so a script can import it without the package."""

from __future__ import annotations

import socket


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
