"""``satlink studio``: design, explain, repair and play-test puzzles in the browser.

A local web application served from the satlink process (:mod:`satlink.studio.app`): the page
(``static/``: plain JavaScript, CSS and SVG, no build step) edits a board, by drawing its
paths or placing its endpoints, and asks the JSON API (:mod:`satlink.studio.api`) for a
verdict on every edit, the reason behind it, hints and new puzzles; the drawing is judged and
fixed by :mod:`satlink.studio.drawing`, repairs are :mod:`satlink.studio.repairs`' (their
progress told by :mod:`satlink.studio.progress`); the API calls the library in worker threads
(:mod:`satlink.studio.jobs`), reads boards through the same validation as every file format
(:mod:`satlink.studio.boards`), opens and saves packs (:mod:`satlink.studio.files`,
:mod:`satlink.studio.saving`), and answers only local pages (:mod:`satlink.studio.safety`).
"""

from satlink.studio.app import create_app
from satlink.studio.boards import Limits
from satlink.studio.safety import ServeOptions

__all__ = ["Limits", "ServeOptions", "create_app"]
