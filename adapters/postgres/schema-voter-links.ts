/**
 * A migration step of its own (see migrations.ts): a voter sign-in link names the organization
 * and e-mail address of its voter instead of a voter id, so that the voter is created only when
 * the link is used, and any link may carry a path of the pages to return to.
 */
export const PG_SCHEMA_VOTER_LINKS = `
ALTER TABLE fb_sign_in_links
  ALTER COLUMN subject_id DROP NOT NULL,
  ADD COLUMN organization_id integer,
  ADD COLUMN email text COLLATE "C",
  ADD COLUMN return_to text COLLATE "C",
  ADD CONSTRAINT fb_sign_in_links_subject
    CHECK (subject_id IS NOT NULL OR (kind = 'voter' AND organization_id IS NOT NULL AND email IS NOT NULL));
`;
