"""Requests to the service: the URL, one attempt within the time-out, and the retries.

The rules are the TypeScript client's (`client.ts`, `retry.ts`): a 15 s time-out per
attempt, retries of 429, 503 and 504 and of a connection that fails before any answer
(at most 3, exponential backoff from 0.5 s, never sooner than ``Retry-After``), no retry
of a time-out nor of any other status; an answer other than 200 raises an ``ApiError``.
"""

import json
import os
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from http.client import HTTPResponse
from typing import Any, BinaryIO, Dict, Iterator, List, Mapping, Optional, Sequence, Union

from ._errors import TransportError, api_error
from ._retry import DEFAULT_RETRY, RetryPolicy, is_retryable, parse_retry_after, retry_delay_s

QueryValue = Union[str, int, float, bool, Sequence[Union[str, int]], None]
"""A query parameter: a list is sent comma-separated; ``None`` and ``""`` are left out."""

_CHUNK = 1 << 16
_USER_AGENT = "econtrade-python/1.0.0"


def _query_text(value: Union[str, int, float, bool, Sequence[Union[str, int]]]) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (str, int, float)):
        return str(value)
    return ",".join(_query_text(v) for v in value)


def query_string(query: Optional[Mapping[str, QueryValue]]) -> str:
    """``?name=value&…`` of the parameters that have a value, or ``""``."""
    pairs = [(name, _query_text(value)) for name, value in (query or {}).items() if value is not None and value != ""]
    return "?" + urllib.parse.urlencode(pairs) if pairs else ""


def _timed_out(err: BaseException) -> bool:
    reason = err.reason if isinstance(err, urllib.error.URLError) else err
    return isinstance(reason, (socket.timeout, TimeoutError))


