"""Puzzle generation: grow paths (the seeds' union-find algorithm), improve the candidate,
prove it unique with the core (repairing ambiguity), measure it, and catalogue it."""
