"""The team's own operations, for a key of the ``team`` scope: ``client.moderation`` (posts of
voters held for approval), ``client.voters`` (blocking), ``client.mail`` (what mails the
followers of a post), ``client.integrations`` (connections to issue trackers) and ``client.chat``
(boards' chat targets). A weaker key gets ``insufficient_scope`` (403) and nothing changes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Literal, Optional, cast

from ._fields import Fields
from .activity import ActivityActor, _actor
from .models import IntegrationCall, PostDetail, PostStatus, Tag
from .transport import Transport, no_content, operation

HeldPostState = Literal["waiting", "approved", "rejected"]


@dataclass(frozen=True)
class HeldPost:
    """A voter's post held for approval on a moderated board. ``approval`` is ``waiting`` until the
    team decides; an approved one names the post it became (``post_id``), a rejected one keeps its
    ``reason``. ``decided_by`` is the team member who decided, when one was named."""

    id: int
    board_id: int
    voter_id: int
    title: str
    body: str
    tags: List[Tag]
    created_at: str
    approval: HeldPostState
    reason: str
    decided_at: Optional[str]
    decided_by: Optional[int]
    post_id: Optional[int]

    @classmethod
    def from_json(cls, value: object) -> HeldPost:
        f = Fields(value, "held post")
        return cls(
            id=f.integer("id"),
            board_id=f.integer("board_id"),
            voter_id=f.integer("voter_id"),
            title=f.text("title"),
            body=f.text("body"),
            tags=[Tag.from_json(t) for t in f.array("tags")],
            created_at=f.text("created_at"),
            approval=cast(HeldPostState, f.text("approval")),
            reason=f.text("reason"),
            decided_at=f.opt_text("decided_at"),
            decided_by=f.opt_integer("decided_by"),
            post_id=f.opt_integer("post_id"),
        )


@dataclass(frozen=True)
class HeldPostList:
    """One page of held posts in one state, oldest first; ``total`` counts them all."""

    held_posts: List[HeldPost]
    total: int

    @classmethod
    def from_json(cls, value: object) -> HeldPostList:
        f = Fields(value, "held post list")
        return cls(held_posts=[HeldPost.from_json(p) for p in f.array("held_posts")], total=f.integer("total"))


@dataclass(frozen=True)
class DeletedPost:
    """A deleted post the team can still restore: what it was, who deleted it and when, and when
    it is purged for good (``purge_at``, 30 days after ``deleted_at``)."""

    id: int
    board_slug: str
    title: str
    vote_count: int
    comment_count: int
    deleted_at: str
    deleted_by: ActivityActor
    purge_at: str

    @classmethod
    def from_json(cls, value: object) -> DeletedPost:
        f = Fields(value, "deleted post")
        return cls(
            id=f.integer("id"),
            board_slug=f.text("board_slug"),
            title=f.text("title"),
            vote_count=f.integer("vote_count"),
            comment_count=f.integer("comment_count"),
            deleted_at=f.text("deleted_at"),
            deleted_by=_actor(f.nested("deleted_by")),
            purge_at=f.text("purge_at"),
        )


@dataclass(frozen=True)
class DeletedPostList:
    """One page of the organization's deleted posts, newest deletion first; ``total`` counts them all."""

    deleted_posts: List[DeletedPost]
    total: int

    @classmethod
    def from_json(cls, value: object) -> DeletedPostList:
        f = Fields(value, "deleted post list")
        return cls(deleted_posts=[DeletedPost.from_json(p) for p in f.array("deleted_posts")], total=f.integer("total"))


@dataclass(frozen=True)
class VoterBlock:
    """A voter's block: since when (None while not blocked), and whether the call changed it."""

    voter_id: int
    blocked_at: Optional[str]
    changed: bool

    @classmethod
    def from_json(cls, value: object) -> VoterBlock:
        f = Fields(value, "voter block")
        return cls(voter_id=f.integer("voter_id"), blocked_at=f.opt_text("blocked_at"), changed=f.boolean("changed"))


