"""satlink's version, in a module of its own: what writes it into a file (a DIMACS header, a
benchmark's metadata) need not import the package's face, which imports the solver."""

__version__ = "0.1.0"
