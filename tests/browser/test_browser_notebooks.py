"""The notebooks in a real browser: JupyterLab + headless Chromium, driven by Playwright.

nbval proves every cell runs and the widgets' Python side works; these tests prove
what only a browser can: the widgets are drawn and answer clicks and key presses,
their Output areas redraw, and the altair charts arrive as SVG. One JupyterLab
server (127.0.0.1, no token, a temporary copy of the notebooks, its own config
folders) and one Chromium serve the whole module; both are stopped at the end,
kernels included.

Screenshots go to artifacts/browser/ (git-ignored). With SHERIFF_SCREENSHOT_DIR set
(e.g. docs/images) the README screenshot is also written there.

Without Chromium (/usr/bin/chromium, or $SHERIFF_CHROMIUM) or Playwright the tests
skip and say how to install them; with $CI set they fail instead: CI must run them.
"""

from __future__ import annotations

import contextlib
import difflib
import re
import time
from html import unescape
from pathlib import Path

import nbformat
import pytest
from jupyter_browser import CHROMIUM_ARGS, JupyterLab, Lab, publish, require_chromium

import sheriff_core as sc
from sheriff_core.present.widgets.explore import inspection_explorer
from sheriff_core.rules.house import house_rule, rule_changes

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "artifacts" / "browser"
TIMEOUT = 60  # seconds, for any single wait in the page
VIEWPORT = {"width": 1400, "height": 900}  # the learner's screen in the 07 test


