"""Drive JupyterLab in headless Chromium for the browser tests.

`JupyterLab` starts a JupyterLab server on 127.0.0.1 (no token) that serves a
temporary copy of some notebooks, with its own config, runtime, settings and
workspace folders, and stops exactly the processes it started (the server and
the kernels it launched). `Lab` wraps a Playwright page showing that server and
knows how to open a notebook, run all its cells, wait for them, and look at
widgets and charts.

This module does not import Playwright (the test module does), so it imports, and
pytest collects its doctests, where Playwright is not installed.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import psutil  # installed with jupyterlab (ipykernel depends on it)

CHROMIUM_CANDIDATES = (
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
)

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

INSTALL_HINT = (
    "Chromium is needed for the browser tests. On Debian/Ubuntu: "
    "`sudo apt-get update && sudo apt-get install -y chromium` (gives /usr/bin/chromium); "
    "or set SHERIFF_CHROMIUM=/path/to/chromium-or-chrome. Also `pip install -e '.[test]'` "
    "for Playwright (do not run `playwright install`: the tests use the system browser)."
)


#: Where the browser tests write their screenshots (git-ignored).
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "browser"


def publish(path: Path, name: str | None = None) -> Path | None:
    """Copy a screenshot to the folder ``$SHERIFF_SCREENSHOT_DIR`` names (relative: to
    the checkout), as ``name`` (default: its own name), for the README and the issues;
    nothing without the variable. Returns the copy's path.

    >>> import os, tempfile
    >>> os.environ.pop("SHERIFF_SCREENSHOT_DIR", None) and None
    >>> publish(Path("x.png")) is None
    True
    """
    target = os.environ.get("SHERIFF_SCREENSHOT_DIR")
    if not target:
        return None
    folder = Path(target) if Path(target).is_absolute() else ARTIFACTS.parents[1] / target
    folder.mkdir(parents=True, exist_ok=True)
    copy = folder / (name or path.name)
    copy.write_bytes(path.read_bytes())
    return copy


def missing(reason: str) -> None:
    """Skip the calling test because ``reason`` (with the install hint), or fail it when
    the ``CI`` variable is set: in CI the browser tests must run."""
    import pytest

    if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
        pytest.fail(f"{reason} (CI is set: the browser tests must run). {INSTALL_HINT}")
    pytest.skip(f"{reason}. {INSTALL_HINT}")


def require_chromium() -> str:
    """Chromium's path, with Playwright importable; otherwise :func:`missing`."""
    chromium = find_chromium()
    if chromium is None:
        missing("Chromium not found")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing("Playwright (the Python package) is not installed")
    return chromium  # type: ignore[return-value]  # missing() raised otherwise


# Settings for the isolated JupyterLab: render every cell (no windowing, so widgets
# and charts below the fold are in the page), no news / update notifications, no autosave.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    # No autosave: a notebook whose cells ran must not be written behind the test's back
    # (the "opens clean, saves unchanged" check compares the served files byte for byte).
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
}


def find_chromium(candidates: Iterable[str] | None = None) -> str | None:
    """The path of a Chromium (or Chrome) executable, or None if there is none.

    Without `candidates`: `$SHERIFF_CHROMIUM` if set, else the usual system paths.

    >>> find_chromium([sys.executable]) == sys.executable
    True
    >>> find_chromium(["/nonexistent/chromium"]) is None
    True
    """
    if candidates is None:
        override = os.environ.get("SHERIFF_CHROMIUM")
        candidates = [override] if override else CHROMIUM_CANDIDATES
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcesses:
    """What the test servers (JupyterLab here, Voila in ``voila_server``) share: the
    server ``process``, the processes it started (``_children``: pid -> create time, so
    a reused pid is never touched) and its ``log_path``. Stop exactly those."""

    process: subprocess.Popen | None
    _children: dict[int, float]
    log_path: Path

    def remember_children(self) -> None:
        """Record the processes the server has started so far (its kernels)."""
        if self.process is None:
            return
        try:
            for child in psutil.Process(self.process.pid).children(recursive=True):
                try:
                    self._children.setdefault(child.pid, child.create_time())
                except psutil.Error:
                    pass
        except psutil.Error:
            pass

    def kill_children(self) -> None:
        """Kill the processes the server started that still run (after the server)."""
        for pid, created in self._children.items():
            try:
                proc = psutil.Process(pid)
                if proc.create_time() == created:  # the same process, not a reused pid
                    proc.kill()
                    proc.wait(timeout=10)
            except psutil.Error:
                pass

    def leftovers(self) -> list[int]:
        """Pids of processes this server started that are still running."""
        alive = []
        for pid, created in self._children.items():
            try:
                if psutil.Process(pid).create_time() == created:
                    alive.append(pid)
            except psutil.Error:
                pass
        return alive

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])


