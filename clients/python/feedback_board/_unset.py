"""The "argument not given" marker, for fields where ``None`` is a value the API accepts."""

from __future__ import annotations

import enum
from typing import Final


class Unset(enum.Enum):
    """Type of :data:`UNSET`; an enum, so type checkers narrow ``x is UNSET`` checks."""

    UNSET = "UNSET"

    def __repr__(self) -> str:
        return "UNSET"


#: Default of optional fields that must not be sent unless given; ``None`` is sent as JSON null.
UNSET: Final = Unset.UNSET
