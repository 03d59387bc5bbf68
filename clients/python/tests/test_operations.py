"""The operation table (generated from docs/openapi.json) and the client's methods: every
operation has a method, in the group the API puts it, and paths are filled segment by segment."""

from __future__ import annotations

import re
import unittest

from feedback_board import Client
from feedback_board._operations import OPERATIONS
from feedback_board.transport import IMPLEMENTED, fill_path, operation


def snake(name: str) -> str:
    return re.sub(r"[A-Z]", lambda letter: "_" + letter.group(0).lower(), name)


class OperationsTest(unittest.TestCase):
    def test_every_operation_of_the_table_has_a_method_of_the_client(self) -> None:
        self.assertEqual(sorted(set(OPERATIONS) - set(IMPLEMENTED)), [], "operations of docs/openapi.json without a method")

    def test_each_method_is_in_the_group_of_its_operation(self) -> None:
        client = Client("http://127.0.0.1:9", "key")
        for name, qualname in IMPLEMENTED.items():
            owner, method = qualname.split(".")
            section = getattr(client, snake(OPERATIONS[name].group))
            self.assertEqual(owner, type(section).__name__, name)
            self.assertTrue(callable(getattr(section, method)), name)

    def test_a_name_that_is_no_operation_is_refused_when_the_method_is_declared(self) -> None:
        with self.assertRaises(KeyError):
            operation("listEverything")

    def test_paths_are_filled_one_encoded_segment_per_parameter(self) -> None:
        self.assertEqual(fill_path("/boards/{slug}/posts/{id}", ("a/b?c", 7)), "/boards/a%2Fb%3Fc/posts/7")
        self.assertEqual(fill_path("/held-posts/{held_post_id}/approve", (3,)), "/held-posts/3/approve")
        with self.assertRaises(TypeError):
            fill_path("/boards/{slug}", ())


if __name__ == "__main__":
    unittest.main()
