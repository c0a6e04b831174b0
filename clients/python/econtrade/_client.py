"""The client: every operation (generated), with ``bulk()`` for the extracts."""

from ._operations import Operations


class Client(Operations):
    """The client of the API: one method per operation (named after its operationId in
    snake_case), the service's recommended time-out and retries, typed errors
    (``ApiError.code``), iteration over pages (``*_pages``, ``*_rows``), DataFrames
    (``frame=True``, ``to_pandas()``), CSV text (``csv()``) and bulk extracts
    (``bulk()``).

    >>> client = Client("https://api.example.org", api_key="...")
    >>> client.get_latest(country="DEU", indicator="CPI_YOY")["data"][0]["latest_value"]
    """

    bulk = Operations.download_trade
    """Every annual observation of the ``/v1/trade`` filters written to a file (Parquet,
    or CSV with ``format="csv"``), streamed: ``client.bulk("trade.parquet", reporter="DE")``."""
