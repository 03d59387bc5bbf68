"""Resources of the API as frozen dataclasses.

Field names are the API's snake_case names. Timestamps stay ISO 8601 UTC strings exactly as the
service sent them (for example ``2026-11-21T09:30:00.000Z``). ``from_json`` builds a resource from
a decoded JSON value and raises ``ShapeError`` when the value does not have the resource's shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Literal, Optional, TypedDict, cast

from ._fields import Fields
from .attachments import Attachment, attachments_of

PostStatus = Literal["open", "planned", "in_progress", "shipped", "declined"]
PostSort = Literal["new", "top"]
EvidenceKind = Literal["branch", "commit", "pr", "transcript", "url"]


@dataclass(frozen=True)
class Board:
    id: int
    slug: str
    name: str
    description: str
    welcome_message: str
    published: bool
    created_at: str
    logo_url: Optional[str]

    @classmethod
    def from_json(cls, value: object) -> Board:
        f = Fields(value, "board")
        return cls(
            id=f.integer("id"),
            slug=f.text("slug"),
            name=f.text("name"),
            description=f.text("description"),
            welcome_message=f.text("welcome_message"),
            published=f.boolean("published"),
            created_at=f.text("created_at"),
            logo_url=f.opt_text("logo_url"),
        )


@dataclass(frozen=True)
class Tag:
    id: int
    name: str
    slug: str
    color: Optional[str]

    @classmethod
    def from_json(cls, value: object) -> Tag:
        return _tag(Fields(value, "tag"))


def _tag(f: Fields) -> Tag:
    return Tag(id=f.integer("id"), name=f.text("name"), slug=f.text("slug"), color=f.opt_text("color"))


@dataclass(frozen=True)
class StatusLabel:
    """The organization's status a post shows: its name and colour (``#rrggbb``). The post's
    ``status`` is that status's category."""

    id: int
    name: str
    color: str


def _status_label(f: Fields) -> StatusLabel:
    return StatusLabel(id=f.integer("id"), name=f.text("name"), color=f.text("color"))


@dataclass(frozen=True)
class Evidence:
    """Implementation evidence of a post, shown publicly on the post's page."""

    kind: EvidenceKind
    ref: str
    label: str
    added_at: str

    @classmethod
    def from_json(cls, value: object) -> Evidence:
        return _evidence(Fields(value, "evidence"))


def _evidence(f: Fields) -> Evidence:
    return Evidence(
        kind=cast(EvidenceKind, f.text("kind")),
        ref=f.text("ref"),
        label=f.text("label"),
        added_at=f.text("added_at"),
    )


@dataclass(frozen=True)
class Claim:
    """A live claim of a post by an API key; it lapses on its own at ``expires_at``."""

    post_id: int
    agent_label: str
    claimed_at: str
    expires_at: str

    @classmethod
    def from_json(cls, value: object) -> Claim:
        return _claim(Fields(value, "claim"))


def _claim(f: Fields) -> Claim:
    return Claim(
        post_id=f.integer("post_id"),
        agent_label=f.text("agent_label"),
        claimed_at=f.text("claimed_at"),
        expires_at=f.text("expires_at"),
    )


@dataclass(frozen=True)
class ClaimOutcome:
    """Result of ``agent.claim``: the claim, and whether it was created (a new claim, or one taken
    over after the previous holder's expired) rather than the caller's own claim extended."""

    claim: Claim
    created: bool


def _opt_claim(f: Optional[Fields]) -> Optional[Claim]:
    return None if f is None else _claim(f)


@dataclass(frozen=True)
class Proposal:
    """A pending status proposal; a human confirms or rejects it in the dashboard."""

    status: PostStatus
    note: str
    proposed_at: str
    proposed_by_api_key_id: Optional[int]
    proposed_by_connection_id: Optional[int]

    @classmethod
    def from_json(cls, value: object) -> Proposal:
        return _proposal(Fields(value, "proposal"))


def _proposal(f: Fields) -> Proposal:
    return Proposal(
        status=cast(PostStatus, f.text("status")),
        note=f.text("note"),
        proposed_at=f.text("proposed_at"),
        proposed_by_api_key_id=f.opt_integer("proposed_by_api_key_id"),
        proposed_by_connection_id=f.opt_integer("proposed_by_connection_id"),
    )


@dataclass(frozen=True)
class Post:
    """A post as it appears in lists (posts, roadmap, changelog)."""

    id: int
    title: str
    body: str
    status: PostStatus
    status_label: StatusLabel
    vote_count: int
    voter_has_voted: bool
    following: bool
    is_admin: bool
    hidden: bool
    pinned: bool
    roadmap_estimate: Any
    shipped_at: Optional[str]
    created_at: str
    attachments: List[Attachment]
    tags: List[Tag]
    #: The values of the board's custom fields, by key: text, or a number for a number field.
    fields: Dict[str, Union[str, float]]

    @classmethod
    def from_json(cls, value: object) -> Post:
        return cls(**_post_fields(Fields(value, "post")))