class JupyterLab(ServerProcesses):
    """A JupyterLab server for one test session, serving a copy of `notebooks`.

    Use as a context manager. `root` is a scratch folder (e.g. pytest's
    tmp_path_factory); the notebooks are copied to `root/notebooks`, which is
    what the server shows, so the repository's files are never touched.
    """

    def __init__(self, root: Path, notebooks: Iterable[Path], startup_timeout: float = 90):
        self.root = Path(root)
        self.notebooks = [Path(p) for p in notebooks]
        self.startup_timeout = startup_timeout
        self.served = self.root / "notebooks"
        self.log_path = self.root / "jupyterlab.log"
        self.port = 0
        self.process: subprocess.Popen | None = None
        self._children: dict[int, float] = {}
        self._opener: urllib.request.OpenerDirector | None = None
        self._xsrf = ""  # pid -> create_time of processes it started

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> JupyterLab:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _env(self) -> dict[str, str]:
        env = dict(os.environ)
        dirs = {
            "JUPYTER_CONFIG_DIR": "config",
            "JUPYTER_RUNTIME_DIR": "runtime",
            "JUPYTERLAB_SETTINGS_DIR": "lab-settings",
            "JUPYTERLAB_WORKSPACES_DIR": "lab-workspaces",
            "IPYTHONDIR": "ipython",
        }
        for var, name in dirs.items():
            (self.root / name).mkdir(parents=True, exist_ok=True)
            env[var] = str(self.root / name)
        for name, values in LAB_SETTINGS.items():
            plugin, file = name.rsplit("/", 1)
            target = self.root / "lab-settings" / plugin / file
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(values))
        env.pop("JUPYTER_TOKEN", None)
        env["PYTHONUNBUFFERED"] = "1"
        return env

    def start(self) -> None:
        self.served.mkdir(parents=True, exist_ok=True)
        for nb in self.notebooks:
            shutil.copy2(nb, self.served / nb.name)
        self.port = free_port()
        cmd = [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={self.port}",
            "--port-retries=0",
            "--IdentityProvider.token=",
            "--ServerApp.password=",
            f"--ServerApp.root_dir={self.served}",
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.append("--allow-root")
        log = self.log_path.open("wb")
        self.process = subprocess.Popen(
            cmd, cwd=self.served, env=self._env(), stdout=log, stderr=subprocess.STDOUT
        )
        log.close()
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"JupyterLab exited early:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/status", timeout=2) as r:
                    if r.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.25)
        self.stop()
        raise TimeoutError(
            f"JupyterLab did not answer in {self.startup_timeout} s:\n{self.log_tail()}"
        )

    def stop(self) -> None:
        """Stop the server and every process it started; nothing else."""
        if self.process is None:
            return
        self.remember_children()
        if self.process.poll() is None:
            try:
                self.request("POST", "/api/shutdown", timeout=5)
            except (urllib.error.URLError, OSError):
                self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.send_signal(signal.SIGTERM)
                try:
                    self.process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait(timeout=10)
        self.kill_children()
        self.process = None

    def shutdown_sessions(self) -> None:
        """Shut down every open notebook session (and its kernel) on the server."""
        self.remember_children()
        for session in json.loads(self.request("GET", "/api/sessions")):
            self.request("DELETE", f"/api/sessions/{session['id']}", timeout=30)

    def request(self, method: str, path: str, timeout: float = 10) -> bytes:
        """A REST call to the server (with the XSRF cookie and header it wants)."""
        if self._opener is None:
            jar = http.cookiejar.CookieJar()
            self._opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
            self._opener.open(f"{self.url}/lab", timeout=timeout).close()
            self._xsrf = next((c.value for c in jar if c.name == "_xsrf"), "")
        req = urllib.request.Request(
            f"{self.url}{path}", method=method, headers={"X-XSRFToken": self._xsrf}
        )
        with self._opener.open(req, timeout=timeout) as r:
            return r.read()


