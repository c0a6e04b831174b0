"""bulk() writes an extract to a file, streamed, whose rows are those of /v1/trade."""

import csv
import os
import tempfile
import unittest

from _server import TMP, client, needs_server


@needs_server
class BulkTest(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.mkdtemp(dir=TMP)

    def test_csv_rows_match_the_trade_rows(self) -> None:
        c = client()
        file = os.path.join(self.dir, "trade.csv")
        written = c.bulk(file, reporter="DE", flow="export", from_="2023", to="2023", format="csv")
        self.assertEqual(written, os.path.getsize(file))
        self.assertFalse(os.path.exists(file + ".part"))
        with open(file, newline="", encoding="utf-8") as f:
            extract = list(csv.DictReader(f))
        rows = list(c.list_trade_rows(reporter="DE", flow="export", from_="2023", to="2023", limit=1000))
        self.assertGreater(len(rows), 0)
        self.assertEqual(len(extract), len(rows))

        def key(row: dict) -> tuple:
            return (row["exporter"], row["importer"], row["hs6"], str(row["period"])[:4], round(float(row["value_usd"])))

        self.assertEqual(sorted(map(key, extract)), sorted(map(key, rows)))

    def test_parquet_by_default(self) -> None:
        file = os.path.join(self.dir, "trade.parquet")
        written = client().bulk(file, reporter="DE", flow="export", from_="2023", to="2023")
        self.assertGreater(written, 8)
        with open(file, "rb") as f:
            data = f.read()
        self.assertEqual((data[:4], data[-4:]), (b"PAR1", b"PAR1"))
