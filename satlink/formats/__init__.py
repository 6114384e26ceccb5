"""File formats: one module per format, and a registry that detects, reads and writes them
(:mod:`~satlink.formats.registry`).

Every reader yields :class:`Entry` objects, one per board, each holding a board or a located
:class:`InputError`, so a bad board never hides the good ones next to it.
"""

from satlink.formats.entry import DEFAULT_MAX_CELLS, Entry
from satlink.formats.errors import InputError, WriteError
from satlink.formats.registry import (
    EXAMPLE_PACK,
    FORMATS,
    MAX_READ_BYTES,
    detect,
    example_path,
    expand_files,
    file_lines,
    format_for_path,
    read_file,
    read_text,
    write_text,
)

__all__ = ["DEFAULT_MAX_CELLS", "EXAMPLE_PACK", "Entry", "FORMATS", "InputError", "MAX_READ_BYTES",
           "WriteError", "detect", "example_path", "expand_files", "file_lines", "format_for_path",
           "read_file", "read_text", "write_text"]
