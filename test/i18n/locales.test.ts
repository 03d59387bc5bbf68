/** Choosing a language: the voter's choice, else `Accept-Language` by q-value with region fallback, else English. */
import { describe, expect, it } from 'vitest';
import { acceptedLanguages, chosenLocale, directionOf, isLocale, localeOfTag, negotiateLocale } from '../../src/i18n/locales.js';

describe('negotiateLocale', () => {
  it('takes the first supported language, falling back from a region to its language', () => {
    expect(negotiateLocale('de-AT')).toBe('de');
    expect(negotiateLocale('es-419,es;q=0.9')).toBe('es');
    expect(negotiateLocale('ar-EG')).toBe('ar');
    expect(negotiateLocale('it-IT, it;q=0.9, de;q=0.5, en;q=0.4')).toBe('de');
    expect(negotiateLocale('fr-CA, fr;q=0.9, en;q=0.4')).toBe('fr');
    expect(negotiateLocale('ja-JP')).toBe('ja');
  });

  it('matches Brazilian Portuguese from any Portuguese, and Simplified Chinese by script, written or implied by the region', () => {
    for (const header of ['pt-BR', 'pt-br', 'pt', 'pt-PT', 'PT-BR;q=0.5']) expect(negotiateLocale(header), header).toBe('pt-BR');
    for (const header of ['zh-CN', 'zh', 'zh-Hans', 'zh-Hans-CN', 'zh-SG', 'zh-hans-tw']) expect(negotiateLocale(header), header).toBe('zh-Hans');
    // Traditional Chinese readers get the next range they name, not Simplified characters.
    for (const header of ['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-CN']) expect(negotiateLocale(header), header).toBe('en');
    expect(negotiateLocale('zh-TW, ja;q=0.8')).toBe('ja');
    expect(negotiateLocale('zh-TW, zh;q=0.9, en;q=0.8')).toBe('zh-Hans');
  });

  it('orders by q-value, keeps the header order for equal values, and leaves out q=0', () => {
    expect(negotiateLocale('en;q=0.2, es;q=0.8, de;q=0.9')).toBe('de');
    expect(negotiateLocale('es, de')).toBe('es');
    expect(negotiateLocale('de;q=0, es;q=0.1')).toBe('es');
    expect(acceptedLanguages('en;q=0.2, es;q=0.8, de, fr;q=0')).toEqual(['de', 'es', 'en']);
  });

  it('falls back to English without a header, for unsupported or malformed ranges, and for *', () => {
    expect(negotiateLocale(null)).toBe('en');
    expect(negotiateLocale('')).toBe('en');
    expect(negotiateLocale('it, ko;q=0.9')).toBe('en');
    expect(negotiateLocale('*')).toBe('en');
    expect(negotiateLocale('de;q=2, es;q=abc, <script>, ar;q=0.5;x=1')).toBe('en');
    expect(acceptedLanguages('de;q=2, es;q=abc, <script>')).toEqual([]);
  });

  it('prefers the voter’s choice when it is a supported language, and ignores it otherwise', () => {
    expect(negotiateLocale('de', 'ar')).toBe('ar');
    expect(negotiateLocale('de', 'it')).toBe('de');
    expect(negotiateLocale('de', 'pt-BR')).toBe('pt-BR');
    // A tag is the same in any case; the choice is one of the languages, not a range of one.
    expect(negotiateLocale(null, 'AR')).toBe('ar');
    expect(negotiateLocale(null, 'zh-hans')).toBe('zh-Hans');
    expect(negotiateLocale('de', 'fr-CA')).toBe('de');
  });

  it('reads at most the first 1,000 characters of a header', () => {
    expect(negotiateLocale(`${'x-none;q=0.5,'.repeat(100)}de`)).toBe('en');
  });
});

describe('the languages', () => {
  it('knows its languages and their direction', () => {
    expect(isLocale('de')).toBe(true);
    expect(isLocale('de-AT')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
    expect(isLocale('pt-BR')).toBe(true);
    expect(isLocale('pt-br')).toBe(false);
    expect(chosenLocale('pt-br')).toBe('pt-BR');
    expect(chosenLocale('pt')).toBeNull();
    expect(chosenLocale(42)).toBeNull();
    expect(localeOfTag('fr-CA')).toBe('fr');
    expect(localeOfTag('ZH-HANS-CN')).toBe('zh-Hans');
    expect(localeOfTag('zh-TW')).toBeNull();
    expect(localeOfTag('*')).toBeNull();
    expect(localeOfTag(null)).toBeNull();
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('es')).toBe('ltr');
  });
});