def _widget_sanity_notebook(path: Path) -> Path:
    """A tiny notebook: an IntSlider whose observer rewrites an Output widget."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nb.cells = [
        nbformat.v4.new_markdown_cell("# Widget sanity check (made by the browser test)"),
        nbformat.v4.new_code_cell(
            "import ipywidgets as widgets\n\n"
            'slider = widgets.IntSlider(value=3, min=0, max=10, description="bag size")\n'
            "out = widgets.Output()\n\n\n"
            "def show(change=None):\n"
            "    out.outputs = ()\n"
            '    out.append_stdout(f"bag size is {slider.value}\\n")\n\n\n'
            'slider.observe(show, names="value")\n'
            "show()\n"
            "widgets.VBox([slider, out])"
        ),
    ]
    nbformat.write(nb, path)
    return path


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_chromium()
    for stale in ARTIFACTS.glob("FAILED-*"):
        stale.unlink()
    root = tmp_path_factory.mktemp("jupyterlab")
    extra = _widget_sanity_notebook(tmp_path_factory.mktemp("extra") / "widget_sanity.ipynb")
    notebooks = [*sorted(NOTEBOOKS.glob("*.ipynb")), extra]
    with JupyterLab(root, notebooks) as lab:
        yield lab
    assert lab.leftovers() == [], "processes the JupyterLab server started are still running"


@pytest.fixture(scope="module")
def lab(server):
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=TIMEOUT * 1000)  # kernel round trips on a busy CI machine
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=require_chromium(), args=CHROMIUM_ARGS, headless=True
        )
        try:
            context = browser.new_context(viewport=VIEWPORT)
            page = context.new_page()
            page.set_default_timeout(TIMEOUT * 1000)
            yield Lab(page, server, timeout=TIMEOUT)
        finally:
            browser.close()


@contextlib.contextmanager
def screenshot_on_failure(lab: Lab, name: str):
    """If the block fails, save what the page showed as artifacts/browser/FAILED-name.png."""
    try:
        yield
    except BaseException:
        with contextlib.suppress(Exception):
            lab.screenshot(ARTIFACTS / f"FAILED-{name}.png")
            (ARTIFACTS / f"FAILED-{name}-jupyterlab.log").write_text(lab.server.log_tail(200))
        raise


def save_screenshot(lab: Lab, name: str, target=None, readme: bool = False) -> Path:
    """Save artifacts/browser/name.png; README screenshots also to $SHERIFF_SCREENSHOT_DIR."""
    path = lab.screenshot(ARTIFACTS / f"{name}.png", target)
    if readme:
        publish(path)
    return path


def test_widget_slider_redraws_its_output(lab):
    """The harness itself: a slider moved by the keyboard rewrites an Output widget."""
    with screenshot_on_failure(lab, "widget_sanity"):
        lab.open("widget_sanity.ipynb")
        lab.run_all()
        out = lab.notebook.locator(".widget-output").first
        out.get_by_text("bag size is 3").wait_for()
        slider = lab.notebook.locator(".widget-slider", has_text="bag size").first
        lab.press_slider(slider, "ArrowRight", times=2)
        out.get_by_text("bag size is 5").wait_for()
        assert slider.locator(".widget-readout").inner_text().strip() == "5"
        save_screenshot(lab, "widget_sanity", slider)


def test_nottingham_charts_render_as_svg(lab):
    """08_nottingham draws its altair charts offline, as SVG."""
    with screenshot_on_failure(lab, "08_nottingham"):
        start = time.monotonic()
        lab.open("08_nottingham.ipynb")
        state = lab.run_all()
        assert state["total"] > 10
        charts = lab.svg_charts()
        lab.wait_rendered(charts)
        assert charts.count() >= 2
        save_screenshot(lab, "08_nottingham", charts.first)
        assert time.monotonic() - start < 2 * TIMEOUT


def _output_with(lab: Lab, widget_class: str, label: str):
    """The first cell output that holds a `widget_class` widget whose text has `label`."""
    nb = lab.notebook
    widget = lab.page.locator(f".{widget_class}", has_text=label)
    return nb.locator(".jp-OutputArea-output").filter(has=widget).first


def test_bag_builder_answers_clicks(lab):
    """02: tick cards, pick a declaration; the verdict and the outcome table follow."""
    from playwright.sync_api import expect

    with screenshot_on_failure(lab, "02_load_and_declare"):
        lab.open("02_load_and_declare.ipynb")
        lab.run_all()
        builder = _output_with(lab, "widget-checkbox", "bag card 1")
        builder.scroll_into_view_if_needed()
        cards = builder.locator(".widget-checkbox").filter(has_text="bag card")
        goods = [t.split(":", 1)[1].strip() for t in cards.all_inner_texts()]
        assert len(goods) >= 5, goods
        declare_good = builder.locator(".widget-dropdown", has_text="declare good").locator(
            "select"
        )
        declare_count = builder.locator(".widget-dropdown", has_text="declare count")
        declare_count = declare_count.locator("select")
        result = builder.locator(".widget-html", has_text="declaration").first
        expect(result).to_be_visible()

        # Start from an empty bag, whatever later cells of the notebook did.
        for i in range(len(goods)):
            cards.nth(i).locator("input").set_checked(False)

        # One card of a legal good, declared truthfully: legal, with the pass / inspect table.
        classic = sc.load_variant("classic")
        pick = next(i for i, g in enumerate(goods) if classic.goods[g].is_legal)
        first = goods[pick]
        before = result.inner_text()
        cards.nth(pick).locator("input").set_checked(True)
        declare_good.select_option(first)
        declare_count.select_option("1")
        expect(result).to_contain_text(f"1 {first}")
        expect(result).not_to_contain_text("illegal")
        expect(result.locator("table tr")).to_have_count(3)  # heading, let pass, inspect
        assert result.inner_text() != before

        # A second card of another good, still declared as one card: the engine's message.
        other = next(i for i, g in enumerate(goods) if g != first)
        cards.nth(other).locator("input").set_checked(True)
        with pytest.raises(sc.RulesError) as engine:
            sc.check_declaration(classic, 2, first, 1)
        expect(result).to_contain_text("illegal")
        expect(result).to_contain_text(str(engine.value))

        # Declared as two: legal again, and a lie.
        declare_count.select_option("2")
        expect(result).to_contain_text(f"2 {first}")
        expect(result).not_to_contain_text("illegal")
        expect(result).to_contain_text("lie")
        expect(result.locator("table tr")).to_have_count(3)
        save_screenshot(lab, "02_load_and_declare", builder)


_SVG = "img[src^='data:image/svg+xml'], svg"
_OUTPUT_SVG = ".widget-output img[src^='data:image/svg+xml'], .widget-output svg"


def test_inspection_sliders_redraw_the_svg_chart(lab):
    """06: moving the fine and bag-size sliders redraws the readout and the SVG chart."""
    from playwright.sync_api import expect

    with screenshot_on_failure(lab, "06_game_theory_of_bluffing"):
        lab.open("06_game_theory_of_bluffing.ipynb")
        lab.run_all()
        explorer = _output_with(lab, "widget-slider", "fine per card")
        chart = explorer.locator(".widget-output").locator(_SVG).first
        lab.wait_rendered(chart)
        readout = explorer.locator(".widget-html").filter(has_text="inspects").first
        expect(readout).to_be_visible()

        def chart_html() -> str:
            return chart.evaluate("(el) => el.outerHTML")

        def same_as_library() -> None:
            """The readout shows what the library computes for the sliders' values."""
            mirror = inspection_explorer("classic")
            for name, label in [("value", "contraband value"), ("penalty", "fine per card")]:
                handle = explorer.locator(".widget-slider", has_text=label).locator("[role=slider]")
                getattr(mirror, name).value = int(handle.get_attribute("aria-valuetext"))
            handle = explorer.locator(".widget-slider", has_text="bag size").locator(
                "[role=slider]"
            )
            mirror.bag_size.value = int(handle.get_attribute("aria-valuetext"))
            box = explorer.locator(".widget-checkbox", has_text="fine goes to the Sheriff")
            mirror.to_sheriff.value = box.locator("input").is_checked()
            expected = " ".join(re.sub("<[^>]+>", "", mirror.readout.value).split())
            expect(readout).to_have_text(expected)

        same_as_library()

        for label in ("fine per card", "bag size"):
            slider = explorer.locator(".widget-slider", has_text=label).first
            handle = slider.locator("[role=slider]")
            value = int(float(handle.get_attribute("aria-valuenow")))
            top = int(float(handle.get_attribute("aria-valuemax")))
            key, new = ("ArrowRight", value + 1) if value < top else ("ArrowLeft", value - 1)
            text, svg = readout.inner_text(), chart_html()
            lab.press_slider(slider, key)
            expect(handle).to_have_attribute("aria-valuetext", str(new))
            expect(readout).not_to_have_text(text)
            lab.page.wait_for_function(
                "([root, sel, old]) => { const c = root.querySelector(sel);"
                " return !!c && c.outerHTML !== old; }",
                arg=[explorer.element_handle(), _OUTPUT_SVG, svg],
            )
            lab.wait_rendered(chart)
            assert chart_html() != svg
            same_as_library()
        save_screenshot(lab, "06_game_theory_of_bluffing", explorer, readme=True)


