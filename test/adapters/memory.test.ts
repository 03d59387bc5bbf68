import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { defineStorageConformance } from '../conformance/index.js';

defineStorageConformance(
  { name: 'memory', create: async () => createMemoryStorage() },
  { describe, it, expect, beforeEach, afterEach },
);
