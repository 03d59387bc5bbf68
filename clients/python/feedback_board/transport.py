"""HTTP exchange with the service: one request, its error mapping, and the opt-in retry policy."""

from __future__ import annotations

import http.client
import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
import re
from typing import Any, Callable, Dict, Mapping, Optional, Tuple, TypeVar

from ._fields import ShapeError
from ._operations import OPERATIONS
from .errors import INVALID_RESPONSE, NETWORK_ERROR, TIMEOUT, FeedbackBoardError

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])

#: The operations the client's methods send, by operation id: filled by :func:`operation` as the
#: modules load (the client's tests compare it with ``OPERATIONS``).
IMPLEMENTED: Dict[str, str] = {}


def operation(name: str) -> Callable[[F], F]:
    """Marks a method as the client's call of operation ``name`` (an id of ``OPERATIONS``)."""
    if name not in OPERATIONS:
        raise KeyError(f"{name} is not an operation of docs/openapi.json")

    def mark(method: F) -> F:
        IMPLEMENTED[name] = method.__qualname__
        return method

    return mark

#: Methods that change nothing, so repeating one after a lost answer is harmless.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

#: Marks "send no body" (``None`` would be the JSON body ``null``).
NO_BODY: Any = object()


@dataclass(frozen=True)
class RetryPolicy:
    """When and how often a failed request is repeated.

    A 429 ``rate_limited`` answer is repeated for every method after its ``Retry-After`` seconds:
    the service refuses it before doing anything. Network errors, timeouts and 5xx answers are
    repeated only for safe methods (GET), and only when the matching flag is set, because the
    service may already have acted on a request whose answer was lost. ``max_retries`` bounds the
    repeats; waits without a ``Retry-After`` grow as ``backoff * 2**attempt`` up to ``max_backoff``.
    ``sleep`` is called with each wait in seconds (inject a recorder in tests).
    """

    max_retries: int = 3
    retry_network_errors: bool = False
    retry_server_errors: bool = False
    backoff: float = 0.5
    max_backoff: float = 30.0
    sleep: Callable[[float], None] = field(default=time.sleep, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.max_retries < 0:
            raise ValueError("max_retries must be >= 0")
        if self.backoff < 0 or self.max_backoff < 0:
            raise ValueError("backoff and max_backoff must be >= 0")

    def delay_before_retry(self, method: str, error: FeedbackBoardError, attempt: int) -> Optional[float]:
        """Seconds to wait before repeat number ``attempt + 1``, or None to give up."""
        if attempt >= self.max_retries:
            return None
        fallback = min(self.backoff * 2.0**attempt, self.max_backoff)
        if error.status == 429:
            return float(error.retry_after) if error.retry_after is not None else fallback
        if method not in SAFE_METHODS:
            return None
        if error.status == 0 and self.retry_network_errors:
            return fallback
        if 500 <= error.status <= 599 and self.retry_server_errors:
            return float(error.retry_after) if error.retry_after is not None else fallback
        return None


class Transport:
    """Sends requests under ``{base_url}/api/v1`` with the key's header and decodes the answers."""

    def __init__(
        self,
        base_url: str,
        headers: Mapping[str, str],
        timeout: float,
        retry: Optional[RetryPolicy],
    ) -> None:
        self._root = base_url.rstrip("/") + "/api/v1"
        self._headers = dict(headers)
        self._timeout = timeout
        self._retry = retry
        self._opener = urllib.request.build_opener()

    def call(
        self,
        method: str,
        path: str,
        parse: Callable[[Any], T],
        *,
        query: Optional[Mapping[str, Optional[object]]] = None,
        body: Any = NO_BODY,
    ) -> T:
        """Sends one operation (with retries) and builds its result from the decoded JSON answer."""
        return self.call_with_status(method, path, lambda _, payload: parse(payload), query=query, body=body)

    def call_operation(
        self,
        name: str,
        parse: Callable[[Any], T],
        *path: object,
        query: Optional[Mapping[str, Optional[object]]] = None,
        body: Any = NO_BODY,
    ) -> T:
        """Sends operation ``name`` with its method and path from ``OPERATIONS``, filled with ``path``."""
        method, template = OPERATIONS[name].method, OPERATIONS[name].path
        return self.call(method, fill_path(template, path), parse, query=query, body=body)

    def call_operation_with_status(
        self,
        name: str,
        parse: Callable[[int, Any], T],
        *path: object,
        body: Any = NO_BODY,
    ) -> T:
        """Like :meth:`call_operation`, for results that depend on the success status too."""
        method, template = OPERATIONS[name].method, OPERATIONS[name].path
        return self.call_with_status(method, fill_path(template, path), parse, body=body)

    def call_with_status(
        self,
        method: str,
        path: str,
        parse: Callable[[int, Any], T],
        *,
        query: Optional[Mapping[str, Optional[object]]] = None,
        body: Any = NO_BODY,
    ) -> T:
        """Like :meth:`call`, for results that depend on the success status too."""
        status, payload = self._with_retries(method, path, query, body)
        try:
            return parse(status, payload)
        except ShapeError as exc:
            raise FeedbackBoardError(status, INVALID_RESPONSE, f"unexpected answer: {exc}") from None

    def _with_retries(
        self, method: str, path: str, query: Optional[Mapping[str, Optional[object]]], body: Any
    ) -> Tuple[int, Any]:
        attempt = 0
        while True:
            try:
                return self._send(method, path, query, body)
            except FeedbackBoardError as error:
                delay = None if self._retry is None else self._retry.delay_before_retry(method, error, attempt)
                if delay is None or self._retry is None:
                    raise
                self._retry.sleep(delay)
                attempt += 1

    def _send(
        self, method: str, path: str, query: Optional[Mapping[str, Optional[object]]], body: Any
    ) -> Tuple[int, Any]:
        url = self._root + path
        params = {k: _query_value(v) for k, v in (query or {}).items() if v is not None}
        if params:
            url += "?" + urllib.parse.urlencode(params)
        headers = dict(self._headers)
        data: Optional[bytes] = None
        if body is not NO_BODY:
            data = json.dumps(body, separators=(",", ":")).encode("utf-8")
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with self._opener.open(request, timeout=self._timeout) as response:
                status: int = response.status
                raw: bytes = response.read()
        except urllib.error.HTTPError as exc:
            error_body = _read_error_body(exc)
            retry_after = exc.headers.get("Retry-After") if exc.headers is not None else None
            raise FeedbackBoardError.from_response(
                exc.code, error_body, retry_after if isinstance(retry_after, str) else None
            ) from None
        except (socket.timeout, TimeoutError) as exc:
            raise _timeout(method, url, exc) from None
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, (socket.timeout, TimeoutError)):
                raise _timeout(method, url, exc.reason) from None
            raise _network(method, url, exc.reason) from None
        except (OSError, http.client.HTTPException) as exc:
            raise _network(method, url, exc) from None
        if not raw:
            return status, None
        try:
            return status, json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise FeedbackBoardError(status, INVALID_RESPONSE, "answer body is not JSON") from None


