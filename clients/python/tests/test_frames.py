"""DataFrames: dates as datetimes, numbers as floats."""

import os
import unittest

from econtrade import to_pandas

from _server import client, needs_server

try:
    import pandas
except ImportError:  # pandas is optional
    pandas = None  # type: ignore[assignment]

if pandas is None and os.environ.get("ECONTRADE_REQUIRE_PANDAS") == "1":
    raise ImportError("pandas is required here (ECONTRADE_REQUIRE_PANDAS=1): install python3-pandas")


@needs_server
@unittest.skipIf(pandas is None, "pandas is not installed: the DataFrame tests are skipped")
class FramesTest(unittest.TestCase):
    def test_history_frame(self) -> None:
        c = client()
        frame = c.get_history(country="DEU", indicator="CPI", frame=True)
        answer = c.get_history(country="DEU", indicator="CPI")
        self.assertEqual(len(frame), len(answer["data"]))
        self.assertEqual(str(frame["date"].dtype), "datetime64[ns]")
        self.assertEqual(str(frame["value"].dtype), "float64")
        self.assertEqual(frame["date"].iloc[0], pandas.Timestamp(answer["data"][0]["date"]))
        self.assertEqual(frame["value"].iloc[0], float(answer["data"][0]["value"]))

    def test_trade_rows_frame_over_every_page(self) -> None:
        rows = client().list_trade_rows(reporter="DE", from_="2023", to="2023", limit=200)
        frame = to_pandas(rows)
        self.assertGreater(len(frame), 200)
        self.assertTrue(pandas.api.types.is_datetime64_any_dtype(frame["period"]))
        self.assertEqual(str(frame["value_usd"].dtype), "float64")
        self.assertEqual(str(frame["quantity"].dtype), "float64")
        self.assertEqual(frame["exporter"].dtype, object)

    def test_latest_frame_with_missing_values(self) -> None:
        frame = client().get_latest(country="DEU", frame=True)
        self.assertEqual(str(frame["latest_value"].dtype), "float64")
        self.assertEqual(str(frame["latest_value_date"].dtype), "datetime64[ns]")
