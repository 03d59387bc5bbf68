"""Failures outside the service's envelope: bodies that are not JSON, timeouts, refused connections."""

from __future__ import annotations

import email.utils
import pickle
import time
import unittest

from feedback_board import ErrorDetail, FeedbackBoardError
from feedback_board.errors import parse_retry_after

from .support import STALL, Stub, closed_port_url, reply


class ErrorAnswerTest(unittest.TestCase):
    def setUp(self) -> None:
        self.stub = Stub()

    def tearDown(self) -> None:
        self.stub.stop()

    def test_envelope_becomes_the_error(self) -> None:
        envelope = {
            "error": {
                "code": "validation_error",
                "message": "Invalid request",
                "details": [{"path": "limit", "message": "must be at most 500"}],
            }
        }
        self.stub.script = [reply(422, envelope)]
        with self.assertRaises(FeedbackBoardError) as caught:
            self.stub.client().posts.list("features", limit=501)
        error = caught.exception
        self.assertEqual((error.status, error.code, error.message), (422, "validation_error", "Invalid request"))
        self.assertEqual(error.details, [ErrorDetail("limit", "must be at most 500")])
        self.assertIsNone(error.retry_after)

    def test_non_json_error_body_is_http_error(self) -> None:
        self.stub.script = [reply(502, b"<html>Bad gateway</html>", {"Content-Type": "text/html"})]
        with self.assertRaises(FeedbackBoardError) as caught:
            self.stub.client().boards.list()
        error = caught.exception
        self.assertEqual((error.status, error.code), (502, "http_error"))
        self.assertIn("502", error.message)
        self.assertEqual(error.details, [])

    def test_json_error_without_envelope_is_http_error(self) -> None:
        self.stub.script = [reply(500, {"oops": True})]
        with self.assertRaises(FeedbackBoardError) as caught:
            self.stub.client().boards.list()
        self.assertEqual((caught.exception.status, caught.exception.code), (500, "http_error"))

    def test_retry_after_of_any_error_is_kept(self) -> None:
        self.stub.script = [reply(503, b"busy", {"Retry-After": "7"})]
        with self.assertRaises(FeedbackBoardError) as caught:
            self.stub.client().boards.list()
        self.assertEqual(caught.exception.retry_after, 7)

    def test_success_body_that_is_not_json_is_invalid_response(self) -> None:
        self.stub.script = [reply(200, b"not json")]
        with self.assertRaises(FeedbackBoardError) as caught:
            self.stub.client().boards.list()
        self.assertEqual((caught.exception.status, caught.exception.code), (200, "invalid_response"))

    def test_success_body_of_the_wrong_shape_is_invalid_response(self) -> None:
        self.stub.script = [reply(200, {"boards": [{"id": "1"}]})]
        with self.assertRaises(FeedbackBoardError) as caught:
            self.stub.client().boards.list()
        self.assertEqual(caught.exception.code, "invalid_response")
        self.assertIn("id", caught.exception.message)


class NoAnswerTest(unittest.TestCase):
    def test_stalled_server_is_a_timeout(self) -> None:
        stub = Stub(STALL)
        try:
            started = time.monotonic()
            with self.assertRaises(FeedbackBoardError) as caught:
                stub.client(timeout=0.3).boards.list()
            self.assertLess(time.monotonic() - started, 5)
        finally:
            stub.stop()
        error = caught.exception
        self.assertEqual((error.status, error.code), (0, "timeout"))
        self.assertIsNone(error.retry_after)

    def test_refused_connection_is_a_network_error(self) -> None:
        from feedback_board import Client

        with self.assertRaises(FeedbackBoardError) as caught:
            Client(closed_port_url(), "k", timeout=5).boards.list()
        self.assertEqual((caught.exception.status, caught.exception.code), (0, "network_error"))


class ErrorValueTest(unittest.TestCase):
    def test_error_survives_pickling(self) -> None:
        error = FeedbackBoardError(429, "rate_limited", "Slow down", [ErrorDetail("a", "b")], 3)
        copy = pickle.loads(pickle.dumps(error))
        self.assertEqual(
            (copy.status, copy.code, copy.message, copy.details, copy.retry_after),
            (429, "rate_limited", "Slow down", [ErrorDetail("a", "b")], 3),
        )
        self.assertIn("rate_limited", str(copy))

    def test_retry_after_seconds_and_http_date(self) -> None:
        self.assertEqual(parse_retry_after("12"), 12)
        self.assertIsNone(parse_retry_after(None))
        self.assertIsNone(parse_retry_after("soon"))
        in_ten = email.utils.formatdate(time.time() + 10, usegmt=True)
        self.assertIn(parse_retry_after(in_ten), range(9, 12))
        past = email.utils.formatdate(time.time() - 100, usegmt=True)
        self.assertEqual(parse_retry_after(past), 0)


if __name__ == "__main__":
    unittest.main()