# -- 03: after Run All the learner's simulator deals a new round ---------------------------

LEARNER_SIMULATOR = "sheriff = inspection_simulator("  # 03's cell with the learner's simulator


def test_inspection_simulator_deals_a_new_round(lab):
    """03 after Run All: the learner's simulator waits for the Sheriff's decision; "deal a
    new round" deals a fresh round (other cards on the table, the declarations and the
    outcome line the library gives for that deal), again at a decision."""
    from playwright.sync_api import expect

    from sheriff_core.present.widgets.inspection import NEW_ROUND

    with screenshot_on_failure(lab, "03_inspection_and_bribes"):
        notebook = NOTEBOOKS / "03_inspection_and_bribes.ipynb"
        lab.open(notebook.name)
        lab.run_all()
        space: dict = {}
        exec(compile(_setup_source(notebook, LEARNER_SIMULATOR), notebook.name, "exec"), space)
        mirror = space["sheriff"]  # the same simulator, in this process
        sim = lab.cell_with(LEARNER_SIMULATOR).locator(".jp-OutputArea-output").first
        outcome = sim.locator(".sheriff-outcome").first
        status = sim.locator(".widget-html").first  # the round and the table
        threats = sim.get_by_role("button", name=re.compile("^threaten "))

        def at_decision() -> list[str]:
            g = mirror.game
            expect(outcome).to_have_text(_words(mirror.outcome_text))
            expect(outcome).to_contain_text("Now: as Sheriff, deal with each bag")
            expect(status).to_contain_text(f"Round {g.round + 1} of {g.rounds}")
            for seat in g.merchants:
                good, count = g.declared[seat]
                expect(status).to_contain_text(f"declared: {count} {good}")
            expect(threats).to_have_count(len(g.merchants))
            for i in range(len(g.merchants)):
                expect(threats.nth(i)).to_be_enabled()
            return threats.all_inner_texts()

        names = at_decision()
        before = status.inner_text()
        assert mirror.press(NEW_ROUND)
        sim.get_by_role("button", name=NEW_ROUND, exact=True).click()
        expect(status).not_to_have_text(before)
        assert at_decision() == names  # the same merchants, a fresh deal
        save_screenshot(lab, "03_new_round", outcome)


