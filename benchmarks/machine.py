"""The machine line that every benchmark writes beside its figures."""
import os
import platform


def machine() -> str:
    """CPU model, core count, Python version and OS, e.g. 'AMD EPYC, 2 cores, Python 3.11.7, Linux'."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"
