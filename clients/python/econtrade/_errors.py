"""The errors of the client, as the TypeScript client's `errors.ts` has them.

Branch on ``ApiError.code`` (``invalid_key``, ``not_found``, ``rate_limit_exceeded``,
...), never on messages. The subclasses of ``ApiError`` name the HTTP status, so that
``except NotFoundError`` reads as what it catches.
"""

from typing import Any, Dict, List, Mapping, Optional, Type


class EcontradeError(Exception):
    """Every error this client raises."""


class ApiError(EcontradeError):
    """An answer other than 200, with the service's code, message and request id."""

    status: int
    code: str
    message: str
    request_id: Optional[str]
    detail: Optional[List[Dict[str, Any]]]
    retry_after_s: Optional[float]

    def __init__(self, status: int, body: Mapping[str, Any], retry_after_s: Optional[float] = None) -> None:
        message = body.get("message")
        self.message = message if isinstance(message, str) else f"HTTP {status}"
        super().__init__(self.message)
        self.status = status
        code = body.get("error")
        self.code = code if isinstance(code, str) else "internal_error"
        request_id = body.get("request_id")
        self.request_id = request_id if isinstance(request_id, str) else None
        detail = body.get("detail")
        # The failed parameters of a 422: each with `loc` (["query" | "path", name]) and `msg`.
        self.detail = detail if isinstance(detail, list) else None
        # Seconds the service asked to wait (429, 503), when it said.
        self.retry_after_s = retry_after_s

    def __str__(self) -> str:
        return f"{self.status} {self.code}: {self.message}"


class BadRequestError(ApiError):
    """400: a request the service cannot read."""


class AuthenticationError(ApiError):
    """401: no key, or a key the service does not know."""


class ForbiddenError(ApiError):
    """403: the key may not do this (a disabled key, an exhausted quota)."""


class NotFoundError(ApiError):
    """404: nothing with this id."""


class ValidationError(ApiError):
    """422: a parameter the service refused; ``detail`` names each one."""


class RateLimitError(ApiError):
    """429: too many requests; ``retry_after_s`` says how long to wait."""


class ServerError(ApiError):
    """5xx: the service failed or is unavailable for now."""


_BY_STATUS: Dict[int, Type[ApiError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: ForbiddenError,
    404: NotFoundError,
    422: ValidationError,
    429: RateLimitError,
}


def api_error(status: int, body: Mapping[str, Any], retry_after_s: Optional[float] = None) -> ApiError:
    """The error of an answer with this status: the subclass that names it, else ApiError."""
    cls = _BY_STATUS.get(status, ServerError if status >= 500 else ApiError)
    return cls(status, body, retry_after_s)


class TransportError(EcontradeError):
    """The request did not complete: no answer within the time-out, or the connection failed."""

    timed_out: bool

    def __init__(self, message: str, timed_out: bool) -> None:
        super().__init__(message)
        self.timed_out = timed_out