# -- every learner's notebook opens clean and saves unchanged ------------------------------

LEARNER_NOTEBOOKS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))


def test_notebooks_open_clean_and_save_unchanged(lab):
    """Each lesson, opened with a fresh kernel of its own, is not marked modified once its
    kernel is idle nor 2 s later; saved without changes, the file on disk is byte for
    byte the committed one. (All open side by side, kernels started four at a time.)"""
    served = lab.server.served
    committed = {name: (NOTEBOOKS / name).read_bytes() for name in LEARNER_NOTEBOOKS}
    for name, data in committed.items():
        assert (served / name).read_bytes() == data, f"{name}: the served copy was changed"
    problems: dict[str, list[str]] = {name: [] for name in LEARNER_NOTEBOOKS}
    with screenshot_on_failure(lab, "clean-notebooks"):
        first = lab.open_many(LEARNER_NOTEBOOKS)
        kernels = {d["kernel"] for d in first.values()}
        assert len(kernels) == len(LEARNER_NOTEBOOKS), "each notebook has its own kernel"
        lab.page.wait_for_timeout(2000)
        second = lab.documents()
        for name in LEARNER_NOTEBOOKS:
            for when, docs in (("once its kernel was idle", first), ("2 s later", second)):
                if docs[name]["model"] or docs[name]["tab"]:
                    problems[name].append(f"marked modified {when}: {docs[name]}")
            lab.save_document(name)
            saved = (served / name).read_bytes()
            if saved != committed[name]:
                diff = "".join(
                    difflib.unified_diff(
                        committed[name].decode().splitlines(keepends=True),
                        saved.decode().splitlines(keepends=True),
                        f"notebooks/{name} (committed)",
                        f"{name} (saved by JupyterLab)",
                        n=1,
                    )
                )
                problems[name].append(f"saving without changes rewrote it:\n{diff[:2000]}")
    failed = {name: p for name, p in problems.items() if p}
    assert not failed, "\n\n".join(f"{name}: " + "\n".join(p) for name, p in failed.items())


# -- 07: one round as a merchant and one as the Sheriff, with the mouse alone -------------

LEARNER_TABLE = "table = play_table("  # the cell of 07 that shows the learner's table


def _setup_source(notebook: Path, last: str) -> str:
    """The code of the notebook's cells down to the first one containing `last`."""
    nb = nbformat.read(notebook, as_version=4)
    code = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            code.append(cell.source)
        if last in cell.source:
            return "\n\n".join(code)
    raise AssertionError(f"{notebook.name}: no cell contains {last!r}")


def _words(text: str) -> str:
    return " ".join(text.split())


