/**
 * The API's field rules applied to imported rows: the schemas of the operations and the dashboard
 * for the tables they write (their lengths in code points, their characters), and for every text
 * of every other row well-formed Unicode without NUL.
 */
import { describe, expect, it } from 'vitest';
import { importedRowProblem } from '../../src/node/import-rules.js';

describe('importedRowProblem', () => {
  it('holds the tables the API writes to its schemas', () => {
    expect(importedRowProblem('posts', { title: 'Dark mode', body: '', status: 'open', proposal: null })).toBeNull();
    expect(importedRowProblem('posts', { title: 'x'.repeat(201), body: '' })).toBe('title must be at most 200 characters');
    expect(importedRowProblem('posts', { title: '😀'.repeat(200), body: '' })).toBeNull(); // code points, not UTF-16 units
    expect(importedRowProblem('posts', { title: 'T', body: '', status: 'open', proposal: { status: 'planned', note: 'n'.repeat(2001) } })).toBe('note must be at most 2000 characters');
    expect(importedRowProblem('comments', { body: '' })).toBe('body must not be empty');
    expect(importedRowProblem('boards', { slug: 'Bad Slug', name: 'B', description: '', welcome_message: '' })).toMatch(/^slug must be lower-case/);
    expect(importedRowProblem('tags', { name: 't'.repeat(41) })).toBe('name must be at most 40 characters');
    expect(importedRowProblem('evidence', { kind: 'url', ref: 'javascript:alert(1)', label: '', action_key: null })).toBe('ref must be an absolute http(s) URL for kind url');
    expect(importedRowProblem('voters', { email: null, name: 'App user' })).toBeNull();
    expect(importedRowProblem('voters', { email: 'not mail', name: '' })).toBe('email must be an e-mail address');
    expect(importedRowProblem('team_members', { email: 'a@b.c', name: 'n'.repeat(121) })).toBe('name must be at most 120 characters');
    expect(importedRowProblem('organizations', { name: '' })).toBe('name must not be empty');
    expect(importedRowProblem('reactions', { reaction: 'r'.repeat(33) })).toBe('reaction must be at most 32 characters');
  });

  it('holds every text of every other row to well-formed Unicode without NUL, lists and objects included', () => {
    expect(importedRowProblem('webhooks', { url: 'https://h.test', description: 'ok', events: ['post.created'] })).toBeNull();
    expect(importedRowProblem('webhooks', { url: 'https://h.test', description: 'a\u0000b' })).toBe('description must not contain NUL characters');
    expect(importedRowProblem('held_posts', { title: 'T', body: 'b', tag_slugs: ['ui', '\ud800'] })).toBe('tag_slugs.1 must be well-formed Unicode (no lone surrogates)');
    expect(importedRowProblem('activity', { detail: { note: 'x\u0000' } })).toBe('detail.note must not contain NUL characters');
    expect(importedRowProblem('attachment_bytes', { bytes: new Uint8Array([0, 0]) })).toBeNull();
  });
});
