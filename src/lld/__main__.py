"""``python -m lld`` is the ``lld`` command."""

import sys

from lld.cli import main

sys.exit(main())
