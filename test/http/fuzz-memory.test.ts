/** The fuzz suite (fuzz-suite.ts) on the memory adapter. */
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { defineFuzzSuite } from './fuzz-suite.js';

defineFuzzSuite('memory', () => ({ storage: createMemoryStorage(), done: () => undefined }));