@dataclass(frozen=True)
class IntegrationConnection:
    """A connection to an issue tracker; never its secrets or token (``has_token`` says whether
    it has one). ``secret`` is set only in the answer that made it: when created or rotated."""

    id: int
    provider: Literal["github", "gitlab", "linear"]
    base_url: str
    target: Optional[str]
    label: str
    active: bool
    has_token: bool
    previous_secret_expires_at: Optional[str]
    created_at: str
    secret: Optional[str] = None

    @classmethod
    def from_json(cls, value: object) -> IntegrationConnection:
        f = Fields(value, "integration connection")
        return cls(
            id=f.integer("id"),
            provider=cast(Literal["github", "gitlab", "linear"], f.text("provider")),
            base_url=f.text("base_url"),
            target=f.opt_text("target"),
            label=f.text("label"),
            active=f.boolean("active"),
            has_token=f.boolean("has_token"),
            previous_secret_expires_at=f.opt_text("previous_secret_expires_at"),
            created_at=f.text("created_at"),
            secret=f.opt_text("secret") if isinstance(value, dict) and "secret" in value else None,
        )


@dataclass(frozen=True)
class ConnectionTest:
    """A connection's test: whether the tracker answered as it should, its status (``None`` when
    no answer came), what it said, and the call as recorded."""

    ok: bool
    status: Optional[int]
    message: str
    call: IntegrationCall

    @classmethod
    def from_json(cls, value: object) -> ConnectionTest:
        f = Fields(value, "connection test")
        return cls(ok=f.boolean("ok"), status=f.opt_integer("status"), message=f.text("message"), call=IntegrationCall.from_json(f.raw("call")))


def _connections(value: object) -> List[IntegrationConnection]:
    return [IntegrationConnection.from_json(c) for c in Fields(value, "integration connections").array("connections")]


ChatPlatform = Literal["slack", "discord", "teams"]
ChatEventName = Literal["post.created", "post.status_changed", "comment.created", "proposal.created"]


@dataclass(frozen=True)
class ChatTarget:
    """A board's chat target: a Slack, Discord or Microsoft Teams incoming webhook and the events
    it posts. Its URL is a credential, never answered again: ``masked_url`` shows the host and
    the last four characters."""

    id: int
    board_id: int
    platform: ChatPlatform
    masked_url: str
    events: List[ChatEventName]
    active: bool
    created_at: str

    @classmethod
    def from_json(cls, value: object) -> ChatTarget:
        f = Fields(value, "chat target")
        return cls(
            id=f.integer("id"),
            board_id=f.integer("board_id"),
            platform=cast(ChatPlatform, f.text("platform")),
            masked_url=f.text("masked_url"),
            events=cast(List[ChatEventName], f.texts("events")),
            active=f.boolean("active"),
            created_at=f.text("created_at"),
        )


def _chat_targets(value: object) -> List[ChatTarget]:
    return [ChatTarget.from_json(t) for t in Fields(value, "chat targets").array("chat_targets")]


@dataclass(frozen=True)
class MailSettings:
    """Which news mails the followers of a post: status changes, team comments, replies, and
    changelog entries linking it."""

    status: bool
    team_comment: bool
    reply: bool
    changelog: bool

    @classmethod
    def from_json(cls, value: object) -> MailSettings:
        f = Fields(value, "mail settings")
        return cls(status=f.boolean("status"), team_comment=f.boolean("team_comment"), reply=f.boolean("reply"), changelog=f.boolean("changelog"))