class MouseTable:
    """The learner's table in the page, driven with the mouse only, and a mirror of it:
    the same notebook set-up run in this process, given the same inputs. The mirror
    plans each move (which cards, which goods) and says what the page must show."""

    def __init__(self, lab: Lab, cell, mirror) -> None:
        from playwright.sync_api import expect

        self.expect = expect
        self.lab, self.page, self.mirror = lab, lab.page, mirror
        self.root = cell.locator(".jp-OutputArea-output").first
        self.outcome = self.root.locator(".sheriff-outcome").first
        # the action box, right under the controls: how far below the outcome line it
        # sits is the height of the controls' area
        self.action_box = (
            self.root.locator(".widget-text")
            .filter(has=self.page.locator("label", has_text=re.compile(r"^action$")))
            .first
        )
        self.decisions: list[tuple[str, str, dict | None]] = []  # (decision, outcome, box)
        self.built: list[str] = []  # offers / demands with a good and a promise, pressed
        self.shrunk: list[tuple[str, float]] = []  # (decision, px the controls' area lost)
        self.greyed: list[str] = []  # buttons seen greyed by a binding promise

    # Mouse gestures, each mirrored.
    def tick(self, desc: str) -> None:
        box = self.root.locator(".widget-checkbox", has_text=desc).locator("input")
        box.click()
        self.expect(box).to_be_checked()
        self.mirror.set(desc, True)

    def choose(self, desc: str, value) -> None:
        """Pick the option of dropdown `desc` whose value (in the mirror) is `value`."""
        options = self.mirror.control(desc).options
        label = next(
            o[0] if isinstance(o, tuple) else str(o)
            for o in options
            if (o[1] if isinstance(o, tuple) else o) == value
        )
        select = self.root.locator(".widget-dropdown", has_text=desc).locator("select")
        select.select_option(label=label)
        self.mirror.set(desc, value)

    def spin_up(self, desc: str, times: int = 1) -> None:
        """Raise a number box by clicking the up arrow of its spin button."""
        box = self.root.locator(".widget-text", has_text=desc).locator("input[type=number]")
        box.scroll_into_view_if_needed()
        for _ in range(times):
            old = int(box.input_value() or 0)
            size = box.bounding_box()
            box.click(position={"x": size["width"] - 7, "y": size["height"] * 0.3})
            self.expect(box).to_have_value(str(old + 1))
        self.mirror.set(desc, self.mirror.control(desc).value + times)

    def button(self, name: str):
        return self.root.get_by_role("button", name=name, exact=True)

    def decide(self, name: str) -> None:
        """Press the button that makes a decision; the outcome line must change, say
        what the library says, and (recorded) sit inside the viewport."""
        before = self.outcome.inner_text()
        assert self.mirror.press(name), (name, self.mirror.error)
        button = self.button(name)
        # Having read the outcome line at the top of the notebook, the learner scrolls just
        # far enough to see the button: the outcome line stays in view if the layout allows.
        button.evaluate("(el) => el.scrollIntoView({block: 'nearest'})")
        seen = {"button": button.bounding_box(), "outcome before": self.outcome.bounding_box()}
        controls_before = self._controls_height()
        button.click()
        self.expect(self.outcome).not_to_have_text(before)
        self.expect(self.outcome).to_have_text(_words(self.mirror.outcome_text))
        self.page.wait_for_timeout(150)  # let JupyterLab lay out the new controls
        seen["outcome after"] = self.outcome.bounding_box()
        seen["notebook area"] = self.lab.visible_area(self.outcome)
        inside = self.lab.in_view(self.outcome)
        self.decisions.append((name, _words(self.outcome.inner_text()), None if inside else seen))
        self.shrunk.append((name, controls_before - self._controls_height()))

    def _controls_height(self) -> float:
        """From the outcome line's bottom to the action box's top: the controls' area."""
        outcome, action = self.outcome.bounding_box(), self.action_box.bounding_box()
        return action["y"] - (outcome["y"] + outcome["height"])

    # One decision of the learner, whatever it is.
    def move(self, state: dict) -> None:
        # The learner reads the outcome line first: it comes near the top of the notebook
        # (100 px below it, some of the table still in view above).
        self.outcome.evaluate(
            "(el) => { el.scrollIntoView({block: 'start'});"
            " const s = el.closest('.jp-WindowedPanel-outer'); if (s) s.scrollBy(0, -100); }"
        )
        m = self.mirror
        g, me = m.game, m.seat
        step = g.step
        if step == "market":
            self.tick(next(d for d in m.descriptions() if d.startswith("set aside card 1:")))
            if g.piles[0]:
                self.button("take top of pile 0").click()
                m.control("take top of pile 0").click()
            self.decide("make market turn")
        elif step == "load":
            legal = [c for c in g.hands[me] if g.variant.goods[c].is_legal]
            good = max(legal, key=legal.count)
            ticks = [
                d for d in m.descriptions() if d.startswith("load card") and d.endswith(f": {good}")
            ][: g.variant.bag_max]
            for d in ticks:
                self.tick(d)
            self.decide("load bag")
        elif step == "declare":
            bag = g.bags[me]
            self.choose("declare good", max(bag, key=bag.count))
            self.choose("declare count", len(bag))
            self.decide("declare")
        elif step in ("merchant", "negotiation"):
            prefix = "offer" if step == "merchant" else "demand"
            if not self.built:
                self.build(prefix, state)
            elif step == "merchant":
                self.decide(
                    "accept the demand" if "accept the demand" in m.descriptions() else "decline"
                )
            else:
                self.settle(g.negotiation.seat)
        elif step == "sheriff":
            waiting = g.unresolved()
            if not self.built and len(waiting) >= 2:
                self.decide(f"threaten {g.players[self.target(waiting)]}")
            else:
                self.settle(waiting[0])
        elif step == "confiscate":
            self.choose("confiscated cards go on", 0)
            self.decide("place confiscated cards")
        elif step == "debt":
            self.decide("pay debt")
        else:
            raise AssertionError(f"the test does not play the step {step!r}")

    def target(self, waiting: list[int]) -> int:
        """The merchant to threaten: one with legal goods on the stand if there is one."""
        g = self.mirror.game
        return next((s for s in waiting if g.stand_view(s)["legal"]), waiting[0])

    def settle(self, seat: int) -> None:
        """Let the bag pass, or inspect it where a promise binds the Sheriff to."""
        name = self.mirror.game.players[seat]
        let = f"let {name} pass"
        if self.mirror.control(let).disabled:  # a binding promise: the button says why
            reason = self.mirror.control(let).tooltip
            assert "promised" in reason, reason
            self.expect(self.button(let)).to_be_disabled()
            self.expect(self.button(let)).to_have_attribute("title", reason)
            self.expect(self.root.get_by_text(f"greyed: {reason}")).to_be_visible()
            self.greyed.append(let)
        self.decide(let if not self.mirror.control(let).disabled else f"inspect {name}")

    def build(self, prefix: str, state: dict) -> None:
        """An offer / demand with one good (from the stand, else the bag) and a promise
        about another merchant's bag; then the screenshot, then the button."""
        m = self.mirror
        g = m.game
        seat = g.negotiation.seat
        stand = [d for d in m.descriptions() if d.startswith(f"{prefix} from stand: ")]
        if stand:
            self.spin_up(stand[0])
        else:
            self.choose(f"{prefix} from bag: good", g.declared[seat][0])
            self.spin_up(f"{prefix} from bag: count")
        promises = [d for d in m.descriptions() if d.startswith(f"{prefix}: promise about")]
        assert promises, f"no other merchant is waiting: no promise possible ({m.descriptions()})"
        promise = promises[0]
        self.choose(promise, "inspect" if prefix == "demand" else "pass")
        offer = m.builder.offer
        assert offer.promises and (offer.stand or offer.bag), offer
        assert m.builder.error is None, m.builder.error
        check = self.root.locator(".widget-html", has_text=f"The engine accepts this {prefix}")
        said = unescape(re.sub("<[^>]+>", "", m.builder.check.value))
        self.expect(check).to_have_text(_words(said))
        go = self.button(prefix)
        self.expect(go).to_be_enabled()
        go.evaluate("(el) => el.scrollIntoView({block: 'end'})")
        state["screenshot"] = save_screenshot(self.lab, "07_play_table", readme=True)
        self.built.append(f"{prefix}: {offer}")
        self.decide(prefix)


