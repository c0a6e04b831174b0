"""Answers as pandas DataFrames: dates as datetimes, numbers as floats.

pandas is imported only here, and only when a DataFrame is asked for: the rest of the
client needs nothing beyond the standard library.
"""

import re
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Mapping, Union

if TYPE_CHECKING:
    import pandas

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_DATE_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}")

Rows = Union[Mapping[str, Any], Iterable[Mapping[str, Any]]]
"""An answer (its ``data`` are the rows), or rows (a list, or an iterator over pages)."""


def _rows(source: Rows) -> List[Mapping[str, Any]]:
    if isinstance(source, Mapping):
        data = source.get("data", source)
        if isinstance(data, list):
            return data
        return [data] if isinstance(data, Mapping) else [source]
    return list(source)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def to_pandas(source: Rows) -> "pandas.DataFrame":
    """A DataFrame of an answer's rows (or of the rows of an iterator such as
    ``client.get_history_rows(...)``): one column per field; a column whose values are
    all dates (``YYYY-MM-DD``) or times (ISO 8601) becomes datetime64, one whose values
    are all numbers becomes float64; missing values are NaT / NaN."""
    try:
        import pandas as pd
    except ImportError as err:
        raise ImportError("to_pandas() and frame=True need pandas (pip install pandas)") from err
    rows = _rows(source)
    frame = pd.DataFrame.from_records([dict(row) for row in rows])
    for column in frame.columns:
        values = [v for v in frame[column].tolist() if v is not None and not (isinstance(v, float) and v != v)]
        if not values:
            continue
        if all(_is_number(v) for v in values):
            frame[column] = pd.to_numeric(frame[column]).astype("float64")
        elif all(isinstance(v, str) and _DATE.match(v) for v in values):
            frame[column] = pd.to_datetime(frame[column], format="%Y-%m-%d")
        elif all(isinstance(v, str) and _DATE_TIME.match(v) for v in values):
            frame[column] = pd.to_datetime(frame[column], utc=True)
    return frame


def frame_or_body(body: Dict[str, Any], frame: bool) -> Any:
    """The answer, or its DataFrame when ``frame`` is true."""
    return to_pandas(body) if frame else body
