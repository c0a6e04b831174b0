"""Time-out and retries, as the service recommends, against a local server that fails on purpose."""

import http.server
import json
import threading
import time
import unittest
from typing import Any, Dict, List, Optional, Tuple

from econtrade import Client, RateLimitError, RetryPolicy, ServerError, TransportError, ValidationError

Answer = Tuple[int, Dict[str, str], float]
"""A status, its headers and how long to wait before answering."""


class FailingServer:
    """A stdlib HTTP server answering from a script of answers, then 200 with ``{"data": []}``."""

    def __init__(self, script: List[Answer]) -> None:
        self.script = list(script)
        self.times: List[float] = []
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (the stdlib's name)
                owner.times.append(time.monotonic())
                status, headers, delay = owner.script.pop(0) if owner.script else (200, {}, 0.0)
                time.sleep(delay)
                body = json.dumps(
                    {"data": []} if status == 200 else {"error": CODES[status], "message": "scripted", "request_id": "r-1"}
                ).encode()
                try:
                    self.send_response(status)
                    for name, value in headers.items():
                        self.send_header(name, value)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except OSError:
                    pass  # the client gave up (its time-out)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def gaps(self) -> List[float]:
        return [b - a for a, b in zip(self.times, self.times[1:])]


CODES = {400: "bad_request", 422: "validation_error", 429: "rate_limit_exceeded", 503: "provider_unavailable", 504: "provider_timeout"}


def client(url: str, timeout_s: float = 5.0, retry: Optional[RetryPolicy] = None) -> Client:
    return Client(url, "k", timeout_s=timeout_s, retry=retry or RetryPolicy(base_delay_s=0.05))


class RetryTest(unittest.TestCase):
    def serve(self, script: List[Answer]) -> FailingServer:
        server = FailingServer(script)
        self.addCleanup(server.close)
        return server

    def test_429_and_503_wait_for_retry_after_then_succeed(self) -> None:
        server = self.serve([(429, {"Retry-After": "1"}, 0), (503, {"Retry-After": "1"}, 0)])
        self.assertEqual(client(server.url).list_countries(), {"data": []})
        self.assertEqual(len(server.times), 3)
        for gap in server.gaps():
            self.assertGreaterEqual(gap, 0.95, "a retry came before Retry-After")

    def test_504_and_503_without_retry_after_back_off_exponentially(self) -> None:
        server = self.serve([(504, {}, 0), (503, {}, 0), (503, {}, 0)])
        c = client(server.url, retry=RetryPolicy(base_delay_s=0.2))
        self.assertEqual(c.list_countries(), {"data": []})
        gaps = server.gaps()
        self.assertEqual(len(gaps), 3)
        for gap, backoff in zip(gaps, (0.2, 0.4, 0.8)):
            self.assertGreaterEqual(gap, backoff * 0.95)

    def test_at_most_three_retries_then_the_error_with_retry_after(self) -> None:
        server = self.serve([(429, {"Retry-After": "0"}, 0)] * 5)
        with self.assertRaises(RateLimitError) as caught:
            client(server.url).list_countries()
        self.assertEqual(len(server.times), 4)
        err = caught.exception
        self.assertEqual((err.status, err.code, err.request_id, err.retry_after_s), (429, "rate_limit_exceeded", "r-1", 0))

    def test_other_statuses_are_not_retried(self) -> None:
        server = self.serve([(422, {}, 0), (400, {}, 0)])
        with self.assertRaises(ValidationError):
            client(server.url).list_countries()
        self.assertEqual(len(server.times), 1)

    def test_a_time_out_is_not_retried(self) -> None:
        server = self.serve([(200, {}, 1.5)])
        started = time.monotonic()
        with self.assertRaises(TransportError) as caught:
            client(server.url, timeout_s=0.3).list_countries()
        self.assertTrue(caught.exception.timed_out)
        self.assertLess(time.monotonic() - started, 1.4)
        time.sleep(1.3)  # the scripted answer ends
        self.assertEqual(len(server.times), 1)

    def test_5xx_after_the_retries_is_a_server_error(self) -> None:
        server = self.serve([(503, {}, 0)] * 4)
        with self.assertRaises(ServerError) as caught:
            client(server.url, retry=RetryPolicy(base_delay_s=0.01)).list_countries()
        self.assertEqual(caught.exception.code, "provider_unavailable")
        self.assertEqual(len(server.times), 4)
