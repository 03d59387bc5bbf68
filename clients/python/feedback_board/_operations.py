"""The API's operations, generated from docs/openapi.json by ``npm run derive``
(scripts/derive-python-operations.mjs): do not edit it; a test fails while it differs from the document.

Each operation by its id: its method, its path below ``/api/v1`` (``{slug}`` a board slug, every other
parameter an id), the weakest scope that may call it, and the group of the client it belongs to.
"""

from typing import Dict, NamedTuple


class Operation(NamedTuple):
    method: str
    path: str
    scope: str
    group: str


OPERATIONS: Dict[str, Operation] = {
    "listBoards": Operation("GET", "/boards", "read", "boards"),
    "createBoard": Operation("POST", "/boards", "write", "boards"),
    "getBoard": Operation("GET", "/boards/{slug}", "read", "boards"),
    "publishBoard": Operation("POST", "/boards/{slug}/publish", "write", "boards"),
    "unpublishBoard": Operation("POST", "/boards/{slug}/unpublish", "write", "boards"),
    "listPosts": Operation("GET", "/boards/{slug}/posts", "read", "posts"),
    "createPost": Operation("POST", "/boards/{slug}/posts", "propose", "posts"),
    "findSimilarPosts": Operation("GET", "/boards/{slug}/posts/similar", "read", "posts"),
    "getPost": Operation("GET", "/boards/{slug}/posts/{id}", "read", "posts"),
    "updatePost": Operation("PATCH", "/boards/{slug}/posts/{id}", "write", "posts"),
    "deletePost": Operation("DELETE", "/boards/{slug}/posts/{id}", "write", "posts"),
    "mergePost": Operation("POST", "/boards/{slug}/posts/{id}/merge", "write", "posts"),
    "restorePost": Operation("POST", "/boards/{slug}/posts/{deleted_post_id}/restore", "write", "posts"),
    "getPostActivity": Operation("GET", "/boards/{slug}/posts/{id}/activity", "read", "activity"),
    "getQueue": Operation("GET", "/boards/{slug}/queue", "read", "agent"),
    "claimPost": Operation("POST", "/boards/{slug}/posts/{id}/claim", "propose", "agent"),
    "releaseClaim": Operation("DELETE", "/boards/{slug}/posts/{id}/claim", "propose", "agent"),
    "claimNextPost": Operation("POST", "/boards/{slug}/queue/claim", "propose", "agent"),
    "addEvidence": Operation("POST", "/boards/{slug}/posts/{id}/evidence", "propose", "agent"),
    "proposeStatus": Operation("POST", "/boards/{slug}/posts/{id}/propose-status", "propose", "agent"),
    "listPostLinks": Operation("GET", "/boards/{slug}/posts/{id}/links", "read", "posts"),
    "linkPost": Operation("POST", "/boards/{slug}/posts/{id}/links", "write", "posts"),
    "listVotes": Operation("GET", "/boards/{slug}/posts/{id}/votes", "read", "votes"),
    "voteOnBehalf": Operation("POST", "/boards/{slug}/posts/{id}/votes", "write", "votes"),
    "withdrawVoteOnBehalf": Operation("POST", "/boards/{slug}/posts/{id}/votes/withdraw", "write", "votes"),
    "listComments": Operation("GET", "/boards/{slug}/posts/{id}/comments", "read", "comments"),
    "createComment": Operation("POST", "/boards/{slug}/posts/{id}/comments", "propose", "comments"),
    "updateComment": Operation("PATCH", "/boards/{slug}/posts/{id}/comments/{comment_id}", "write", "comments"),
    "deleteComment": Operation("DELETE", "/boards/{slug}/posts/{id}/comments/{comment_id}", "write", "comments"),
    "getRoadmap": Operation("GET", "/boards/{slug}/roadmap", "read", "roadmap"),
    "getChangelog": Operation("GET", "/boards/{slug}/changelog", "read", "changelog"),
    "getShipStats": Operation("GET", "/boards/{slug}/ship-stats", "read", "stats"),
    "getAnalytics": Operation("GET", "/boards/{slug}/analytics", "read", "stats"),
    "listWebhooks": Operation("GET", "/webhooks", "read", "webhooks"),
    "listStatuses": Operation("GET", "/statuses", "read", "statuses"),
    "createStatus": Operation("POST", "/statuses", "team", "statuses"),
    "listHeldPosts": Operation("GET", "/held-posts", "team", "moderation"),
    "getHeldPost": Operation("GET", "/held-posts/{held_post_id}", "team", "moderation"),
    "approveHeldPost": Operation("POST", "/held-posts/{held_post_id}/approve", "team", "moderation"),
    "rejectHeldPost": Operation("POST", "/held-posts/{held_post_id}/reject", "team", "moderation"),
    "blockVoter": Operation("POST", "/voters/{voter_id}/block", "team", "voters"),
    "unblockVoter": Operation("DELETE", "/voters/{voter_id}/block", "team", "voters"),
    "unmergePost": Operation("POST", "/boards/{slug}/posts/{merged_post_id}/unmerge", "team", "posts"),
    "listDeletedPosts": Operation("GET", "/deleted-posts", "team", "posts"),
    "pinPost": Operation("POST", "/boards/{slug}/posts/{id}/pin", "team", "posts"),
    "unpinPost": Operation("DELETE", "/boards/{slug}/posts/{id}/pin", "team", "posts"),
    "listIntegrationConnections": Operation("GET", "/integrations/connections", "team", "integrations"),
    "createIntegrationConnection": Operation("POST", "/integrations/connections", "team", "integrations"),
    "rotateIntegrationConnectionSecret": Operation("POST", "/integrations/connections/{connection_id}/rotate-secret", "team", "integrations"),
    "deactivateIntegrationConnection": Operation("POST", "/integrations/connections/{connection_id}/deactivate", "team", "integrations"),
    "testIntegrationConnection": Operation("POST", "/integrations/connections/{connection_id}/test", "team", "integrations"),
    "listChatTargets": Operation("GET", "/boards/{slug}/chat-targets", "team", "chat"),
    "createChatTarget": Operation("POST", "/boards/{slug}/chat-targets", "team", "chat"),
    "deactivateChatTarget": Operation("POST", "/boards/{slug}/chat-targets/{chat_target_id}/deactivate", "team", "chat"),
    "updateStatus": Operation("PATCH", "/statuses/{status_id}", "team", "statuses"),
    "deleteStatus": Operation("DELETE", "/statuses/{status_id}", "team", "statuses"),
    "getMailSettings": Operation("GET", "/mail-settings", "team", "mail"),
    "updateMailSettings": Operation("PATCH", "/mail-settings", "team", "mail"),
    "listChangelogEntries": Operation("GET", "/boards/{slug}/changelog/entries", "read", "changelog"),
    "createChangelogEntry": Operation("POST", "/boards/{slug}/changelog/entries", "write", "changelog"),
    "listFields": Operation("GET", "/boards/{slug}/fields", "read", "fields"),
    "updateFields": Operation("PUT", "/boards/{slug}/fields", "team", "fields"),
    "updateChangelogEntry": Operation("PATCH", "/boards/{slug}/changelog/entries/{entry_id}", "write", "changelog"),
    "deleteChangelogEntry": Operation("DELETE", "/boards/{slug}/changelog/entries/{entry_id}", "write", "changelog"),
}