def test_play_table_by_mouse_one_round_merchant_one_round_sheriff(lab):
    """07 with only its set-up cells run: a round as a merchant and a round as the Sheriff,
    clicks, ticks and menus only; an offer or demand with a good and a promise; after each
    decision (the market's included) the outcome line changed, says what the library
    says, and is in view, and the controls' area did not shrink (the table keeps the
    learner's place)."""
    with screenshot_on_failure(lab, "07_play_a_game"):
        notebook = NOTEBOOKS / "07_play_a_game.ipynb"
        lab.open(notebook.name)
        state = lab.run_through(LEARNER_TABLE)
        assert state["ran"] >= 2 and state["later"] == 0, state
        space: dict = {}
        exec(compile(_setup_source(notebook, LEARNER_TABLE), notebook.name, "exec"), space)
        mirror = space["table"]
        cell = lab.cell_with(LEARNER_TABLE)
        table = MouseTable(lab, cell, mirror)
        table.expect(table.outcome).to_have_text(_words(mirror.outcome_text))
        lab.wait_rendered(table.root.locator(".sheriff-outcome"))
        assert table.root.locator("svg, img").count() > 20  # the cards are pictures
        roles: list[str] = []
        for _ in range(40):
            g = mirror.game
            if g.round >= 2 or g.is_over:
                break
            role = "Sheriff" if g.sheriff == mirror.seat else "merchant"
            if role not in roles:
                roles.append(role)
            table.move(state)
        assert roles == ["merchant", "Sheriff"], roles
        assert mirror.game.round == 2, mirror.game.round
        assert table.built, "no offer or demand with a good and a promise was built"
        assert (ARTIFACTS / "07_play_table.png").stat().st_size > 50_000
        missed = [(name, seen) for name, _text, seen in table.decisions if seen is not None]

        def where(seen: dict) -> str:
            return ", ".join(
                f"{k} at y={b['y']:.0f} (height {b['height']:.0f})" for k, b in seen.items() if b
            )

        # The table keeps the learner's place: the controls' area never shrinks after a
        # decision (the market's controls gave way to the load's, 283 px shorter, and the
        # table shrank under the learner's eyes), so nothing on the screen jumps.
        assert any(name == "make market turn" for name, _px in table.shrunk), table.shrunk
        jumps = [(name, round(px)) for name, px in table.shrunk if px > 4]
        assert not jumps, f"the controls' area shrank (px) after: {jumps}"
        assert not missed, (
            f"the outcome line was outside the {VIEWPORT['width']}x{VIEWPORT['height']} "
            f"viewport (or under JupyterLab's bars) right after {len(missed)} of {len(table.decisions)} decisions: "
            + "; ".join(f"{name!r}: {where(seen)}" for name, seen in missed)
        )


