/**
 * MCP prompts: ready-made tasks for an agent on one board (docs/mcp.md#prompts). Each names only
 * tools the caller's scope may call, taken from the tool list itself, so a tool added to the
 * operation table (e.g. one that finds similar posts) is named as soon as the server has it. A
 * prompt whose required tools the scope refuses is neither listed nor served.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, ListPromptsRequestSchema, McpError, type Prompt } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import type { Scope } from '../src/domain/records.js';
import { boardSlug } from '../src/domain/requests.js';
import { scopeAllows } from '../src/domain/scopes.js';
import { toolDefinitions } from './tools.js';

/** The largest `count` a prompt accepts. */
export const PROMPT_MAX_COUNT = 100;

const count = z
  .string()
  .regex(/^[1-9][0-9]{0,2}$/, `must be a whole number from 1 to ${PROMPT_MAX_COUNT}`)
  .refine((value) => Number(value) <= PROMPT_MAX_COUNT, `must be a whole number from 1 to ${PROMPT_MAX_COUNT}`)
  .optional();

/** Names the tools a prompt may mention: those of the caller's scope. */
type Has = (tool: string) => boolean;

interface PromptDefinition {
  name: string;
  title: string;
  description: string;
  /** Tools the task cannot be done without; the prompt is offered only when the scope allows them all. */
  requires: string[];
  countMeaning: string;
  defaultCount: number;
  text(slug: string, count: number, has: Has): string;
}

const step = (steps: (string | false)[]) => steps.filter((s): s is string => s !== false).map((s, i) => `${i + 1}. ${s}`).join('\n');

const PROMPTS: PromptDefinition[] = [
  {
    name: 'triage_newest_posts',
    title: 'Triage the newest posts',
    description: 'List the newest posts of a board, find duplicates and propose merges.',
    requires: ['list_posts'],
    countMeaning: 'how many of the newest posts to triage (default 20)',
    defaultCount: 20,
    text: (slug, n, has) => `Triage the ${n} newest posts of the board "${slug}".\n\n${step([
      `Call list_posts with { "slug": "${slug}", "sort": "new", "limit": ${n} }.`,
      has('find_similar_posts')
        ? `For each post, call find_similar_posts to find posts that ask for the same thing.`
        : `Compare the posts' titles and bodies (list_posts with "q" searches a board) to find posts that ask for the same thing.`,
      has('get_post') && 'Read a candidate in full with get_post when the title alone is not enough.',
      has('merge_posts')
        ? 'For each group of duplicates, merge the newer posts into the oldest with merge_posts; merge only true duplicates.'
        : 'Do not change anything: answer with the groups of duplicates you found, the post each group should be merged into (the oldest) and why, for a team member to merge.',
    ])}\nEnd with a short summary: posts triaged, duplicate groups found${has('merge_posts') ? ', merges done' : ''}.`,
  },
  {
    name: 'work_the_queue',
    title: 'Work the queue',
    description: "Claim posts from a board's agent queue one by one, do the work, attach evidence and propose a status.",
    requires: ['claim_next_post', 'add_evidence', 'propose_status'],
    countMeaning: 'how many posts to work on at most (default 5)',
    defaultCount: 5,
    text: (slug, n, has) => `Work the agent queue of the board "${slug}", at most ${n} posts.\n\n${step([
      `Call claim_next_post with { "slug": "${slug}", "ttl_seconds": 3600 }. If it answers "claim": null, the queue is empty: stop.`,
      (has('get_post') || has('list_comments')) &&
        `Read what the post asks for${has('list_comments') ? ' (list_comments holds the discussion)' : ''}.`,
      'Do the work the post asks for. Name the post as #fb-<id> (its id) in the pull request that does it, with "Closes #fb-<id>" when it completes the post: when the pull request is merged, a connected GitHub or GitLab adds it to the post as evidence and proposes shipped.',
      'Call add_evidence with the post id and what shows the work (kind "pr", "commit", "branch" or "url", and its ref); pass an action_key so that a retry adds nothing.',
      'Call propose_status with the status the work earns (e.g. "shipped") and a note; a team member confirms it. Keep the claim.',
      has('release_claim') && 'If you give up on a post, call release_claim so that another agent can take it.',
      'Go back to step 1.',
    ])}`,
  },
  {
    name: 'draft_release_notes',
    title: 'Draft release notes',
    description: "Draft release notes from a board's changelog (its shipped posts, newest first) and, where the key may, publish them as a changelog entry.",
    requires: ['get_changelog'],
    countMeaning: 'how many of the latest shipped posts to cover (default 20)',
    defaultCount: 20,
    text: (slug, n, has) => `Draft release notes for the board "${slug}".\n\n${step([
      `Call get_changelog with { "slug": "${slug}", "limit": ${n} }: the shipped posts, newest first, with shipped_at.`,
      has('list_changelog_entries') &&
        `Call list_changelog_entries with { "slug": "${slug}" }: leave out the posts an entry already links (post_ids), so that nobody is told twice.`,
      has('get_post') && 'Call get_post for a post whose body does not say enough; its implementation_evidence links the work.',
      'Group the posts by theme, write one line per post in the words of a user, newest release first, and mention the vote count where it is high.',
      has('create_changelog_entry') &&
        `Create the entry with create_changelog_entry: { "slug": "${slug}", "title": a short title, "body": the notes in Markdown, "post_ids": the ids of the shipped posts you drafted from }. It is published at once on the board's changelog page and feed, and each follower of those posts is mailed once.`,
    ])}\n${has('create_changelog_entry') ? 'End with the entry create_changelog_entry answered (its id and title).' : 'Answer with the notes in Markdown; change nothing on the board.'}`,
  },
];

/** The names of the tools `scope` may call. */
function toolsOf(scope: Scope): Set<string> {
  return new Set(toolDefinitions().filter((tool) => scopeAllows(scope, tool.scope)).map((tool) => tool.name));
}

const offered = (prompt: PromptDefinition, tools: Set<string>) => prompt.requires.every((tool) => tools.has(tool));

/**
 * Registers the prompts on `mcp` and answers `prompts/list` with those `scope()` allows. The SDK
 * validates the arguments: `slug` a board slug, `count` a whole number from 1 to 100.
 */
export function registerPrompts(mcp: McpServer, scope: () => Promise<Scope>): void {
  const argsSchema = { slug: boardSlug, count };
  for (const prompt of PROMPTS) {
    mcp.registerPrompt(prompt.name, { title: prompt.title, description: prompt.description, argsSchema }, async (args) => {
      const tools = toolsOf(await scope());
      if (!offered(prompt, tools)) {
        throw new McpError(ErrorCode.InvalidParams, `Prompt ${prompt.name} needs tools this key's scope may not call: call prompts/list for the prompts it may use`);
      }
      const n = args.count === undefined ? prompt.defaultCount : Number(args.count);
      return { description: prompt.description, messages: [{ role: 'user', content: { type: 'text', text: prompt.text(args.slug, n, (tool) => tools.has(tool)) } }] };
    });
  }

  // Replaces the SDK's listing, which would list every prompt whatever the scope.
  mcp.server.setRequestHandler(ListPromptsRequestSchema, async () => {
    const tools = toolsOf(await scope());
    const prompts: Prompt[] = PROMPTS.filter((prompt) => offered(prompt, tools)).map((prompt) => ({
      name: prompt.name,
      title: prompt.title,
      description: prompt.description,
      arguments: [
        { name: 'slug', description: 'The board slug.', required: true },
        { name: 'count', description: prompt.countMeaning, required: false },
      ],
    }));
    return { prompts };
  });
}
