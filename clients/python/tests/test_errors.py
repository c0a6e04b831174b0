"""Answers other than 200 are typed errors carrying the service's code."""

import unittest

from econtrade import (
    ApiError,
    AuthenticationError,
    Client,
    EcontradeError,
    NotFoundError,
    TransportError,
    ValidationError,
)

from _server import URL, client, needs_server


@needs_server
class ErrorsTest(unittest.TestCase):
    def test_401_invalid_key(self) -> None:
        with self.assertRaises(AuthenticationError) as caught:
            Client(URL, "not-a-key").list_countries()
        err = caught.exception
        self.assertIsInstance(err, ApiError)
        self.assertIsInstance(err, EcontradeError)
        self.assertEqual(err.status, 401)
        self.assertEqual(err.code, "invalid_key")
        self.assertTrue(err.message)
        self.assertRegex(err.request_id or "", r"^[0-9a-f-]{36}$")

    def test_404_not_found(self) -> None:
        with self.assertRaises(NotFoundError) as caught:
            client().get_trade_country("ZZ")
        self.assertEqual(caught.exception.status, 404)
        self.assertEqual(caught.exception.code, "not_found")
        self.assertIsNotNone(caught.exception.request_id)

    def test_422_names_the_parameter(self) -> None:
        with self.assertRaises(ValidationError) as caught:
            client().get_history(country="DEU", from_="not-a-date")
        err = caught.exception
        self.assertEqual((err.status, err.code), (422, "validation_error"))
        self.assertTrue(any(issue.get("loc") == ["query", "from"] for issue in err.detail or []), err.detail)

    def test_no_server_is_a_transport_error(self) -> None:
        unused = Client("http://127.0.0.1:9", "k", timeout_s=2)
        unused.retry = unused.retry.__class__(max_retries=1, base_delay_s=0.01)
        with self.assertRaises(TransportError) as caught:
            unused.list_countries()
        self.assertFalse(caught.exception.timed_out)
