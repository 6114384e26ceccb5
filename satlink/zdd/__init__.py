"""Solution counting by graphillion's frontier-based search (a ZDD of every solution), run in
a process of its own under a memory and time bound: :mod:`~satlink.zdd.problem` states the
board as graphillion's question, :mod:`~satlink.zdd.count` asks it."""