class ModerationAPI:
    def __init__(self, transport: Transport) -> None:
        self._t = transport

    @operation("listHeldPosts")
    def list(self, state: Optional[HeldPostState] = None, limit: Optional[int] = None, offset: Optional[int] = None) -> HeldPostList:
        """One page of held posts in ``state`` (default ``waiting``), oldest first (``limit``
        1..500, default 50)."""
        return self._t.call_operation("listHeldPosts", HeldPostList.from_json, query={"state": state, "limit": limit, "offset": offset})

    def iter_all(self, state: Optional[HeldPostState] = None, page_size: int = 50) -> Iterator[HeldPost]:
        """Every held post in ``state``, one request per ``page_size`` posts, fetched as iterated."""
        offset = 0
        while True:
            page = self.list(state, limit=page_size, offset=offset)
            yield from page.held_posts
            offset += len(page.held_posts)
            if not page.held_posts or offset >= page.total:
                return

    @operation("getHeldPost")
    def get(self, id: int) -> HeldPost:
        """One held post, in any state."""
        return self._t.call_operation("getHeldPost", HeldPost.from_json, id)

    @operation("approveHeldPost")
    def approve(self, id: int) -> PostDetail:
        """Approves a waiting post: it becomes a post of its board as the voter submitted it. A post
        already decided is ``status_unchanged`` (422)."""
        return self._t.call_operation("approveHeldPost", PostDetail.from_json, id)

    @operation("rejectHeldPost")
    def reject(self, id: int, reason: Optional[str] = None) -> HeldPost:
        """Rejects a waiting post, with an optional ``reason`` (at most 1000 characters); it is
        kept and never listed. A post already decided is ``status_unchanged`` (422)."""
        body: Dict[str, Any] = {} if reason is None else {"reason": reason}
        return self._t.call_operation("rejectHeldPost", HeldPost.from_json, id, body=body)


class VotersAPI:
    def __init__(self, transport: Transport) -> None:
        self._t = transport

    @operation("blockVoter")
    def block(self, voter_id: int) -> VoterBlock:
        """Blocks the voter: no more posts, votes, comments or reactions; what they wrote stays.
        Blocking a blocked voter keeps the first time (``changed`` False)."""
        return self._t.call_operation("blockVoter", VoterBlock.from_json, voter_id)

    @operation("unblockVoter")
    def unblock(self, voter_id: int) -> VoterBlock:
        """Lifts the voter's block (``changed`` False when they were not blocked)."""
        return self._t.call_operation("unblockVoter", VoterBlock.from_json, voter_id)


class MailAPI:
    def __init__(self, transport: Transport) -> None:
        self._t = transport

    @operation("getMailSettings")
    def settings(self) -> MailSettings:
        """Which news mails the followers of a post."""
        return self._t.call_operation("getMailSettings", MailSettings.from_json)

    @operation("updateMailSettings")
    def update_settings(
        self, status: Optional[bool] = None, team_comment: Optional[bool] = None, reply: Optional[bool] = None, changelog: Optional[bool] = None
    ) -> MailSettings:
        """Turns kinds of follower mail on or off; those not given are unchanged."""
        given = {"status": status, "team_comment": team_comment, "reply": reply, "changelog": changelog}
        body = {kind: on for kind, on in given.items() if on is not None}
        return self._t.call_operation("updateMailSettings", MailSettings.from_json, body=body)


@dataclass(frozen=True)
class Status:
    """One of the organization's statuses: the name and colour posts show, counted as one of the
    five statuses (its ``category``). The five defaults (``is_default``) cannot be removed."""

    id: int
    name: str
    color: str
    category: PostStatus
    position: int
    is_default: bool

    @classmethod
    def from_json(cls, value: object) -> Status:
        return _status(Fields(value, "status"))


def _status(f: Fields) -> Status:
    return Status(
        id=f.integer("id"), name=f.text("name"), color=f.text("color"), category=cast(PostStatus, f.text("category")),
        position=f.integer("position"), is_default=f.boolean("is_default"),
    )


def _statuses(value: object) -> List[Status]:
    return [_status(s) for s in Fields(value, "statuses").objects("statuses")]


