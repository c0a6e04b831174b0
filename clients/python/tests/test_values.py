"""The methods answer what the server answers."""

import unittest

from _server import client, needs_server, raw_json, without_request_fields


@needs_server
class ValuesTest(unittest.TestCase):
    def assert_same(self, answer: dict, path_and_query: str) -> None:
        self.assertTrue(answer["data"], f"{path_and_query} has no data")
        self.assertEqual(without_request_fields(answer), without_request_fields(raw_json(path_and_query)))

    def test_history(self) -> None:
        answer = client().get_history(country="DEU", indicator="CPI", from_="2015-01-01")
        self.assert_same(answer, "/v1/history?country=DEU&indicator=CPI&from=2015-01-01")
        self.assertTrue(all(p["series_id"] == "DEU.CPI" for p in answer["data"]))

    def test_latest(self) -> None:
        answer = client().get_latest(country=["USA", "DEU"], group="prices")
        self.assert_same(answer, "/v1/latest?country=USA,DEU&group=prices")

    def test_trade_summary(self) -> None:
        answer = client().get_trade_summary(reporter="DE", partner="CN", flow="export")
        self.assert_same(answer, "/v1/trade/summary?reporter=DE&partner=CN&flow=export")

    def test_country_partners(self) -> None:
        answer = client().get_country_partners("DE", flow="export", limit=5)
        self.assert_same(answer, "/v1/trade/countries/DE/partners?flow=export&limit=5")
        self.assertLessEqual(len(answer["data"]), 5)

    def test_csv(self) -> None:
        text = client().csv("/v1/trade/countries/{cid}/partners", {"flow": "export"}, {"cid": "DE"})
        header = text.splitlines()[0]
        self.assertIn("value_usd", header)
