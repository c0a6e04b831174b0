"""Every operation of the API as a method, generated from the service's OpenAPI
document (`/v1/openapi.json`) by `scripts/python-client.ts`; a test fails when they
differ. Do not edit: run `UPDATE_PYTHON_CLIENT=1 node --import tsx --test
test/python-client-drift.test.ts`."""

# ruff: noqa: E501
import os
from typing import Any, Dict, Iterator, Literal, Optional, Sequence, Union

from ._frames import frame_or_body
from ._transport import Transport

OPERATIONS: Dict[str, str] = {
    "list_countries": "/v1/countries",
    "list_indicators": "/v1/indicators",
    "get_latest": "/v1/latest",
    "get_history": "/v1/history",
    "search": "/v1/search",
    "list_updates": "/v1/updates",
    "list_vintages": "/v1/vintages",
    "list_trade": "/v1/trade",
    "get_trade_summary": "/v1/trade/summary",
    "list_trade_monthly": "/v1/trade/monthly",
    "get_trade_coverage": "/v1/trade/coverage",
    "search_products": "/v1/trade/products",
    "get_product": "/v1/trade/products/{pid}",
    "get_product_history": "/v1/trade/products/{pid}/history",
    "get_product_markets": "/v1/trade/products/{pid}/markets",
    "get_product_concordance": "/v1/trade/products/{pid}/concordance",
    "get_product_related": "/v1/trade/products/{pid}/related",
    "search_trade_countries": "/v1/trade/countries",
    "get_trade_country": "/v1/trade/countries/{cid}",
    "get_country_imports": "/v1/trade/countries/{cid}/imports",
    "get_country_exports": "/v1/trade/countries/{cid}/exports",
    "get_country_partners": "/v1/trade/countries/{cid}/partners",
    "get_country_products": "/v1/trade/countries/{cid}/products",
    "get_country_advantage": "/v1/trade/countries/{cid}/advantage",
    "get_country_opportunities": "/v1/trade/countries/{cid}/opportunities",
    "list_country_complexity": "/v1/trade/complexity/countries",
    "list_product_complexity": "/v1/trade/complexity/products",
    "download_trade": "/v1/trade/bulk",
}
"""The method of each operation, and its path."""