def _post_fields(f: Fields) -> Dict[str, Any]:
    return dict(
        id=f.integer("id"),
        title=f.text("title"),
        body=f.text("body"),
        status=cast(PostStatus, f.text("status")),
        status_label=_status_label(f.nested("status_label")),
        vote_count=f.integer("vote_count"),
        voter_has_voted=f.boolean("voter_has_voted"),
        following=f.boolean("following"),
        is_admin=f.boolean("is_admin"),
        hidden=f.boolean("hidden"),
        pinned=f.boolean("pinned"),
        roadmap_estimate=f.raw("roadmap_estimate"),
        shipped_at=f.opt_text("shipped_at"),
        created_at=f.text("created_at"),
        attachments=attachments_of(f),
        tags=[_tag(t) for t in f.objects("tags")],
        fields=f.field_values("fields"),
    )


@dataclass(frozen=True)
class PostLink:
    """An issue linked to a post (the team's: the API shows it, the public pages never do)."""

    provider: Literal["github", "gitlab", "linear"]
    url: str
    title: str
    state: Literal["open", "closed"]


def _link(f: Fields) -> PostLink:
    return PostLink(
        provider=cast(Literal["github", "gitlab", "linear"], f.text("provider")),
        url=f.text("url"),
        title=f.text("title"),
        state=cast(Literal["open", "closed"], f.text("state")),
    )


def post_links(value: object) -> List[PostLink]:
    """The ``links`` of a ``{ links }`` answer."""
    return [_link(link) for link in Fields(value, "post links").objects("links")]


@dataclass(frozen=True)
class IntegrationCall:
    """An outbound call of an integration (creating or reading an issue, a chat message): what
    it is for and how its delivery goes. ``last_error`` holds the provider's words."""

    id: int
    connection_id: Optional[int]
    chat_target_id: Optional[int]
    post_id: Optional[int]
    purpose: Literal["create_issue", "read_issue", "chat_message", "test_connection"]
    status: Literal["pending", "delivered", "failed"]
    attempts: int
    next_attempt_at: Optional[str]
    last_error: Optional[str]
    created_at: str

    @classmethod
    def from_json(cls, value: object) -> IntegrationCall:
        f = Fields(value, "integration call")
        return cls(
            id=f.integer("id"),
            connection_id=f.opt_integer("connection_id"),
            chat_target_id=f.opt_integer("chat_target_id"),
            post_id=f.opt_integer("post_id"),
            purpose=cast(Literal["create_issue", "read_issue", "chat_message", "test_connection"], f.text("purpose")),
            status=cast(Literal["pending", "delivered", "failed"], f.text("status")),
            attempts=f.integer("attempts"),
            next_attempt_at=f.opt_text("next_attempt_at"),
            last_error=f.opt_text("last_error"),
            created_at=f.text("created_at"),
        )


@dataclass(frozen=True)
class PostDetail(Post):
    """The single-post shape (get, create, update, add evidence): a post plus its agent state
    and the issues linked to it."""

    queue_rank: Optional[int]
    implementation_evidence: List[Evidence]
    claim: Optional[Claim]
    proposal: Optional[Proposal]
    links: List[PostLink]

    @classmethod
    def from_json(cls, value: object) -> PostDetail:
        f = Fields(value, "post")
        proposal = f.opt_nested("proposal")
        return cls(
            **_post_fields(f),
            queue_rank=f.opt_integer("queue_rank"),
            implementation_evidence=[_evidence(e) for e in f.objects("implementation_evidence")],
            claim=_opt_claim(f.opt_nested("claim")),
            proposal=None if proposal is None else _proposal(proposal),
            # A server from before links sends none.
            links=[_link(link) for link in f.objects("links")] if "links" in f else [],
        )


@dataclass(frozen=True)
class ClaimNext:
    """Result of ``agent.claim_next``: the new claim and the claimed post, or both ``None`` when
    nothing in the queue was claimable."""

    claim: Optional[Claim]
    post: Optional[PostDetail]

    @classmethod
    def from_json(cls, value: object) -> ClaimNext:
        f = Fields(value, "claim-next answer")
        claim = f.opt_nested("claim")
        post = f.raw("post")
        return cls(
            claim=None if claim is None else _claim(claim),
            post=None if post is None else PostDetail.from_json(post),
        )


@dataclass(frozen=True)
class PostList:
    """One page of posts; ``total`` counts every match before ``limit`` and ``offset``."""

    posts: List[Post]
    total: int

    @classmethod
    def from_json(cls, value: object) -> PostList:
        f = Fields(value, "post list")
        return cls(posts=[Post(**_post_fields(p)) for p in f.objects("posts")], total=f.integer("total"))


