"""The page iterators follow next_cursor to the last page."""

import unittest

from _server import client, needs_server


@needs_server
class PagingTest(unittest.TestCase):
    def test_trade_rows_in_small_pages_are_the_rows_of_one_big_page(self) -> None:
        c = client()
        whole = c.list_trade(reporter="DE", from_="2023", to="2023", limit=10000)
        self.assertIsNone(whole["next_cursor"])
        self.assertGreater(len(whole["data"]), 250)
        pages = list(c.list_trade_pages(reporter="DE", from_="2023", to="2023", limit=100))
        self.assertEqual(len(pages), -(-len(whole["data"]) // 100))
        self.assertTrue(all(p["next_cursor"] for p in pages[:-1]))
        self.assertIsNone(pages[-1]["next_cursor"])
        rows = list(c.list_trade_rows(reporter="DE", from_="2023", to="2023", limit=100))
        self.assertEqual(rows, whole["data"])

    def test_history_rows_cross_pages(self) -> None:
        c = client()
        pages = list(c.get_history_pages(country="DEU"))
        self.assertGreater(len(pages), 1, "the sample should give more than one page (1000 a page)")
        rows = list(c.get_history_rows(country="DEU"))
        self.assertEqual(rows, [row for page in pages for row in page["data"]])
        keys = [(r["series_id"], r["date"]) for r in rows]
        self.assertEqual(len(keys), len(set(keys)), "a row came twice")
        self.assertEqual(keys, sorted(keys))
