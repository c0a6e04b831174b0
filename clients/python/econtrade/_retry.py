"""The service's recommended client behaviour, as the TypeScript client's `retry.ts`.

On 429 wait for ``Retry-After``, then retry with exponential backoff; on 503 and 504
retry with backoff; at most 3 retries; never retry any other 4xx. A connection that
fails before any answer is retried like a 503; a request that times out (15 s) is not
retried, since the same request would most likely time out again.
"""

import time
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from typing import Optional


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long to retry."""

    max_retries: int = 3
    """Retries after the first attempt."""
    base_delay_s: float = 0.5
    """The first backoff; each retry doubles it."""
    max_delay_s: float = 30.0
    """A bound on one wait."""


DEFAULT_RETRY = RetryPolicy()


def is_retryable(status: int) -> bool:
    """Whether an answer with this status is retried."""
    return status in (429, 503, 504)


def retry_delay_s(policy: RetryPolicy, retry: int, retry_after_s: Optional[float]) -> float:
    """How long to wait before retry number ``retry`` (0-based): the exponential
    backoff, and never less than the ``Retry-After`` the service gave."""
    backoff = policy.base_delay_s * 2**retry
    asked = 0.0 if retry_after_s is None else retry_after_s
    return min(policy.max_delay_s, max(backoff, asked))


def parse_retry_after(value: Optional[str]) -> Optional[float]:
    """``Retry-After`` in seconds (the service sends whole seconds; an HTTP date is honoured too)."""
    if value is None:
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        at = parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    if at is None:
        return None
    return max(0.0, at.timestamp() - time.time())