# JavaScript run in the page. `window.jupyterapp` is there because the server runs
# with --LabApp.expose_app_in_browser=True.
_JS_KERNEL_READY = """(path) => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  if (!w || !w.context || w.context.path !== path || !w.context.isReady) return false;
  const k = w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle' && !w.sessionContext.isRestarting;
}"""

_JS_RUN_STATE = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const cells = w.content.model.cells;
  let pending = 0, total = 0;
  const errors = [];
  for (let i = 0; i < cells.length; i++) {
    const c = cells.get(i);
    if (c.type !== 'code') continue;
    total += 1;
    if (c.executionCount == null) pending += 1;
    for (let j = 0; j < c.outputs.length; j++) {
      const o = c.outputs.get(j).toJSON();
      if (o.output_type === 'error') errors.push(
        `cell ${i}: ${o.ename}: ${o.evalue}\\n` + (o.traceback || []).join('\\n'));
    }
  }
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  return {pending, total, errors, idle: !!k && k.status === 'idle'};
}"""


_JS_RUN_THROUGH = """(text) => {
  const w = window.jupyterapp.shell.currentWidget;
  const cells = w.content.model.cells;
  for (let i = 0; i < cells.length; i++) {
    if (cells.get(i).sharedModel.getSource().includes(text)) {
      w.content.activeCellIndex = i;
      return i;
    }
  }
  return -1;
}"""

_JS_CELLS_DONE = """(last) => {
  const w = window.jupyterapp.shell.currentWidget;
  const cells = w.content.model.cells;
  let pending = 0, ran = 0, later = 0;
  const errors = [];
  for (let i = 0; i < cells.length; i++) {
    const c = cells.get(i);
    if (c.type !== 'code') continue;
    if (i > last) { if (c.executionCount != null) later += 1; continue; }
    if (c.executionCount == null) pending += 1; else ran += 1;
    for (let j = 0; j < c.outputs.length; j++) {
      const o = c.outputs.get(j).toJSON();
      if (o.output_type === 'error') errors.push(
        `cell ${i}: ${o.ename}: ${o.evalue}\\n` + (o.traceback || []).join('\\n'));
    }
  }
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  return {pending, ran, later, errors, idle: !!k && k.status === 'idle'};
}"""

_JS_DIRTY = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const tab = document.querySelector('.lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current');
  return {model: w.context.model.dirty,
          tab: !!tab && tab.classList.contains('jp-mod-dirty'),
          path: w.context.path};
}"""


# Close every document in the main area without saving (no "save changes?" dialog).
_JS_CLOSE_ALL = """() => {
  const shell = window.jupyterapp.shell;
  for (const w of Array.from(shell.widgets('main'))) {
    if (w.context && w.context.model) w.context.model.dirty = false;
    w.dispose();
  }
}"""


