"""Typed client for the feedback-board HTTP API.

    from feedback_board import Client, FeedbackBoardError

    client = Client("https://feedback.example.com", "fbk_...")
    for post in client.posts.iter_all("features", status="planned"):
        print(post.id, post.title)
"""

__version__ = "0.1.0"

from ._unset import UNSET, Unset
from .activity import ActivityActor, ActivityEntry, ActivityPage
from .client import AuthHeader, Client
from .errors import ErrorDetail, FeedbackBoardError
from .attachments import Attachment, AttachmentContentType
from .models import (
    Board,
    Claim,
    ClaimNext,
    ClaimOutcome,
    Comment,
    Evidence,
    EvidenceInput,
    EvidenceKind,
    IntegrationCall,
    Post,
    PostDetail,
    PostLink,
    PostList,
    SimilarPost,
    StatusLabel,
    PostSort,
    PostStatus,
    Proposal,
    ProposalResult,
    Queue,
    QueueItem,
    Tag,
    Votes,
    Webhook,
)
from .statistics import (
    Analytics,
    AnalyticsPeriod,
    AnalyticsTotals,
    DailyPostCount,
    DailyVoteCount,
    Engagement,
    ShipStats,
    ShipStatsPeriod,
    ShippedPost,
    ShipVelocity,
    StatusBreakdown,
    TopRequest,
)
from .reports import ChangelogEntry, ChangelogEntryList, ChangelogEntryState
from .boards import Field, FieldType
from .team import ChatTarget, ConnectionTest, DeletedPost, DeletedPostList, HeldPost, HeldPostList, HeldPostState, IntegrationConnection, MailSettings, Status, VoterBlock
from .transport import RetryPolicy

__all__ = [
    "ChangelogEntry",
    "ChangelogEntryList",
    "ChangelogEntryState",
    "ChatTarget",
    "ConnectionTest",
    "UNSET",
    "ActivityActor",
    "ActivityEntry",
    "ActivityPage",
    "Analytics",
    "AnalyticsPeriod",
    "AnalyticsTotals",
    "Attachment",
    "AttachmentContentType",
    "AuthHeader",
    "Board",
    "Claim",
    "ClaimNext",
    "ClaimOutcome",
    "Client",
    "Comment",
    "DailyPostCount",
    "DailyVoteCount",
    "Engagement",
    "ErrorDetail",
    "Evidence",
    "EvidenceInput",
    "EvidenceKind",
    "FeedbackBoardError",
    "HeldPost",
    "HeldPostList",
    "DeletedPost",
    "DeletedPostList",
    "HeldPostState",
    "IntegrationCall",
    "IntegrationConnection",
    "MailSettings",
    "Status",
    "Field",
    "FieldType",
    "StatusLabel",
    "Post",
    "PostDetail",
    "PostLink",
    "PostList",
    "SimilarPost",
    "PostSort",
    "PostStatus",
    "Proposal",
    "ProposalResult",
    "Queue",
    "QueueItem",
    "RetryPolicy",
    "ShipStats",
    "ShipStatsPeriod",
    "ShipVelocity",
    "ShippedPost",
    "StatusBreakdown",
    "Tag",
    "TopRequest",
    "Unset",
    "VoterBlock",
    "Votes",
    "Webhook",
    "__version__",
]
