"""Images attached to posts and comments, as the API shows them.

An attachment's ``url`` is absolute, under the origin where the board's pages serve it; the type,
width and height were read from the image's bytes when it was uploaded (see docs/attachments.md).
The API only shows attachments: images are uploaded through the pages or the TypeScript SDK.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Literal, cast

from ._fields import Fields

AttachmentContentType = Literal["image/png", "image/jpeg", "image/gif", "image/webp"]


@dataclass(frozen=True)
class Attachment:
    """One image of a post or comment: ``size`` in bytes, ``width`` and ``height`` in pixels."""

    id: int
    url: str
    filename: str
    content_type: AttachmentContentType
    size: int
    width: int
    height: int

    @classmethod
    def from_json(cls, value: object) -> Attachment:
        return _attachment(Fields(value, "attachment"))


def _attachment(f: Fields) -> Attachment:
    return Attachment(
        id=f.integer("id"),
        url=f.text("url"),
        filename=f.text("filename"),
        content_type=cast(AttachmentContentType, f.text("content_type")),
        size=f.integer("size"),
        width=f.integer("width"),
        height=f.integer("height"),
    )


def attachments_of(f: Fields) -> List[Attachment]:
    """The ``attachments`` of a post or comment, in the order they were attached."""
    return [_attachment(a) for a in f.objects("attachments")]
