"""The lessons' kernels when they run on this machine (the docs build, the tests, the tutorial).

ipykernel warns at every start that "Kernel is running over TCP without encryption ... susceptible
to eavesdropping". For a kernel that listens on the loopback address only (127.0.0.1), as every
kernel these scripts start does, nothing leaves the machine, and a teacher who reads the warning
twelve times in a docs build worries for nothing. This filter drops that one warning for a
loopback kernel; a kernel that listens on another address still warns. Copied into the
IPYTHONDIR the scripts give their kernels (``profile_default/``); the user's own IPython folder
is never touched.
"""

import ipaddress
import logging


class LocalKernelOnly(logging.Filter):
    """Drop ipykernel's "without encryption" warning when the kernel listens on loopback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if "without encryption" not in str(record.msg):
            return True
        from ipykernel.kernelapp import IPKernelApp

        ip = IPKernelApp.instance().ip if IPKernelApp.initialized() else ""
        try:
            return not ipaddress.ip_address(ip or "0.0.0.0").is_loopback
        except ValueError:
            return ip != "localhost"


c = get_config()  # type: ignore[name-defined]  # noqa: F821  (IPython's config files have it)
c.IPKernelApp.logging_config = {
    "filters": {"local_kernel_only": {"()": LocalKernelOnly}},
    "handlers": {"console": {"filters": ["local_kernel_only"]}},
}
