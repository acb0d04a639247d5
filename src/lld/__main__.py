"""``python -m lld`` is the ``lld`` command."""

import sys

from lld.cli import main

# Guarded: a worker process started by spawn or forkserver (lld simulate's
# pool) imports the main module again, and must not run the command line.
if __name__ == "__main__":
    sys.exit(main())
