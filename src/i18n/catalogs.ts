/** The catalogs of every language, by language. */
import { ar } from './catalogs/ar.js';
import { de } from './catalogs/de.js';
import { en, type Catalog } from './catalogs/en.js';
import { es } from './catalogs/es.js';
import { fr } from './catalogs/fr.js';
import { ja } from './catalogs/ja.js';
import { ptBR } from './catalogs/pt-BR.js';
import { zhHans } from './catalogs/zh-Hans.js';
import type { Locale } from './locales.js';

export { en, type Catalog, type MessageKey } from './catalogs/en.js';

/** Each language's catalog; English is complete by definition. */
export const CATALOGS: Readonly<Record<Locale, Catalog>> = { en, de, es, ar, fr, 'pt-BR': ptBR, ja, 'zh-Hans': zhHans };
