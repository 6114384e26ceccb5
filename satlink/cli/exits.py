"""The exit statuses every command shares (the README's "Exit status" sections).

0: the command's goal was met (every board unique, every proposal found, ...); 1: it ran to
the end but some board is not as asked (multiple, unsolvable, timed out); 2: bad input or
options, or a file that cannot be read or written; 3: a bug in satlink (see
:mod:`satlink.cli`).
"""

EXIT_OK, EXIT_NOT_OK, EXIT_INPUT, EXIT_BUG = 0, 1, 2, 3
