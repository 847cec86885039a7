"""The site's browser tests' browser: Debian's chromium driven by Playwright (no browser
download), a page that records every console error, page error, dialog and network request
(``page.errors``), and the folder for screenshots (``$DUELSPEC_ARTIFACTS`` or ``build/artifacts``)."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

browser = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (.ci/run installs it with apt-get)")


@pytest.fixture(scope="module")
def page():
    pw = pytest.importorskip("playwright.sync_api", reason="playwright (the test extra) is not installed")
    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed (.ci/run installs it with apt-get)")
    with pw.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pg = b.new_page(viewport={"width": 1280, "height": 900})
        pg.errors = []
        pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
        pg.on("pageerror", lambda e: pg.errors.append(str(e)))
        pg.on("dialog", lambda d: (pg.errors.append("dialog: " + d.message), d.dismiss()))
        pg.on("request", lambda rq: pg.errors.append("network: " + rq.url) if not rq.url.startswith(("file:", "data:")) else None)
        yield pg
        b.close()


def _artifacts() -> Path:
    d = Path(os.environ.get("DUELSPEC_ARTIFACTS", REPO / "build" / "artifacts"))
    d.mkdir(parents=True, exist_ok=True)
    return d