# Per open notebook: its path, whether its kernel is idle, and its dirty state.
_JS_DOCUMENTS = """() => {
  const out = [];
  for (const w of Array.from(window.jupyterapp.shell.widgets('main'))) {
    if (!w.context || !w.sessionContext) continue;
    const s = w.sessionContext.session;
    const k = s && s.kernel;
    const tab = document.querySelector(`.lm-TabBar-tab[data-id="${w.id}"]`);
    out.push({path: w.context.path, ready: w.context.isReady,
              idle: !!k && k.status === 'idle' && !w.sessionContext.isRestarting,
              kernel: k ? k.id : null,
              model: w.context.model.dirty,
              tab: !!tab && tab.classList.contains('jp-mod-dirty')});
  }
  return out;
}"""


# Close what JupyterLab opened by itself in the main area (the Launcher it shows when
# the last document closes): only documents stay.
_JS_CLOSE_NON_DOCUMENTS = """() => {
  for (const w of Array.from(window.jupyterapp.shell.widgets('main'))) {
    if (!w.context) w.close();
  }
}"""


class Lab:
    """A Playwright page on a `JupyterLab` server."""

    def __init__(self, page: Any, server: JupyterLab, timeout: float = 60):
        self.page = page
        self.server = server
        self.timeout = timeout
        self.path = ""

    @property
    def notebook(self) -> Any:
        """The notebook panel on show."""
        return self.page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook")

    def open(self, name: str) -> None:
        """Open notebooks/`name` alone, with a fresh kernel, and wait for it to be idle.

        The first time the page loads JupyterLab (workspace reset); after that the
        documents on show are closed unsaved, every session (kernel) is shut down, and
        the notebook is opened in the same page (no reload: much faster).
        """
        loaded = self.page.url.startswith(self.server.url) and self.page.evaluate(
            "() => !!(window.jupyterapp && window.jupyterapp.shell)"
        )
        if loaded:
            self.page.evaluate(_JS_CLOSE_ALL)
        self.server.shutdown_sessions()
        self.path = name
        if loaded:
            self.page.evaluate(
                "(path) => { window.jupyterapp.commands.execute("
                "'docmanager:open', {path, factory: 'Notebook'}); }",
                name,
            )
        else:
            url = f"{self.server.url}/lab/tree/{name}?reset"
            self.page.goto(url, wait_until="domcontentloaded")
        self.page.wait_for_function(
            _JS_KERNEL_READY, arg=name, timeout=self.timeout * 1000, polling=200
        )
        self.server.remember_children()
        self.page.evaluate(_JS_CLOSE_NON_DOCUMENTS)
        self.hide_side_panels()

    def run_all(self) -> dict:
        """Run every cell and wait until each code cell has its `[n]` prompt.

        Fails at once, with the traceback, if a cell raises.
        """
        self.page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        deadline = time.monotonic() + self.timeout
        state: dict = {}
        while time.monotonic() < deadline:
            state = self.page.evaluate(_JS_RUN_STATE)
            if state["errors"]:
                raise AssertionError(f"{self.path}: a cell raised:\n" + "\n".join(state["errors"]))
            if state["pending"] == 0 and state["idle"]:
                break
            time.sleep(0.25)
        else:
            raise TimeoutError(f"{self.path}: cells still pending after {self.timeout} s: {state}")
        self.server.remember_children()
        # The DOM agrees: every code cell shows a numbered prompt like [3]:.
        prompts = self.notebook.locator(".jp-CodeCell .jp-InputArea-prompt").all_inner_texts()
        unnumbered = [p for p in prompts if not p.strip().strip("[]:").strip().isdigit()]
        assert len(prompts) == state["total"] and not unnumbered, (prompts, state)
        return state

    def open_many(self, names: Iterable[str]) -> dict[str, dict]:
        """Open the notebooks side by side in one page, each with a fresh kernel of its
        own (earlier documents closed unsaved, earlier sessions shut down); wait until
        every kernel is idle. Returns `documents()`."""
        names = list(names)
        if self.page.url.startswith(self.server.url):
            self.page.evaluate(_JS_CLOSE_ALL)
        else:
            self.page.goto(f"{self.server.url}/lab?reset", wait_until="domcontentloaded")
            self.page.wait_for_function(
                "() => !!(window.jupyterapp && window.jupyterapp.shell)",
                timeout=self.timeout * 1000,
            )
            self.page.evaluate("async () => { await window.jupyterapp.restored; }")
        self.server.shutdown_sessions()
        # A few at a time: eleven kernels asked for at once on two CPUs once left one
        # notebook with no kernel at all (JupyterLab did not retry); each group's kernels
        # are idle before the next group opens, and all stay open side by side.
        docs: dict[str, dict] = {}
        for start in range(0, len(names), 4):
            group = names[start : start + 4]
            self.page.evaluate(
                "async (paths) => { for (const path of paths) await window.jupyterapp.commands"
                ".execute('docmanager:open', {path, factory: 'Notebook'}); }",
                group,
            )
            deadline = time.monotonic() + self.timeout * 2
            while time.monotonic() < deadline:
                docs = self.documents()
                if set(group) <= set(docs) and all(
                    docs[n]["ready"] and docs[n]["idle"] for n in group
                ):
                    break
                time.sleep(0.25)
            else:
                raise TimeoutError(f"kernels not all idle after {2 * self.timeout} s: {docs}")
        self.server.remember_children()
        self.page.evaluate(_JS_CLOSE_NON_DOCUMENTS)
        self.hide_side_panels()
        return docs

    def documents(self) -> dict[str, dict]:
        """The open notebooks by path: ready, kernel idle, kernel id, and whether each is
        marked modified (the model's `dirty` flag; `jp-mod-dirty` on its tab)."""
        return {d["path"]: d for d in self.page.evaluate(_JS_DOCUMENTS)}

    def save_document(self, name: str) -> None:
        """Bring notebook `name` to the front and save it (`docmanager:save`)."""
        self.page.evaluate(
            "(path) => { const shell = window.jupyterapp.shell;"
            " const w = Array.from(shell.widgets('main')).find("
            "   (w) => w.context && w.context.path === path);"
            " shell.activateById(w.id); }",
            name,
        )
        self.page.wait_for_function(
            "(path) => window.jupyterapp.shell.currentWidget.context.path === path", arg=name
        )
        self.path = name
        self.save()

    def run_through(self, text: str) -> dict:
        """Run the cells from the first one down to the first cell whose source contains
        `text` (included), and none after it; wait until each has its `[n]` prompt.

        Fails at once, with the traceback, if a cell raises.
        """
        last = self.page.evaluate(_JS_RUN_THROUGH, text)
        assert last >= 0, f"{self.path}: no cell contains {text!r}"
        self.page.evaluate(
            "async () => { const c = window.jupyterapp.commands;"
            " await c.execute('notebook:run-all-above'); await c.execute('notebook:run-cell'); }"
        )
        deadline = time.monotonic() + self.timeout
        state: dict = {}
        while time.monotonic() < deadline:
            state = self.page.evaluate(_JS_CELLS_DONE, last)
            if state["errors"]:
                raise AssertionError(f"{self.path}: a cell raised:\n" + "\n".join(state["errors"]))
            if state["pending"] == 0 and state["idle"]:
                break
            time.sleep(0.25)
        else:
            raise TimeoutError(f"{self.path}: cells still pending after {self.timeout} s: {state}")
        assert state["later"] == 0, f"{self.path}: cells after cell {last} ran too: {state}"
        self.server.remember_children()
        state["last"] = last
        return state

    def dirty(self) -> dict:
        """Whether the notebook on show is marked modified: the document model's `dirty`
        flag and the `jp-mod-dirty` class on its tab."""
        return self.page.evaluate(_JS_DIRTY)

    def save(self) -> None:
        """Save the notebook on show (JupyterLab's `docmanager:save` command) and wait
        until the document is clean again."""
        self.page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        self.page.wait_for_function(
            "() => !window.jupyterapp.shell.currentWidget.context.model.dirty",
            timeout=self.timeout * 1000,
        )

    def in_viewport(self, locator: Any) -> bool:
        """True if `locator`'s element lies wholly inside the page's viewport."""
        box = locator.bounding_box()
        size = self.page.viewport_size
        if box is None or size is None:
            return False
        return (
            box["x"] >= 0
            and box["y"] >= 0
            and box["x"] + box["width"] <= size["width"]
            and box["y"] + box["height"] <= size["height"]
        )

    def visible_area(self, locator: Any) -> dict | None:
        """The part of the page where `locator`'s notebook shows cells: the box of its
        scrolling panel (below JupyterLab's menu, tab and toolbar), cut to the viewport."""
        return locator.evaluate(
            """(el) => {
              const panel = el.closest('.jp-WindowedPanel-outer') || el.closest('.jp-Notebook');
              const r = panel.getBoundingClientRect();
              const top = Math.max(r.top, 0), left = Math.max(r.left, 0);
              const bottom = Math.min(r.bottom, window.innerHeight);
              const right = Math.min(r.right, window.innerWidth);
              return {x: left, y: top, width: right - left, height: bottom - top};
            }"""
        )

    def in_view(self, locator: Any) -> bool:
        """True if `locator`'s element lies inside the viewport and is not hidden under
        JupyterLab's bars: wholly inside its notebook's visible area."""
        box, area = locator.bounding_box(), self.visible_area(locator)
        if box is None or area is None or not self.in_viewport(locator):
            return False
        return (
            box["x"] >= area["x"] - 0.5
            and box["y"] >= area["y"] - 0.5
            and box["x"] + box["width"] <= area["x"] + area["width"] + 0.5
            and box["y"] + box["height"] <= area["y"] + area["height"] + 0.5
        )

    def hide_side_panels(self) -> None:
        """Collapse the file browser and right panel (tidier screenshots)."""
        self.page.evaluate(
            "() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }"
        )

    def press_slider(self, slider: Any, key: str = "ArrowRight", times: int = 1) -> None:
        """Move an ipywidgets slider from the keyboard: focus its handle, press `key`."""
        handle = slider.locator(".noUi-handle").first
        handle.scroll_into_view_if_needed()
        handle.focus()
        for _ in range(times):
            handle.press(key)

    def cell_with(self, text: str) -> Any:
        """The notebook cell whose source contains `text` (one cell)."""
        cells = self.notebook.locator(".jp-Cell").filter(
            has=self.page.locator(".jp-InputArea-editor", has_text=text)
        )
        return cells.first

    def svg_charts(self, scope: Any | None = None) -> Any:
        """Rendered SVG outputs (an <svg>, or an <img> of SVG data as JupyterLab draws it)."""
        scope = scope or self.notebook
        return scope.locator(
            ".jp-OutputArea-output svg, .jp-OutputArea-output img[src^='data:image/svg+xml']"
        )

    def wait_rendered(self, locator: Any) -> None:
        """Wait until `locator`'s first element is drawn with a non-zero size."""
        locator.first.scroll_into_view_if_needed(timeout=self.timeout * 1000)
        handle = locator.first.element_handle(timeout=self.timeout * 1000)
        self.page.wait_for_function(
            """(el) => { const r = el.getBoundingClientRect();
                 return r.width > 20 && r.height > 20 && (el.tagName !== 'IMG' ||
                   (el.complete && el.naturalWidth > 0)); }""",
            arg=handle,
            timeout=self.timeout * 1000,
        )

    def screenshot(self, path: Path, target: Any | None = None) -> Path:
        """Save a screenshot of the page, with the cell holding `target` (if given) at the top."""
        path.parent.mkdir(parents=True, exist_ok=True)
        if target is not None:
            target.scroll_into_view_if_needed(timeout=self.timeout * 1000)
            target.evaluate(
                "(el) => (el.closest('.jp-Cell') || el).scrollIntoView({block: 'start'})"
            )
        self.page.wait_for_timeout(300)  # let the scroll settle and JupyterLab paint
        self.page.screenshot(path=str(path))
        return path
