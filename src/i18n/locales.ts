/**
 * The languages of the pages and mails, and how one is chosen for a request: the voter's choice
 * (the language cookie the pages' footer sets) first, else the best match of `Accept-Language`
 * (by q-value; a region falls back to its language, `de-AT` → `de`), else English.
 * See docs/languages.md.
 */

/** The languages there are catalogs for; English is the reference and the fallback. */
export const LOCALES = ['en', 'de', 'es', 'ar'] as const;

/** One of {@link LOCALES}. */
export type Locale = (typeof LOCALES)[number];

/** The fallback language: a missing message, an unknown choice and no match all end here. */
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in its own language, as the language picker shows it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', de: 'Deutsch', es: 'Español', ar: 'العربية' };

/** The languages written right to left (the pages get `dir="rtl"` and mirror). */
const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set<Locale>(['ar']);

/** The writing direction of a language, for `<html dir>`. */
export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

/** True for one of {@link LOCALES}. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Longest `Accept-Language` header read; anything after is ignored (it is only a preference). */
const MAX_HEADER_LENGTH = 1_000;

/**
 * The languages an `Accept-Language` header asks for, best first: each range with its q-value
 * (default 1; ranges with q=0, a malformed q or a malformed tag are left out), stable for equal q.
 */
export function acceptedLanguages(header: string | null): string[] {
  if (!header) return [];
  const ranges: { tag: string; q: number; index: number }[] = [];
  header
    .slice(0, MAX_HEADER_LENGTH)
    .split(',')
    .forEach((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const tag = range.trim().toLowerCase();
      if (!/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/.test(tag)) return;
      let q = 1;
      for (const param of params) {
        const match = /^\s*q\s*=\s*(0(\.\d{0,3})?|1(\.0{0,3})?)\s*$/.exec(param);
        if (!match) return;
        q = Number(match[1]);
      }
      if (q > 0) ranges.push({ tag, q, index });
    });
  return ranges.sort((a, b) => b.q - a.q || a.index - b.index).map((r) => r.tag);
}

/** The supported language a range names: itself, or its primary language (`de-at` → `de`); null for `*` or an unsupported one. */
function supportedOf(tag: string): Locale | null {
  if (isLocale(tag)) return tag;
  const primary = tag.split('-')[0];
  return isLocale(primary) ? primary : null;
}

/**
 * The language of a request: `chosen` (the voter's choice) when it is supported, else the first
 * supported range of `acceptLanguage`, else English.
 */
export function negotiateLocale(acceptLanguage: string | null, chosen?: string | null): Locale {
  return requestedLocale(acceptLanguage, chosen) ?? DEFAULT_LOCALE;
}

/** As {@link negotiateLocale}, but null when neither `chosen` nor `acceptLanguage` names a supported language. */
export function requestedLocale(acceptLanguage: string | null, chosen?: string | null): Locale | null {
  if (isLocale(chosen)) return chosen;
  for (const tag of acceptedLanguages(acceptLanguage)) {
    const locale = supportedOf(tag);
    if (locale) return locale;
  }
  return null;
}
