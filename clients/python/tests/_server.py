"""The server the tests run against: ECONTRADE_URL and ECONTRADE_KEY (set by
`test/python-client.test.ts`, which starts a real server over the sample data)."""

import json
import os
import unittest
import urllib.request
from typing import Any, Dict

from econtrade import Client, RetryPolicy

URL = os.environ.get("ECONTRADE_URL", "")
KEY = os.environ.get("ECONTRADE_KEY", "")
TMP = os.environ.get("ECONTRADE_TMP") or None

needs_server = unittest.skipUnless(URL and KEY, "ECONTRADE_URL and ECONTRADE_KEY name no server")


def client() -> Client:
    """A client of the server, with short waits between retries."""
    return Client(URL, KEY, retry=RetryPolicy(base_delay_s=0.05))


def raw_json(path_and_query: str) -> Dict[str, Any]:
    """The server's own JSON answer, read without the client."""
    request = urllib.request.Request(URL + path_and_query, headers={"Authorization": f"Bearer {KEY}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        body: Dict[str, Any] = json.loads(response.read())
    return body


def without_request_fields(body: Dict[str, Any]) -> Dict[str, Any]:
    """An answer without what differs between two requests (request id, duration)."""
    return {k: v for k, v in body.items() if k not in ("request_id", "duration_ms")}
