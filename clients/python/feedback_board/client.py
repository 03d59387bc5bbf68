"""The client: one object per API key, its operations grouped like the TypeScript client.

The team's own groups (``moderation``, ``voters``, ``mail``, and ``posts.unmerge``) need a key of
the ``team`` scope."""

from __future__ import annotations

import urllib.parse
from typing import Dict, Literal, Mapping, Optional

from . import __version__
from .activity import ActivityAPI
from .agent import AgentAPI
from .boards import BoardsAPI, FieldsAPI
from .community import CommentsAPI, VotesAPI
from .posts import PostsAPI
from .reports import ChangelogAPI, RoadmapAPI, StatsAPI, WebhooksAPI
from .team import ChatAPI, IntegrationsAPI, MailAPI, ModerationAPI, StatusesAPI, VotersAPI
from .transport import RetryPolicy, Transport

AuthHeader = Literal["bearer", "x-api-key"]


class Client:
    """Calls a feedback-board deployment at ``base_url`` (the API lives under ``/api/v1``).

    ``auth_header`` picks how the key is sent: ``Authorization: Bearer <key>`` or
    ``X-API-Key: <key>``. ``timeout`` bounds each socket operation in seconds. Requests are not
    repeated unless a :class:`RetryPolicy` is given. ``headers`` are added to every request.
    Every failure raises :class:`~feedback_board.FeedbackBoardError`.
    """

    boards: BoardsAPI
    posts: PostsAPI
    agent: AgentAPI
    votes: VotesAPI
    comments: CommentsAPI
    roadmap: RoadmapAPI
    changelog: ChangelogAPI
    stats: StatsAPI
    webhooks: WebhooksAPI
    activity: ActivityAPI
    moderation: ModerationAPI
    voters: VotersAPI
    mail: MailAPI
    integrations: IntegrationsAPI
    chat: ChatAPI
    statuses: StatusesAPI
    fields: FieldsAPI

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        auth_header: AuthHeader = "bearer",
        timeout: float = 30.0,
        retry: Optional[RetryPolicy] = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        scheme = urllib.parse.urlsplit(base_url).scheme
        if scheme not in ("http", "https"):
            raise ValueError(f"base_url must be an http or https URL, got {base_url!r}")
        if timeout <= 0:
            raise ValueError("timeout must be > 0")
        sent: Dict[str, str] = {
            "Accept": "application/json",
            "User-Agent": f"feedback-board-python/{__version__}",
        }
        if auth_header == "bearer":
            sent["Authorization"] = f"Bearer {api_key}"
        elif auth_header == "x-api-key":
            sent["X-API-Key"] = api_key
        else:
            raise ValueError(f"auth_header must be 'bearer' or 'x-api-key', got {auth_header!r}")
        sent.update(headers or {})
        self.base_url = base_url.rstrip("/")
        transport = Transport(self.base_url, sent, timeout, retry)
        self.boards = BoardsAPI(transport)
        self.posts = PostsAPI(transport)
        self.agent = AgentAPI(transport)
        self.votes = VotesAPI(transport)
        self.comments = CommentsAPI(transport)
        self.roadmap = RoadmapAPI(transport)
        self.changelog = ChangelogAPI(transport)
        self.stats = StatsAPI(transport)
        self.webhooks = WebhooksAPI(transport)
        self.activity = ActivityAPI(transport)
        self.moderation = ModerationAPI(transport)
        self.voters = VotersAPI(transport)
        self.mail = MailAPI(transport)
        self.integrations = IntegrationsAPI(transport)
        self.chat = ChatAPI(transport)
        self.statuses = StatusesAPI(transport)
        self.fields = FieldsAPI(transport)

    def __repr__(self) -> str:
        return f"Client({self.base_url!r})"
