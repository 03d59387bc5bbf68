/**
 * Looking messages up: a {@link Translator} per language formats the catalogs' ICU messages
 * (placeholders, plurals, selects and tags, through `intl-messageformat`), dates and numbers
 * (`Intl`). Each message is parsed once per language and kept; a message missing from a catalog
 * is the English one, formatted with English rules.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGS, en, type Catalog, type MessageKey } from './catalogs.js';
import { DEFAULT_LOCALE, directionOf, type Locale } from './locales.js';

/** A placeholder's value: text and numbers are inserted (and escaped by the page), never parsed. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** What a tag of a rich message (`<link>Sign in</link>`) becomes: the tag's contents wrapped by the caller. */
export type TagRenderer<T> = (chunks: (string | T)[]) => T;

/** A language's messages, dates and numbers. */
export interface Translator {
  /** The language. */
  readonly locale: Locale;
  /** Its writing direction, for `<html dir>`. */
  readonly dir: 'ltr' | 'rtl';
  /** The message `key` with `values` in its placeholders, as text. */
  t(key: MessageKey, values?: MessageValues): string;
  /**
   * The message `key` whose tags are rendered by `tags` (a link, a hidden span): an array of
   * strings and whatever the renderers return, for a page to insert as children.
   */
  rich<T>(key: MessageKey, values: MessageValues, tags: Readonly<Record<string, TagRenderer<T>>>): (string | T)[];
  /** A day as the language writes it (`23 Nov 2026`, `23.11.2026`…), in UTC; '' for null or an invalid date. */
  date(iso: string | null): string;
  /** A number with the language's digits and grouping. */
  number(value: number): string;
}

/** The `Intl` locale of each language's formats: English dates as `23 Nov 2026`. */
const FORMAT_LOCALE: Readonly<Record<Locale, string>> = { en: 'en-GB', de: 'de', es: 'es', ar: 'ar', fr: 'fr', 'pt-BR': 'pt-BR', ja: 'ja', 'zh-Hans': 'zh-Hans' };

const translators = new Map<Locale, Translator>();

/** The formatted days a translator keeps. */
const DAYS_KEPT = 1024;

/** The translator of `locale`, made once per process. */
export function translatorFor(locale: Locale): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    translator = createTranslator(locale, CATALOGS[locale]);
    translators.set(locale, translator);
  }
  return translator;
}

/** A translator of `locale` over `catalog`; a key the catalog lacks is the English message. */
export function createTranslator(locale: Locale, catalog: Catalog): Translator {
  const compiled = new Map<MessageKey, IntlMessageFormat>();
  const formatOf = (key: MessageKey): IntlMessageFormat => {
    let format = compiled.get(key);
    if (!format) {
      const own = catalog[key];
      format = own === undefined ? new IntlMessageFormat(en[key], FORMAT_LOCALE[DEFAULT_LOCALE]) : new IntlMessageFormat(own, FORMAT_LOCALE[locale]);
      compiled.set(key, format);
    }
    return format;
  };
  const dates = new Intl.DateTimeFormat(FORMAT_LOCALE[locale], { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const numbers = new Intl.NumberFormat(FORMAT_LOCALE[locale]);
  // A page formats the same few messages without values, and the dates of a few days, many times
  // over: each result is kept (messages: one per key; days: up to DAYS_KEPT, then started afresh).
  const plain = new Map<MessageKey, string>();
  const days = new Map<number, string>();
  return {
    locale,
    dir: directionOf(locale),
    t: (key, values) => {
      if (values === undefined) {
        const known = plain.get(key);
        if (known !== undefined) return known;
      }
      const formatted = formatOf(key).format(values);
      const text = typeof formatted === 'string' ? formatted : String(formatted);
      if (values === undefined) plain.set(key, text);
      return text;
    },
    rich: <T>(key: MessageKey, values: MessageValues, tags: Readonly<Record<string, TagRenderer<T>>>) => {
      const parts = formatOf(key).format<T>({ ...values, ...tags });
      return Array.isArray(parts) ? parts : [parts as string | T];
    },
    date: (iso) => {
      if (!iso) return '';
      const date = new Date(iso);
      const time = date.getTime();
      if (Number.isNaN(time)) return '';
      const day = Math.floor(time / 86_400_000);
      let text = days.get(day);
      if (text === undefined) {
        if (days.size >= DAYS_KEPT) days.clear();
        text = dates.format(date);
        days.set(day, text);
      }
      return text;
    },
    number: (value) => numbers.format(value),
  };
}
