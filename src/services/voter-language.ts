/**
 * A voter's language (`VoterRecord.locale`): the language of the pages they last signed in on or
 * chose with the pages' language picker, which the mail they get is written in (see
 * docs/languages.md). The services keep any well-formed language tag; which languages there are
 * is the pages' business.
 */
import { notFound, validationError } from '../domain/errors.js';
import type { StorageTx } from '../storage/contract.js';
import { write, type ServiceContext } from './context.js';

/** A BCP 47 tag of a language and at most two subtags, in any case (`de`, `es-419`, `pt-BR`, `zh-Hant-TW`). */
const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{1,8}){0,2}$/i;

/**
 * A tag in the case BCP 47 recommends: the language in lower case, a script (four letters) in title
 * case, a region (two letters) in upper case, anything else in lower case (`ZH-hans-cn` →
 * `zh-Hans-CN`). Tags differ in case only are the same tag, so one of them is stored.
 */
function canonicalCase(tag: string): string {
  return tag
    .split('-')
    .map((subtag, index) => {
      if (index > 0 && /^[a-z]{4}$/i.test(subtag)) return subtag[0]!.toUpperCase() + subtag.slice(1).toLowerCase();
      if (index > 0 && /^[a-z]{2}$/i.test(subtag)) return subtag.toUpperCase();
      return subtag.toLowerCase();
    })
    .join('-');
}

/**
 * `locale` in its canonical case when it is a well-formed language tag (or null: none), else a
 * `validation_error` naming `locale`.
 */
export function checkVoterLocale(locale: string | null): string | null {
  if (locale === null) return null;
  if (typeof locale !== 'string' || !LANGUAGE_TAG.test(locale)) {
    throw validationError('locale', 'Expected a language tag such as "de", "pt-BR" or "es-419"');
  }
  return canonicalCase(locale);
}

/**
 * Stores the voter's language in `tx` when it differs from the stored one (a sign-in on the pages
 * in the same language writes nothing more); `locale` must already be checked.
 */
export async function keepVoterLocale(tx: StorageTx, voter: { id: number; locale: string | null }, locale: string): Promise<void> {
  if (voter.locale !== locale) await tx.setVoterLocale(voter.id, locale);
}

/**
 * Sets (or, with null, clears) a voter's language. A malformed tag is a `validation_error`, an
 * unknown voter `not_found`; either changes nothing.
 */
export async function setVoterLanguage(ctx: ServiceContext, voterId: number, locale: string | null): Promise<void> {
  const checked = checkVoterLocale(locale);
  await write(ctx, async (tx) => {
    if (!(await tx.setVoterLocale(voterId, checked))) throw notFound('Voter not found');
  });
}
