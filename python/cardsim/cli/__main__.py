"""``python -m cardsim.cli``: the ``cardsim`` command."""

import sys

from .main import main

sys.exit(main())
