"""``client.agent``: the agent workflow (queue, claims, evidence, status proposals)."""

from __future__ import annotations

from typing import Any, Dict, Optional

from .models import Claim, ClaimNext, ClaimOutcome, EvidenceKind, PostDetail, PostStatus, ProposalResult, Queue
from .transport import Transport, no_content, operation


class AgentAPI:
    def __init__(self, transport: Transport) -> None:
        self._t = transport

    @operation("getQueue")
    def queue(self, slug: str, limit: Optional[int] = None) -> Queue:
        """The next posts to work on (``limit`` 1..500, default 10): ranked posts by
        ``queue_rank``, then unranked ``planned`` posts by votes. Posts under another key's live
        claim are left out; posts this key claimed stay in, with their ``claim`` filled in."""
        return self._t.call_operation("getQueue", Queue.from_json, slug, query={"limit": limit})

    @operation("claimPost")
    def claim(
        self,
        slug: str,
        id: int,
        ttl_seconds: Optional[int] = None,
        agent_label: Optional[str] = None,
    ) -> ClaimOutcome:
        """Claims the post for this key for ``ttl_seconds`` (1..86400, default 3600).

        ``created`` is true for a new claim (HTTP 201, also when taking over an expired one) and
        false when the key's own live claim was extended (HTTP 200: ``claimed_at`` kept,
        ``expires_at`` renewed). Another key's live claim raises ``claim_conflict`` (409)."""
        body: Dict[str, Any] = {}
        if ttl_seconds is not None:
            body["ttl_seconds"] = ttl_seconds
        if agent_label is not None:
            body["agent_label"] = agent_label
        return self._t.call_operation_with_status("claimPost", _claim_outcome, slug, id, body=body)

    @operation("claimNextPost")
    def claim_next(
        self,
        slug: str,
        ttl_seconds: Optional[int] = None,
        agent_label: Optional[str] = None,
    ) -> ClaimNext:
        """Claims, in one atomic step, the first post in queue order that nobody holds a live
        claim on (this key included), for ``ttl_seconds`` (1..86400, default 3600).

        Returns the new claim and the claimed post (HTTP 201), or ``ClaimNext(None, None)`` when
        nothing is claimable (HTTP 200). Repeated and concurrent calls hand out distinct posts."""
        body: Dict[str, Any] = {}
        if ttl_seconds is not None:
            body["ttl_seconds"] = ttl_seconds
        if agent_label is not None:
            body["agent_label"] = agent_label
        return self._t.call_operation("claimNextPost", ClaimNext.from_json, slug, body=body)

    @operation("releaseClaim")
    def release(self, slug: str, id: int) -> None:
        """Gives the claim up; fine when there is none, ``claim_conflict`` if another key holds it."""
        self._t.call_operation("releaseClaim", no_content, slug, id)

    @operation("addEvidence")
    def add_evidence(
        self,
        slug: str,
        id: int,
        kind: EvidenceKind,
        ref: str,
        label: Optional[str] = None,
        action_key: Optional[str] = None,
    ) -> PostDetail:
        """Attaches implementation evidence (shown publicly; ``url`` and ``pr`` refs must be
        http(s) URLs). Repeating a request with the same ``action_key`` adds nothing."""
        body: Dict[str, Any] = {"kind": kind, "ref": ref}
        if label is not None:
            body["label"] = label
        if action_key is not None:
            body["action_key"] = action_key
        return self._t.call_operation("addEvidence", PostDetail.from_json, slug, id, body=body)

    @operation("proposeStatus")
    def propose_status(
        self, slug: str, id: int, status: PostStatus, note: Optional[str] = None
    ) -> ProposalResult:
        """Records a status proposal for a human to confirm; the post's status does not change.
        Proposing the current status raises ``status_unchanged`` (422)."""
        body: Dict[str, Any] = {"status": status}
        if note is not None:
            body["note"] = note
        return self._t.call_operation("proposeStatus", ProposalResult.from_json, slug, id, body=body)



def _claim_outcome(status: int, payload: object) -> ClaimOutcome:
    return ClaimOutcome(claim=Claim.from_json(payload), created=status == 201)