@dataclass(frozen=True)
class SimilarPost:
    """A post similar to a text, with its score in (0, 1]; higher is more similar."""

    post: Post
    score: float


def similar_posts(value: object) -> List[SimilarPost]:
    """The ``posts`` of a similar-posts answer, best first."""
    f = Fields(value, "similar posts")
    return [SimilarPost(post=Post(**_post_fields(s.nested("post"))), score=s.number("score")) for s in f.objects("posts")]


@dataclass(frozen=True)
class QueueItem:
    id: int
    title: str
    status: PostStatus
    queue_rank: Optional[int]
    vote_count: int
    claim: Optional[Claim]


@dataclass(frozen=True)
class Queue:
    """The agent work queue; ``total`` counts every eligible post."""

    posts: List[QueueItem]
    total: int

    @classmethod
    def from_json(cls, value: object) -> Queue:
        f = Fields(value, "queue")
        items = [
            QueueItem(
                id=item.integer("id"),
                title=item.text("title"),
                status=cast(PostStatus, item.text("status")),
                queue_rank=item.opt_integer("queue_rank"),
                vote_count=item.integer("vote_count"),
                claim=_opt_claim(item.opt_nested("claim")),
            )
            for item in f.objects("posts")
        ]
        return cls(posts=items, total=f.integer("total"))


@dataclass(frozen=True)
class ProposalResult:
    """Answer of propose-status: ``status`` is the post's current, unchanged status."""

    id: int
    status: PostStatus
    proposal: Proposal

    @classmethod
    def from_json(cls, value: object) -> ProposalResult:
        f = Fields(value, "proposal result")
        return cls(
            id=f.integer("id"),
            status=cast(PostStatus, f.text("status")),
            proposal=_proposal(f.nested("proposal")),
        )


@dataclass(frozen=True)
class Votes:
    post_id: int
    vote_count: int

    @classmethod
    def from_json(cls, value: object) -> Votes:
        f = Fields(value, "votes")
        return cls(post_id=f.integer("post_id"), vote_count=f.integer("vote_count"))


@dataclass(frozen=True)
class Comment:
    """A comment with its replies nested to any depth, oldest first at every level."""

    id: int
    body: str
    is_admin: bool
    hidden: bool
    vote_count: int
    voter_has_voted: bool
    reaction_counts: Dict[str, int]
    own_reactions: List[str]
    voter_blocked: bool
    parent_comment_id: Optional[int]
    created_at: str
    edited_at: Optional[str]
    deleted_at: Optional[str]
    attachments: List[Attachment]
    replies: List[Comment]

    @classmethod
    def from_json(cls, value: object) -> Comment:
        return _comment(Fields(value, "comment"))


def _comment(f: Fields) -> Comment:
    return Comment(
        id=f.integer("id"),
        body=f.text("body"),
        is_admin=f.boolean("is_admin"),
        hidden=f.boolean("hidden"),
        vote_count=f.integer("vote_count"),
        voter_has_voted=f.boolean("voter_has_voted"),
        reaction_counts=f.counts("reaction_counts"),
        own_reactions=f.texts("own_reactions"),
        voter_blocked=f.boolean("voter_blocked"),
        parent_comment_id=f.opt_integer("parent_comment_id"),
        created_at=f.text("created_at"),
        edited_at=f.opt_text("edited_at"),
        deleted_at=f.opt_text("deleted_at"),
        attachments=attachments_of(f),
        replies=[_comment(r) for r in f.objects("replies")],
    )


def comment_list(value: object) -> List[Comment]:
    return [_comment(c) for c in Fields(value, "comment list").objects("comments")]


def board_list(value: object) -> List[Board]:
    return [Board.from_json(b) for b in Fields(value, "board list").array("boards")]


@dataclass(frozen=True)
class Webhook:
    """A webhook endpoint of the organization; its signing secret is never returned."""

    id: int
    url: str
    description: str
    events: List[str]
    active: bool
    created_at: str

    @classmethod
    def from_json(cls, value: object) -> Webhook:
        f = Fields(value, "webhook")
        return cls(
            id=f.integer("id"),
            url=f.text("url"),
            description=f.text("description"),
            events=f.texts("events"),
            active=f.boolean("active"),
            created_at=f.text("created_at"),
        )


def webhook_list(value: object) -> List[Webhook]:
    return [Webhook.from_json(w) for w in Fields(value, "webhook list").array("webhooks")]


class _EvidenceKeys(TypedDict):
    kind: EvidenceKind
    ref: str


class EvidenceInput(_EvidenceKeys, total=False):
    """An evidence entry as sent in ``posts.update(implementation_evidence=...)``."""

    label: str
