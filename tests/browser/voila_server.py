"""Serve a notebook with Voilà for the browser tests (no token, 127.0.0.1, a free port).

`VoilaServer` runs ``python -m voila NOTEBOOK`` with its own Jupyter config, data,
runtime and IPython folders (nothing from the user's home), the repository on
``PYTHONPATH`` so the kernel imports this checkout, and stops exactly the processes
it started: the server and the kernels it launched (pids checked with their start
time, never by name).

Like `jupyter_browser`, this module does not import Playwright.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
from jupyter_browser import ServerProcesses, free_port

ROOT = Path(__file__).resolve().parents[2]


class VoilaServer(ServerProcesses):
    """Voilà serving ``notebook`` (use as a context manager); ``url`` is its page."""

    def __init__(self, root: Path, notebook: Path, startup_timeout: float = 60) -> None:
        self.root = Path(root)
        self.notebook = Path(notebook)
        self.startup_timeout = startup_timeout
        self.log_path = self.root / "voila.log"
        self.port = 0
        self.process: subprocess.Popen | None = None
        self._children: dict[int, float] = {}  # pid -> create_time of processes it started

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def __enter__(self) -> VoilaServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _env(self) -> dict[str, str]:
        env = dict(os.environ)
        for var, name in {
            "JUPYTER_CONFIG_DIR": "config",
            "JUPYTER_RUNTIME_DIR": "runtime",
            "JUPYTER_DATA_DIR": "data",
            "IPYTHONDIR": "ipython",
        }.items():
            (self.root / name).mkdir(parents=True, exist_ok=True)
            env[var] = str(self.root / name)
        env.pop("JUPYTER_TOKEN", None)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
        env["PYTHONUNBUFFERED"] = "1"
        return env

    def start(self) -> None:
        self.port = free_port()
        cmd = [
            sys.executable,
            "-m",
            "voila",
            str(self.notebook),
            "--no-browser",
            f"--port={self.port}",
            "--Voila.ip=127.0.0.1",
            f"--Voila.connection_dir_root={self.root / 'runtime'}",
        ]
        log = self.log_path.open("wb")
        self.process = subprocess.Popen(
            cmd, cwd=ROOT, env=self._env(), stdout=log, stderr=subprocess.STDOUT
        )
        log.close()
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Voilà exited early:\n{self.log_tail()}")
            if b"running at" in self.log_path.read_bytes():
                try:  # the static files answer without starting a kernel
                    with urllib.request.urlopen(f"{self.url}voila/static/voila.js", timeout=2):
                        return
                except (urllib.error.URLError, OSError):
                    pass
            time.sleep(0.25)
        self.stop()
        raise TimeoutError(f"Voilà did not answer in {self.startup_timeout} s:\n{self.log_tail()}")

    def kernels(self) -> list[int]:
        """Pids of the kernels running now (the server's child processes that run
        ``ipykernel``): one per page load while the page is open."""
        found = []
        if self.process is None:
            return found
        try:
            children = psutil.Process(self.process.pid).children(recursive=True)
        except psutil.Error:
            return found
        for child in children:
            try:
                if any("ipykernel" in part for part in child.cmdline()):
                    found.append(child.pid)
            except psutil.Error:
                pass
        return found

    def stop(self) -> None:
        """Stop the server and every process it started; nothing else."""
        if self.process is None:
            return
        self.remember_children()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.kill_children()
        self.process = None