# -- 07: a button greyed by a binding promise says why; a press out of turn says so -----

BOUND_TABLE = """\
from sheriff_core.present.widgets.play import run_bots

bots = [make_player(m, "threshold") for m in ("honest", "smuggler", "briber", "honest")]
game = sc.new_game("classic", players=4, seed=5)
run_bots(game, bots, stop_seat=0)  # Ann (seat 0, the learner) is the Sheriff
game.apply(sc.Threaten(2), player=0)
game.apply(sc.Offer(1, promises=(sc.Promise("inspect", 1),)), player=2)
game.apply(sc.LetPass(2), player=0)  # Ann took Cat's bribe: she must inspect Ben
bound = play_table(game, bots, seat=0)
bound.press("threaten Cat")  # Cat's bag is settled: nothing happens, and it says so
bound"""

_JS_ADD_AND_RUN = """async (source) => {
  const app = window.jupyterapp, nb = app.shell.currentWidget.content;
  nb.activeCellIndex = nb.widgets.length - 1;
  await app.commands.execute('notebook:insert-cell-below');
  await app.commands.execute('notebook:change-cell-to-code');
  nb.activeCell.model.sharedModel.setSource(source);
  await app.commands.execute('notebook:run-cell');
}"""


def test_play_table_greyed_button_says_why_and_a_press_out_of_turn_says_so(lab):
    """In 07, a table where the learner's Sheriff took a bribe that binds her to inspect
    Ben: "let Ben pass" is greyed, its tooltip (title) and a line beside it give the
    engine's reason; a press of a button that is not there prints what happened."""
    from playwright.sync_api import expect

    with screenshot_on_failure(lab, "07_greyed_button"):
        notebook = NOTEBOOKS / "07_play_a_game.ipynb"
        lab.open(notebook.name)
        lab.run_through("def opponents():")
        lab.page.evaluate(_JS_ADD_AND_RUN, BOUND_TABLE)
        cell = lab.cell_with("bound = play_table(")
        out = cell.locator(".jp-OutputArea")
        expect(out).to_contain_text("Nothing happened: 'threaten Cat' was not pressed.")
        expect(out).to_contain_text("The table is at: Now: as Sheriff")
        let = out.get_by_role("button", name="let Ben pass", exact=True)
        expect(let).to_be_disabled()
        expect(let).to_have_attribute("title", re.compile("promised this round to inspect Ben"))
        expect(out.get_by_role("button", name="inspect Ben", exact=True)).to_be_enabled()
        reason = out.get_by_text(re.compile("^greyed: the Sheriff promised this round"))
        expect(reason).to_be_visible()
        let.scroll_into_view_if_needed()
        save_screenshot(lab, "07_greyed_button")


# -- 09: the variant editor, with the mouse ---------------------------------------------


def _spin(lab: Lab, root, description: str, times: int, up: bool = True) -> None:
    """Click the up (or down) arrow of number box `description` `times` times."""
    from playwright.sync_api import expect

    box = root.locator(".widget-text", has_text=description).locator("input[type=number]")
    box.scroll_into_view_if_needed()
    for _ in range(times):
        old = int(box.input_value())
        size = box.bounding_box()
        y = size["height"] * (0.3 if up else 0.7)
        box.click(position={"x": size["width"] - 7, "y": y})
        expect(box).to_have_value(str(old + (1 if up else -1)))


