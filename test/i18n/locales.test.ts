/** Choosing a language: the voter's choice, else `Accept-Language` by q-value with region fallback, else English. */
import { describe, expect, it } from 'vitest';
import { acceptedLanguages, directionOf, isLocale, negotiateLocale } from '../../src/i18n/locales.js';

describe('negotiateLocale', () => {
  it('takes the first supported language, falling back from a region to its language', () => {
    expect(negotiateLocale('de-AT')).toBe('de');
    expect(negotiateLocale('es-419,es;q=0.9')).toBe('es');
    expect(negotiateLocale('ar-EG')).toBe('ar');
    expect(negotiateLocale('fr-FR, fr;q=0.9, de;q=0.5, en;q=0.4')).toBe('de');
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
    expect(negotiateLocale('fr, ja;q=0.9')).toBe('en');
    expect(negotiateLocale('*')).toBe('en');
    expect(negotiateLocale('de;q=2, es;q=abc, <script>, ar;q=0.5;x=1')).toBe('en');
    expect(acceptedLanguages('de;q=2, es;q=abc, <script>')).toEqual([]);
  });

  it('prefers the voter’s choice when it is a supported language, and ignores it otherwise', () => {
    expect(negotiateLocale('de', 'ar')).toBe('ar');
    expect(negotiateLocale('de', 'fr')).toBe('de');
    expect(negotiateLocale(null, 'AR')).toBe('en');
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
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('es')).toBe('ltr');
  });
});
