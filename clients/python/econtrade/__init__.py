"""The Python client of the econtrade economics and trade data API.

>>> from econtrade import Client
>>> client = Client("https://api.example.org", api_key="…")
>>> frame = client.get_history(country="DEU", indicator="CPI_YOY", frame=True)
"""

from ._client import Client
from ._errors import (
    ApiError,
    AuthenticationError,
    BadRequestError,
    EcontradeError,
    ForbiddenError,
    NotFoundError,
    RateLimitError,
    ServerError,
    TransportError,
    ValidationError,
)
from ._frames import to_pandas
from ._operations import OPERATIONS
from ._retry import DEFAULT_RETRY, RetryPolicy

__all__ = [
    "DEFAULT_RETRY",
    "OPERATIONS",
    "ApiError",
    "AuthenticationError",
    "BadRequestError",
    "Client",
    "EcontradeError",
    "ForbiddenError",
    "NotFoundError",
    "RateLimitError",
    "RetryPolicy",
    "ServerError",
    "TransportError",
    "ValidationError",
    "to_pandas",
]
