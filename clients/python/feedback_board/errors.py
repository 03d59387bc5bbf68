"""The one exception type of the client.

Every failure surfaces as :class:`FeedbackBoardError`. Answers of the service carry the code of its
error envelope (``not_found``, ``claim_conflict``, ``validation_error``, ...). Failures that never
reached an answer have ``status == 0`` and the code ``network_error`` or ``timeout``. An error
answer whose body is not the JSON envelope gets the code ``http_error``; a success answer whose
body cannot be read as the expected resource gets ``invalid_response``.
"""

from __future__ import annotations

import email.utils
import json
import math
import time
from dataclasses import dataclass
from typing import Any, List, Optional, Sequence, Tuple

NETWORK_ERROR = "network_error"
TIMEOUT = "timeout"
HTTP_ERROR = "http_error"
INVALID_RESPONSE = "invalid_response"


@dataclass(frozen=True)
class ErrorDetail:
    """One failed check of a validation error; ``path`` is the dotted field path (``tags.0``)."""

    path: str
    message: str


class FeedbackBoardError(Exception):
    """An error answer of the service, or a request that got no answer (``status == 0``)."""

    status: int
    code: str
    message: str
    details: List[ErrorDetail]
    retry_after: Optional[int]

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: Sequence[ErrorDetail] = (),
        retry_after: Optional[int] = None,
    ) -> None:
        super().__init__(f"{code} ({status}): {message}" if status else f"{code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.details = list(details)
        self.retry_after = retry_after

    def __reduce__(self) -> Tuple[Any, ...]:
        return (
            type(self),
            (self.status, self.code, self.message, self.details, self.retry_after),
        )

    def __repr__(self) -> str:
        return (
            f"FeedbackBoardError(status={self.status!r}, code={self.code!r}, "
            f"message={self.message!r}, details={self.details!r}, "
            f"retry_after={self.retry_after!r})"
        )

    @classmethod
    def from_response(
        cls, status: int, body: bytes, retry_after_header: Optional[str] = None
    ) -> FeedbackBoardError:
        """Rebuilds the error from an error answer: its envelope, or ``http_error`` without one."""
        retry_after = parse_retry_after(retry_after_header)
        envelope = _error_envelope(body)
        if envelope is None:
            reason = f"HTTP {status}"
            text = body.decode("utf-8", "replace").strip()
            if text:
                reason += f": {text[:200]}"
            return cls(status, HTTP_ERROR, reason, (), retry_after)
        code, message, details = envelope
        return cls(status, code, message, details, retry_after)


def _error_envelope(body: bytes) -> Optional[Tuple[str, str, List[ErrorDetail]]]:
    try:
        parsed: object = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    if not isinstance(parsed, dict):
        return None
    error = parsed.get("error")
    if not isinstance(error, dict):
        return None
    code, message = error.get("code"), error.get("message")
    if not isinstance(code, str) or not isinstance(message, str):
        return None
    details: List[ErrorDetail] = []
    raw_details = error.get("details")
    if isinstance(raw_details, list):
        for item in raw_details:
            if isinstance(item, dict):
                path, text = item.get("path"), item.get("message")
                details.append(
                    ErrorDetail(
                        path if isinstance(path, str) else "",
                        text if isinstance(text, str) else "",
                    )
                )
    return code, message, details


def parse_retry_after(value: Optional[str]) -> Optional[int]:
    """Whole seconds from a ``Retry-After`` header (delay-seconds or HTTP-date), else None."""
    if value is None:
        return None
    value = value.strip()
    if value.isdigit():
        return int(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    return max(0, math.ceil(when.timestamp() - time.time()))
