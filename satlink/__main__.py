"""``python -m satlink`` is the ``satlink`` command."""

from satlink.cli import main

main()
