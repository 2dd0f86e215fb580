"""What the benchmark scripts share: the machine line every figure is printed with."""

from __future__ import annotations

import os
import platform
from pathlib import Path


def machine() -> str:
    """The processor, cores, Python and solver versions, on one line."""
    cpu = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import ortools
    import pysat

    return (f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"python-sat {pysat.__version__}, ortools {ortools.__version__}")