class Transport:
    """Sends GET requests to the service with its key, time-out and retries."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        timeout_s: float = 15.0,
        retry: Optional[RetryPolicy] = None,
    ) -> None:
        """
        Args:
            base_url: where the service runs, e.g. ``https://api.example.org`` (no trailing ``/v1``).
            api_key: the API key; use it from server-side code only.
            timeout_s: the time-out of one attempt (default 15 s, as the service recommends).
            retry: how often and how long to retry (default: 3 retries, backoff from 0.5 s, at most 30 s a wait).
        """
        self.base_url = base_url.rstrip("/")
        self.timeout_s = timeout_s
        self.retry = retry or DEFAULT_RETRY
        self._api_key = api_key

    def url(self, path: str, query: Optional[Mapping[str, QueryValue]] = None, path_params: Optional[Mapping[str, str]] = None) -> str:
        """The URL of an operation: its path with the path parameters filled in, and the query."""
        filled = path
        for name, value in (path_params or {}).items():
            filled = filled.replace("{" + name + "}", urllib.parse.quote(str(value), safe=""))
        if "{" in filled:
            raise TypeError(f"{path} needs its path parameters")
        return self.base_url + filled + query_string(query)

    def _attempt(self, url: str, accept: str) -> HTTPResponse:
        """One attempt: the answer (any status), or a TransportError when none came."""
        request = urllib.request.Request(
            url,
            headers={"Authorization": f"Bearer {self._api_key}", "Accept": accept, "User-Agent": _USER_AGENT},
        )
        try:
            response: HTTPResponse = urllib.request.urlopen(request, timeout=self.timeout_s)
            return response
        except urllib.error.HTTPError as err:
            return err  # type: ignore[return-value]  # an answer other than 2xx, read like one
        except (urllib.error.URLError, OSError) as err:
            if _timed_out(err):
                raise TransportError(f"GET {url}: no answer within {self.timeout_s} s", True) from err
            raise TransportError(f"GET {url}: the request failed: {err}", False) from err

    def send(self, url: str, accept: str) -> HTTPResponse:
        """Sends a request, retrying as the service recommends; the 2xx answer, or an ApiError."""
        retry = 0
        while True:
            try:
                response = self._attempt(url, accept)
            except TransportError as err:
                if err.timed_out or retry >= self.retry.max_retries:
                    raise
                time.sleep(retry_delay_s(self.retry, retry, None))
                retry += 1
                continue
            if 200 <= response.status < 300:
                return response
            retry_after = parse_retry_after(response.headers.get("retry-after"))
            body = _error_body(response)
            if not is_retryable(response.status) or retry >= self.retry.max_retries:
                raise api_error(response.status, body, retry_after)
            time.sleep(retry_delay_s(self.retry, retry, retry_after))
            retry += 1

    def get(self, path: str, query: Optional[Mapping[str, QueryValue]] = None, path_params: Optional[Mapping[str, str]] = None) -> Dict[str, Any]:
        """Any operation by its path: the JSON body of its 200 answer."""
        url = self.url(path, query, path_params)
        with self.send(url, "application/json") as response:
            body: Dict[str, Any] = json.loads(self._read(url, response))
        return body

    def csv(self, path: str, query: Optional[Mapping[str, QueryValue]] = None, path_params: Optional[Mapping[str, str]] = None) -> str:
        """The rows of a list operation as CSV text (header row, RFC 4180)."""
        with_format = {**(query or {}), "format": "csv"}
        url = self.url(path, with_format, path_params)
        with self.send(url, "text/csv") as response:
            return self._read(url, response).decode("utf-8")

    def _read(self, url: str, response: HTTPResponse) -> bytes:
        """The whole body of an answer; a TransportError when it stops coming."""
        try:
            return response.read()
        except OSError as err:
            raise TransportError(f"GET {url}: the answer broke off: {err}", _timed_out(err)) from err

    def download(
        self,
        file: Union[str, "os.PathLike[str]"],
        path: str,
        query: Optional[Mapping[str, QueryValue]] = None,
        path_params: Optional[Mapping[str, str]] = None,
    ) -> int:
        """A file operation's answer (``/v1/trade/bulk``) written to ``file`` as it
        arrives, never held in memory; the number of bytes written. The time-out
        bounds the wait for the answer and for each read, not the whole download. The
        file appears whole or not at all (it is written beside it, then renamed)."""
        target = os.fspath(file)
        partial = f"{target}.part"
        with self.send(self.url(path, query, path_params), "*/*") as response:
            written = 0
            try:
                with open(partial, "wb") as out:
                    written = _copy(response, out)
                os.replace(partial, target)
            except BaseException:
                if os.path.exists(partial):
                    os.remove(partial)
                raise
        return written

    def pages(self, path: str, query: Optional[Mapping[str, QueryValue]] = None, path_params: Optional[Mapping[str, str]] = None) -> Iterator[Dict[str, Any]]:
        """Every page of a paged operation, following ``next_cursor`` until the last."""
        cursor: Optional[str] = None
        while True:
            page = self.get(path, {**(query or {}), **({"cursor": cursor} if cursor else {})}, path_params)
            yield page
            next_cursor = page.get("next_cursor")
            if not next_cursor:
                return
            cursor = str(next_cursor)

    def rows(self, path: str, query: Optional[Mapping[str, QueryValue]] = None, path_params: Optional[Mapping[str, str]] = None) -> Iterator[Dict[str, Any]]:
        """Every row of a paged operation, page after page."""
        for page in self.pages(path, query, path_params):
            data: List[Dict[str, Any]] = page.get("data") or []
            yield from data


def _error_body(response: HTTPResponse) -> Dict[str, Any]:
    """The JSON error body of an answer, or ``{}`` when it has none."""
    try:
        body = json.loads(response.read())
    except (ValueError, OSError):
        return {}
    finally:
        response.close()
    return body if isinstance(body, dict) else {}


def _copy(response: HTTPResponse, out: BinaryIO) -> int:
    written = 0
    while True:
        chunk = response.read(_CHUNK)
        if not chunk:
            return written
        out.write(chunk)
        written += len(chunk)
