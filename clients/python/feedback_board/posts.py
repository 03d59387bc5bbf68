"""``client.posts``: posts of a board, and the page walker shared by every paged list."""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Union

from ._unset import UNSET, Unset
from .models import Evidence, EvidenceInput, IntegrationCall, Post, PostDetail, PostLink, PostList, PostSort, PostStatus, SimilarPost, post_links, similar_posts
from .team import DeletedPostList
from .transport import Transport, no_content, operation


def walk_pages(fetch: Callable[[int, int], PostList], page_size: int) -> Iterator[Post]:
    """Yields every post of a paged list, fetching ``page_size`` posts per request.

    It stops at the first empty page or once ``total`` posts have been seen, so a list that
    shrinks while it is walked cannot make it loop.
    """
    offset = 0
    while True:
        page = fetch(page_size, offset)
        yield from page.posts
        offset += len(page.posts)
        if not page.posts or offset >= page.total:
            return


def _tag_names(tags: Sequence[str]) -> List[str]:
    if isinstance(tags, str):
        raise TypeError("tags must be a sequence of tag names, not one string")
    return list(tags)


def _evidence_entry(entry: Union[Evidence, EvidenceInput]) -> Dict[str, Any]:
    if isinstance(entry, Evidence):
        return {"kind": entry.kind, "ref": entry.ref, "label": entry.label}
    return dict(entry)


