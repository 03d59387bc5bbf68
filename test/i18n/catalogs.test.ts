/**
 * The catalogs: every language has exactly the English keys, and every message parses with the
 * same placeholders, tags and select cases as its English original, so no translation drops a
 * value or a link. The check itself is shown to fail on a broken catalog.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { CATALOGS, en, type Catalog } from '../../src/i18n/catalogs.js';
import { LOCALES } from '../../src/i18n/locales.js';
import { createTranslator, translatorFor } from '../../src/i18n/translator.js';

type Ast = ReturnType<IntlMessageFormat['getAst']>;

/** What a message needs from its caller: arguments, tags, and the cases of each select. */
function shapeOf(message: string, locale: string): string[] {
  const found = new Set<string>();
  const walk = (elements: Ast) => {
    for (const element of elements) {
      if ('value' in element && element.type !== 0) found.add(`{${element.value}}`);
      if (element.type === 8) found.add(`<${element.value}>`);
      if (element.type === 5) for (const option of Object.keys(element.options)) found.add(`{${element.value}=${option}}`);
      if (element.type === 6 && !('other' in element.options)) found.add(`{${element.value}: no other}`);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  return [...found].sort();
}

/**
 * Every plural of a message whose forms are not the language's: a category the language lacks
 * (`one` in Japanese, which has only `other`), a category it has and English has but the message
 * leaves out (French `one`, which covers 0 and 1). (A plural without `other` does not parse.)
 */
function pluralProblems(message: string, locale: string): string[] {
  const categories = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
  const problems: string[] = [];
  const walk = (elements: Ast) => {
    for (const element of elements) {
      if (element.type === 6) {
        const forms = Object.keys(element.options).filter((form) => !form.startsWith('='));
        for (const form of forms) if (!categories.has(form as Intl.LDMLPluralRule)) problems.push(`{${element.value}}: ${form} is not a form of ${locale}`);
        if (categories.has('one') && !forms.includes('one')) problems.push(`{${element.value}}: no one`);
      }
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  return problems;
}

/** Every difference of `catalog` from English: missing and unknown keys, and messages of another shape. */
function catalogProblems(catalog: Catalog, locale: string): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(en)) if (!(key in catalog)) problems.push(`${key}: missing`);
  for (const key of Object.keys(catalog)) if (!(key in en)) problems.push(`${key}: not an English key`);
  for (const [key, message] of Object.entries(catalog)) {
    if (!(key in en) || message === undefined) continue;
    const expected = shapeOf(en[key as keyof typeof en], 'en');
    let actual: string[];
    try {
      actual = shapeOf(message, locale);
    } catch (error) {
      problems.push(`${key}: does not parse (${String(error)})`);
      continue;
    }
    if (actual.join() !== expected.join()) problems.push(`${key}: ${actual.join(' ')} instead of ${expected.join(' ')}`);
    for (const problem of pluralProblems(message, locale)) problems.push(`${key}: ${problem}`);
  }
  return problems;
}

describe('the catalogs', () => {
  it('have eight languages, one of them right to left', () => {
    expect([...LOCALES]).toEqual(['en', 'de', 'es', 'ar', 'fr', 'pt-BR', 'ja', 'zh-Hans']);
    expect(translatorFor('ar').dir).toBe('rtl');
    expect(LOCALES.filter((locale) => translatorFor(locale).dir === 'ltr')).toEqual(['en', 'de', 'es', 'fr', 'pt-BR', 'ja', 'zh-Hans']);
  });

  it.each(LOCALES)('%s has every English key and no other, each message with the English placeholders', (locale) => {
    expect(catalogProblems(CATALOGS[locale], locale)).toEqual([]);
  });

  it('finds a missing key, an unknown key, a dropped placeholder or tag, a lost select case and a message that does not parse', () => {
    const broken: Catalog = { ...CATALOGS.de };
    delete broken['vote.vote'];
    (broken as Record<string, string>)['vote.typo'] = 'Abstimmen';
    broken['boards.heading'] = 'Feedback';
    broken['post.signInToComment'] = 'Melden Sie sich an, um zu kommentieren.';
    broken['standing.blockedHeading'] = 'Ihr Konto kann nicht mehr {doing, select, vote {abstimmen} other {handeln}}';
    broken['vote.for'] = 'Für {title stimmen';
    const problems = catalogProblems(broken, 'de');
    expect(problems).toHaveLength(6);
    expect(problems).toContain('vote.vote: missing');
    expect(problems).toContain('vote.typo: not an English key');
    expect(problems.find((p) => p.startsWith('boards.heading:'))).toContain('instead of {site}');
    expect(problems.find((p) => p.startsWith('post.signInToComment:'))).toContain('<link>');
    expect(problems.find((p) => p.startsWith('standing.blockedHeading:'))).toContain('{doing=submit}');
    expect(problems.find((p) => p.startsWith('vote.for:'))).toContain('does not parse');
  });

  it('finds a plural form the language lacks and a form it needs (a plural without other does not parse)', () => {
    const japanese: Catalog = { ...CATALOGS.ja, 'vote.count': '{count, plural, one {#票} other {#票}}' };
    expect(catalogProblems(japanese, 'ja')).toEqual(['vote.count: {count}: one is not a form of ja']);
    const french: Catalog = { ...CATALOGS.fr, 'vote.count': '{count, plural, other {# votes}}' };
    expect(catalogProblems(french, 'fr')).toEqual(['vote.count: {count}: no one']);
    const nested: Catalog = { ...CATALOGS['zh-Hans'], 'images.size': '{unit, select, mib {{amount, number} MiB} kib {{amount, number} KiB} other {{amount, plural, one {# 字节} other {# 字节}}}}' };
    expect(catalogProblems(nested, 'zh-Hans')).toEqual(['images.size: {amount}: one is not a form of zh-Hans']);
    expect(pluralProblems('{count, plural, =0 {none} one {# vote} other {# votes}}', 'en')).toEqual([]);
  });

  it('formats every message of every language with sample values', () => {
    const values = { site: 'S', board: 'B', title: 'T', name: 'N', date: 'D', number: 2, count: 3, minutes: 5, doing: 'vote', wait: 'W', reason: 'R', team: 'yes', url: 'U', product: 'P', status: 'X', from: 'F', to: 'G', event: 'E', author: 'A', address: 'M', post: 'O', position: 2, filename: 'F', limit: 4, size: 'Z', unit: 'mib', amount: 5 };
    const tags = { hidden: (chunks: unknown[]) => chunks.join(''), link: (chunks: unknown[]) => chunks.join(''), feed: (chunks: unknown[]) => chunks.join('') };
    for (const locale of LOCALES) {
      const translator = translatorFor(locale);
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        const text = translator.rich<string>(key, values, tags).join('');
        expect(text, `${locale} ${key}`).not.toBe('');
        expect(text, `${locale} ${key}`).not.toMatch(/[{}<>]/);
      }
    }
  });
});

describe('a translator', () => {
  it('falls back to the English message, with English plural rules, for a key its catalog lacks', () => {
    const partial = createTranslator('de', { 'vote.vote': 'Abstimmen' });
    expect(partial.t('vote.vote')).toBe('Abstimmen');
    expect(partial.t('vote.voted')).toBe('Voted');
    expect(partial.t('vote.count', { count: 1 })).toBe('1 vote');
  });

  it('chooses plural forms by each language’s rules, Arabic’s six included', () => {
    expect(translatorFor('en').t('vote.count', { count: 1 })).toBe('1 vote');
    expect(translatorFor('en').t('vote.count', { count: 2 })).toBe('2 votes');
    expect(translatorFor('de').t('vote.count', { count: 1 })).toBe('1 Stimme');
    expect(translatorFor('es').t('vote.count', { count: 5 })).toBe('5 votos');
    // French and Brazilian Portuguese take the singular for 0 and 1; Japanese and Chinese have one form.
    expect([0, 1, 2].map((count) => translatorFor('fr').t('vote.count', { count }))).toEqual(['0 vote', '1 vote', '2 votes']);
    expect([0, 1, 2].map((count) => translatorFor('pt-BR').t('vote.count', { count }))).toEqual(['0 voto', '1 voto', '2 votos']);
    expect([1, 2].map((count) => translatorFor('ja').t('vote.count', { count }))).toEqual(['1票', '2票']);
    expect([1, 2].map((count) => translatorFor('zh-Hans').t('vote.count', { count }))).toEqual(['1 票', '2 票']);
    const ar = translatorFor('ar');
    expect(ar.t('vote.count', { count: 0 })).toBe('لا أصوات');
    expect(ar.t('vote.count', { count: 1 })).toBe('صوت واحد');
    expect(ar.t('vote.count', { count: 2 })).toBe('صوتان');
    expect(ar.t('vote.count', { count: 3 })).toMatch(/^\S+ أصوات$/);
    expect(ar.t('vote.count', { count: 11 })).toMatch(/^\S+ صوتًا$/);
  });

  it('writes dates and numbers as each language does, in UTC', () => {
    const iso = '2026-11-23T23:30:00.000Z';
    expect(translatorFor('en').date(iso)).toBe('23 Nov 2026');
    expect(translatorFor('de').date(iso)).toBe('23. Nov. 2026');
    expect(translatorFor('es').date(iso)).toMatch(/^23 nov\.? 2026$/);
    expect(translatorFor('ar').date(iso)).toBe(new Intl.DateTimeFormat('ar', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso)));
    expect(translatorFor('fr').date(iso)).toBe('23 nov. 2026');
    expect(translatorFor('pt-BR').date(iso)).toBe('23 de nov. de 2026');
    expect(translatorFor('ja').date(iso)).toBe('2026年11月23日');
    expect(translatorFor('zh-Hans').date(iso)).toBe('2026年11月23日');
    expect(translatorFor('en').date('not a date')).toBe('');
    expect(translatorFor('de').date(null)).toBe('');
    expect(translatorFor('en').number(12345)).toBe('12,345');
    expect(translatorFor('de').number(12345)).toBe('12.345');
    expect(translatorFor('fr').number(12345)).toBe('12\u202f345');
    expect(translatorFor('pt-BR').number(12345)).toBe('12.345');
    expect(translatorFor('ja').number(12345)).toBe('12,345');
  });

  it('inserts values as they are: ICU syntax or markup in a value is not parsed', () => {
    const de = translatorFor('de');
    expect(de.t('vote.for', { title: '{title} <b>x</b> \'{\'' })).toBe('Für {title} <b>x</b> \'{\' stimmen');
  });

  it('parses each message once per language and keeps it', () => {
    const translator = translatorFor('es');
    expect(translatorFor('es')).toBe(translator);
    expect(translator.t('vote.count', { count: 2 })).toBe(translator.t('vote.count', { count: 2 }));
  });

  it('gives every date as Intl formats its UTC day, from the days it keeps and past them', () => {
    for (const locale of LOCALES) {
      const translator = createTranslator(locale, CATALOGS[locale]);
      const intl = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
      // 3,000 instants over 1,500 days: each day met twice, at its first and its last minute, and more days than are kept.
      for (let i = 0; i < 3000; i++) {
        const time = Date.UTC(2024, 0, 1) + Math.floor(i / 2) * 86_400_000 + (i % 2) * (86_400_000 - 60_000);
        const iso = new Date(time).toISOString();
        expect(translator.date(iso), iso).toBe(intl.format(new Date(time)));
      }
      expect(translator.date('1969-12-31T23:59:59.000Z')).toBe(intl.format(new Date('1969-12-31T23:59:59.000Z')));
      expect(translator.date('not a date')).toBe('');
      expect(translator.date(null)).toBe('');
    }
  });

  it('gives a message without values the same text however often it is asked', () => {
    const translator = createTranslator('fr', CATALOGS.fr);
    const first = translator.t('board.pinned');
    expect(first).not.toBe('');
    expect(translator.t('board.pinned')).toBe(first);
    expect(translator.t('vote.count', { count: 1 })).not.toBe(translator.t('vote.count', { count: 3 }));
  });
});
