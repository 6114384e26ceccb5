"""Puzzle generation: grow paths (the seeds' union-find algorithm), walk them to few long,
straight paths (longpaths), prove the puzzle unique with the core (reshaping where it is
ambiguous), measure it, and catalogue it."""
