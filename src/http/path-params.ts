/**
 * The parameters an operation's path may name, once: what each holds and how it is described.
 * The router decodes them (a board slug is any segment; every other parameter is an id, a positive
 * safe integer, or the path names nothing), the handler checks the objects they name exist for the
 * caller before an error of a lower rank is answered, and the OpenAPI document and the MCP tools
 * describe them from here.
 */

/** The parameters a path may hold, in the order they may appear. */
export const PATH_PARAM_NAMES = ['slug', 'id', 'comment_id', 'merged_post_id', 'deleted_post_id', 'held_post_id', 'voter_id', 'connection_id', 'chat_target_id', 'status_id', 'entry_id'] as const;

/** A path parameter's name: `slug` (a board slug), or the name of an id. */
export type PathParamName = (typeof PATH_PARAM_NAMES)[number];

/** The path parameters of a matched route: the slug as given, every id as a number. */
export type PathParams = { slug?: string } & { [K in Exclude<PathParamName, 'slug'>]?: number };

/** What each path parameter names, as the API's description says it. */
export const PATH_PARAM_DESCRIPTIONS: Readonly<Record<PathParamName, string>> = {
  slug: 'The board slug.',
  id: 'The post id.',
  comment_id: 'The id of a comment of the post (not deleted).',
  merged_post_id: 'The id of a merged post of the board.',
  deleted_post_id: 'The id of a deleted post of the board that can still be restored.',
  held_post_id: 'The id of a post held for approval.',
  voter_id: 'The id of a voter of the organization.',
  connection_id: "The id of one of the organization's integration connections.",
  chat_target_id: "The id of one of the board's chat targets.",
  status_id: "The id of one of the organization's statuses.",
  entry_id: "The id of one of the board's changelog entries.",
};

/** The names of the parameters `path` holds, in path order. */
export function pathParamNames(path: string): PathParamName[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as PathParamName);
}