class StatusesAPI:
    def __init__(self, transport: Transport) -> None:
        self._t = transport

    @operation("listStatuses")
    def list(self) -> List[Status]:
        """The organization's statuses, by position (any key)."""
        return self._t.call_operation("listStatuses", _statuses)

    @operation("createStatus")
    def create(self, name: str, color: str, category: PostStatus) -> Status:
        """Adds a status, last (needs a team key): a name no other status has, a colour
        ``#rrggbb``, and the status its posts have."""
        return self._t.call_operation("createStatus", Status.from_json, body={"name": name, "color": color, "category": category})

    @operation("updateStatus")
    def update(self, status_id: int, name: Optional[str] = None, color: Optional[str] = None, position: Optional[int] = None) -> Status:
        """Renames, recolours or moves a status (needs a team key); those not given are unchanged."""
        given = {"name": name, "color": color, "position": position}
        body = {field: value for field, value in given.items() if value is not None}
        return self._t.call_operation("updateStatus", Status.from_json, status_id, body=body)

    @operation("deleteStatus")
    def delete(self, status_id: int) -> None:
        """Removes a status (needs a team key): its posts show their category's default. A
        default cannot be removed."""
        self._t.call_operation("deleteStatus", no_content, status_id)


class IntegrationsAPI:
    def __init__(self, transport: Transport) -> None:
        self._t = transport

    @operation("listIntegrationConnections")
    def list_connections(self) -> List[IntegrationConnection]:
        """The organization's connections, oldest first, inactive ones included."""
        return self._t.call_operation("listIntegrationConnections", _connections)

    @operation("createIntegrationConnection")
    def create_connection(
        self,
        provider: Literal["github", "gitlab", "linear"],
        base_url: Optional[str] = None,
        target: Optional[str] = None,
        token: Optional[str] = None,
        secret: Optional[str] = None,
        label: Optional[str] = None,
    ) -> IntegrationConnection:
        """Connects the organization to an issue tracker; the answer carries the inbound
        ``secret``, shown this once (Linear's signing secret is given as ``secret``)."""
        given = {"provider": provider, "base_url": base_url, "target": target, "token": token, "secret": secret, "label": label}
        body = {name: v for name, v in given.items() if v is not None}
        return self._t.call_operation("createIntegrationConnection", IntegrationConnection.from_json, body=body)

    @operation("rotateIntegrationConnectionSecret")
    def rotate_secret(self, connection_id: int, secret: Optional[str] = None) -> IntegrationConnection:
        """Gives the connection a new inbound secret (shown this once); the previous one is
        accepted for 24 more hours."""
        body: Dict[str, Any] = {} if secret is None else {"secret": secret}
        return self._t.call_operation("rotateIntegrationConnectionSecret", IntegrationConnection.from_json, connection_id, body=body)

    @operation("testIntegrationConnection")
    def test(self, connection_id: int) -> ConnectionTest:
        """Tests the connection with one call to its tracker and returns what it said; the call is
        recorded and never retried."""
        return self._t.call_operation("testIntegrationConnection", ConnectionTest.from_json, connection_id)

    @operation("deactivateIntegrationConnection")
    def deactivate(self, connection_id: int) -> IntegrationConnection:
        """Deactivates the connection: its deliveries are refused and nothing is sent through it."""
        return self._t.call_operation("deactivateIntegrationConnection", IntegrationConnection.from_json, connection_id)


class ChatAPI:
    """A board's chat targets: Slack, Discord and Microsoft Teams incoming webhooks posting the
    board's news. A new URL is a new target: deactivate the old one."""

    def __init__(self, transport: Transport) -> None:
        self._t = transport

    @operation("createChatTarget")
    def create(self, board: str, platform: ChatPlatform, url: str, events: List[ChatEventName]) -> ChatTarget:
        """Makes a chat target of the board: ``url`` is the platform's incoming-webhook URL,
        answered masked from now on; ``events`` the events it posts."""
        return self._t.call_operation("createChatTarget", ChatTarget.from_json, board, body={"platform": platform, "url": url, "events": list(events)})

    @operation("listChatTargets")
    def list(self, board: str) -> List[ChatTarget]:
        """The board's chat targets, oldest first, inactive ones included, their URLs masked."""
        return self._t.call_operation("listChatTargets", _chat_targets, board)

    @operation("deactivateChatTarget")
    def deactivate(self, board: str, chat_target_id: int) -> ChatTarget:
        """Deactivates the chat target: it posts nothing more, messages still waiting included."""
        return self._t.call_operation("deactivateChatTarget", ChatTarget.from_json, board, chat_target_id)
