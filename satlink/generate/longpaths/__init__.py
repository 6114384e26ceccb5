"""Few long, straight paths: a random walk over path covers toward a colour count and a look.

The union-find growth gives many short, crooked paths.  This step takes any valid path
system (paths simple and non-touching, leftover cells solid) and changes it by local moves
that keep it valid, accepting each by the Metropolis rule on a cost while the temperature
falls (simulated annealing).  One module per job:

* :mod:`.cost`: the look aimed at (:class:`Look`) and how a path cover is scored: colours
  away from the target, leftover cells, turns and endpoints on the border count against
  it, one long "snake" path and (a little, as published levels have them) one-edge jogs
  for it;
* :mod:`.walk`: the path cover in a form cheap to change (:class:`Walk`), and the price of
  a change before it is made;
* :mod:`.moves`: the moves (extend, merge, slide, rewire, split, absorb);
* :mod:`.schedule`: the annealing loop, and its uses: :func:`lengthen` walks a grown
  system to the target colour count with long straight runs, :func:`reshape` moves paths
  where two solutions of a board differ (the repair of an ambiguous candidate) and
  :func:`settle` brings the count and the look back after it.
"""

from satlink.generate.longpaths.cost import DEFAULT_LOOK, Look
from satlink.generate.longpaths.moves import cut_between
from satlink.generate.longpaths.schedule import anneal, lengthen, reshape, settle
from satlink.generate.longpaths.walk import Walk

__all__ = ["DEFAULT_LOOK", "Look", "Walk", "anneal", "cut_between", "lengthen", "reshape",
           "settle"]