def _row(table, label: str):
    """The cells of the row of `table` that starts with `label`."""
    return table.locator("tr", has_text=label).locator("td")


def test_variant_editor_by_mouse_difference_error_and_save(lab):
    """09 after Run All: with the mouse, raise the Pepper fine to 6 (the difference table
    shows it), make bags of 4 to 3 cards (the loader's message, in red), fix it, save the
    TOML under a typed name (the saved file loads back with the changes), and measure
    the rule against its parent (sentences with 95% intervals)."""
    from playwright.sync_api import expect

    with screenshot_on_failure(lab, "09_house_rules_lab"):
        lab.open("09_house_rules_lab.ipynb")
        lab.timeout, before = 4 * TIMEOUT, lab.timeout  # Run All plays ~2,000 games
        try:
            lab.run_all()
        finally:
            lab.timeout = before
        root = lab.cell_with("editor = variant_editor(").locator(".jp-OutputArea-output").first
        status = root.locator(".widget-html", has_text="classic-house").first
        expect(status).to_contain_text("no changes yet")

        root.locator(".lm-TabBar-tab", has_text="Goods").click()
        _spin(lab, root, "Pepper: fine per card (penalty)", 2)
        diff = root.locator("table.sheriff-diff")
        expect(_row(diff, "Pepper: fine per card (penalty)")).to_have_text(
            ["Pepper: fine per card (penalty)", "4", "6"]
        )
        expect(status).to_contain_text("1 rule field changed from classic")

        root.locator(".lm-TabBar-tab", has_text="Round").click()
        _spin(lab, root, "fewest cards in a bag", 3)
        _spin(lab, root, "most cards in a bag", 2, up=False)
        with pytest.raises(sc.VariantError) as loader:
            house_rule(
                "classic", {"goods.Pepper.penalty": 6, "round.bag_min": 4, "round.bag_max": 3}
            )
        refused = root.locator(".widget-html", has_text="Refused by the rules")
        expect(refused).to_have_text(_words(f"Refused by the rules: {loader.value}"))
        lead = refused.locator("b", has_text="Refused by the rules")
        colour = lead.evaluate("(el) => getComputedStyle(el).color")
        assert colour == "rgb(176, 0, 32)", colour  # #b00020
        expect(diff).to_have_count(0)
        save_screenshot(lab, "09_editor_refused", refused)

        _spin(lab, root, "most cards in a bag", 2)
        # Bags of 4 to 5 cards: the most is the parent's 5 again, so two fields changed.
        expect(status).to_contain_text("2 rule fields changed from classic")
        expect(diff.locator("tr", has_text="most cards in a bag")).to_have_count(0)
        expect(_row(diff, "fewest cards in a bag")).to_have_text(
            ["fewest cards in a bag", "1", "4"]
        )

        name = root.locator(".widget-text", has_text="file name").locator("input")
        name.click()
        name.fill("pepper-six.toml")
        root.get_by_role("button", name="save as TOML").click()
        path = root.locator(".sheriff-saved-path")
        expect(path).to_contain_text("pepper-six.toml")
        expect(root.locator(".sheriff-saved-text")).to_contain_text("penalty = 6")
        save_screenshot(lab, "09_variant_editor", root.locator(".lm-TabBar").first)

        # "measure it": the paired games run in the kernel and the answer comes back as
        # sentences with intervals, right under the button.
        root.get_by_role("button", name="measure it").click()
        measured = root.locator(".widget-html", has_text="Measured")
        expect(measured).to_contain_text("games of each", timeout=4 * TIMEOUT * 1000)
        expect(root.locator(".jp-OutputArea-output", has_text="95 % CI").first).to_contain_text(
            "distinguishable"
        )
        save_screenshot(lab, "09_editor_measured", root)

    saved = lab.server.served / "pepper-six.toml"
    loaded = sc.load_variant(saved)
    assert (loaded.goods["Pepper"].penalty, loaded.bag_min, loaded.bag_max) == (6, 4, 5)
    assert loaded.lineage[0] == "classic"
    assert set(rule_changes("classic", loaded)) == {"goods.Pepper.penalty", "round.bag_min"}
