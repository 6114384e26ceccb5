"""Sphinx configuration for satlink's documentation site (Sphinx + MyST Markdown + Furo).

Build it strictly, as CI does (every warning is an error: a broken link, a page missing
from the navigation, a heading anchor that does not exist):

    pip install -e '.[docs]'
    python -m sphinx -W --keep-going -n -b html docs /tmp/satlink-docs
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "satlink"
author = "satlink's developers"
copyright = "satlink's developers"

extensions = [
    "myst_parser",
    "satlink_help",  # docs/_ext/satlink_help.py: each command's --help, as the command prints it
    "satlink_results",  # docs/_ext/satlink_results.py: tables drawn from docs/results/*.json
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_ext", "results"]

# Links to headings inside pages (`formats.md#painted-boards`) are checked like page links.
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

# Option names stay as typed: smart quotes would turn "--count" in running text into an en
# dash ("–count"), which a reader copying it into a shell gets wrong.
smartquotes = False

# Warnings that are errors under -W: a broken cross-reference is one.
nitpicky = True

html_theme = "furo"
html_title = "satlink"
html_static_path: list[str] = []
html_show_sourcelink = False
