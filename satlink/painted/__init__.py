"""Painted boards: draw the solution, get the puzzle.

A designer (or the seeds' generator) draws the paths first and the puzzle is their
endpoints.  One module per job:

* :mod:`satlink.formats.painted` (a format like the others): a painted grid read into the
  puzzle and the drawn paths, every mistake located (a label in pieces, a branching cell, a
  loop);
* :mod:`.judge`: whether the drawn paths are the unique solution of their puzzle under a
  profile (the referee on the drawing, the check on the puzzle);
* :mod:`.fix`: the smallest changes to the drawn paths that make the puzzle unique (cut a
  path where another solution differs, move an end cell to the neighbouring path), each
  proven unique and re-checked by the referee;
* :mod:`.complete`: a partly painted board completed by the generator's walk with the
  painted paths held fixed.
"""
