/**
 * The languages of the pages and mails, and how one is chosen for a request: the voter's choice
 * (the language cookie the pages' footer sets) first, else the best match of `Accept-Language`
 * (by q-value; a region falls back to its language, `de-AT` → `de`, `pt` → `pt-BR`; Chinese by
 * script, `zh-CN` → `zh-Hans` but not `zh-TW`), else English. Tags are compared without regard to
 * case, as BCP 47 says. See docs/languages.md.
 */

/** The languages there are catalogs for, as BCP 47 tags; English is the reference and the fallback. */
export const LOCALES = ['en', 'de', 'es', 'ar', 'fr', 'pt-BR', 'ja', 'zh-Hans'] as const;

/** One of {@link LOCALES}. */
export type Locale = (typeof LOCALES)[number];

/** The fallback language: a missing message, an unknown choice and no match all end here. */
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in its own language, as the language picker shows it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  ar: 'العربية',
  fr: 'Français',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  'zh-Hans': '简体中文',
};

/** The languages written right to left (the pages get `dir="rtl"` and mirror). */
const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set<Locale>(['ar']);

/** The writing direction of a language, for `<html dir>`. */
export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

/** True for one of {@link LOCALES}, spelled exactly so. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Each language by its tag in lower case, the form ranges and stored tags are compared in. */
const BY_LOWER_CASE: ReadonlyMap<string, Locale> = new Map(LOCALES.map((locale) => [locale.toLowerCase(), locale]));

/** The language `value` names exactly, in any case (`pt-br` → `pt-BR`): the picker's and the cookie's choice. Null otherwise. */
export function chosenLocale(value: unknown): Locale | null {
  return typeof value === 'string' ? (BY_LOWER_CASE.get(value.toLowerCase()) ?? null) : null;
}

/** Regions whose Chinese is written in Traditional characters: a Simplified page is no match for them. */
const TRADITIONAL_CHINESE_REGIONS: ReadonlySet<string> = new Set(['tw', 'hk', 'mo']);

/**
 * The supported language a tag names, in any case: itself; else by its primary language (`de-at`
 * → `de`, `fr-ca` → `fr`, `pt` and `pt-pt` → `pt-BR`, `ja-jp` → `ja`), except that Chinese is
 * matched by script, written (`zh-hans-cn`) or implied by the region (`zh`, `zh-cn`, `zh-sg` are
 * Simplified; `zh-tw`, `zh-hk`, `zh-mo` and `zh-hant` are not). Null for `*`, an unsupported
 * language, or anything that is not a string.
 */
export function localeOfTag(tag: unknown): Locale | null {
  if (typeof tag !== 'string') return null;
  const lower = tag.toLowerCase();
  const exact = BY_LOWER_CASE.get(lower);
  if (exact) return exact;
  const [language = '', ...subtags] = lower.split('-');
  if (language === 'zh') {
    const script = subtags.find((subtag) => /^[a-z]{4}$/.test(subtag));
    const traditional = script === undefined ? subtags.some((subtag) => TRADITIONAL_CHINESE_REGIONS.has(subtag)) : script !== 'hans';
    return traditional ? null : 'zh-Hans';
  }
  return LOCALES.find((locale) => locale.split('-')[0]!.toLowerCase() === language) ?? null;
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

/**
 * The language of a request: `chosen` (the voter's choice) when it is supported, else the first
 * supported range of `acceptLanguage`, else English.
 */
export function negotiateLocale(acceptLanguage: string | null, chosen?: string | null): Locale {
  return requestedLocale(acceptLanguage, chosen) ?? DEFAULT_LOCALE;
}

/** As {@link negotiateLocale}, but null when neither `chosen` nor `acceptLanguage` names a supported language. */
export function requestedLocale(acceptLanguage: string | null, chosen?: string | null): Locale | null {
  const picked = chosenLocale(chosen);
  if (picked) return picked;
  for (const tag of acceptedLanguages(acceptLanguage)) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return null;
}
