"""Every operation of the served OpenAPI document is a method of the client."""

import inspect
import re
import unittest

from econtrade import OPERATIONS, Client

from _server import needs_server, raw_json


def snake_case(name: str) -> str:
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()


@needs_server
class OperationsTest(unittest.TestCase):
    def test_a_method_per_operation(self) -> None:
        document = raw_json("/v1/openapi.json")
        operations = {
            snake_case(op["operationId"]): path
            for path, item in document["paths"].items()
            for method, op in item.items()
            if method == "get" and "operationId" in op
        }
        self.assertGreaterEqual(len(operations), 20)
        self.assertEqual(OPERATIONS, operations)
        for name, path in operations.items():
            method = getattr(Client, name, None)
            self.assertTrue(callable(method), f"no method {name} for {path}")
            self.assertTrue(inspect.getdoc(method), f"{name} has no docstring")
            for param in re.findall(r"\{(\w+)\}", path):
                self.assertIn(param, inspect.signature(method).parameters, f"{name} takes no {param}")

    def test_parameters_are_keyword_arguments_documented_from_the_document(self) -> None:
        parameters = inspect.signature(Client.get_history).parameters
        for name in ("country", "indicator", "from_", "to", "as_of", "transform", "cursor", "frame"):
            self.assertEqual(parameters[name].kind, inspect.Parameter.KEYWORD_ONLY, name)
        doc = inspect.getdoc(Client.get_history) or ""
        self.assertIn("from_:", doc)
        self.assertIn("as_of:", doc)
        self.assertNotIn("cursor", inspect.signature(Client.get_history_rows).parameters)

    def test_bulk_is_the_extract_operation(self) -> None:
        self.assertIs(Client.bulk, Client.download_trade)