def _read_error_body(exc: urllib.error.HTTPError) -> bytes:
    try:
        body: bytes = exc.read()
        return body
    except (OSError, http.client.HTTPException):
        return b""
    finally:
        exc.close()


def _query_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _timeout(method: str, url: str, cause: object) -> FeedbackBoardError:
    return FeedbackBoardError(0, TIMEOUT, f"{method} {_where(url)} timed out ({cause})")


def _network(method: str, url: str, cause: object) -> FeedbackBoardError:
    return FeedbackBoardError(0, NETWORK_ERROR, f"{method} {_where(url)} failed: {cause}")


def _where(url: str) -> str:
    """The URL without its query (queries may hold search text)."""
    return urllib.parse.urlsplit(url)._replace(query="").geturl()


def fill_path(template: str, values: Tuple[object, ...]) -> str:
    """``template``'s parameters replaced by ``values`` in order, each percent-encoded as one segment,
    so ``/`` or ``?`` in a slug stay inside it."""
    parameters = re.findall(r"\{\w+\}", template)
    if len(parameters) != len(values):
        raise TypeError(f"{template} takes {len(parameters)} path values, got {len(values)}")
    given = iter(values)
    return re.sub(r"\{\w+\}", lambda _: urllib.parse.quote(str(next(given)), safe=""), template)



def no_content(_: object) -> None:
    """Result of operations answered 204 with an empty body."""
    return None