class PostsAPI:
    def __init__(self, transport: Transport) -> None:
        self._t = transport

    @operation("listPosts")
    def list(
        self,
        slug: str,
        status: Optional[PostStatus] = None,
        q: Optional[str] = None,
        tag: Optional[str] = None,
        sort: Optional[PostSort] = None,
        limit: Optional[int] = None,
        offset: Optional[int] = None,
        pinned_first: Optional[bool] = None,
        status_label: Optional[int] = None,
        field: Optional[str] = None,
    ) -> PostList:
        """One page of the board's posts (hidden ones included). ``q`` matches title or body
        case-insensitively; ``tag`` is a tag's slug or name; ``sort`` is ``new`` (default) or
        ``top``; ``limit`` is 1..500 (default 100); ``pinned_first`` puts the pinned posts first;
        ``status_label`` keeps the posts showing that status of the organization; ``field``
        (``key:value``) those whose custom field holds that value."""
        pinned = None if pinned_first is None else ("true" if pinned_first else "false")
        query = {"status": status, "q": q, "tag": tag, "sort": sort, "pinned_first": pinned, "status_label": status_label, "field": field, "limit": limit, "offset": offset}
        return self._t.call_operation("listPosts", PostList.from_json, slug, query=query)

    @operation("findSimilarPosts")
    def similar(self, slug: str, text: str, limit: Optional[int] = None) -> List[SimilarPost]:
        """The board's listed posts whose titles share words with ``text`` (3..500 characters),
        best first, each with a score in (0, 1]: to find the post a new one would duplicate.
        ``limit`` is 1..20 (default 5); hidden posts are never among them."""
        query = {"text": text, "limit": limit}
        return self._t.call_operation("findSimilarPosts", similar_posts, slug, query=query)

    def iter_all(
        self,
        slug: str,
        status: Optional[PostStatus] = None,
        q: Optional[str] = None,
        tag: Optional[str] = None,
        sort: Optional[PostSort] = None,
        page_size: int = 100,
    ) -> Iterator[Post]:
        """Every matching post, one request per ``page_size`` posts, fetched as iterated."""

        def fetch(limit: int, offset: int) -> PostList:
            return self.list(slug, status=status, q=q, tag=tag, sort=sort, limit=limit, offset=offset)

        return walk_pages(fetch, page_size)

    @operation("createPost")
    def create(
        self,
        slug: str,
        title: str,
        body: Optional[str] = None,
        status: Optional[PostStatus] = None,
        tags: Optional[Sequence[str]] = None,
        pinned: Optional[bool] = None,
        fields: Optional[Mapping[str, Union[str, float, None]]] = None,
    ) -> PostDetail:
        """Creates a post as the board team. A propose key may create only ``open`` posts.
        ``fields`` gives the board's custom fields their values (every required one)."""
        payload: Dict[str, Any] = {"title": title}
        if body is not None:
            payload["body"] = body
        if status is not None:
            payload["status"] = status
        if tags is not None:
            payload["tags"] = _tag_names(tags)
        if pinned is not None:
            payload["pinned"] = pinned
        if fields is not None:
            payload["fields"] = dict(fields)
        return self._t.call_operation("createPost", PostDetail.from_json, slug, body=payload)

    @operation("getPost")
    def get(self, slug: str, id: int) -> PostDetail:
        return self._t.call_operation("getPost", PostDetail.from_json, slug, id)

    @operation("updatePost")
    def update(
        self,
        slug: str,
        id: int,
        *,
        title: Union[str, Unset] = UNSET,
        body: Union[str, Unset] = UNSET,
        status: Union[PostStatus, Unset] = UNSET,
        tags: Union[Sequence[str], Unset] = UNSET,
        pinned: Union[bool, Unset] = UNSET,
        queue_rank: Union[int, None, Unset] = UNSET,
        implementation_evidence: Union[Sequence[Union[Evidence, EvidenceInput]], Unset] = UNSET,
        notify_voters: Union[bool, Unset] = UNSET,
        status_label_id: Union[int, Unset] = UNSET,
        fields: Union[Mapping[str, Union[str, float, None]], Unset] = UNSET,
    ) -> PostDetail:
        """Changes the given fields only (needs a write key). ``queue_rank=None`` un-ranks the
        post; ``tags`` and ``implementation_evidence`` replace the whole set; ``notify_voters``
        e-mails the post's voters when the status changes; ``status_label_id`` shows one of the
        organization's statuses and sets the status to its category (a ``status`` alone shows the
        category's default)."""
        payload: Dict[str, Any] = {}
        if not isinstance(title, Unset):
            payload["title"] = title
        if not isinstance(body, Unset):
            payload["body"] = body
        if not isinstance(status, Unset):
            payload["status"] = status
        if not isinstance(tags, Unset):
            payload["tags"] = _tag_names(tags)
        if not isinstance(pinned, Unset):
            payload["pinned"] = pinned
        if not isinstance(queue_rank, Unset):
            payload["queue_rank"] = queue_rank
        if not isinstance(implementation_evidence, Unset):
            payload["implementation_evidence"] = [_evidence_entry(e) for e in implementation_evidence]
        if not isinstance(notify_voters, Unset):
            payload["notify_voters"] = notify_voters
        if not isinstance(status_label_id, Unset):
            payload["status_label_id"] = status_label_id
        if not isinstance(fields, Unset):
            payload["fields"] = dict(fields)
        return self._t.call_operation("updatePost", PostDetail.from_json, slug, id, body=payload)

    @operation("mergePost")
    def merge(self, slug: str, id: int, into: int) -> PostDetail:
        """Merges the duplicate post ``id`` into the post ``into`` (any board of the organization;
        needs a write key): the target gains its voters (each counted once), comments and
        evidence, and the post leaves every list; reading it then fails with a 404 naming the
        target. Returns the target after the merge. The team undoes it with :meth:`unmerge`."""
        return self._t.call_operation("mergePost", PostDetail.from_json, slug, id, body={"into": into})

    @operation("unmergePost")
    def unmerge(self, slug: str, id: int) -> PostDetail:
        """Undoes the merge of the merged post ``id`` (needs a team key): it is back with its own
        voters, comments, evidence and claim, and the post it went into loses them. Of a chain of
        merges the latest is undone first (a ``validation_error`` names it). Returns the post."""
        return self._t.call_operation("unmergePost", PostDetail.from_json, slug, id)

    @operation("restorePost")
    def restore(self, slug: str, id: int) -> PostDetail:
        """Restores the deleted post ``id`` within 30 days of its deletion (needs a write key): it is
        back exactly as it was deleted, with its id, votes, comments, evidence and attachments.
        A post that is not in the trash (never deleted, restored already, purged) is a 404."""
        return self._t.call_operation("restorePost", PostDetail.from_json, slug, id)

    @operation("listDeletedPosts")
    def list_deleted(self, board: Optional[str] = None, limit: Optional[int] = None, offset: Optional[int] = None) -> DeletedPostList:
        """One page of the organization's deleted posts that can still be restored, newest
        deletion first (needs a team key); ``board`` (a slug) keeps one board's."""
        return self._t.call_operation("listDeletedPosts", DeletedPostList.from_json, query={"board": board, "limit": limit, "offset": offset})

    @operation("pinPost")
    def pin(self, slug: str, id: int) -> PostDetail:
        """Pins the post (needs a team key): it leads its board on the public board, in the widget
        and in lists asked with ``pinned_first``. Pinning a pinned post changes nothing."""
        return self._t.call_operation("pinPost", PostDetail.from_json, slug, id)

    @operation("unpinPost")
    def unpin(self, slug: str, id: int) -> PostDetail:
        """Unpins the post (needs a team key); unpinning one that is not pinned changes nothing."""
        return self._t.call_operation("unpinPost", PostDetail.from_json, slug, id)

    @operation("linkPost")
    def link(
        self, slug: str, id: int, connection_id: int, create: bool = False, url: Optional[str] = None,
        title: Optional[str] = None, text: Optional[str] = None,
    ) -> IntegrationCall:
        """Creates an issue from the post (``create=True``, with the post's title and text unless
        ``title`` and ``text`` are given) or links the existing issue at ``url`` (or its key,
        ``#12``, ``ENG-123``) through the organization's connection ``connection_id`` (needs a
        write key); exactly one of the two. Returns the queued outbound call: the link shows in
        :meth:`links` once the tracker has answered with the issue."""
        if create == (url is not None):
            raise TypeError("give exactly one of create=True or url")
        body: Dict[str, Any] = {"connection_id": connection_id, **({"action": "create"} if create else {"url": url})}
        if title is not None:
            body["title"] = title
        if text is not None:
            body["body"] = text
        return self._t.call_operation("linkPost", IntegrationCall.from_json, slug, id, body=body)

    @operation("listPostLinks")
    def links(self, slug: str, id: int) -> List[PostLink]:
        """The issues linked to the post, oldest first."""
        return self._t.call_operation("listPostLinks", post_links, slug, id)

    @operation("deletePost")
    def delete(self, slug: str, id: int) -> None:
        """Deletes the post with its votes, comments, claim, evidence and proposal."""
        self._t.call_operation("deletePost", no_content, slug, id)