class Operations(Transport):
    """One method per operation of the API."""

    def list_countries(
        self,
        *,
        frame: bool = False,
    ) -> Any:
        """Every country and aggregate with data, sorted by country_id.

        `GET /v1/countries`. Costs 1 credit per 200 answer; other answers are free. Also
        answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).

        Args:
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/countries",
            {},
            {},
        )
        return frame_or_body(answer, frame)

    def list_indicators(
        self,
        *,
        frame: bool = False,
    ) -> Any:
        """Every indicator with data, sorted by kpi_id.

        `GET /v1/indicators`. Costs 1 credit per 200 answer; other answers are free.
        Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).

        Args:
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/indicators",
            {},
            {},
        )
        return frame_or_body(answer, frame)

    def get_latest(
        self,
        *,
        country: Optional[Union[str, Sequence[str]]] = None,
        indicator: Optional[Union[str, Sequence[str]]] = None,
        group: Optional[str] = None,
        as_of: Optional[str] = None,
        frame: bool = False,
    ) -> Any:
        """Latest value of each matching series, sorted by country_id then kpi_id.

        `GET /v1/latest`. Costs 1 credit per 200 answer; other answers are free. Also
        answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).

        Args:
            country: ISO3, ISO2, slug or group token (g7, g20, emu, eu, oecd, brics);
                comma-separated list (e.g. DEU,FRA)
            indicator: kpi_id, slug or alias; comma-separated list (e.g. CPI_YOY)
            group: indicator group: gdp, prices, labour, money, government, external
                (e.g. prices)
            as_of: a day written YYYY-MM-DD: the observations as they were known at its
                end (UTC), each point with realtime_start, the day its value became
                known; a value not yet published then is absent (e.g. 2024-06-30)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/latest",
            {
                "country": country,
                "indicator": indicator,
                "group": group,
                "as_of": as_of,
            },
            {},
        )
        return frame_or_body(answer, frame)

    def get_history(
        self,
        *,
        country: Optional[Union[str, Sequence[str]]] = None,
        indicator: Optional[Union[str, Sequence[str]]] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        as_of: Optional[str] = None,
        transform: Optional[Literal["none", "yoy", "mom", "log_diff", "3mma", "chg", "ch1", "pch", "pc1", "pca", "cch", "cca", "log"]] = None,
        frequency: Optional[Literal["monthly", "quarterly", "annual"]] = None,
        aggregation: Optional[Literal["avg", "sum", "eop"]] = None,
        cursor: Optional[str] = None,
        frame: bool = False,
    ) -> Any:
        """Observations sorted by series_id then date, 1000 a page, optionally aggregated and transformed.

        `GET /v1/history`. Costs 2 credits per 200 answer; other answers are free. Also
        answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).

        Args:
            country: ISO3, ISO2, slug or group token (g7, g20, emu, eu, oecd, brics);
                comma-separated list (e.g. DEU,FRA)
            indicator: kpi_id, slug or alias; comma-separated list (e.g. CPI_YOY)
            from_: the first date, written YYYY or YYYY-MM-DD (inclusive) (e.g. 2020)
            to: the last date, written YYYY or YYYY-MM-DD (inclusive) (e.g. 2024-06-30)
            as_of: a day written YYYY-MM-DD: the observations as they were known at its
                end (UTC), each point with realtime_start, the day its value became
                known; a value not yet published then is absent (e.g. 2024-06-30)
            transform: computed on the whole series before from/to apply: none, yoy,
                mom, log_diff, 3mma (3-period mean), or FRED's units: chg (change), ch1
                (change from a year ago), pch (percent change), pc1 (percent change from
                a year ago), pca (compounded annual rate of change), cch (continuously
                compounded rate of change), cca (continuously compounded annual rate of
                change), log (natural log) (default none) (e.g. yoy)
            frequency: answer at this frequency, lower than every matching series' own
                (a 422 names a series that is not): each period from its sub-periods,
                only when all are there (3 months a quarter, 12 a year, 4 quarters a
                year; from daily data, any day), dated by its first day; the transform
                applies after (e.g. annual)
            aggregation: with frequency: avg (the mean, by default), sum, or eop (the
                last observation of the period) (e.g. sum)
            cursor: next_cursor of the previous page, with the same other parameters
                (e.g. WzEsIkRFVS5DUElfWU9ZIiwiMjAyNC0wMS0wMSJdCmtIcFhB)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/history",
            {
                "country": country,
                "indicator": indicator,
                "from": from_,
                "to": to,
                "as_of": as_of,
                "transform": transform,
                "frequency": frequency,
                "aggregation": aggregation,
                "cursor": cursor,
            },
            {},
        )
        return frame_or_body(answer, frame)

    def get_history_pages(
        self,
        *,
        country: Optional[Union[str, Sequence[str]]] = None,
        indicator: Optional[Union[str, Sequence[str]]] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        as_of: Optional[str] = None,
        transform: Optional[Literal["none", "yoy", "mom", "log_diff", "3mma", "chg", "ch1", "pch", "pc1", "pca", "cch", "cca", "log"]] = None,
        frequency: Optional[Literal["monthly", "quarterly", "annual"]] = None,
        aggregation: Optional[Literal["avg", "sum", "eop"]] = None,
    ) -> Iterator[Dict[str, Any]]:
        """Observations sorted by series_id then date, 1000 a page, optionally aggregated and transformed.

        `GET /v1/history`. Costs 2 credits per 200 answer; other answers are free. Also
        answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).

        Args:
            country: ISO3, ISO2, slug or group token (g7, g20, emu, eu, oecd, brics);
                comma-separated list (e.g. DEU,FRA)
            indicator: kpi_id, slug or alias; comma-separated list (e.g. CPI_YOY)
            from_: the first date, written YYYY or YYYY-MM-DD (inclusive) (e.g. 2020)
            to: the last date, written YYYY or YYYY-MM-DD (inclusive) (e.g. 2024-06-30)
            as_of: a day written YYYY-MM-DD: the observations as they were known at its
                end (UTC), each point with realtime_start, the day its value became
                known; a value not yet published then is absent (e.g. 2024-06-30)
            transform: computed on the whole series before from/to apply: none, yoy,
                mom, log_diff, 3mma (3-period mean), or FRED's units: chg (change), ch1
                (change from a year ago), pch (percent change), pc1 (percent change from
                a year ago), pca (compounded annual rate of change), cch (continuously
                compounded rate of change), cca (continuously compounded annual rate of
                change), log (natural log) (default none) (e.g. yoy)
            frequency: answer at this frequency, lower than every matching series' own
                (a 422 names a series that is not): each period from its sub-periods,
                only when all are there (3 months a quarter, 12 a year, 4 quarters a
                year; from daily data, any day), dated by its first day; the transform
                applies after (e.g. annual)
            aggregation: with frequency: avg (the mean, by default), sum, or eop (the
                last observation of the period) (e.g. sum)

        Returns:
            Every page (each answer as ``get_history`` gives it), following
            ``next_cursor``.
        """
        return self.pages(
            "/v1/history",
            {
                "country": country,
                "indicator": indicator,
                "from": from_,
                "to": to,
                "as_of": as_of,
                "transform": transform,
                "frequency": frequency,
                "aggregation": aggregation,
            },
            {},
        )

    def get_history_rows(
        self,
        *,
        country: Optional[Union[str, Sequence[str]]] = None,
        indicator: Optional[Union[str, Sequence[str]]] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        as_of: Optional[str] = None,
        transform: Optional[Literal["none", "yoy", "mom", "log_diff", "3mma", "chg", "ch1", "pch", "pc1", "pca", "cch", "cca", "log"]] = None,
        frequency: Optional[Literal["monthly", "quarterly", "annual"]] = None,
        aggregation: Optional[Literal["avg", "sum", "eop"]] = None,
    ) -> Iterator[Dict[str, Any]]:
        """Observations sorted by series_id then date, 1000 a page, optionally aggregated and transformed.

        `GET /v1/history`. Costs 2 credits per 200 answer; other answers are free. Also
        answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).

        Args:
            country: ISO3, ISO2, slug or group token (g7, g20, emu, eu, oecd, brics);
                comma-separated list (e.g. DEU,FRA)
            indicator: kpi_id, slug or alias; comma-separated list (e.g. CPI_YOY)
            from_: the first date, written YYYY or YYYY-MM-DD (inclusive) (e.g. 2020)
            to: the last date, written YYYY or YYYY-MM-DD (inclusive) (e.g. 2024-06-30)
            as_of: a day written YYYY-MM-DD: the observations as they were known at its
                end (UTC), each point with realtime_start, the day its value became
                known; a value not yet published then is absent (e.g. 2024-06-30)
            transform: computed on the whole series before from/to apply: none, yoy,
                mom, log_diff, 3mma (3-period mean), or FRED's units: chg (change), ch1
                (change from a year ago), pch (percent change), pc1 (percent change from
                a year ago), pca (compounded annual rate of change), cch (continuously
                compounded rate of change), cca (continuously compounded annual rate of
                change), log (natural log) (default none) (e.g. yoy)
            frequency: answer at this frequency, lower than every matching series' own
                (a 422 names a series that is not): each period from its sub-periods,
                only when all are there (3 months a quarter, 12 a year, 4 quarters a
                year; from daily data, any day), dated by its first day; the transform
                applies after (e.g. annual)
            aggregation: with frequency: avg (the mean, by default), sum, or eop (the
                last observation of the period) (e.g. sum)

        Returns:
            Every row of every page; ``to_pandas()`` makes them a DataFrame.
        """
        return self.rows(
            "/v1/history",
            {
                "country": country,
                "indicator": indicator,
                "from": from_,
                "to": to,
                "as_of": as_of,
                "transform": transform,
                "frequency": frequency,
                "aggregation": aggregation,
            },
            {},
        )

    def search(
        self,
        *,
        q: str,
        limit: Optional[int] = None,
        frame: bool = False,
    ) -> Any:
        """Countries, indicators and series matching free text, best first.

        `GET /v1/search`. Costs 1 credit per 200 answer; other answers are free. Also
        answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).

        Args:
            q: free text, 1 to 200 characters after trimming (e.g. germany inflation)
            limit: results to return (default 20) (e.g. 10)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/search",
            {
                "q": q,
                "limit": limit,
            },
            {},
        )
        return frame_or_body(answer, frame)

    def list_updates(
        self,
        *,
        since: str,
        country: Optional[Union[str, Sequence[str]]] = None,
        frame: bool = False,
    ) -> Any:
        """Series whose data changed after `since`, sorted by last_update then series_id.

        `GET /v1/updates`. Costs 1 credit per 200 answer; other answers are free. Also
        answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).

        Args:
            since: ISO 8601 date-time; a plain date means 00:00 UTC (e.g.
                2026-06-01T00:00:00Z)
            country: ISO3, ISO2, slug or group token (g7, g20, emu, eu, oecd, brics);
                comma-separated list (e.g. DEU,FRA)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/updates",
            {
                "since": since,
                "country": country,
            },
            {},
        )
        return frame_or_body(answer, frame)

    def list_vintages(
        self,
        *,
        country: Optional[Union[str, Sequence[str]]] = None,
        indicator: Optional[Union[str, Sequence[str]]] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        frame: bool = False,
    ) -> Any:
        """The days the data of each matching series changed (its vintages), sorted by series_id.

        `GET /v1/vintages`. Costs 1 credit per 200 answer; other answers are free. Also
        answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).

        Args:
            country: ISO3, ISO2, slug or group token (g7, g20, emu, eu, oecd, brics);
                comma-separated list (e.g. DEU,FRA)
            indicator: kpi_id, slug or alias; comma-separated list (e.g. CPI_YOY)
            from_: the first vintage date, written YYYY or YYYY-MM-DD (inclusive) (e.g.
                2024)
            to: the last vintage date, written YYYY or YYYY-MM-DD (inclusive) (e.g.
                2024-12-31)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/vintages",
            {
                "country": country,
                "indicator": indicator,
                "from": from_,
                "to": to,
            },
            {},
        )
        return frame_or_body(answer, frame)

    def list_trade(
        self,
        *,
        reporter: Optional[Union[str, Sequence[str]]] = None,
        partner: Optional[Union[str, Sequence[str]]] = None,
        product: Optional[Union[str, Sequence[str]]] = None,
        flow: Optional[Literal["export", "import"]] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        hs_version: Optional[int] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
        frame: bool = False,
    ) -> Any:
        """Annual observations (exporter, importer, product, year), a page at a time.

        `GET /v1/trade`. Costs 2 credits per 200 answer; other answers are free. Also
        answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).

        Args:
            reporter: reporting country: ISO2 or ISO3 codes (any case) or EU,
                comma-separated (e.g. DE)
            partner: partner country: ISO2 or ISO3 codes (any case) or EU,
                comma-separated (e.g. US,CN)
            product: HS codes of 2, 4 or 6 digits, optionally prefixed hs:,
                comma-separated (e.g. 2709,8703)
            flow: from the reporter's side: export (reporter exports) or import
                (reporter imports); both when absent (e.g. export)
            from_: the first year, written YYYY (inclusive) (e.g. 2020)
            to: the last year, written YYYY (inclusive) (e.g. 2023)
            hs_version: answer in this HS edition (one whose conversion table is
                loaded): flows of later editions converted with the UNSD table, flows of
                earlier ones left out and counted in x-hs-excluded-flows; as reported
                when absent (e.g. 1992)
            limit: rows per page (default 1000) (e.g. 10)
            cursor: next_cursor of the previous page, with the same other parameters
                (limit may change) (e.g.
                WzEsIkRFVS5DUElfWU9ZIiwiMjAyNC0wMS0wMSJdCmtIcFhB)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade",
            {
                "reporter": reporter,
                "partner": partner,
                "product": product,
                "flow": flow,
                "from": from_,
                "to": to,
                "hs_version": hs_version,
                "limit": limit,
                "cursor": cursor,
            },
            {},
        )
        return frame_or_body(answer, frame)

    def list_trade_pages(
        self,
        *,
        reporter: Optional[Union[str, Sequence[str]]] = None,
        partner: Optional[Union[str, Sequence[str]]] = None,
        product: Optional[Union[str, Sequence[str]]] = None,
        flow: Optional[Literal["export", "import"]] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        hs_version: Optional[int] = None,
        limit: Optional[int] = None,
    ) -> Iterator[Dict[str, Any]]:
        """Annual observations (exporter, importer, product, year), a page at a time.

        `GET /v1/trade`. Costs 2 credits per 200 answer; other answers are free. Also
        answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).

        Args:
            reporter: reporting country: ISO2 or ISO3 codes (any case) or EU,
                comma-separated (e.g. DE)
            partner: partner country: ISO2 or ISO3 codes (any case) or EU,
                comma-separated (e.g. US,CN)
            product: HS codes of 2, 4 or 6 digits, optionally prefixed hs:,
                comma-separated (e.g. 2709,8703)
            flow: from the reporter's side: export (reporter exports) or import
                (reporter imports); both when absent (e.g. export)
            from_: the first year, written YYYY (inclusive) (e.g. 2020)
            to: the last year, written YYYY (inclusive) (e.g. 2023)
            hs_version: answer in this HS edition (one whose conversion table is
                loaded): flows of later editions converted with the UNSD table, flows of
                earlier ones left out and counted in x-hs-excluded-flows; as reported
                when absent (e.g. 1992)
            limit: rows per page (default 1000) (e.g. 10)

        Returns:
            Every page (each answer as ``list_trade`` gives it), following
            ``next_cursor``.
        """
        return self.pages(
            "/v1/trade",
            {
                "reporter": reporter,
                "partner": partner,
                "product": product,
                "flow": flow,
                "from": from_,
                "to": to,
                "hs_version": hs_version,
                "limit": limit,
            },
            {},
        )

    def list_trade_rows(
        self,
        *,
        reporter: Optional[Union[str, Sequence[str]]] = None,
        partner: Optional[Union[str, Sequence[str]]] = None,
        product: Optional[Union[str, Sequence[str]]] = None,
        flow: Optional[Literal["export", "import"]] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        hs_version: Optional[int] = None,
        limit: Optional[int] = None,
    ) -> Iterator[Dict[str, Any]]:
        """Annual observations (exporter, importer, product, year), a page at a time.

        `GET /v1/trade`. Costs 2 credits per 200 answer; other answers are free. Also
        answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).

        Args:
            reporter: reporting country: ISO2 or ISO3 codes (any case) or EU,
                comma-separated (e.g. DE)
            partner: partner country: ISO2 or ISO3 codes (any case) or EU,
                comma-separated (e.g. US,CN)
            product: HS codes of 2, 4 or 6 digits, optionally prefixed hs:,
                comma-separated (e.g. 2709,8703)
            flow: from the reporter's side: export (reporter exports) or import
                (reporter imports); both when absent (e.g. export)
            from_: the first year, written YYYY (inclusive) (e.g. 2020)
            to: the last year, written YYYY (inclusive) (e.g. 2023)
            hs_version: answer in this HS edition (one whose conversion table is
                loaded): flows of later editions converted with the UNSD table, flows of
                earlier ones left out and counted in x-hs-excluded-flows; as reported
                when absent (e.g. 1992)
            limit: rows per page (default 1000) (e.g. 10)

        Returns:
            Every row of every page; ``to_pandas()`` makes them a DataFrame.
        """
        return self.rows(
            "/v1/trade",
            {
                "reporter": reporter,
                "partner": partner,
                "product": product,
                "flow": flow,
                "from": from_,
                "to": to,
                "hs_version": hs_version,
                "limit": limit,
            },
            {},
        )

    def get_trade_summary(
        self,
        *,
        reporter: Optional[Union[str, Sequence[str]]] = None,
        partner: Optional[Union[str, Sequence[str]]] = None,
        product: Optional[Union[str, Sequence[str]]] = None,
        flow: Optional[Literal["export", "import"]] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        hs_version: Optional[int] = None,
        frame: bool = False,
    ) -> Any:
        """Totals, growth, unit value, top partners and concentration.

        `GET /v1/trade/summary`. Costs 2 credits per 200 answer; other answers are free.

        Args:
            reporter: reporting country: ISO2 or ISO3 codes (any case) or EU,
                comma-separated (e.g. DE)
            partner: partner country: ISO2 or ISO3 codes (any case) or EU,
                comma-separated (e.g. US,CN)
            product: HS codes of 2, 4 or 6 digits, optionally prefixed hs:,
                comma-separated (e.g. 2709,8703)
            flow: from the reporter's side: export (reporter exports) or import
                (reporter imports); both when absent (e.g. export)
            from_: the first year, written YYYY (inclusive) (e.g. 2020)
            to: the last year, written YYYY (inclusive) (e.g. 2023)
            hs_version: answer in this HS edition (one whose conversion table is
                loaded): flows of later editions converted with the UNSD table, flows of
                earlier ones left out and counted in x-hs-excluded-flows; as reported
                when absent (e.g. 1992)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/summary",
            {
                "reporter": reporter,
                "partner": partner,
                "product": product,
                "flow": flow,
                "from": from_,
                "to": to,
                "hs_version": hs_version,
            },
            {},
        )
        return frame_or_body(answer, frame)

    def list_trade_monthly(
        self,
        *,
        exporter: Optional[Union[str, Sequence[str]]] = None,
        importer: Optional[Union[str, Sequence[str]]] = None,
        product: Optional[Union[str, Sequence[str]]] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        hs_version: Optional[int] = None,
        method: Optional[Literal["reconciled", "exporter", "importer"]] = None,
        group_by: Optional[Literal["period", "exporter", "importer", "hs6"]] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
        frame: bool = False,
    ) -> Any:
        """Monthly flows by exporter, importer and product, by declaring side, a page at a time unless grouped.

        `GET /v1/trade/monthly`. Costs 3 credits per 200 answer; other answers are free.
        Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).

        Args:
            exporter: exporter: ISO2 or ISO3 codes (any case) or EU, comma-separated
                (e.g. DE)
            importer: importer: ISO2 or ISO3 codes (any case) or EU, comma-separated
                (e.g. US)
            product: HS codes of 2, 4 or 6 digits, optionally prefixed hs:,
                comma-separated (e.g. 2709,8703)
            from_: the first month, written YYYY-MM or YYYY (inclusive) (e.g. 2024-01)
            to: the last month, written YYYY-MM or YYYY (inclusive) (e.g. 2024-12)
            hs_version: answer in this HS edition (one whose conversion table is
                loaded): flows of later editions converted with the UNSD table, flows of
                earlier ones left out and counted in x-hs-excluded-flows; as reported
                when absent (e.g. 1992)
            method: whose declarations: the exporter's (FOB), the importer's (CIF), or
                reconciled (the importer's where one exists, else the exporter's)
                (default reconciled) (e.g. exporter)
            group_by: sums by this key; not paged (e.g. hs6)
            limit: rows per page; with group_by, the number of groups (default 1000)
                (e.g. 10)
            cursor: next_cursor of the previous page, with the same other parameters
                (limit may change); not with group_by (e.g.
                WzEsIkRFVS5DUElfWU9ZIiwiMjAyNC0wMS0wMSJdCmtIcFhB)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/monthly",
            {
                "exporter": exporter,
                "importer": importer,
                "product": product,
                "from": from_,
                "to": to,
                "hs_version": hs_version,
                "method": method,
                "group_by": group_by,
                "limit": limit,
                "cursor": cursor,
            },
            {},
        )
        return frame_or_body(answer, frame)

    def list_trade_monthly_pages(
        self,
        *,
        exporter: Optional[Union[str, Sequence[str]]] = None,
        importer: Optional[Union[str, Sequence[str]]] = None,
        product: Optional[Union[str, Sequence[str]]] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        hs_version: Optional[int] = None,
        method: Optional[Literal["reconciled", "exporter", "importer"]] = None,
        group_by: Optional[Literal["period", "exporter", "importer", "hs6"]] = None,
        limit: Optional[int] = None,
    ) -> Iterator[Dict[str, Any]]:
        """Monthly flows by exporter, importer and product, by declaring side, a page at a time unless grouped.

        `GET /v1/trade/monthly`. Costs 3 credits per 200 answer; other answers are free.
        Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).

        Args:
            exporter: exporter: ISO2 or ISO3 codes (any case) or EU, comma-separated
                (e.g. DE)
            importer: importer: ISO2 or ISO3 codes (any case) or EU, comma-separated
                (e.g. US)
            product: HS codes of 2, 4 or 6 digits, optionally prefixed hs:,
                comma-separated (e.g. 2709,8703)
            from_: the first month, written YYYY-MM or YYYY (inclusive) (e.g. 2024-01)
            to: the last month, written YYYY-MM or YYYY (inclusive) (e.g. 2024-12)
            hs_version: answer in this HS edition (one whose conversion table is
                loaded): flows of later editions converted with the UNSD table, flows of
                earlier ones left out and counted in x-hs-excluded-flows; as reported
                when absent (e.g. 1992)
            method: whose declarations: the exporter's (FOB), the importer's (CIF), or
                reconciled (the importer's where one exists, else the exporter's)
                (default reconciled) (e.g. exporter)
            group_by: sums by this key; not paged (e.g. hs6)
            limit: rows per page; with group_by, the number of groups (default 1000)
                (e.g. 10)

        Returns:
            Every page (each answer as ``list_trade_monthly`` gives it), following
            ``next_cursor``.
        """
        return self.pages(
            "/v1/trade/monthly",
            {
                "exporter": exporter,
                "importer": importer,
                "product": product,
                "from": from_,
                "to": to,
                "hs_version": hs_version,
                "method": method,
                "group_by": group_by,
                "limit": limit,
            },
            {},
        )

    def list_trade_monthly_rows(
        self,
        *,
        exporter: Optional[Union[str, Sequence[str]]] = None,
        importer: Optional[Union[str, Sequence[str]]] = None,
        product: Optional[Union[str, Sequence[str]]] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        hs_version: Optional[int] = None,
        method: Optional[Literal["reconciled", "exporter", "importer"]] = None,
        group_by: Optional[Literal["period", "exporter", "importer", "hs6"]] = None,
        limit: Optional[int] = None,
    ) -> Iterator[Dict[str, Any]]:
        """Monthly flows by exporter, importer and product, by declaring side, a page at a time unless grouped.

        `GET /v1/trade/monthly`. Costs 3 credits per 200 answer; other answers are free.
        Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).

        Args:
            exporter: exporter: ISO2 or ISO3 codes (any case) or EU, comma-separated
                (e.g. DE)
            importer: importer: ISO2 or ISO3 codes (any case) or EU, comma-separated
                (e.g. US)
            product: HS codes of 2, 4 or 6 digits, optionally prefixed hs:,
                comma-separated (e.g. 2709,8703)
            from_: the first month, written YYYY-MM or YYYY (inclusive) (e.g. 2024-01)
            to: the last month, written YYYY-MM or YYYY (inclusive) (e.g. 2024-12)
            hs_version: answer in this HS edition (one whose conversion table is
                loaded): flows of later editions converted with the UNSD table, flows of
                earlier ones left out and counted in x-hs-excluded-flows; as reported
                when absent (e.g. 1992)
            method: whose declarations: the exporter's (FOB), the importer's (CIF), or
                reconciled (the importer's where one exists, else the exporter's)
                (default reconciled) (e.g. exporter)
            group_by: sums by this key; not paged (e.g. hs6)
            limit: rows per page; with group_by, the number of groups (default 1000)
                (e.g. 10)

        Returns:
            Every row of every page; ``to_pandas()`` makes them a DataFrame.
        """
        return self.rows(
            "/v1/trade/monthly",
            {
                "exporter": exporter,
                "importer": importer,
                "product": product,
                "from": from_,
                "to": to,
                "hs_version": hs_version,
                "method": method,
                "group_by": group_by,
                "limit": limit,
            },
            {},
        )

    def get_trade_coverage(
        self,
        *,
        frame: bool = False,
    ) -> Any:
        """Years and months of data of each reporting country.

        `GET /v1/trade/coverage`. Costs 1 credit per 200 answer; other answers are free.
        Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).

        Args:
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/coverage",
            {},
            {},
        )
        return frame_or_body(answer, frame)

    def search_products(
        self,
        *,
        q: str,
        limit: Optional[int] = None,
        frame: bool = False,
    ) -> Any:
        """HS6 products by code prefix or name.

        `GET /v1/trade/products`. Costs 1 credit per 200 answer; other answers are free.
        Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).

        Args:
            q: free text, 1 to 200 characters after trimming (e.g. crude petroleum)
            limit: results to return (default 50) (e.g. 10)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/products",
            {
                "q": q,
                "limit": limit,
            },
            {},
        )
        return frame_or_body(answer, frame)

    def get_product(
        self,
        pid: str,
        *,
        frame: bool = False,
    ) -> Any:
        """The HS6 codes under a product code.

        `GET /v1/trade/products/{pid}`. Costs 1 credit per 200 answer; other answers are
        free.

        Args:
            pid: an HS code of 2, 4 or 6 digits, optionally prefixed hs: (e.g. 2709)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/products/{pid}",
            {},
            {"pid": pid},
        )
        return frame_or_body(answer, frame)

    def get_product_history(
        self,
        pid: str,
        *,
        reporter: Optional[Union[str, Sequence[str]]] = None,
        partner: Optional[Union[str, Sequence[str]]] = None,
        flow: Optional[Literal["export", "import"]] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        hs_version: Optional[int] = None,
        frame: bool = False,
    ) -> Any:
        """Annual trade of a product.

        `GET /v1/trade/products/{pid}/history`. Costs 1 credit per 200 answer; other
        answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv`
        without `format`).

        Args:
            pid: an HS code of 2, 4 or 6 digits, optionally prefixed hs: (e.g. 2709)
            reporter: reporting country: ISO2 or ISO3 codes (any case) or EU,
                comma-separated (e.g. DE)
            partner: partner country: ISO2 or ISO3 codes (any case) or EU,
                comma-separated (e.g. US,CN)
            flow: from the reporter's side: export (reporter exports) or import
                (reporter imports); both when absent (e.g. export)
            from_: the first year, written YYYY (inclusive) (e.g. 2020)
            to: the last year, written YYYY (inclusive) (e.g. 2023)
            hs_version: answer in this HS edition (one whose conversion table is
                loaded): flows of later editions converted with the UNSD table, flows of
                earlier ones left out and counted in x-hs-excluded-flows; as reported
                when absent (e.g. 1992)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/products/{pid}/history",
            {
                "reporter": reporter,
                "partner": partner,
                "flow": flow,
                "from": from_,
                "to": to,
                "hs_version": hs_version,
            },
            {"pid": pid},
        )
        return frame_or_body(answer, frame)

    def get_product_markets(
        self,
        pid: str,
        *,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        hs_version: Optional[int] = None,
        limit: Optional[int] = None,
        frame: bool = False,
    ) -> Any:
        """Largest exporters and importers of a product.

        `GET /v1/trade/products/{pid}/markets`. Costs 2 credits per 200 answer; other
        answers are free.

        Args:
            pid: an HS code of 2, 4 or 6 digits, optionally prefixed hs: (e.g. 2709)
            from_: the first year, written YYYY (inclusive) (e.g. 2020)
            to: the last year, written YYYY (inclusive) (e.g. 2023)
            hs_version: answer in this HS edition (one whose conversion table is
                loaded): flows of later editions converted with the UNSD table, flows of
                earlier ones left out and counted in x-hs-excluded-flows; as reported
                when absent (e.g. 1992)
            limit: exporters and importers to return, each (default 20) (e.g. 10)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/products/{pid}/markets",
            {
                "from": from_,
                "to": to,
                "hs_version": hs_version,
                "limit": limit,
            },
            {"pid": pid},
        )
        return frame_or_body(answer, frame)

    def get_product_concordance(
        self,
        pid: str,
        *,
        to: int,
        frame: bool = False,
    ) -> Any:
        """The codes of another HS edition that the codes under a product correspond to.

        `GET /v1/trade/products/{pid}/concordance`. Costs 1 credit per 200 answer; other
        answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv`
        without `format`).

        Args:
            pid: an HS code of 2, 4 or 6 digits, optionally prefixed hs: (e.g. 2709)
            to: the HS edition to map to (one whose correlation table is loaded) (e.g.
                1992)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/products/{pid}/concordance",
            {
                "to": to,
            },
            {"pid": pid},
        )
        return frame_or_body(answer, frame)

    def get_product_related(
        self,
        pid: str,
        *,
        year: Optional[str] = None,
        level: Optional[Literal["hs4", "hs6"]] = None,
        hs_version: Optional[int] = None,
        min_country_exports: Optional[int] = None,
        min_product_trade: Optional[int] = None,
        limit: Optional[int] = None,
        frame: bool = False,
    ) -> Any:
        """Products closest to a product in the product space (proximity).

        `GET /v1/trade/products/{pid}/related`. Costs 2 credits per 200 answer; other
        answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv`
        without `format`).

        Args:
            pid: an HS code of 2, 4 or 6 digits, optionally prefixed hs: (e.g. 2709)
            year: the year, written YYYY (default: the latest year with data) (e.g.
                2023)
            level: products as HS6 flows summed to their 4-digit heading (hs4), or as
                HS6 codes (hs6) (default hs4) (e.g. hs4)
            hs_version: the HS edition it is computed in (default: the one every flow of
                the year was reported in; with several, the earliest with a loaded
                conversion table): flows of later editions are converted into it (e.g.
                2022)
            min_country_exports: USD: leave out countries whose exports of every product
                in the year add up to less (default 1000000000) (e.g. 1000000000)
            min_product_trade: USD: leave out products whose exports by every exporter
                in the year add up to less (default 500000000) (e.g. 500000000)
            limit: rows to return (default 100) (e.g. 50)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/products/{pid}/related",
            {
                "year": year,
                "level": level,
                "hs_version": hs_version,
                "min_country_exports": min_country_exports,
                "min_product_trade": min_product_trade,
                "limit": limit,
            },
            {"pid": pid},
        )
        return frame_or_body(answer, frame)

    def search_trade_countries(
        self,
        *,
        q: str,
        limit: Optional[int] = None,
        frame: bool = False,
    ) -> Any:
        """Countries by name, ISO2 or ISO3.

        `GET /v1/trade/countries`. Costs 1 credit per 200 answer; other answers are
        free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without
        `format`).

        Args:
            q: free text, 1 to 200 characters after trimming (e.g. germany)
            limit: results to return (default 50) (e.g. 10)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/countries",
            {
                "q": q,
                "limit": limit,
            },
            {},
        )
        return frame_or_body(answer, frame)

    def get_trade_country(
        self,
        cid: str,
        *,
        frame: bool = False,
    ) -> Any:
        """A country (or the EU group) and its region.

        `GET /v1/trade/countries/{cid}`. Costs 1 credit per 200 answer; other answers
        are free.

        Args:
            cid: an ISO2 (or ISO3) country code, or EU (e.g. DE)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/countries/{cid}",
            {},
            {"cid": cid},
        )
        return frame_or_body(answer, frame)

    def get_country_imports(
        self,
        cid: str,
        *,
        partner: Optional[Union[str, Sequence[str]]] = None,
        product: Optional[Union[str, Sequence[str]]] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        hs_version: Optional[int] = None,
        frame: bool = False,
    ) -> Any:
        """Annual imports of a country.

        `GET /v1/trade/countries/{cid}/imports`. Costs 1 credit per 200 answer; other
        answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv`
        without `format`).

        Args:
            cid: an ISO2 (or ISO3) country code, or EU (e.g. DE)
            partner: partner country: ISO2 or ISO3 codes (any case) or EU,
                comma-separated (e.g. US,CN)
            product: HS codes of 2, 4 or 6 digits, optionally prefixed hs:,
                comma-separated (e.g. 2709,8703)
            from_: the first year, written YYYY (inclusive) (e.g. 2020)
            to: the last year, written YYYY (inclusive) (e.g. 2023)
            hs_version: answer in this HS edition (one whose conversion table is
                loaded): flows of later editions converted with the UNSD table, flows of
                earlier ones left out and counted in x-hs-excluded-flows; as reported
                when absent (e.g. 1992)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/countries/{cid}/imports",
            {
                "partner": partner,
                "product": product,
                "from": from_,
                "to": to,
                "hs_version": hs_version,
            },
            {"cid": cid},
        )
        return frame_or_body(answer, frame)

    def get_country_exports(
        self,
        cid: str,
        *,
        partner: Optional[Union[str, Sequence[str]]] = None,
        product: Optional[Union[str, Sequence[str]]] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        hs_version: Optional[int] = None,
        frame: bool = False,
    ) -> Any:
        """Annual exports of a country.

        `GET /v1/trade/countries/{cid}/exports`. Costs 1 credit per 200 answer; other
        answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv`
        without `format`).

        Args:
            cid: an ISO2 (or ISO3) country code, or EU (e.g. DE)
            partner: partner country: ISO2 or ISO3 codes (any case) or EU,
                comma-separated (e.g. US,CN)
            product: HS codes of 2, 4 or 6 digits, optionally prefixed hs:,
                comma-separated (e.g. 2709,8703)
            from_: the first year, written YYYY (inclusive) (e.g. 2020)
            to: the last year, written YYYY (inclusive) (e.g. 2023)
            hs_version: answer in this HS edition (one whose conversion table is
                loaded): flows of later editions converted with the UNSD table, flows of
                earlier ones left out and counted in x-hs-excluded-flows; as reported
                when absent (e.g. 1992)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/countries/{cid}/exports",
            {
                "partner": partner,
                "product": product,
                "from": from_,
                "to": to,
                "hs_version": hs_version,
            },
            {"cid": cid},
        )
        return frame_or_body(answer, frame)

    def get_country_partners(
        self,
        cid: str,
        *,
        flow: Optional[Literal["export", "import"]] = None,
        product: Optional[Union[str, Sequence[str]]] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        hs_version: Optional[int] = None,
        limit: Optional[int] = None,
        frame: bool = False,
    ) -> Any:
        """Partners of a country ranked by trade value.

        `GET /v1/trade/countries/{cid}/partners`. Costs 1 credit per 200 answer; other
        answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv`
        without `format`).

        Args:
            cid: an ISO2 (or ISO3) country code, or EU (e.g. DE)
            flow: from the reporter's side: export (reporter exports) or import
                (reporter imports); both when absent (e.g. export)
            product: HS codes of 2, 4 or 6 digits, optionally prefixed hs:,
                comma-separated (e.g. 2709,8703)
            from_: the first year, written YYYY (inclusive) (e.g. 2020)
            to: the last year, written YYYY (inclusive) (e.g. 2023)
            hs_version: answer in this HS edition (one whose conversion table is
                loaded): flows of later editions converted with the UNSD table, flows of
                earlier ones left out and counted in x-hs-excluded-flows; as reported
                when absent (e.g. 1992)
            limit: partners to return (default 50) (e.g. 10)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/countries/{cid}/partners",
            {
                "flow": flow,
                "product": product,
                "from": from_,
                "to": to,
                "hs_version": hs_version,
                "limit": limit,
            },
            {"cid": cid},
        )
        return frame_or_body(answer, frame)

    def get_country_products(
        self,
        cid: str,
        *,
        flow: Optional[Literal["export", "import"]] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        hs_version: Optional[int] = None,
        limit: Optional[int] = None,
        frame: bool = False,
    ) -> Any:
        """Products of a country ranked by trade value.

        `GET /v1/trade/countries/{cid}/products`. Costs 1 credit per 200 answer; other
        answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv`
        without `format`).

        Args:
            cid: an ISO2 (or ISO3) country code, or EU (e.g. DE)
            flow: from the reporter's side: export (reporter exports) or import
                (reporter imports); both when absent (e.g. export)
            from_: the first year, written YYYY (inclusive) (e.g. 2020)
            to: the last year, written YYYY (inclusive) (e.g. 2023)
            hs_version: answer in this HS edition (one whose conversion table is
                loaded): flows of later editions converted with the UNSD table, flows of
                earlier ones left out and counted in x-hs-excluded-flows; as reported
                when absent (e.g. 1992)
            limit: products to return (default 50) (e.g. 10)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/countries/{cid}/products",
            {
                "flow": flow,
                "from": from_,
                "to": to,
                "hs_version": hs_version,
                "limit": limit,
            },
            {"cid": cid},
        )
        return frame_or_body(answer, frame)

    def get_country_advantage(
        self,
        cid: str,
        *,
        year: Optional[str] = None,
        hs_version: Optional[int] = None,
        min_value: Optional[int] = None,
        limit: Optional[int] = None,
        frame: bool = False,
    ) -> Any:
        """Products of a country ranked by revealed comparative advantage (Balassa's index).

        `GET /v1/trade/countries/{cid}/advantage`. Costs 2 credits per 200 answer; other
        answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv`
        without `format`).

        Args:
            cid: an ISO2 (or ISO3) country code, or EU (e.g. DE)
            year: the year, written YYYY (default: the latest year the country exported
                anything) (e.g. 2023)
            hs_version: the HS edition RCA is computed in (default: the one every flow
                of the year was reported in; with several, the earliest with a loaded
                conversion table): flows of later editions are converted into it (e.g.
                2022)
            min_value: USD: leave out products the country exports less of (the shares
                still count every product) (default 0) (e.g. 1000000)
            limit: products to return (default 50) (e.g. 10)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/countries/{cid}/advantage",
            {
                "year": year,
                "hs_version": hs_version,
                "min_value": min_value,
                "limit": limit,
            },
            {"cid": cid},
        )
        return frame_or_body(answer, frame)

    def get_country_opportunities(
        self,
        cid: str,
        *,
        year: Optional[str] = None,
        level: Optional[Literal["hs4", "hs6"]] = None,
        hs_version: Optional[int] = None,
        min_country_exports: Optional[int] = None,
        min_product_trade: Optional[int] = None,
        limit: Optional[int] = None,
        frame: bool = False,
    ) -> Any:
        """Products a country could move into: density and complexity outlook gain (COG).

        `GET /v1/trade/countries/{cid}/opportunities`. Costs 2 credits per 200 answer;
        other answers are free. Also answers `text/csv` (`format=csv`, or `Accept:
        text/csv` without `format`).

        Args:
            cid: an ISO2 (or ISO3) country code, or EU (e.g. DE)
            year: the year, written YYYY (default: the latest year with data) (e.g.
                2023)
            level: products as HS6 flows summed to their 4-digit heading (hs4), or as
                HS6 codes (hs6) (default hs4) (e.g. hs4)
            hs_version: the HS edition it is computed in (default: the one every flow of
                the year was reported in; with several, the earliest with a loaded
                conversion table): flows of later editions are converted into it (e.g.
                2022)
            min_country_exports: USD: leave out countries whose exports of every product
                in the year add up to less (default 1000000000) (e.g. 1000000000)
            min_product_trade: USD: leave out products whose exports by every exporter
                in the year add up to less (default 500000000) (e.g. 500000000)
            limit: rows to return (default 100) (e.g. 50)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/countries/{cid}/opportunities",
            {
                "year": year,
                "level": level,
                "hs_version": hs_version,
                "min_country_exports": min_country_exports,
                "min_product_trade": min_product_trade,
                "limit": limit,
            },
            {"cid": cid},
        )
        return frame_or_body(answer, frame)

    def list_country_complexity(
        self,
        *,
        year: Optional[str] = None,
        level: Optional[Literal["hs4", "hs6"]] = None,
        hs_version: Optional[int] = None,
        min_country_exports: Optional[int] = None,
        min_product_trade: Optional[int] = None,
        limit: Optional[int] = None,
        frame: bool = False,
    ) -> Any:
        """Countries ranked by economic complexity (ECI) in a year.

        `GET /v1/trade/complexity/countries`. Costs 2 credits per 200 answer; other
        answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv`
        without `format`).

        Args:
            year: the year, written YYYY (default: the latest year with data) (e.g.
                2023)
            level: products as HS6 flows summed to their 4-digit heading (hs4), or as
                HS6 codes (hs6) (default hs4) (e.g. hs4)
            hs_version: the HS edition it is computed in (default: the one every flow of
                the year was reported in; with several, the earliest with a loaded
                conversion table): flows of later editions are converted into it (e.g.
                2022)
            min_country_exports: USD: leave out countries whose exports of every product
                in the year add up to less (default 1000000000) (e.g. 1000000000)
            min_product_trade: USD: leave out products whose exports by every exporter
                in the year add up to less (default 500000000) (e.g. 500000000)
            limit: rows to return (default: all of them) (default 10000) (e.g. 50)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/complexity/countries",
            {
                "year": year,
                "level": level,
                "hs_version": hs_version,
                "min_country_exports": min_country_exports,
                "min_product_trade": min_product_trade,
                "limit": limit,
            },
            {},
        )
        return frame_or_body(answer, frame)

    def list_product_complexity(
        self,
        *,
        year: Optional[str] = None,
        level: Optional[Literal["hs4", "hs6"]] = None,
        hs_version: Optional[int] = None,
        min_country_exports: Optional[int] = None,
        min_product_trade: Optional[int] = None,
        limit: Optional[int] = None,
        frame: bool = False,
    ) -> Any:
        """Products ranked by complexity (PCI) in a year.

        `GET /v1/trade/complexity/products`. Costs 2 credits per 200 answer; other
        answers are free. Also answers `text/csv` (`format=csv`, or `Accept: text/csv`
        without `format`).

        Args:
            year: the year, written YYYY (default: the latest year with data) (e.g.
                2023)
            level: products as HS6 flows summed to their 4-digit heading (hs4), or as
                HS6 codes (hs6) (default hs4) (e.g. hs4)
            hs_version: the HS edition it is computed in (default: the one every flow of
                the year was reported in; with several, the earliest with a loaded
                conversion table): flows of later editions are converted into it (e.g.
                2022)
            min_country_exports: USD: leave out countries whose exports of every product
                in the year add up to less (default 1000000000) (e.g. 1000000000)
            min_product_trade: USD: leave out products whose exports by every exporter
                in the year add up to less (default 500000000) (e.g. 500000000)
            limit: rows to return (default: all of them) (default 10000) (e.g. 50)
            frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers
                as floats).

        Returns:
            The JSON answer (a dict), or its DataFrame with ``frame=True``.
        """
        answer = self.get(
            "/v1/trade/complexity/products",
            {
                "year": year,
                "level": level,
                "hs_version": hs_version,
                "min_country_exports": min_country_exports,
                "min_product_trade": min_product_trade,
                "limit": limit,
            },
            {},
        )
        return frame_or_body(answer, frame)

    def download_trade(
        self,
        file: Union[str, "os.PathLike[str]"],
        *,
        reporter: Optional[Union[str, Sequence[str]]] = None,
        partner: Optional[Union[str, Sequence[str]]] = None,
        product: Optional[Union[str, Sequence[str]]] = None,
        flow: Optional[Literal["export", "import"]] = None,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        hs_version: Optional[int] = None,
        format: Optional[Literal["parquet", "csv"]] = None,
    ) -> int:
        """Every annual observation of the /v1/trade filters as one Parquet or CSV file.

        `GET /v1/trade/bulk`. Costs 1 credit per started 100 000 rows (at least 1),
        counted and reserved before the first byte; other answers are free. An error
        after the first byte ends the stream: the file is left truncated.

        Args:
            file: the path the answer is written to, as it arrives (whole or not at
                all).
            reporter: reporting country: ISO2 or ISO3 codes (any case) or EU,
                comma-separated (e.g. DE)
            partner: partner country: ISO2 or ISO3 codes (any case) or EU,
                comma-separated (e.g. US,CN)
            product: HS codes of 2, 4 or 6 digits, optionally prefixed hs:,
                comma-separated (e.g. 2709,8703)
            flow: from the reporter's side: export (reporter exports) or import
                (reporter imports); both when absent (e.g. export)
            from_: the first year, written YYYY (inclusive) (e.g. 2020)
            to: the last year, written YYYY (inclusive) (e.g. 2023)
            hs_version: answer in this HS edition (one whose conversion table is
                loaded): flows of later editions converted with the UNSD table, flows of
                earlier ones left out and counted in x-hs-excluded-flows; as reported
                when absent (e.g. 1992)
            format: parquet (application/vnd.apache.parquet) or csv (text/csv, a header
                row) (default parquet) (e.g. parquet)

        Returns:
            The number of bytes written.
        """
        return self.download(
            file,
            "/v1/trade/bulk",
            {
                "reporter": reporter,
                "partner": partner,
                "product": product,
                "flow": flow,
                "from": from_,
                "to": to,
                "hs_version": hs_version,
                "format": format,
            },
            {},
        )
